import hnswlib from 'hnswlib-node';
import type { Shard } from './shard-file.js';
import type { ScoredRef } from './top-k.js';

/** Knobs of the approximate index (HNSW, through hnswlib-node's C++). */
export interface AnnOptions {
  /** Links per node. */
  m: number;
  efConstruction: number;
  /** Candidate list while searching; raised to k when k is larger. Recall ≥ 0.99 at k = 50 on the corpus (bench/vector-recall.ts). */
  efSearch: number;
  /** Scans of fewer rows than this stay exact: they cost less than a graph walk and are always right. */
  minRows: number;
  /** Quiet time after a load or write before a graph is built for the new shards. */
  settleMs: number;
}

export const DEFAULT_ANN_OPTIONS: AnnOptions = { m: 16, efConstruction: 200, efSearch: 128, minRows: 2000, settleMs: 500 };

/** Points added between yields to the event loop while building (a few milliseconds each), so a build never stalls requests. */
const BUILD_BATCH = 32;

/**
 * An HNSW graph over every row of a set of shards, for searches over many rows (the whole
 * corpus, or many jurisdictions). Labels are positions in `refs`; vectors are unit length, so
 * inner-product distance is 1 − cosine. Built for one snapshot of the shards and never
 * changed: a write makes new shards, and the store builds a new graph for them.
 */
export class AnnIndex {
  private constructor(
    private readonly graph: hnswlib.HierarchicalNSW,
    private readonly refs: ReadonlyArray<{ shard: Shard; index: number }>,
    private readonly options: AnnOptions,
  ) {}

  /**
   * Builds the graph in batches, yielding between them. Returns null when `stillWanted` turns
   * false midway (the shards changed again) or there is nothing to index.
   */
  static async build(shards: Iterable<Shard>, dimension: number, options: AnnOptions, stillWanted: () => boolean): Promise<AnnIndex | null> {
    const refs: Array<{ shard: Shard; index: number }> = [];
    for (const shard of shards) for (let i = 0; i < shard.ids.length; i++) refs.push({ shard, index: i });
    if (refs.length === 0) return null;
    const graph = new hnswlib.HierarchicalNSW('ip', dimension);
    // A fixed seed: the same shards make the same graph, so results repeat run to run.
    graph.initIndex({ maxElements: refs.length, m: options.m, efConstruction: options.efConstruction, randomSeed: 100 });
    for (let start = 0; start < refs.length; start += BUILD_BATCH) {
      if (!stillWanted()) return null;
      const end = Math.min(refs.length, start + BUILD_BATCH);
      for (let label = start; label < end; label++) {
        const { shard, index } = refs[label]!;
        graph.addPoint(Array.from(shard.vectors.subarray(index * dimension, (index + 1) * dimension)), label);
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return stillWanted() ? new AnnIndex(graph, refs, options) : null;
  }

  get size(): number {
    return this.refs.length;
  }

  /** The (approximately) nearest `k` rows that `accept` lets through, best first. */
  search(query: Float32Array, k: number, accept: ((shard: Shard, i: number) => boolean) | null): ScoredRef[] {
    const n = Math.min(k, this.refs.length);
    if (n <= 0) return [];
    this.graph.setEf(Math.max(this.options.efSearch, n));
    const filter = accept ? (label: number) => accept(this.refs[label]!.shard, this.refs[label]!.index) : undefined;
    const { neighbors, distances } = this.graph.searchKnn(Array.from(query), n, filter);
    const out = neighbors.map((label, j) => ({ ...this.refs[label]!, score: 1 - distances[j]! }));
    return out.sort((a, b) => b.score - a.score);
  }
}
