import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { VectorPoint } from '../chunk-vector-store.js';
import { AnnIndex, DEFAULT_ANN_OPTIONS } from './ann-index.js';
import { EmbeddedVectorStore } from './embedded-vector-store.js';
import type { Shard } from './shard-file.js';
import { topK, unitVector } from './top-k.js';

const DIM = 48;

/** A seeded generator, so the data (and a failure) repeat. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 2 ** 32;
    return s / 2 ** 32;
  };
}

/** Clustered unit vectors, as embeddings of texts on a few subjects are. */
function clustered(n: number, rand: () => number, centres: number[][]): Float32Array[] {
  return Array.from({ length: n }, (_, i) => {
    const c = centres[i % centres.length]!;
    return unitVector(c.map((x) => x + (rand() - 0.5) * 0.8));
  });
}

function shardOf(name: string, vectors: Float32Array[]): Shard {
  const flat = new Float32Array(vectors.length * DIM);
  vectors.forEach((v, i) => flat.set(v, i * DIM));
  return {
    ids: vectors.map((_, i) => `${name}-${i}`),
    payloads: vectors.map((_, i) => ({ recordId: `${name}-${i}`, type: 'statute_section', jurisdiction: name, category: null, contentHash: '' })),
    vectors: flat,
  };
}

describe('AnnIndex', () => {
  const rand = random(7);
  const centres = Array.from({ length: 12 }, () => Array.from({ length: DIM }, () => rand() - 0.5));
  const shards = ['a', 'b', 'c'].map((name) => shardOf(name, clustered(1500, rand, centres)));
  const queries = clustered(60, rand, centres);

  it('finds at least 99% of the exact 50 nearest rows', async () => {
    const index = (await AnnIndex.build(shards, DIM, DEFAULT_ANN_OPTIONS, () => true))!;
    expect(index.size).toBe(4500);
    let found = 0;
    for (const q of queries) {
      const exact = new Set(topK(shards, q, DIM, 50, null).map((r) => `${r.shard.ids[r.index]}`));
      const approx = index.search(q, 50, null);
      expect(approx.map((r) => r.score)).toEqual([...approx.map((r) => r.score)].sort((x, y) => y - x));
      found += approx.filter((r) => exact.has(r.shard.ids[r.index]!)).length;
    }
    expect(found / (queries.length * 50)).toBeGreaterThanOrEqual(0.99);
  });

  it('keeps to the accepted shards and scores as cosine similarity', async () => {
    const index = (await AnnIndex.build(shards, DIM, DEFAULT_ANN_OPTIONS, () => true))!;
    const only = new Set([shards[1]!]);
    const hits = index.search(queries[0]!, 20, (s) => only.has(s));
    expect(hits).toHaveLength(20);
    expect(hits.every((h) => h.shard === shards[1])).toBe(true);
    const best = topK([shards[1]!], queries[0]!, DIM, 1, null)[0]!;
    expect(hits[0]!.score).toBeCloseTo(best.score, 5);
  });

  it('gives up a build the caller no longer wants', async () => {
    let calls = 0;
    expect(await AnnIndex.build(shards, DIM, DEFAULT_ANN_OPTIONS, () => ++calls < 3)).toBeNull();
  });
});

describe('EmbeddedVectorStore with the approximate index', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('serves from the graph once built, and never misses a write made since', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-ann-'));
    dirs.push(dir);
    const store = new EmbeddedVectorStore({ dir, refreshIntervalMs: 0, ann: { minRows: 100, settleMs: 0 } });
    await store.ensureCollection({ modelId: 'm', dimension: DIM });
    const rand = random(11);
    const centres = Array.from({ length: 4 }, () => Array.from({ length: DIM }, () => rand() - 0.5));
    const points = (prefix: string, jurisdiction: string, n: number): VectorPoint[] =>
      clustered(n, rand, centres).map((v, i) => ({ id: `${prefix}${i}`, vector: Array.from(v), payload: { recordId: `${prefix}${i}`, type: 'right', jurisdiction, category: null, contentHash: '' } }));
    await store.upsert([...points('t', 'texas', 150), ...points('o', 'ohio', 150)]);
    expect(await store.approximateIndexReady(10_000)).toBe(true);

    const q = Array.from(clustered(1, rand, centres)[0]!);
    const exact = new EmbeddedVectorStore({ dir, refreshIntervalMs: 0, ann: false });
    await exact.ensureCollection({ modelId: 'm', dimension: DIM });
    const want = (await exact.search(q, 10)).map((h) => h.id);
    expect((await store.search(q, 10)).map((h) => h.id)).toEqual(want);
    expect((await store.search(q, 10, { jurisdictions: ['ohio'] })).every((h) => h.payload.jurisdiction === 'ohio')).toBe(true);

    // A point written after the graph was built is found at once (the scan serves until the new graph is ready).
    await store.upsert([{ id: 'new', vector: q, payload: { recordId: 'new', type: 'right', jurisdiction: 'texas', category: null, contentHash: '' } }]);
    expect(store.approximateReady).toBe(false);
    expect((await store.search(q, 1))[0]!.id).toBe('new');
    expect(await store.approximateIndexReady(10_000)).toBe(true);
    expect((await store.search(q, 1))[0]!.id).toBe('new');
  });
});
