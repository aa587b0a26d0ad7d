import { describe, expect, it } from 'vitest';
import { contextOf, detailOf, fakeTools } from '../testing/law-fixtures.js';
import type { ReadQuestion } from '../question/read-question.js';
import { composeParts } from './compose-answer.js';
import type { StatuteSentence } from './statute-sentences.js';
import type { FactView } from '../../legal-facts/fact-view.js';

/* Invented law of an invented state: no statute text. */
const sentence = (id: string, quote: string, score: number, coverage: number): StatuteSentence => ({
  id: `sec:freedonia:${id}`, jurisdiction: 'freedonia', citation: `Frd. Code § ${id}`, quote, score, coverage, matched: 3, lead_ins: [],
});
const question = (text: string, topic: ReadQuestion['topic'], categories: string[] = []): ReadQuestion => ({
  text, topic, jurisdictions: ['freedonia'], comparison: null, categories, premise: null,
});
const context = async () => contextOf([{ slug: 'freedonia', name: 'Freedonia', type: 'state' }], { library: 'Library patron records' }).current();
const said = (parts: Awaited<ReturnType<typeof composeParts>>) => [...parts.lead, ...parts.body].map((c) => c.text).join(' ');

describe('composeParts with the statute beside the structured data', () => {
  it("quotes the statute when the dataset lists no exemption of the kind asked about, rather than reporting the dataset's silence", async () => {
    const tools = fakeTools({
      details: [detailOf({ slug: 'freedonia', name: 'Freedonia' })],
      sentences: [sentence('5(c)', 'A custodian shall not disclose a library circulation record that identifies a patron.', 3, 0.6)],
    });
    const parts = await composeParts(question('Can I see which books a library patron borrowed in Freedonia?', 'exemption', ['library']), tools, await context(), []);
    expect(said(parts)).toContain('shall not disclose a library circulation record');
    expect(said(parts)).not.toContain('lists no exemption');
  });

  it('does not take a sentence that shares the words but rules on nothing for the answer', async () => {
    const meeting = sentence('2', 'A meeting may be held by conference call or video conference if the library board agrees.', 4, 0.6);
    const tools = fakeTools({ details: [detailOf({ slug: 'freedonia', name: 'Freedonia' })], sentences: [meeting] });
    const parts = await composeParts(question('Are library video call recordings public in Freedonia?', 'exemption', ['library']), tools, await context(), []);
    // The dataset's silence still leads; the sentence may follow only as what the law "also says".
    expect(parts.lead[0]!.role).toBe('absence');
    expect(said(parts)).not.toMatch(/Freedonia, the law says/);
  });

  it('keeps the dataset\'s "lists no exemption" when no statute sentence answers either', async () => {
    const tools = fakeTools({ details: [detailOf({ slug: 'freedonia', name: 'Freedonia' })], sentences: [] });
    const parts = await composeParts(question('Can I see which books a library patron borrowed in Freedonia?', 'exemption', ['library']), tools, await context(), []);
    expect(parts.lead[0]!.role).toBe('absence');
  });

  it("adds the best statute sentence when it speaks of what the topic's answer left out", async () => {
    const wrongAgency = sentence('4(b)', 'If the records are not in the custody of the agency, it shall notify the applicant within seven business days and name the custodian.', 4, 0.15);
    const tools = fakeTools({ details: [detailOf({ slug: 'freedonia', name: 'Freedonia', deadline: { days: 30, unit: 'calendar' } })], sentences: [wrongAgency] });
    const q = question('I think I sent my Freedonia request to the wrong agency. How long does it have to tell me, and point me to the right place?', 'deadline');
    const parts = await composeParts(q, tools, await context(), []);
    expect(said(parts)).toMatch(/30 calendar days/);
    expect(said(parts)).toContain('The law also says (Frd. Code § 4(b))');
  });

  it('adds nothing when the best sentence holds none of what the answer left out', async () => {
    const unrelated = sentence('9', 'The custodian shall keep a log of every request.', 4, 0.15);
    const tools = fakeTools({ details: [detailOf({ slug: 'freedonia', name: 'Freedonia', deadline: { days: 30, unit: 'calendar' } })], sentences: [unrelated] });
    const parts = await composeParts(question('I sent my Freedonia request to the wrong agency. How long does it have to tell me?', 'deadline'), tools, await context(), []);
    expect(said(parts)).not.toContain('The law also says');
  });
});

describe('composeParts for a missed deadline', () => {
  const base = { jurisdiction: 'freedonia', requester_class: null, applies_to: null, reviewed: '2026-11-24', notes: null, citation: 'Frd. Code § 6', source_kind: 'statute_text', verified: true, section_id: 'sec:freedonia:6' } as const;
  const deemed = (applies: boolean, when: string): FactView => ({ ...base, id: 'freedonia:fact:deemed_denial:0', field: 'deemed_denial', value: { applies, when }, display: applies ? `Deemed denied ${when}` : 'No deemed denial', quote: when });
  const withFacts = (facts: FactView[]) => ({
    ...detailOf({ slug: 'freedonia', name: 'Freedonia', deadline: { days: 10, unit: 'business' }, steps: [{ level: 1, kind: 'judicial', body: 'the district court' }] }),
    facts,
  });

  it('says that silence is a denial and how a denial is challenged', async () => {
    const tools = fakeTools({ details: [withFacts([deemed(true, 'the custodian does not answer within ten days')])] });
    const text = said(await composeParts(question('And if they miss that deadline?', 'deadline'), tools, await context(), []));
    expect(text).toContain('Deemed denied the custodian does not answer within ten days');
    expect(text).toContain('the first step is an action in the district court');
  });

  it('says what silence is when it is not a denial, and keeps the deadline a question of two parts asked for', async () => {
    const tools = fakeTools({ details: [withFacts([deemed(false, 'a request not answered in time is considered approved')])] });
    const text = said(await composeParts(question('How fast must a Freedonia agency answer, and what happens if it simply does not answer?', 'deadline'), tools, await context(), []));
    expect(text).toContain('10 business days');
    expect(text).toContain('considered approved');
    expect(text).not.toMatch(/deemed denied/i);
    expect(text).not.toContain('district court');
  });

  it('answers "what can I do if they sit on it?" with the route to challenge it where silence is no denial of its own', async () => {
    const tools = fakeTools({ details: [withFacts([])] });
    const text = said(await composeParts(question('And if they just sit on it, what can I do?', 'general'), tools, await context(), []));
    expect(text).toContain('the first step is an action in the district court');
  });
});

describe('composeParts for a requester from elsewhere', () => {
  const longer: FactView = {
    jurisdiction: 'freedonia', requester_class: 'nonresident', applies_to: 'a request from a nonresident', reviewed: '2026-11-24', notes: null, citation: 'Frd. Code § 3(2)', source_kind: 'statute_text', verified: true, section_id: 'sec:freedonia:3(2)',
    id: 'freedonia:fact:initial_response:1', field: 'initial_response', value: { action: 'grant_or_deny', days: 21, unit: 'calendar' }, display: '21 calendar days to grant or deny the request', quote: 'within twenty-one (21) days',
  };
  const tools = () => fakeTools({ details: [{ ...detailOf({ slug: 'freedonia', name: 'Freedonia', residency: false }), facts: [longer] }] });

  it('answers "does it matter that I don\'t live there?" with the rule and what differs for non-residents, without a bare yes or no', async () => {
    const parts = await composeParts(question("Does it matter that I don't live in Freedonia when I ask for records?", 'residency'), tools(), await context(), []);
    expect(said(parts)).toContain('you do not have to be a resident');
    expect(said(parts)).toContain('(for nonresident requesters): 21 calendar days');
    expect(said(parts)).not.toMatch(/^(?:Yes|No)\b/);
  });

  it('reads "I live in …" before a question about another state\'s law as a question about outsiders', async () => {
    const parts = await composeParts(question('I live in Texas. Can I use the Freedonia act to get records?', 'residency'), tools(), await context(), []);
    expect(said(parts)).not.toMatch(/^No\b/);
    expect(said(parts)).toContain('you do not have to be a resident');
    expect(said(parts)).toContain('(for nonresident requesters)');
  });
});

describe('composeParts looks statute sentences up once', () => {
  it('asks the law tools once per jurisdiction, however many parts of the answer want sentences', async () => {
    const tools = fakeTools({
      details: [detailOf({ slug: 'freedonia', name: 'Freedonia' })],
      sentences: [sentence('5(c)', 'A custodian shall not disclose a library circulation record that identifies a patron.', 3, 0.6)],
    });
    const calls: unknown[] = [];
    const invoke = tools.statuteSentences.invoke.bind(tools.statuteSentences);
    (tools.statuteSentences as { invoke: typeof invoke }).invoke = (async (input: Parameters<typeof invoke>[0]) => {
      calls.push(input);
      return invoke(input);
    }) as typeof invoke;
    await composeParts(question('Can I see which books a library patron borrowed in Freedonia?', 'exemption', ['library']), tools, await context(), []);
    expect(calls).toHaveLength(1);
  });
  it("quotes the statute's naming of itself for a question about the law's name, and nothing else of the statute", async () => {
    const title = sentence('1', 'This chapter shall be known and may be cited as the "Freedonia Open Records Act."', 2, 0.2);
    const other = sentence('7', 'The custodian shall keep a log of every open records request.', 4, 0.5);
    const tools = fakeTools({ details: [detailOf({ slug: 'freedonia', name: 'Freedonia' })], sentences: [other, title] });
    const parts = await composeParts(question('Is Freedonia\'s law officially called the Open Records Act?', 'law_name'), tools, await context(), []);
    expect(said(parts)).toContain('The public-records law of Freedonia is the Freedonia Open Records Act');
    expect(said(parts)).toContain('The statute names itself (Frd. Code § 1): "This chapter shall be known and may be cited as');
    expect(said(parts)).not.toContain('log of every');
  });
  it('answers a premise that the law starts from secrecy with the statute sentence saying the opposite, and leaves a question without one alone', async () => {
    const policy = sentence('31', 'This chapter shall be construed in every instance with a presumption of complete public access.', 2, 0.2);
    const tools = fakeTools({ details: [detailOf({ slug: 'freedonia', name: 'Freedonia' })], sentences: [policy] });
    const wrong = await composeParts(question('Freedonia presumes records are closed unless I show a good reason. How do I make my case?', 'general'), tools, await context(), []);
    expect(wrong.premiseFalse).toBe(true);
    expect(said(wrong)).toMatch(/^No: the question assumes the opposite of what the law says \(Frd\. Code § 31\): "This chapter shall be construed/);
    const plain = await composeParts(question('How does Freedonia construe its records law?', 'general'), tools, await context(), []);
    expect(said(plain)).not.toContain('assumes the opposite');
    // The premise the right way round, asked whether it holds, is confirmed in the same words.
    const right = await composeParts(question('I heard Freedonia presumes records are public. Is that true?', 'general'), tools, await context(), []);
    expect(right.premiseFalse).toBe(false);
    expect(said(right)).toMatch(/^Yes: the law says so \(Frd\. Code § 31\)/);
  });
  it('says whether an appeal inside the agency must come before court, in the words of the reviewed fact', async () => {
    const court = { id: 'freedonia:fact:court_review:0', field: 'court_review', value: { court: 'district court', requester_days: null, requester_unit: null, exhaustion_required: false }, display: 'Court review in district court; no need to appeal administratively first', citation: 'Frd. Code § 12(C)', quote: 'The exhaustion of administrative remedies shall not be required.', source_kind: 'statute_text', section_id: 'sec:freedonia:12(C)', verified: true, requester_class: null, applies_to: null };
    const d = { ...detailOf({ slug: 'freedonia', name: 'Freedonia' }), facts: [court] } as unknown as ReturnType<typeof detailOf>;
    const tools = fakeTools({ details: [d], sentences: [] });
    const parts = await composeParts(question('Do I have to go through an internal appeal in Freedonia before I can sue?', 'appeal_route'), tools, await context(), []);
    expect(said(parts)).toContain('no need to appeal administratively first');
    expect(said(parts)).toContain('The law says (Frd. Code § 12(C)): "The exhaustion of administrative remedies shall not be required."');
    const plain = await composeParts(question('Where do I appeal a denial in Freedonia?', 'appeal_route'), tools, await context(), []);
    expect(said(plain)).not.toContain('exhaustion');
  });
});
