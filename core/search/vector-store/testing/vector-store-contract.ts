import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SearchDocType } from '../../search-contracts.js';
import { COLLECTION_ITEM, type ChunkPayload, type ChunkVectorStore, type CollectionSpec, type VectorPoint } from '../chunk-vector-store.js';

/** Storage for one test: fresh and empty on `create()`, the same storage again on `reopen()`. */
export interface VectorStoreHarness {
  create(): Promise<ChunkVectorStore>;
  /** Another store over the storage of the last `create()`: a restart, or a second process. */
  reopen(): Promise<ChunkVectorStore>;
  /** A store over another collection of the same backend (another tenant's), empty on first use. */
  other(): Promise<ChunkVectorStore>;
  cleanup(): Promise<void>;
}

const SPEC: CollectionSpec = { modelId: 'contract-model@1', dimension: 4 };

function point(id: string, vector: number[], over: Partial<ChunkPayload> = {}): VectorPoint {
  const payload: ChunkPayload = {
    recordId: id.split('#')[0]!,
    type: 'statute_section',
    jurisdiction: 'texas',
    category: null,
    contentHash: `h-${id}`,
    ...over,
  };
  return { id, vector, payload, text: `text of ${id}` };
}

/** Five points with known geometry around the axis e1 = [1, 0, 0, 0]. */
const FIXTURE: VectorPoint[] = [
  point('sec:texas:552.301#0', [1, 0, 0, 0]),
  point('sec:texas:552.301(b)#0', [0.9, 0.1, 0, 0]),
  point('texas:exemption:1:personal_privacy#0', [0.7, 0.7, 0, 0], { type: 'exemption', category: 'personal_privacy' }),
  point('sec:federal:552(b)(6)#0', [0.8, 0, 0.6, 0], { jurisdiction: 'federal' }),
  point('federal:exemption:6:personal_privacy#0', [0, 0, 0, 1], { jurisdiction: 'federal', type: 'exemption', category: 'personal_privacy' }),
];

const ids = (hits: Array<{ id: string }>) => hits.map((h) => h.id);

/**
 * The behaviour every adapter of the vector store port must have. Run it with an adapter's
 * harness: `describeVectorStoreContract('embedded', () => harness)`.
 */
export function describeVectorStoreContract(name: string, makeHarness: () => VectorStoreHarness): void {
  describe(`vector store contract: ${name}`, () => {
    let harness: VectorStoreHarness;
    let store: ChunkVectorStore;

    beforeEach(async () => {
      harness = makeHarness();
      store = await harness.create();
    });
    afterEach(async () => {
      await harness.cleanup();
    });

    it('creates the collection once, empty', async () => {
      expect(await store.ensureCollection(SPEC)).toEqual({ created: true, rebuilt: false });
      expect(await store.count()).toBe(0);
      expect(await store.ensureCollection(SPEC)).toEqual({ created: false, rebuilt: false });
      expect(await store.search([1, 0, 0, 0], 5)).toEqual([]);
    });

    it('refuses use before ensureCollection and vectors of the wrong dimension', async () => {
      await expect(store.upsert([point('a#0', [1, 0, 0, 0])])).rejects.toThrow(/ensureCollection/);
      await store.ensureCollection(SPEC);
      await expect(store.upsert([point('a#0', [1, 0, 0])])).rejects.toThrow(/dimension/);
      await expect(store.search([1, 0], 3)).rejects.toThrow(/dimension/);
    });

    it('returns the nearest points first, with cosine scores, at most k', async () => {
      await store.ensureCollection(SPEC);
      await store.upsert(FIXTURE);
      expect(await store.count()).toBe(5);
      const hits = await store.search([1, 0, 0, 0], 3);
      expect(ids(hits)).toEqual(['sec:texas:552.301#0', 'sec:texas:552.301(b)#0', 'sec:federal:552(b)(6)#0']);
      expect(hits[0]!.score).toBeCloseTo(1, 4);
      expect(hits[2]!.score).toBeCloseTo(0.8, 4);
      expect(hits[0]!.payload).toEqual(FIXTURE[0]!.payload);
      // Cosine: the query's length does not matter.
      expect(ids(await store.search([5, 0, 0, 0], 3))).toEqual(ids(hits));
      expect(await store.search([1, 0, 0, 0], 0)).toEqual([]);
      expect(await store.search([1, 0, 0, 0], 50)).toHaveLength(5);
    });

    it('filters by jurisdiction, type and category (any of each list, all lists)', async () => {
      await store.ensureCollection(SPEC);
      await store.upsert(FIXTURE);
      const q = [1, 0, 0, 0];
      expect(ids(await store.search(q, 10, { jurisdictions: ['federal'] }))).toEqual(['sec:federal:552(b)(6)#0', 'federal:exemption:6:personal_privacy#0']);
      expect((await store.search(q, 10, { types: ['exemption'] })).map((h) => h.payload.type)).toEqual(['exemption', 'exemption']);
      expect(ids(await store.search(q, 10, { categories: ['personal_privacy'], jurisdictions: ['texas'] }))).toEqual(['texas:exemption:1:personal_privacy#0']);
      expect(await store.search(q, 10, { types: ['summary' as SearchDocType] })).toEqual([]);
      expect(await store.search(q, 10, { jurisdictions: ['texas', 'federal'], types: ['statute_section', 'exemption'] })).toHaveLength(5);
      expect(await store.search(q, 10, { jurisdictions: ['federal', 'federal'] })).toHaveLength(2);
      // Empty lists do not filter; a chunk without a category never matches a category filter.
      expect(await store.search(q, 10, { jurisdictions: [], types: [], categories: [] })).toHaveLength(5);
      expect(await store.count({ categories: ['personal_privacy'] })).toBe(2);
      expect(await store.count({ jurisdictions: ['texas'] })).toBe(3);
    });

    it('replaces a point by id, payload and vector, even across jurisdictions', async () => {
      await store.ensureCollection(SPEC);
      await store.upsert(FIXTURE);
      await store.upsert([point('sec:texas:552.301#0', [0, 0, 0, 1], { jurisdiction: 'federal', contentHash: 'h-new' })]);
      expect(await store.count()).toBe(5);
      expect(await store.count({ jurisdictions: ['texas'] })).toBe(2);
      const top = await store.search([0, 0, 0, 1], 2, { jurisdictions: ['federal'] });
      expect(ids(top).sort()).toEqual(['federal:exemption:6:personal_privacy#0', 'sec:texas:552.301#0']);
      expect((await store.contentHashes(['sec:texas:552.301#0'])).get('sec:texas:552.301#0')).toBe('h-new');
    });

    it('deletes by id and ignores unknown ids', async () => {
      await store.ensureCollection(SPEC);
      await store.upsert(FIXTURE);
      await store.delete(['sec:texas:552.301#0', 'federal:exemption:6:personal_privacy#0', 'never-stored#0']);
      expect(await store.count()).toBe(3);
      expect(ids(await store.search([1, 0, 0, 0], 10))).not.toContain('sec:texas:552.301#0');
      await store.delete([]);
      expect(await store.count()).toBe(3);
    });

    it('reports the content hash of the points it holds', async () => {
      await store.ensureCollection(SPEC);
      await store.upsert(FIXTURE);
      const hashes = await store.contentHashes(['sec:texas:552.301(b)#0', 'missing#0']);
      expect([...hashes]).toEqual([['sec:texas:552.301(b)#0', 'h-sec:texas:552.301(b)#0']]);
      expect((await store.contentHashes([])).size).toBe(0);
    });

    it('takes large upserts (more than one batch)', async () => {
      await store.ensureCollection(SPEC);
      const many = Array.from({ length: 600 }, (_, i) =>
        point(`sec:ohio:${i}#0`, [Math.cos(i / 100), Math.sin(i / 100), 0, 0], { jurisdiction: i % 2 ? 'ohio' : 'iowa' }),
      );
      await store.upsert(many);
      expect(await store.count()).toBe(600);
      expect(await store.count({ jurisdictions: ['ohio'] })).toBe(300);
      expect(ids(await store.search([1, 0, 0, 0], 1, { jurisdictions: ['ohio'] }))).toEqual(['sec:ohio:1#0']);
      expect((await store.contentHashes(many.map((p) => p.id))).size).toBe(600);
    });

    it('keeps its points across a restart', async () => {
      await store.ensureCollection(SPEC);
      await store.upsert(FIXTURE);
      const again = await harness.reopen();
      expect(await again.ensureCollection(SPEC)).toEqual({ created: false, rebuilt: false });
      expect(await again.count()).toBe(5);
      expect(ids(await again.search([1, 0, 0, 0], 2))).toEqual(['sec:texas:552.301#0', 'sec:texas:552.301(b)#0']);
    });

    it('filters by attributes: each must be equal, in type and value', async () => {
      await store.ensureCollection(SPEC);
      await store.upsert([
        point('doc-a#0', [1, 0, 0, 0], { type: COLLECTION_ITEM, jurisdiction: 'items', attributes: { source: 'agency', year: 2024, redacted: true } }),
        point('doc-b#0', [0.9, 0.1, 0, 0], { type: COLLECTION_ITEM, jurisdiction: 'items', attributes: { source: 'agency', year: 2023, redacted: false } }),
        point('doc-c#0', [0.8, 0.2, 0, 0], { type: COLLECTION_ITEM, jurisdiction: 'items', attributes: { source: 'court' } }),
        point('doc-d#0', [0.7, 0.3, 0, 0], { type: COLLECTION_ITEM, jurisdiction: 'items' }),
      ]);
      const q = [1, 0, 0, 0];
      expect(ids(await store.search(q, 10, { attributes: { source: 'agency' } }))).toEqual(['doc-a#0', 'doc-b#0']);
      expect(ids(await store.search(q, 10, { attributes: { source: 'agency', year: 2023 } }))).toEqual(['doc-b#0']);
      expect(ids(await store.search(q, 10, { attributes: { redacted: true } }))).toEqual(['doc-a#0']);
      expect(await store.search(q, 10, { attributes: { year: '2024' } })).toEqual([]);
      expect(await store.search(q, 10, { attributes: { missing: 'x' } })).toEqual([]);
      expect(await store.search(q, 10, { attributes: {} })).toHaveLength(4);
      expect(await store.count({ attributes: { source: 'court' } })).toBe(1);
      expect((await store.search(q, 1, { attributes: { year: 2024 } }))[0]!.payload.attributes).toEqual({ source: 'agency', year: 2024, redacted: true });
    });

    it('keeps collections apart: another collection never sees these points, nor loses its own when these go', async () => {
      await store.ensureCollection(SPEC);
      await store.upsert(FIXTURE);
      const other = await harness.other();
      expect(await other.ensureCollection(SPEC)).toEqual({ created: true, rebuilt: false });
      expect(await other.count()).toBe(0);
      expect(await other.search([1, 0, 0, 0], 10)).toEqual([]);
      // The same chunk id in both: each collection keeps its own point.
      await other.upsert([point('sec:texas:552.301#0', [0, 0, 0, 1], { contentHash: 'h-other' })]);
      expect((await store.contentHashes(['sec:texas:552.301#0'])).get('sec:texas:552.301#0')).toBe('h-sec:texas:552.301#0');
      expect(ids(await other.search([1, 0, 0, 0], 10))).toEqual(['sec:texas:552.301#0']);
      expect(await store.count()).toBe(5);
      await store.drop();
      expect(await other.count()).toBe(1);
    });

    it('drops the whole collection: opened again, it is created empty', async () => {
      await store.ensureCollection(SPEC);
      await store.upsert(FIXTURE);
      await store.drop();
      await expect(store.count()).rejects.toThrow(/ensureCollection/);
      await store.drop();
      const again = await harness.reopen();
      expect(await again.ensureCollection(SPEC)).toEqual({ created: true, rebuilt: false });
      expect(await again.count()).toBe(0);
    });

    it('empties the collection when the model or the dimension changes', async () => {
      await store.ensureCollection(SPEC);
      await store.upsert(FIXTURE);
      const other = await harness.reopen();
      expect(await other.ensureCollection({ modelId: 'another-model@2', dimension: 4 })).toEqual({ created: false, rebuilt: true });
      expect(await other.count()).toBe(0);
      await other.upsert([point('x#0', [1, 0, 0, 0])]);
      const wider = await harness.reopen();
      expect(await wider.ensureCollection({ modelId: 'another-model@2', dimension: 8 })).toEqual({ created: false, rebuilt: true });
      expect(await wider.count()).toBe(0);
      await wider.upsert([point('y#0', [1, 0, 0, 0, 0, 0, 0, 0])]);
      expect(await wider.count()).toBe(1);
    });
  });
}
