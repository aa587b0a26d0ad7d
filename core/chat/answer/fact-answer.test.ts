import { describe, expect, it } from 'vitest';
import type { FactView } from '../../legal-facts/fact-view.js';
import { detailOf } from '../testing/law-fixtures.js';
import { emptyParts } from './draft.js';
import { askedActor, composeFromFact, factBeyondTopic, matchingFact } from './fact-answer.js';

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

  it('does not answer a question about a denial with the rule for silence ("deemed denied")', () => {
    const deemed: FactView = { ...FEES, id: 'texas:fact:deemed_denial:0', field: 'deemed_denial', value: { applies: true, when: 'the agency fails to respond' }, display: 'Deemed denied the agency fails to respond to a request', quote: 'a request not answered is deemed denied' };
    expect(matchingFact('The agency denied my request. Where can I take it from here?', [deemed])).toBeNull();
    expect(matchingFact('What if the agency fails to respond to my request at all?', [deemed])?.id).toBe(deemed.id);
  });
});

describe('whose deadline a question asks for', () => {
  const AG_DECIDES: FactView = {
    ...AG_RULING,
    id: 'texas:fact:other_deadline:1',
    value: { actor: 'attorney_general', action: 'render the decision', days: 45, unit: 'business' },
    display: 'The Attorney General: render the decision within 45 business days',
    quote: 'The attorney general shall render the decision not later than the 45th business day',
    section_id: 'sec:texas:552.306(a)',
  };

  it('reads the actor named as the one who acts', () => {
    expect(askedActor('How long does the AG have to decide?')).toBe('attorney_general');
    expect(askedActor('How long does the court have to rule?')).toBe('court');
    expect(askedActor('How long do I have to appeal?')).toBe('requester');
    expect(askedActor('How long does the agency have to respond?')).toBeNull();
  });

  it("prefers the named actor's deadline over the agency's that shares the question's words", () => {
    const q = 'After a Texas agency asks the Attorney General for a decision, how long does the AG have to decide?';
    expect(matchingFact(q, [AG_RULING, AG_DECIDES])?.id).toBe(AG_DECIDES.id);
    expect(factBeyondTopic(q, [AG_RULING, AG_DECIDES], ['initial_response'])?.id).toBe(AG_DECIDES.id);
  });

  it("prefers a deadline in days to the topic's 'no fixed number of days' on a narrower margin", () => {
    const NO_DAYS: FactView = { ...AG_RULING, id: 'ohio:fact:initial_response:0', jurisdiction: 'ohio', field: 'initial_response', value: { action: 'produce', days: null, unit: null }, display: 'No fixed deadline ("copies at cost and within a reasonable period")', quote: 'copies at cost and within a reasonable period of time' };
    const VIDEO: FactView = { ...AG_RULING, id: 'ohio:fact:other_deadline:0', jurisdiction: 'ohio', value: { actor: 'agency', action: 'provide the requester of a video record with the estimated actual cost', days: 5, unit: 'business' }, display: 'The agency: provide the requester of a video record with the estimated actual cost within 5 business days', quote: 'shall provide the requester with the estimated actual cost within five business days' };
    expect(factBeyondTopic('How soon must an Ohio sheriff tell me what a copy of a video will cost?', [NO_DAYS, VIDEO], ['initial_response', 'acknowledgment', 'extension'])?.id).toBe(VIDEO.id);
  });

  it('sets a topic aside only on the question\'s own words, not on the law\'s words for them', () => {
    const SEARCH: FactView = { ...FEES, id: 'texas:fact:search_fees:0', field: 'search_fees', value: {}, display: 'Allowed: a reasonable charge for clerical time', quote: 'a reasonable charge for clerical time' };
    expect(factBeyondTopic('Can I get a fee waiver in Texas?', [SEARCH], ['fee_waiver'])).toBeNull();
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
      'Which Ohio county gets sued most often under the Public Records Act?',
      "When Wyoming's ombudsman handles a dispute, does it usually side with the requester?",
      'How many appeals did the Iowa board decide last year?',
    ]) expect(asksForRecordsNotLaw(q), q).toBe(true);
    for (const q of [
      'How many days does an agency have to respond in Texas?',
      'How fast must a Michigan public body answer a FOIA request, and how many extensions can it take?',
      'How many business days does a Vermont agency get?',
      'Can fees be waived in Washington?',
      'Who decides an appeal in Vermont?',
      'Can the ombudsman decide a dispute in Wyoming?',
      'An Iowa police officer got fired last year. Can I make the city tell me why?',
      'How often does a Virginia FOIA officer have to get trained?',
    ]) expect(asksForRecordsNotLaw(q), q).toBe(false);
  });
});

describe('asksAboutForeignLaw', () => {
  it("tells another country's law from a US question that names a foreigner or New Mexico", async () => {
    const { asksAboutForeignLaw } = await import('./compose-answer.js');
    expect(asksAboutForeignLaw('How long does a UK council have to answer a Freedom of Information request?')).toBe(true);
    expect(asksAboutForeignLaw('Does Canada have an access-to-information deadline?')).toBe(true);
    expect(asksAboutForeignLaw('I am a Canadian citizen. Can I ask a state agency for records?')).toBe(false);
    expect(asksAboutForeignLaw('How long does a New Mexico agency have?')).toBe(false);
  });
});

describe('missedDeadlineFact', () => {
  const deemed: FactView = { ...FEES, id: 'x:fact:deemed_denial:0', field: 'deemed_denial', value: { applies: true, when: 'the custodian fails to respond in time' }, display: 'Deemed denied the custodian fails to respond in time' };
  it('answers "and if they miss it?" with the deemed-denial rule', async () => {
    const { missedDeadlineFact } = await import('./fact-answer.js');
    for (const q of ['And if they miss that deadline?', 'What if they just never respond?', "And if they don't answer in time?", 'I have heard nothing. At what point is silence treated as a denial?']) expect(missedDeadlineFact(q, [FEES, deemed])?.id, q).toBe(deemed.id);
    expect(missedDeadlineFact('How long do they have?', [deemed])).toBeNull();
    // Blowing off the law is not missing a deadline.
    expect(missedDeadlineFact('A county official blew off the public records law. Is there a penalty?', [deemed])).toBeNull();
    expect(missedDeadlineFact('And if they miss it?', [FEES])).toBeNull();
  });
});
