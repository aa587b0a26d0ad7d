import { describe, expect, it } from 'vitest';
import { createContext } from './context.js';
import { deriveResponseRequirements } from './derive-response-requirements.js';
import { fixtureDocument, fixtureRecord, fixtureText } from './testing/fixtures.js';
import type { ParsedDocument } from '../../core/law-model/source-types.js';

const STATUTE = fixtureDocument('statute_text', 'statutes/freedonia.txt', [
  {
    label: '10-4',
    text: '(a) Upon receipt of a request, the custodian shall respond within six (6) business days by granting or denying the request. (b) The custodian may extend the time for response by up to five additional business days by written notice to the requester.',
  },
  { label: '10-4(a)', text: '(a) Upon receipt of a request, the custodian shall respond within six (6) business days by granting or denying the request.' },
  { label: '10-4(b)', text: '(b) The custodian may extend the time for response by up to five additional business days by written notice to the requester.' },
  { label: '10-5', text: 'A person may appeal a denial to the Records Board within thirty days.' },
]);

function derive(patch: Record<string, unknown>, docs: { statute?: ParsedDocument | null; summary?: ParsedDocument | null; processMaps?: ParsedDocument[] } = {}) {
  const ctx = createContext({ slug: 'freedonia', record: fixtureRecord(patch), statute: docs.statute ?? null, summary: docs.summary ?? null, processMaps: docs.processMaps ?? [] });
  return { ctx, result: deriveResponseRequirements(ctx) };
}

describe('deriveResponseRequirements', () => {
  it('uses the structured deadline when the statute states the same period, quoting the statute', () => {
    const { result, ctx } = derive({ response_requirements: { initial_response_time: 6, initial_response_unit: 'business_days' } }, { statute: STATUTE });
    expect(result.initialDeadline).toMatchObject({ days: 6, unit: 'business', kind: 'initial_response', basis: { sourceKind: 'structured' } });
    expect(result.initialDeadline?.corroboratedBy[0]).toMatchObject({ sourceKind: 'statute_text', sectionLabel: '10-4(a)' });
    expect(result.noFixedDeadline).toBe(false);
    expect(ctx.discrepancies).toEqual([]);
  });

  it('prefers the statute over a structured number it contradicts, and reports the discrepancy', () => {
    const { result, ctx } = derive({ response_requirements: { initial_response_time: 9, initial_response_unit: 'business_days' } }, { statute: STATUTE });
    expect(result.initialDeadline).toMatchObject({ days: 6, unit: 'business', basis: { sourceKind: 'statute_text' } });
    expect(ctx.discrepancies[0]?.topic).toBe('initial_response_deadline');
  });

  it('finds the deadline in the statute when the record has none, skipping appeal periods', () => {
    const { result } = derive({}, { statute: STATUTE });
    expect(result.initialDeadline).toMatchObject({ days: 6, unit: 'business', basis: { sourceKind: 'statute_text', citation: 'Frd. Code § 10-4(a)' } });
    expect(STATUTE.sections.some((s) => s.text.includes(result.initialDeadline?.basis.quote ?? '\u0000'))).toBe(true);
  });

  it('reads an acknowledgment period from the summary when nothing else states one', () => {
    const summary = fixtureText('summary', 'hole-tld/summaries/freedonia.txt', 'RESPONSE:\n- Agencies must acknowledge receipt of a request within 4 working days\n- Response: reasonable time');
    const { result } = derive({}, { summary });
    expect(result.initialDeadline).toMatchObject({ days: 4, unit: 'business', kind: 'acknowledgment', basis: { sourceKind: 'summary' } });
  });

  it('asserts no fixed deadline where the record says there is none, and gives the reason', () => {
    const { result, ctx } = derive({
      response_requirements: {
        initial_response_time: 30,
        initial_response_unit: 'business_days',
        initial_response_description: 'No specific statutory deadline; agencies must respond within a reasonable time. Commonly interpreted as about 30 business days.',
      },
    });
    expect(result.initialDeadline).toBeNull();
    expect(result.noFixedDeadline).toBe(true);
    expect(result.noFixedDeadlineReason).toMatch(/standard/);
    expect(result.noFixedDeadlineBasis[0]?.sourceKind).toBe('structured');
    expect(ctx.discrepancies).toHaveLength(1);
  });

  it('does not take guidance, proposals or vetoed bills for law', () => {
    const pm = fixtureText('process_map', 'hole-tld/process-maps/freedonia-ofa.md', '- Practical standard: requests are generally answered within 10 business days\n- A bill proposing 5 days to respond to a request was vetoed');
    const { result } = derive({ response_requirements: { initial_response_time: null, initial_response_unit: 'variable', initial_response_description: 'As soon as practicable.' } }, { processMaps: [pm] });
    expect(result.initialDeadline).toBeNull();
    expect(result.noFixedDeadline).toBe(true);
  });

  it('keeps a lone structured number only when nothing contradicts it', () => {
    const { result } = derive({ response_requirements: { initial_response_time: 12, initial_response_unit: 'calendar_days' } });
    expect(result.initialDeadline).toMatchObject({ days: 12, unit: 'calendar', corroboratedBy: [] });
    const prompt = derive({ response_requirements: { initial_response_time: 12, initial_response_unit: 'calendar_days', initial_response_description: 'Must provide prompt access' } });
    expect(prompt.result.initialDeadline).toBeNull();
  });

  it('states extension, tolling, receipt and deemed-denial rules where the sources do', () => {
    const summary = fixtureText('summary', 'hole-tld/summaries/freedonia.txt', 'Requests received after 4 PM are considered received the next business day.\nFailure to respond to a request within the time allowed is deemed a denial.');
    const { result } = derive(
      { response_requirements: { initial_response_time: 6, initial_response_unit: 'business_days', extension_allowed: true, extension_max_days: 5, tolling_allowed: true, tolling_notes: 'Clock stops while the requester clarifies' } },
      { statute: STATUTE, summary },
    );
    expect(result.extension).toMatchObject({ allowed: true, maxDays: 5 });
    expect(result.extension?.basis.some((b) => b.sourceKind === 'statute_text')).toBe(true);
    expect(result.tolling).toMatchObject({ allowed: true, statement: 'Clock stops while the requester clarifies' });
    expect(result.afterHoursReceipt?.basis[0]?.sourceKind).toBe('summary');
    expect(result.deemedDenial?.statement).toMatch(/deemed a denial/);
  });

  it('takes the extension rule from the statute when the record says there is none', () => {
    const { result, ctx } = derive({ response_requirements: { initial_response_time: 6, initial_response_unit: 'business_days', extension_allowed: false, extension_notes: 'No extension' } }, { statute: STATUTE });
    expect(result.extension).toMatchObject({ allowed: true, maxDays: 5, unit: 'business' });
    expect(result.extension?.statement).toMatch(/^\(b\) The custodian may extend/);
    expect(ctx.discrepancies.map((d) => d.topic)).toContain('extension');
    const none = derive({ response_requirements: { initial_response_time: 6, initial_response_unit: 'business_days', extension_allowed: false } });
    expect(none.result.extension).toMatchObject({ allowed: false });
  });
});
