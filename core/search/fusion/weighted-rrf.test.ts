import { describe, expect, it } from 'vitest';
import type { RankedRecord } from '../search-contracts.js';
import { fuseWeightedRrf } from './weighted-rrf.js';

const rec = (recordId: string, rank: number, score = 1, extra: Partial<RankedRecord & { match: 'citation' | 'text' }> = {}) => ({
  recordId,
  rank,
  score,
  type: 'statute_section' as const,
  jurisdiction: 'texas',
  ...extra,
});

describe('fuseWeightedRrf', () => {
  it('sums weight / (k + rank) over the sides and keeps each side’s rank and score', () => {
    const fused = fuseWeightedRrf(
      [
        { side: 'keyword', weight: 1, records: [rec('a', 1, 9.5), rec('b', 2, 4)] },
        { side: 'vector', weight: 2, records: [rec('b', 1, 0.8), rec('c', 2, 0.7)] },
      ],
      10,
    );
    expect(fused.map((f) => f.recordId)).toEqual(['b', 'c', 'a']);
    expect(fused[0]).toMatchObject({ score: 1 / 12 + 2 / 11, components: { keyword: { rank: 2, score: 4 }, vector: { rank: 1, score: 0.8 } } });
    expect(fused[2]!.components).toEqual({ keyword: { rank: 1, score: 9.5 }, vector: null });
  });

  it('lets the weights decide between first places', () => {
    const lists = (wk: number, wv: number) => [
      { side: 'keyword' as const, weight: wk, records: [rec('k', 1)] },
      { side: 'vector' as const, weight: wv, records: [rec('v', 1)] },
    ];
    expect(fuseWeightedRrf(lists(2, 1), 60)[0]!.recordId).toBe('k');
    expect(fuseWeightedRrf(lists(1, 2), 60)[0]!.recordId).toBe('v');
  });

  it('keeps pinned (cited) records first, in their keyword order', () => {
    const fused = fuseWeightedRrf(
      [
        { side: 'keyword', weight: 1, records: [rec('cited', 1, 0, { match: 'citation' }), rec('linked', 2, 0, { match: 'citation' }), rec('x', 3)] },
        { side: 'vector', weight: 5, records: [rec('x', 1), rec('y', 2)] },
      ],
      60,
    );
    expect(fused.map((f) => [f.recordId, f.pinned])).toEqual([
      ['cited', true],
      ['linked', true],
      ['x', false],
      ['y', false],
    ]);
  });

  it('breaks ties by best rank, then id, so pages are stable', () => {
    const fused = fuseWeightedRrf([{ side: 'keyword', weight: 1, records: [rec('b', 1)] }, { side: 'vector', weight: 1, records: [rec('a', 1)] }], 60);
    expect(fused.map((f) => f.recordId)).toEqual(['a', 'b']);
  });
});
