import { describe, expect, it } from 'vitest';
import { ndcgAt, recallAt, reciprocalRankAt, summarize } from './metrics.js';

const relevant = { a: 3, b: 2, c: 1 };

describe('search metrics', () => {
  it('recall counts relevant results in the first k, out of at most k relevant', () => {
    expect(recallAt(10, ['x', 'a', 'c'], relevant)).toBeCloseTo(2 / 3);
    expect(recallAt(2, ['a', 'b', 'c'], relevant)).toBe(1);
    expect(recallAt(10, ['x'], {})).toBe(0);
  });

  it('reciprocal rank is 1 / position of the first relevant result', () => {
    expect(reciprocalRankAt(10, ['x', 'y', 'b'], relevant)).toBeCloseTo(1 / 3);
    expect(reciprocalRankAt(2, ['x', 'y', 'b'], relevant)).toBe(0);
  });

  it('nDCG is 1 for the ideal order and lower for any other', () => {
    expect(ndcgAt(10, ['a', 'b', 'c'], relevant)).toBeCloseTo(1);
    expect(ndcgAt(10, ['c', 'b', 'a'], relevant)).toBeLessThan(1);
    // Gains 7, 3, 1 at positions 1..3 of the ideal; only "b" found, at position 1.
    expect(ndcgAt(10, ['b'], relevant)).toBeCloseTo(3 / (7 + 3 / Math.log2(3) + 1 / 2));
  });

  it('summarizes means over questions', () => {
    expect(summarize(10, [{ ranked: ['a'], relevant: { a: 3 } }, { ranked: ['x'], relevant: { a: 3 } }])).toEqual({
      recall: 0.5,
      mrr: 0.5,
      ndcg: 0.5,
      questions: 2,
    });
  });
});
