import { describe, expect, it } from 'vitest';
import { deriveJurisdiction } from '../derive/derive-jurisdiction.js';
import { fixtureDocument, fixtureRecord, fixtureText } from '../derive/testing/fixtures.js';
import { applyReviewedFacts } from './apply-reviewed-facts.js';
import { parseLegalFactsFile } from './read-legal-facts.js';

/* An invented jurisdiction whose dataset says the opposite of its (invented) statute text. */
const statute = fixtureDocument('statute_text', 'statutes/freedonia.txt', [
  { label: '10-2', text: 'All public records shall be open to citizens of Freedonia.' },
  { label: '10-3', text: '(a) Trade secrets are exempt. (b) School records of pupils are exempt.' },
  { label: '10-3(a)', text: '(a) Trade secrets are exempt.' },
  { label: '10-3(b)', text: '(b) School records of pupils are exempt.' },
  { label: '10-4', text: '(a) The custodian shall respond within thirty days. (b) A denial may be appealed to the head of the agency, who shall decide within five business days.' },
  { label: '10-4(a)', text: '(a) The custodian shall respond within thirty days.' },
  { label: '10-4(b)', text: '(b) A denial may be appealed to the head of the agency, who shall decide within five business days.' },
]);

const derived = deriveJurisdiction({
  slug: 'freedonia',
  record: fixtureRecord({
    response_requirements: { initial_response_time: 30, initial_response_unit: 'business_days' },
    appeal_process: { first_level: 'District Court', attorney_fees_recoverable: false, administrative_appeal_required: true },
    requester_requirements: { residency_requirement: false },
  }),
  statute,
  summary: fixtureText('summary', 'hole-tld/summaries/freedonia.txt', 'A summary.'),
  processMaps: [],
});

const reviewed = (facts: unknown[], exemptions: unknown[] = []) => ({
  sourcePath: 'data/legal-facts/freedonia.json',
  file: parseLegalFactsFile(JSON.stringify({ jurisdiction: 'freedonia', reviewed: '2026-11-24', facts, exemptions }), 'f.json'),
});

const base = { citation: '', quote: '', source_kind: 'statute_text', reviewed: '2026-11-24' };

describe('applyReviewedFacts', () => {
  it('leaves the derived record alone when there is no reviewed file', () => {
    expect(applyReviewedFacts(derived, null, statute)).toBe(derived);
  });

  it('publishes the reviewed values, keeps each overruled value in discrepancies, and does not change its input', () => {
    const before = structuredClone(derived);
    const out = applyReviewedFacts(
      derived,
      reviewed([
        { ...base, field: 'initial_response', value: { action: 'respond', days: 30, unit: 'calendar', counted_from: null, standard: null }, citation: 'Frd. Code § 10-4(a)', quote: 'shall respond within thirty days' },
        { ...base, field: 'who_may_request', value: { residency_required: true, who: 'citizens of Freedonia', exceptions: null }, citation: 'Frd. Code § 10-2', quote: 'open to citizens of Freedonia' },
        { ...base, field: 'administrative_appeal', value: { exists: true, required: null, to: 'the head of the agency', requester_days: null, requester_unit: null, decider_days: 5, decider_unit: 'business' }, citation: 'Frd. Code § 10-4(b)', quote: 'may be appealed to the head of the agency' },
      ]),
      statute,
    );
    expect(derived).toEqual(before);
    expect(out.responseRequirements.initialDeadline).toMatchObject({ days: 30, unit: 'calendar', basis: { citation: 'Frd. Code § 10-4(a)', sectionLabel: '10-4(a)' } });
    expect(out.requesterRequirements.residencyRequired).toBe(true);
    expect(out.rights.some((r) => r.category === 'no_residency_requirement')).toBe(false);
    expect(out.appeals.administrativeAppealRequired).toBeNull();
    expect(out.appeals.steps[0]).toMatchObject({ level: 1, kind: 'administrative', body: 'the head of the agency', deadline: null, deadlineNotes: 'decided within 5 business days' });
    expect(out.facts.map((f) => [f.field, f.verified, f.sectionLabel])).toEqual([
      ['initial_response', true, '10-4(a)'],
      ['who_may_request', true, '10-2'],
      ['administrative_appeal', true, '10-4(b)'],
    ]);
    const topics = out.discrepancies.map((x) => x.topic);
    expect(topics).toEqual(expect.arrayContaining(['initial_deadline', 'residency_required', 'administrative_appeal_required']));
  });

  it('turns a standard without a number into "no fixed deadline", quoting it', () => {
    const out = applyReviewedFacts(
      derived,
      reviewed([{ ...base, field: 'initial_response', value: { action: 'produce', days: null, unit: null, counted_from: null, standard: 'promptly' }, citation: 'Frd. Code § 10-9', quote: null, source_kind: 'citation_only' }]),
      statute,
    );
    expect(out.responseRequirements).toMatchObject({ initialDeadline: null, noFixedDeadline: true, noFixedDeadlineReason: 'The law sets a standard ("promptly") rather than a number of days.' });
    expect(out.facts[0]).toMatchObject({ verified: false, sourceKind: 'citation_only' });
  });

  it('keeps variants for a class of requesters as their own deadlines, and other deadlines with their actor out of the appeal route', () => {
    const out = applyReviewedFacts(
      derived,
      reviewed([
        { ...base, field: 'initial_response', value: { action: 'respond', days: 30, unit: 'calendar', counted_from: null, standard: null }, citation: 'Frd. Code § 10-4(a)', quote: 'shall respond within thirty days' },
        { ...base, field: 'initial_response', requester_class: 'nonresident', value: { action: 'respond', days: 21, unit: 'calendar', counted_from: null, standard: null }, citation: 'Frd. Code § 12-1', quote: null, source_kind: 'citation_only' },
        { ...base, field: 'other_deadline', value: { actor: 'attorney_general', action: 'rule on the request', days: 45, unit: 'business' }, citation: 'Frd. Code § 12-2', quote: null, source_kind: 'citation_only' },
      ]),
      statute,
    );
    expect(out.responseRequirements.initialDeadline?.days).toBe(30);
    expect(out.responseRequirements.otherDeadlines).toEqual([expect.objectContaining({ kind: 'non_resident', days: 21, unit: 'calendar' })]);
    expect(out.appeals.steps.every((s) => s.deadline?.days !== 45)).toBe(true);
  });

  it('re-cites reviewed exemptions and records whether their words were found', () => {
    const out = applyReviewedFacts(
      derived,
      reviewed([], [{ index: 0, dataset_category: derived.exemptions[0]!.rawLabel, citation: 'Frd. Code § 10-3(b)', quote: 'School records of pupils', source_kind: 'statute_text', reviewed: '2026-11-24' }]),
      statute,
    );
    expect(out.exemptions[0]).toMatchObject({ citation: 'Frd. Code § 10-3(b)', sectionLabel: '10-3(b)', review: { verified: true, sourceKind: 'statute_text' } });
    expect(out.crossReferences.filter((x) => x.from === `exemption:${out.exemptions[0]!.key}`)).toEqual([
      { from: `exemption:${out.exemptions[0]!.key}`, citationText: 'Frd. Code § 10-3(b)', toSectionLabel: '10-3(b)' },
    ]);
  });
});
