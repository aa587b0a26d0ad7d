import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { QdrantClient } from '@qdrant/js-client-rest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../embeddings/hashing-embeddings.js';
import type { VectorPoint } from '../chunk-vector-store.js';
import { QdrantChunkStore } from './qdrant-chunk-store.js';
import { qdrantPointId } from './qdrant-point-id.js';

/**
 * The Qdrant adapter at the HTTP boundary: a local server that records every request and
 * answers the way Qdrant's REST API does, so the tests see exactly what the adapter sends.
 */
interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  body: any;
}

let server: http.Server;
let url: string;
let requests: Recorded[];
let collection: { exists: boolean; metadata: Record<string, unknown>; size: number; indexed: string[] };
let answers: { query?: unknown; points?: unknown; count?: number };

const ok = (result: unknown) => JSON.stringify({ result, status: 'ok', time: 0.0001 });

function answer(r: Recorded): unknown {
  const tail = r.path.replace(/^\/collections\/[^/]+/, '');
  if (r.method === 'GET' && tail === '/exists') return { exists: collection.exists };
  if (r.method === 'GET' && tail === '') {
    return {
      status: 'green', optimizer_status: 'ok', points_count: 0, segments_count: 1,
      config: {
        params: { vectors: { size: collection.size, distance: 'Cosine' } },
        hnsw_config: {}, optimizer_config: {}, metadata: collection.metadata,
      },
      payload_schema: Object.fromEntries(collection.indexed.map((f) => [f, { data_type: 'keyword', points: 0 }])),
    };
  }
  if (r.method === 'PUT' && tail === '') {
    collection = { exists: true, metadata: r.body.metadata, size: r.body.vectors.size, indexed: [] };
    return true;
  }
  if (r.method === 'DELETE' && tail === '') {
    collection.exists = false;
    return true;
  }
  if (r.method === 'PUT' && tail === '/index') {
    collection.indexed.push(r.body.field_name);
    return { operation_id: requests.length, status: 'completed' };
  }
  if (tail === '/points' && r.method === 'PUT') return { operation_id: requests.length, status: 'completed' };
  if (tail === '/points/delete') return { operation_id: requests.length, status: 'completed' };
  if (tail === '/points/query') return answers.query ?? { points: [] };
  if (tail === '/points' && r.method === 'POST') return answers.points ?? [];
  if (tail === '/points/count') return { count: answers.count ?? 0 };
  throw new Error(`unexpected ${r.method} ${r.path}`);
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://x');
      const rec: Recorded = { method: req.method ?? '', path: u.pathname, query: Object.fromEntries(u.searchParams), body: raw ? JSON.parse(raw) : null };
      requests.push(rec);
      try {
        const body = ok(answer(rec));
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      } catch (err) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ status: { error: String(err) } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
  collection = { exists: false, metadata: {}, size: 0, indexed: [] };
  answers = {};
});

const SPEC = { modelId: 'sentence-transformers/all-MiniLM-L6-v2@onnx-int8', dimension: 4 };
const makeStore = (upsertBatchSize?: number) =>
  new QdrantChunkStore({
    client: new QdrantClient({ url, checkCompatibility: false }),
    collectionName: 'law_chunks',
    embeddings: new HashingEmbeddings({ dimension: 4 }),
    ...(upsertBatchSize ? { upsertBatchSize } : {}),
  });
const point = (i: number, jurisdiction = 'texas'): VectorPoint => ({
  id: `sec:${jurisdiction}:552.${i}#0`,
  vector: [1, i, 0, 0],
  payload: { recordId: `sec:${jurisdiction}:552.${i}`, type: 'statute_section', jurisdiction, category: null, contentHash: `h${i}` },
  text: `Texas — section ${i}`,
});
const calls = () => requests.map((r) => `${r.method} ${r.path}`);

describe('QdrantChunkStore at the HTTP boundary', () => {
  it('creates a cosine collection that records the model, with keyword indexes on the filtered fields', async () => {
    const store = makeStore();
    expect(await store.ensureCollection(SPEC)).toEqual({ created: true, rebuilt: false });
    expect(calls()).toEqual([
      'GET /collections/law_chunks/exists',
      'PUT /collections/law_chunks',
      ...Array(4).fill('PUT /collections/law_chunks/index'),
    ]);
    expect(requests[1]!.body).toEqual({
      vectors: { size: 4, distance: 'Cosine' },
      metadata: { embedding_model: SPEC.modelId, dimension: 4 },
    });
    const indexes = requests.slice(2);
    expect(indexes.map((r) => r.body)).toEqual(
      ['jurisdiction', 'type', 'category', 'recordId'].map((f) => ({ field_name: `metadata.${f}`, field_schema: 'keyword' })),
    );
    expect(indexes.every((r) => r.query['wait'] === 'true')).toBe(true);
  });

  it('reuses a collection of the same model and recreates one of another model or dimension', async () => {
    await makeStore().ensureCollection(SPEC);
    requests = [];
    expect(await makeStore().ensureCollection(SPEC)).toEqual({ created: false, rebuilt: false });
    expect(calls()).toEqual(['GET /collections/law_chunks/exists', 'GET /collections/law_chunks']);

    requests = [];
    expect(await makeStore().ensureCollection({ modelId: 'other-model', dimension: 4 })).toEqual({ created: false, rebuilt: true });
    expect(calls().slice(0, 4)).toEqual([
      'GET /collections/law_chunks/exists',
      'GET /collections/law_chunks',
      'DELETE /collections/law_chunks',
      'PUT /collections/law_chunks',
    ]);
    expect(requests[3]!.body.metadata).toEqual({ embedding_model: 'other-model', dimension: 4 });

    requests = [];
    await makeStore().ensureCollection({ modelId: 'other-model', dimension: 8 });
    expect(calls()).toContain('DELETE /collections/law_chunks');
  });

  it('upserts in batches, with stable UUID point ids and the chunk payload under metadata', async () => {
    const store = makeStore(256);
    await store.ensureCollection(SPEC);
    requests = [];
    await store.upsert(Array.from({ length: 600 }, (_, i) => point(i)));
    expect(calls()).toEqual(Array(3).fill('PUT /collections/law_chunks/points'));
    expect(requests.map((r) => r.body.points.length)).toEqual([256, 256, 88]);
    expect(requests.every((r) => r.query['wait'] === 'true')).toBe(true);
    const first = requests[0]!.body.points[0];
    expect(first).toEqual({
      id: qdrantPointId('sec:texas:552.0#0'),
      vector: [1, 0, 0, 0],
      payload: {
        content: 'Texas — section 0',
        metadata: { chunkId: 'sec:texas:552.0#0', recordId: 'sec:texas:552.0', type: 'statute_section', jurisdiction: 'texas', category: null, contentHash: 'h0' },
      },
    });
    expect(first.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('searches with the filter as Qdrant filter JSON and maps hits back to chunk ids', async () => {
    const store = makeStore();
    await store.ensureCollection(SPEC);
    requests = [];
    answers.query = {
      points: [
        { id: qdrantPointId('texas:exemption:1#0'), version: 1, score: 0.91, payload: { content: 'x', metadata: { chunkId: 'texas:exemption:1#0', recordId: 'texas:exemption:1', type: 'exemption', jurisdiction: 'texas', category: 'personal_privacy', contentHash: 'h' } } },
      ],
    };
    const hits = await store.search([0.5, 0.5, 0, 0], 7, { jurisdictions: ['texas', 'federal'], types: ['exemption'], categories: ['personal_privacy'] });
    expect(calls()).toEqual(['POST /collections/law_chunks/points/query']);
    expect(requests[0]!.body).toMatchObject({
      query: [0.5, 0.5, 0, 0],
      limit: 7,
      with_vector: false,
      filter: {
        must: [
          { key: 'metadata.jurisdiction', match: { any: ['texas', 'federal'] } },
          { key: 'metadata.type', match: { any: ['exemption'] } },
          { key: 'metadata.category', match: { any: ['personal_privacy'] } },
        ],
      },
    });
    expect(hits).toEqual([
      { id: 'texas:exemption:1#0', score: 0.91, payload: { recordId: 'texas:exemption:1', type: 'exemption', jurisdiction: 'texas', category: 'personal_privacy', contentHash: 'h' } },
    ]);

    requests = [];
    await store.search([1, 0, 0, 0], 3, { jurisdictions: [] });
    expect(requests[0]!.body.filter).toBeUndefined();
  });

  it('deletes points by their UUIDs, waiting for the write', async () => {
    const store = makeStore();
    await store.ensureCollection(SPEC);
    requests = [];
    await store.delete(['sec:texas:552.1#0', 'sec:texas:552.2#0']);
    expect(calls()).toEqual(['POST /collections/law_chunks/points/delete']);
    expect(requests[0]!.body.points).toEqual([qdrantPointId('sec:texas:552.1#0'), qdrantPointId('sec:texas:552.2#0')]);
    expect(requests[0]!.query['wait']).toBe('true');
    requests = [];
    await store.delete([]);
    expect(requests).toEqual([]);
  });

  it('reads content hashes by point id and counts with a filter', async () => {
    const store = makeStore();
    await store.ensureCollection(SPEC);
    requests = [];
    answers.points = [{ id: qdrantPointId('a#0'), payload: { metadata: { chunkId: 'a#0', contentHash: 'ha' } } }];
    const hashes = await store.contentHashes(['a#0', 'b#0']);
    expect([...hashes]).toEqual([['a#0', 'ha']]);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/collections/law_chunks/points',
      body: { ids: [qdrantPointId('a#0'), qdrantPointId('b#0')], with_payload: ['metadata.chunkId', 'metadata.contentHash'], with_vector: false },
    });

    requests = [];
    answers.count = 42;
    expect(await store.count({ types: ['right'] })).toBe(42);
    expect(requests[0]!.body).toEqual({ exact: true, filter: { must: [{ key: 'metadata.type', match: { any: ['right'] } }] } });
  });

  it('refuses vectors of the wrong dimension before sending anything', async () => {
    const store = makeStore();
    await store.ensureCollection(SPEC);
    requests = [];
    await expect(store.upsert([{ ...point(1), vector: [1, 2] }])).rejects.toThrow(/dimension/);
    expect(requests).toEqual([]);
  });
});
