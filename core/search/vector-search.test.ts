import { describe, expect, it } from 'vitest';
import { HashingEmbeddings } from './embeddings/hashing-embeddings.js';
import type { SearchFilter } from './search-contracts.js';
import type { ChunkVectorStore, CollectionSpec, VectorHit } from './vector-store/chunk-vector-store.js';
import { ChunkVectorSearch } from './vector-search.js';

/** A store that answers from a fixed, ranked list of hits and records what it was asked. */
function fakeStore(hits: VectorHit[]) {
  const asked: Array<{ k: number; filter: SearchFilter | undefined }> = [];
  const opened: CollectionSpec[] = [];
  const store: ChunkVectorStore = {
    ensureCollection: async (spec) => (opened.push(spec), { created: false, rebuilt: false }),
    upsert: async () => undefined,
    delete: async () => undefined,
    contentHashes: async () => new Map(),
    count: async () => hits.length,
    search: async (_v, k, filter) => (asked.push({ k, filter }), hits.slice(0, k)),
    drop: async () => undefined,
  };
  return { store, asked, opened };
}

const hit = (recordId: string, n: number, score: number): VectorHit => ({
  id: `${recordId}#${n}`,
  score,
  payload: { recordId, type: 'statute_section', jurisdiction: 'texas', category: null, contentHash: 'h' },
});

describe('ChunkVectorSearch', () => {
  it('collapses chunks to the best chunk per record, ranked from 1', async () => {
    const { store, asked, opened } = fakeStore([hit('a', 2, 0.9), hit('a', 0, 0.8), hit('b', 0, 0.7), hit('c', 1, 0.6), hit('b', 1, 0.5)]);
    const search = new ChunkVectorSearch({ embeddings: new HashingEmbeddings({ dimension: 8 }), store });
    const filter: SearchFilter = { jurisdictions: ['texas'], types: ['statute_section'] };
    expect(await search.search('ten business days', 2, filter)).toEqual([
      { recordId: 'a', type: 'statute_section', jurisdiction: 'texas', score: 0.9, rank: 1, chunkId: 'a#2' },
      { recordId: 'b', type: 'statute_section', jurisdiction: 'texas', score: 0.7, rank: 2, chunkId: 'b#0' },
    ]);
    expect(asked[0]).toEqual({ k: 12, filter });
    expect(opened).toEqual([{ modelId: 'hashing-v1-8', dimension: 8 }]);
  });

  it('looks further when many chunks of few records fill the first page', async () => {
    const crowded = [...Array.from({ length: 30 }, (_, i) => hit('big', i, 0.9 - i * 0.001)), hit('other', 0, 0.5)];
    const { store, asked } = fakeStore(crowded);
    const results = await new ChunkVectorSearch({ embeddings: new HashingEmbeddings({ dimension: 8 }), store }).search('q', 2, {});
    expect(results.map((r) => r.recordId)).toEqual(['big', 'other']);
    expect(asked.map((a) => a.k)).toEqual([12, 48]);
  });

  it('embeds a repeated query once, and forgets the least recent beyond its cache size', async () => {
    const embeddings = new HashingEmbeddings({ dimension: 8 });
    const search = new ChunkVectorSearch({ embeddings, store: fakeStore([hit('a', 0, 1)]).store, cacheSize: 2 });
    await Promise.all([search.search('fees', 5, {}), search.search('  fees ', 5, {})]);
    expect(embeddings.embeddedTexts).toBe(1);
    await search.search('appeals', 5, {});
    await search.search('fees', 5, {});
    await search.search('waivers', 5, {}); // evicts "appeals"
    await search.search('fees', 5, {});
    expect(embeddings.embeddedTexts).toBe(3);
    await search.search('appeals', 5, {});
    expect(embeddings.embeddedTexts).toBe(4);
  });

  it('answers an empty query or k of 0 with nothing', async () => {
    const { store, asked } = fakeStore([hit('a', 0, 1)]);
    const search = new ChunkVectorSearch({ embeddings: new HashingEmbeddings(), store });
    expect(await search.search('   ', 5, {})).toEqual([]);
    expect(await search.search('fees', 0, {})).toEqual([]);
    expect(asked).toEqual([]);
  });
});
