import type { Shard } from './shard-file.js';

export interface ScoredRef {
  shard: Shard;
  index: number;
  score: number;
}

/**
 * Exact nearest neighbours by dot product (vectors and query are unit length, so this is
 * cosine similarity), keeping the best `k` in a min-heap. `accept` filters rows before
 * their dot product is computed.
 */
export function topK(shards: Iterable<Shard>, query: Float32Array, dimension: number, k: number, accept: (shard: Shard, i: number) => boolean): ScoredRef[] {
  const heap: ScoredRef[] = [];
  if (k <= 0) return heap;
  for (const shard of shards) {
    const v = shard.vectors;
    for (let i = 0; i < shard.ids.length; i++) {
      if (!accept(shard, i)) continue;
      let dot = 0;
      const base = i * dimension;
      for (let d = 0; d < dimension; d++) dot += v[base + d]! * query[d]!;
      if (heap.length < k) push(heap, { shard, index: i, score: dot });
      else if (dot > heap[0]!.score) replaceTop(heap, { shard, index: i, score: dot });
    }
  }
  return heap.sort((a, b) => b.score - a.score);
}

/** A unit-length float32 copy (a zero vector stays zero). */
export function unitVector(values: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(values as ArrayLike<number>);
  let norm = 0;
  for (let i = 0; i < out.length; i++) norm += out[i]! * out[i]!;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < out.length; i++) out[i]! /= norm;
  return out;
}

function push(heap: ScoredRef[], item: ScoredRef): void {
  heap.push(item);
  let i = heap.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent]!.score <= heap[i]!.score) break;
    [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
    i = parent;
  }
}

function replaceTop(heap: ScoredRef[], item: ScoredRef): void {
  heap[0] = item;
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let min = i;
    if (l < heap.length && heap[l]!.score < heap[min]!.score) min = l;
    if (r < heap.length && heap[r]!.score < heap[min]!.score) min = r;
    if (min === i) return;
    [heap[min], heap[i]] = [heap[i]!, heap[min]!];
    i = min;
  }
}
