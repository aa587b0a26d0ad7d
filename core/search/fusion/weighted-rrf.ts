/**
 * Weighted reciprocal-rank fusion: a record's fused score is Σ weight_side / (k + rank_side)
 * over the sides that found it. Like LangChain's EnsembleRetriever, but it keeps each
 * side's rank and score (the API reports them) and keeps pinned records — sections the
 * query cites — above everything else, since no similarity can outrank an exact citation.
 */
import type { RankedRecord, SearchDocType } from '../search-contracts.js';

export type SearchSide = 'keyword' | 'vector';

/** One side's ranked list and its weight in the fusion. */
export interface RankedList {
  side: SearchSide;
  weight: number;
  records: ReadonlyArray<RankedRecord & { match?: 'citation' | 'text' }>;
}

/** A side's rank (1-based) and own score for a record. */
export interface ComponentRank {
  rank: number;
  score: number;
}

/** A record after fusion. */
export interface FusedRecord {
  recordId: string;
  type: SearchDocType;
  jurisdiction: string;
  score: number;
  /** A cited section, or a record resting on it: listed first. */
  pinned: boolean;
  components: Record<SearchSide, ComponentRank | null>;
}

function bestRank(r: FusedRecord): number {
  return Math.min(r.components.keyword?.rank ?? Infinity, r.components.vector?.rank ?? Infinity);
}

function compare(a: FusedRecord, b: FusedRecord): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  if (a.pinned) return (a.components.keyword?.rank ?? 0) - (b.components.keyword?.rank ?? 0);
  return b.score - a.score || bestRank(a) - bestRank(b) || (a.recordId < b.recordId ? -1 : a.recordId > b.recordId ? 1 : 0);
}

/** Fuses ranked lists; `k` dampens the advantage of top ranks (60 in the original paper). */
export function fuseWeightedRrf(lists: readonly RankedList[], k: number): FusedRecord[] {
  const byId = new Map<string, FusedRecord>();
  for (const list of lists) {
    for (const r of list.records) {
      let fused = byId.get(r.recordId);
      if (!fused) {
        fused = { recordId: r.recordId, type: r.type, jurisdiction: r.jurisdiction, score: 0, pinned: false, components: { keyword: null, vector: null } };
        byId.set(r.recordId, fused);
      }
      if (fused.components[list.side]) continue; // a side lists a record once; keep its best rank
      fused.components[list.side] = { rank: r.rank, score: r.score };
      fused.score += list.weight / (k + r.rank);
      if (r.match === 'citation') fused.pinned = true;
    }
  }
  return [...byId.values()].sort(compare);
}
