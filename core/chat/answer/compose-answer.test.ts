import { describe, expect, it } from 'vitest';
import { contextOf, detailOf, fakeTools } from '../testing/law-fixtures.js';
import type { ReadQuestion } from '../question/read-question.js';
import { composeParts } from './compose-answer.js';
import type { StatuteSentence } from './statute-sentences.js';

/* Invented law of an invented state: no statute text. */
const sentence = (id: string, quote: string, score: number, coverage: number): StatuteSentence => ({
  id: `sec:freedonia:${id}`, jurisdiction: 'freedonia', citation: `Frd. Code § ${id}`, quote, score, coverage, lead_ins: [],
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
