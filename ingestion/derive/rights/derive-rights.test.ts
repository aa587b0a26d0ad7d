import { describe, expect, it } from 'vitest';
import type { ParsedDocument } from '../../../core/law-model/source-types.js';
import { createContext } from '../context.js';
import { deriveResponseRequirements } from '../derive-response-requirements.js';
import { fixtureDocument, fixtureRecord, fixtureText } from '../testing/fixtures.js';
import { deriveRights, requestersOf } from './derive-rights.js';

const GRANT = 'Any person has the right to inspect and copy public records of this state, except as provided in section 10-3.';
const COURT = '(a) A person denied access may bring an action in the district court to compel disclosure. (b) The court may examine the records in camera.';

function statute(extra: Array<{ label: string; text: string }> = []): ParsedDocument {
  return fixtureDocument('statute_text', 'statutes/freedonia.txt', [
    { label: '10-2', text: GRANT },
    { label: '10-6', text: COURT },
    { label: '10-6(a)', text: '(a) A person denied access may bring an action in the district court to compel disclosure.' },
    { label: '10-6(b)', text: '(b) The court may examine the records in camera.' },
    ...extra,
  ]);
}

function rights(patch: Record<string, unknown>, docs: { statute?: ParsedDocument | null; summary?: ParsedDocument | null; processMaps?: ParsedDocument[] } = {}) {
  const ctx = createContext({ slug: 'freedonia', record: fixtureRecord(patch), statute: docs.statute ?? null, summary: docs.summary ?? null, processMaps: docs.processMaps ?? [] });
  const list = deriveRights(ctx, deriveResponseRequirements(ctx));
  return { ctx, list, byName: (name: string) => list.find((r) => r.key.endsWith(`:${name}`)) };
}

describe('deriveRights', () => {
  it('asserts a right from a structured field, quoting the field when no text states it', () => {
    const { byName } = rights({ appeal_process: { attorney_fees_recoverable: true, attorney_fees_notes: 'Prevailing requesters only' } });
    const fees = byName('attorney_fees');
    expect(fees).toMatchObject({
      key: 'freedonia:attorney_fees:attorney_fees',
      category: 'attorney_fees',
      conditions: 'Prevailing requesters only',
      statutoryText: { sourceKind: 'structured', field: 'appeal_process.attorney_fees_recoverable' },
    });
    expect(fees?.evidence[0]?.field).toBe('appeal_process.attorney_fees_recoverable');
    expect(fees?.analysis).toMatch(/structured record/);
  });

  it('asserts a right from statute language alone, with verbatim statute text and the node citation', () => {
    const doc = statute();
    const { byName } = rights({}, { statute: doc });
    const review = byName('in_camera_review');
    expect(review?.statutoryText).toMatchObject({ sourceKind: 'statute_text', sectionLabel: '10-6(b)', text: '(b) The court may examine the records in camera.' });
    expect(review?.citation).toBe('Frd. Code § 10-6(b)');
    const court = byName('court_action');
    expect(court?.statutoryText.sectionLabel).toBe('10-6(a)');
    expect(doc.sections.some((s) => s.text.includes(court?.statutoryText.text ?? '\u0000'))).toBe(true);
  });

  it('refuses a right the sources do not support', () => {
    const pm = fixtureText('process_map', 'hole-tld/process-maps/freedonia-ofa.md', '- Courts sometimes review records in camera');
    const { byName, list } = rights({}, { processMaps: [pm] });
    expect(byName('in_camera_review')).toBeUndefined();
    expect(byName('expedited_processing')).toBeUndefined();
    expect(byName('attorney_fees')).toBeUndefined();
    expect(list.every((r) => r.evidence.length > 0)).toBe(true);
  });

  it('refuses a right a structured field denies, even when text seems to grant it, and reports it', () => {
    const resident = rights({ requester_requirements: { residency_requirement: true, residency_notes: 'Citizens only' } }, { statute: statute() });
    expect(resident.byName('no_residency_requirement')).toBeUndefined();
    expect(resident.byName('right_to_inspect')?.appliesTo).toBe('Residents/citizens of Freedonia');
    const doc = statute([{ label: '10-8', text: 'The custodian may waive the fees when disclosure is in the public interest.' }]);
    const { byName, ctx } = rights({ fee_structure: { fee_waiver_available: false } }, { statute: doc });
    expect(byName('fee_waiver')).toBeUndefined();
    expect(ctx.discrepancies.find((d) => d.topic === 'right:fees_and_waivers:fee_waiver')).toMatchObject({ resolution: 'Right not asserted.' });
  });

  it('refuses a right the statute text limits away', () => {
    const limited = fixtureDocument('statute_text', 'statutes/freedonia.txt', [{ label: '10-2', text: 'All public records shall be open to citizens of this state for inspection and copying.' }]);
    const { byName } = rights({ requester_requirements: { residency_requirement: false } }, { statute: limited });
    expect(byName('no_residency_requirement')).toBeUndefined();
    const open = rights({ requester_requirements: { residency_requirement: false } }, { statute: statute() });
    expect(open.byName('no_residency_requirement')?.statutoryText.sourceKind).toBe('statute_text');
  });

  it('refuses attorney fees when the record says they are not recoverable', () => {
    const doc = statute([{ label: '10-7', text: 'The court may award reasonable attorney fees to a prevailing requester.' }]);
    expect(rights({ appeal_process: { attorney_fees_recoverable: false } }, { statute: doc }).byName('attorney_fees')).toBeUndefined();
    expect(rights({}, { statute: doc }).byName('attorney_fees')?.statutoryText.sectionLabel).toBe('10-7');
  });

  it('says the text is from the summary when there is no statute file', () => {
    const summary = fixtureText('summary', 'hole-tld/summaries/freedonia.txt', 'REQUESTS:\n- Agencies may not require requesters to state the purpose of a request');
    const { byName } = rights({}, { summary });
    expect(byName('no_purpose_requirement')?.statutoryText).toMatchObject({ sourceKind: 'summary', sourcePath: 'hole-tld/summaries/freedonia.txt' });
  });

  it('does not let a sentence on a special subject stand alone as evidence', () => {
    const doc = fixtureDocument('statute_text', 'statutes/freedonia.txt', [{ label: '10-9', text: 'A law enforcement agency may bring an action in the district court to withhold recordings.' }]);
    expect(rights({}, { statute: doc }).byName('court_action')).toBeUndefined();
  });

  it('builds the deadline right from the response requirements', () => {
    const doc = statute([{ label: '10-4', text: 'The custodian shall respond to a request within six (6) business days.' }]);
    const deadline = rights({}, { statute: doc }).byName('response_deadline');
    expect(deadline).toMatchObject({ category: 'timeliness', title: 'Response to the request within 6 business days', statutoryText: { sourceKind: 'statute_text', sectionLabel: '10-4' } });
  });

  it('names the requesters from the residency rule', () => {
    expect(requestersOf(fixtureRecord({ requester_requirements: { residency_requirement: false } }))).toBe('Any person');
  });
});
