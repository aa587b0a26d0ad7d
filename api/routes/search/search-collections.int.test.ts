import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJson, startSeededApi, type SeededApi } from '../../../test/support/seeded-api.js';
import type { TestApi } from '../../../test/support/test-api.js';

const SCOPES = 'read:transparency read:vectors write:vectors';

let seeded: SeededApi;
let t: TestApi;
let alice: string;
let bob: string;
let emails: string;
let ownVectors: string;

beforeAll(async () => {
  seeded = await startSeededApi({ ownVectorIndex: true });
  t = seeded.t;
  alice = await t.token({ sub: 'alice', scope: SCOPES });
  bob = await t.token({ sub: 'bob', scope: SCOPES });
  emails = (await requestJson(t, '/api/vectors/collections', { method: 'POST', token: alice, json: { name: 'Agency emails' } })).body.id;
  ownVectors = (await requestJson(t, '/api/vectors/collections', { method: 'POST', token: alice, json: { name: 'Mine', model: { dimension: 3 } } })).body.id;
  const items = [
    { id: 'fee-letter', text: 'The agency estimated copying fees of 200 dollars and asked for a deposit before releasing the records.', metadata: { from: 'clerk' } },
    { id: 'parks', text: 'The parks department planted forty oak trees along the river trail this spring.', metadata: { from: 'parks' } },
  ];
  expect((await requestJson(t, `/api/vectors/collections/${emails}/items`, { method: 'POST', token: alice, json: { items } })).status).toBe(200);
});
afterAll(async () => {
  await seeded?.close();
});

const search = (json: unknown, as = alice) => requestJson(t, '/api/v1/search', { method: 'POST', token: as, json });

describe('POST /api/v1/search with collections', () => {
  it("puts the caller's collection hits beside the law's, each saying where it comes from", async () => {
    const { status, body } = await search({ query: 'copying fees deposit', limit: 5, collections: [emails] });
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    for (const hit of body.data) expect(hit.source).toEqual({ kind: 'law' });
    expect(body.collection_hits).toHaveLength(2);
    expect(body.collection_hits[0]).toEqual({
      id: 'fee-letter',
      text: expect.stringContaining('copying fees'),
      metadata: { from: 'clerk' },
      score: expect.any(Number),
      chunk: 0,
      source: { kind: 'collection', collection_id: emails, collection_name: 'Agency emails', item_id: 'fee-letter' },
    });
    expect(body.collection_hits[0].score).toBeGreaterThan(body.collection_hits[1].score);

    // Pages after the first carry the law's next hits only.
    if (body.next_cursor) {
      const next = await search({ query: 'copying fees deposit', limit: 5, collections: [emails], cursor: body.next_cursor });
      expect(next.body.collection_hits).toEqual([]);
    }
  });

  it('leaves a search without collections as it was, with the law source on every hit', async () => {
    const plain = await search({ query: 'copying fees deposit', limit: 5 });
    const withCollections = await search({ query: 'copying fees deposit', limit: 5, collections: [emails] });
    expect(plain.status).toBe(200);
    expect(plain.body).not.toHaveProperty('collection_hits');
    expect(Object.keys(plain.body).sort()).toEqual(['data', 'interpreted', 'next_cursor', 'total']);
    for (const hit of plain.body.data) expect(Object.keys(hit).sort()).toEqual(['citation', 'components', 'id', 'jurisdiction', 'score', 'snippet', 'source', 'title', 'type']);
    const { collection_hits: _hits, ...lawSide } = withCollections.body;
    expect(lawSide).toEqual(plain.body);
  });

  it("refuses another user's, unknown and own-vector collections, and a token without read:vectors", async () => {
    const other = await search({ query: 'fees', collections: [emails] }, bob);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('NOT_FOUND');
    expect((await search({ query: 'fees', collections: ['00000000-0000-4000-8000-000000000000'] })).status).toBe(404);
    expect((await search({ query: 'fees', collections: ['not-a-uuid'] })).status).toBe(404);
    const own = await search({ query: 'fees', collections: [ownVectors] });
    expect(own.status).toBe(400);
    expect(own.body.error.metadata.issues[0].path).toBe('body.collections');
    const empty = await search({ query: 'fees', collections: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.metadata.issues[0].path).toBe('body.collections');
    const lawOnly = await t.token({ sub: 'alice', scope: 'read:transparency' });
    const scoped = await search({ query: 'fees', collections: [emails] }, lawOnly);
    expect(scoped.status).toBe(403);
    expect(scoped.body.error.metadata.required_scope).toBe('read:vectors');
    expect((await search({ query: 'fees' }, lawOnly)).status).toBe(200);
  });
});
