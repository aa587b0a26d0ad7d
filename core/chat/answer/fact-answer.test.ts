import { describe, expect, it } from 'vitest';
import type { FactView } from '../../legal-facts/fact-view.js';
import { detailOf } from '../testing/law-fixtures.js';
import { emptyParts } from './draft.js';
import { composeFromFact, matchingFact } from './fact-answer.js';

/* Invented facts of an invented jurisdiction, shaped as the API serves them. */
const base = { jurisdiction: 'texas', requester_class: null, applies_to: null, reviewed: '2026-11-24', notes: null } as const;
const AG_RULING: FactView = {
  ...base,
  id: 'texas:fact:other_deadline:0',
  field: 'other_deadline',
  value: { actor: 'agency', action: "ask for the attorney general's decision", days: 10, unit: 'business' },
  display: "The agency: ask for the attorney general's decision within 10 business days",
  citation: "Tex. Gov't Code § 552.301(b)",
  quote: "must ask for the attorney general's decision … not later than the 10th business day",
  source_kind: 'statute_text',
  verified: true,
  section_id: 'sec:texas:552.301(b)',
};
const FEES: FactView = {
  ...base,
  id: 'texas:fact:attorney_fees:0',
  field: 'attorney_fees',
  value: { availability: 'may', condition: 'the plaintiff substantially prevails' },
  display: 'May be awarded: the plaintiff substantially prevails',
  citation: "Tex. Gov't Code § 552.323(a)",
  quote: 'the court may assess costs of litigation and reasonable attorney fees',
  source_kind: 'statute_text',
  verified: true,
  section_id: 'sec:texas:552.323(a)',
};
const PENALTY: FactView = { ...FEES, id: 'texas:fact:penalties:0', field: 'penalties', value: { description: 'A fine of up to $1,000' }, display: 'A fine of up to $1,000', citation: "Tex. Gov't Code § 552.353", quote: null, source_kind: 'citation_only', verified: false, section_id: null };

describe('matchingFact', () => {
  it('finds the fact a question asks for by its own words, reading "Attorney General" as one actor', () => {
    expect(matchingFact('When must a Texas city ask the Attorney General for a ruling?', [FEES, AG_RULING])?.id).toBe(AG_RULING.id);
  });

  it('does not take the Attorney General for attorney fees, nor answer from field words alone', () => {
    expect(matchingFact('Does the Attorney General publish guidance?', [FEES])).toBeNull();
    expect(matchingFact('What is the penalty?', [PENALTY])).toBeNull();
  });
});

describe('composeFromFact', () => {
  it("states a deadline with who must act, cited to the fact's verified words", () => {
    const parts = emptyParts();
    composeFromFact(detailOf({ slug: 'texas', name: 'Texas' }), AG_RULING, parts);
    expect(parts.lead[0]).toMatchObject({ role: 'fact', evidence: [`fact:${AG_RULING.id}`] });
    expect(parts.lead[0]!.text).toBe("In Texas, this is a deadline for the agency, not the requester: ask for the attorney general's decision, within 10 business days.");
    expect(parts.requests[0]).toMatchObject({ reviewed: { sectionId: AG_RULING.section_id, quote: AG_RULING.quote } });
  });

  it('says when a fact rests on a citation whose text the database does not hold', () => {
    const parts = emptyParts();
    composeFromFact(detailOf({ slug: 'texas', name: 'Texas' }), PENALTY, parts);
    expect(parts.lead[0]).toMatchObject({ role: 'aggregate' });
    expect(parts.lead[0]!.text).toMatch(/Tex\. Gov't Code § 552\.353; not supported by a document in the law database: the provision's text is not in it/);
    expect(parts.requests).toEqual([]);
  });
});

describe('asksForRecordsNotLaw', () => {
  it('tells questions about practice (counts, averages, contacts, office holders) from questions about the law', async () => {
    const { asksForRecordsNotLaw } = await import('./compose-answer.js');
    for (const q of [
      'How many public information requests did Texas state agencies receive in 2023?',
      'How much did Michigan public bodies pay in FOIA attorney fee awards last year?',
      'What email address do I use to send a FOIA request to the FBI?',
      'What percentage of Missouri Sunshine Law requests get denied?',
      'How many days does the Alaska Department of Law take on average to answer a records request?',
    ]) expect(asksForRecordsNotLaw(q), q).toBe(true);
    for (const q of [
      'How many days does an agency have to respond in Texas?',
      'How fast must a Michigan public body answer a FOIA request, and how many extensions can it take?',
      'How many business days does a Vermont agency get?',
      'Can fees be waived in Washington?',
      'Who decides an appeal in Vermont?',
    ]) expect(asksForRecordsNotLaw(q), q).toBe(false);
  });
});

describe('missedDeadlineFact', () => {
  const deemed: FactView = { ...FEES, id: 'x:fact:deemed_denial:0', field: 'deemed_denial', value: { applies: true, when: 'the custodian fails to respond in time' }, display: 'Deemed denied the custodian fails to respond in time' };
  it('answers "and if they miss it?" with the deemed-denial rule', async () => {
    const { missedDeadlineFact } = await import('./fact-answer.js');
    for (const q of ['And if they miss that deadline?', 'What if they just never respond?', "And if they don't answer in time?"]) expect(missedDeadlineFact(q, [FEES, deemed])?.id, q).toBe(deemed.id);
    expect(missedDeadlineFact('How long do they have?', [deemed])).toBeNull();
    expect(missedDeadlineFact('And if they miss it?', [FEES])).toBeNull();
  });
});
