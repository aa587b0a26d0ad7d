import { describe, expect, it } from 'vitest';
import { gradeAnswer, statesQuantity, withoutRestatedPremise, type CitedNode } from './natural-grade.js';
import type { NaturalLabel } from './natural-question-set.js';

const label: NaturalLabel = {
  answer: 'Ten business days after receiving the request.',
  must: ['\\b(?:10|ten)\\b[- ]business[- ]days?'],
  must_not: ['no fixed number of days'],
  sections: ['552.301(b)'],
  source_quote: 'not later than the 10th business day',
  source_path: 'hole-tld/summaries/texas.txt',
  source_kind: 'statute_text',
  more_sources: [],
};
const cites = (...nodes: Array<[number, string, string | null]>) => new Map<number, CitedNode>(nodes.map(([m, jurisdiction, l]) => [m, { jurisdiction, label: l }]));

describe('gradeAnswer', () => {
  it('is right when every must matches and no must_not does', () => {
    const g = gradeAnswer(label, 'The agency has 10 business days [1].', cites([1, 'texas', '552.301(b)']));
    expect(g).toMatchObject({ right: true, missing: [], opposite: [], contradictions: [], citesLabelledSection: true });
  });

  it('reports the missing fact and a cited statement saying the opposite', () => {
    const g = gradeAnswer(label, 'The law sets no fixed number of days [1].', cites([1, 'texas', '552.221(a)']));
    expect(g.right).toBe(false);
    expect(g.missing).toHaveLength(1);
    expect(g.contradictions).toEqual([expect.objectContaining({ why: 'states the opposite' })]);
  });

  it('flags a number cited to a record outside the label, and accepts a parent or child node', () => {
    const wrong = gradeAnswer(label, 'An agency has 10 business days to respond [1].', cites([1, 'texas', '552.221(d)']));
    expect(wrong.contradictions).toEqual([expect.objectContaining({ why: 'number from another provision', detail: 'texas:552.221(d)' })]);
    expect(gradeAnswer(label, 'It has 10 business days [1].', cites([1, 'texas', '552.301'])).contradictions).toEqual([]);
    expect(gradeAnswer(label, 'It has 10 business days [1].', cites([1, 'texas', '552.301(b)(1)'])).contradictions).toEqual([]);
    expect(gradeAnswer(label, 'It has 10 business days [1].', cites([1, 'washington', '552.301(b)'])).contradictions).toHaveLength(1);
  });

  it('does not grade the premise a correction restates', () => {
    expect(withoutRestatedPremise('No: the question assumes no fixed number of days, but it is 10 business days [1].')).toBe('No: the question assumes, but it is 10 business days [1].');
    expect(gradeAnswer(label, 'No: the question assumes no fixed number of days, but it is 10 business days [1].', cites([1, 'texas', '552.301(b)'])).right).toBe(true);
  });

  it('counts quantities, not section numbers', () => {
    expect(statesQuantity('within 15 calendar days')).toBe(true);
    expect(statesQuantity('the tenth business day')).toBe(true);
    expect(statesQuantity('up to 25 cents per page')).toBe(true);
    expect(statesQuantity('under § 552.301(b) [1]')).toBe(false);
  });
});
