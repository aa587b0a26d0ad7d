import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';

const SCOPES = 'read:vectors write:vectors';

let t: TestApi;
let dataDir: string;
let alice: string;
let bob: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-vectors-api-'));
  t = await startTestApi({ env: { DATA_DIR: dataDir } });
  alice = await t.token({ sub: 'alice', scope: SCOPES });
  bob = await t.token({ sub: 'bob', scope: SCOPES });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, url: string, token: string, json?: unknown): Promise<{ status: number; body: any }> {
  const res = await t.request(url, { method, token, ...(json !== undefined ? { json } : {}) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const create = (token: string, body: unknown) => call('POST', '/api/vectors/collections', token, body);

describe('vector store API: collections', () => {
  it('creates, lists, gets and deletes collections with their model and counts', async () => {
    const made = await create(alice, { name: 'Council emails', description: 'FOIA response, March' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Council emails', embedding: 'server', dimension: 384, item_count: 0, chunk_count: 0 });
    expect(made.body.model).toMatch(/MiniLM/i);
    const own = await create(alice, { name: 'My vectors', model: { dimension: 3 } });
    expect(own.body).toMatchObject({ embedding: 'vectors', model: 'own-vectors', dimension: 3 });
    expect((await create(alice, { name: 'Council emails' })).status).toBe(409);

    const list = await call('GET', '/api/vectors/collections?limit=1', alice);
    expect(list.body).toMatchObject({ total: 2, data: [{ name: 'My vectors' }] });
    const next = await call('GET', `/api/vectors/collections?limit=1&cursor=${list.body.next_cursor}`, alice);
    expect(next.body.data.map((c: { name: string }) => c.name)).toEqual(['Council emails']);
    expect((await call('GET', '/api/vectors/collections', bob)).body).toMatchObject({ total: 0, data: [] });

    expect((await call('DELETE', `/api/vectors/collections/${own.body.id}`, alice)).status).toBe(204);
    expect((await call('GET', `/api/vectors/collections/${own.body.id}`, alice)).status).toBe(404);
  });

  it('refuses bad input with a 400 in the error envelope', async () => {
    for (const body of [{}, { name: '' }, { name: 'x', model: { dimension: 0 } }, { name: 'x', model: 'openai' }, { name: 'x', extra: 1 }]) {
      const res = await create(alice, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await call('GET', '/api/vectors/collections/not-a-uuid', alice)).status).toBe(404);
    const reader = await t.token({ sub: 'alice', scope: 'read:vectors' });
    expect((await create(reader, { name: 'nope' })).status).toBe(403);
  });
});

describe('vector store API: items and queries', () => {
  it('embeds text items, chunks long ones, filters by metadata and reads items back', async () => {
    const c = (await create(alice, { name: 'Police records' })).body;
    const long = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} of the retention schedule covers dispatch logs and radio traffic.`).join(' ');
    const up = await call('POST', `/api/vectors/collections/${c.id}/items`, alice, {
      items: [
        { id: 'bodycam', text: 'Body camera footage is retained for ninety days unless flagged as evidence.', metadata: { source: 'police', year: 2024 } },
        { id: 'budget', text: 'The parks department budget grew by four percent for playground repairs.', metadata: { source: 'parks', year: 2024 } },
        { id: 'schedule', text: long, metadata: { source: 'police', year: 2023, draft: true } },
        { text: 'An item without an id gets one.' },
      ],
    });
    expect(up.status).toBe(200);
    expect(up.body.data).toHaveLength(4);
    expect(up.body.data[2]).toEqual({ id: 'schedule', chunk_count: expect.any(Number) });
    expect(up.body.data[2].chunk_count).toBeGreaterThan(1);

    const q = await call('POST', `/api/vectors/collections/${c.id}/query`, alice, { text: 'how long are body cam videos kept', limit: 2 });
    expect(q.status).toBe(200);
    expect(q.body.data[0]).toMatchObject({ id: 'bodycam', metadata: { source: 'police', year: 2024 }, chunk: 0 });
    expect(q.body.data[0].text).toContain('ninety days');
    expect(q.body.data[0].score).toBeGreaterThan(q.body.data[1].score);

    const parks = await call('POST', `/api/vectors/collections/${c.id}/query`, alice, { text: 'body camera footage', filter: { source: 'parks' } });
    expect(parks.body.data.map((h: { id: string }) => h.id)).toEqual(['budget']);
    const drafts = await call('POST', `/api/vectors/collections/${c.id}/query`, alice, { text: 'radio', filter: { source: 'police', draft: true } });
    expect(drafts.body.data.map((h: { id: string }) => h.id)).toEqual(['schedule']);

    const item = await call('GET', `/api/vectors/collections/${c.id}/items/bodycam`, alice);
    expect(item.body).toMatchObject({ id: 'bodycam', metadata: { source: 'police' }, source: null, chunk_count: 1 });
    const got = await call('GET', `/api/vectors/collections/${c.id}`, alice);
    expect(got.body.item_count).toBe(4);
    expect(got.body.chunk_count).toBe(3 + up.body.data[2].chunk_count);

    // Replacing the long item with a short one removes its extra chunks from the index.
    await call('POST', `/api/vectors/collections/${c.id}/items`, alice, { items: [{ id: 'schedule', text: 'Radio traffic is kept for one year.', metadata: { source: 'police' } }] });
    expect((await call('GET', `/api/vectors/collections/${c.id}`, alice)).body.chunk_count).toBe(4);
    expect((await call('DELETE', `/api/vectors/collections/${c.id}/items/budget`, alice)).status).toBe(204);
    expect((await call('DELETE', `/api/vectors/collections/${c.id}/items/budget`, alice)).status).toBe(404);
    const after = await call('POST', `/api/vectors/collections/${c.id}/query`, alice, { text: 'parks budget playground', limit: 10 });
    expect(after.body.data.map((h: { id: string }) => h.id)).not.toContain('budget');
    expect(after.body.data).toHaveLength(3);
  });

  it('takes vectors of the declared dimension, and refuses others with a 400', async () => {
    const c = (await create(alice, { name: 'Own vectors', model: { dimension: 3 } })).body;
    const url = `/api/vectors/collections/${c.id}`;
    expect((await call('POST', `${url}/items`, alice, { items: [{ id: 'x', vector: [1, 0, 0], text: 'shown', metadata: { k: 'a' } }, { id: 'y', vector: [0, 1, 0], metadata: { k: 'b' } }] })).status).toBe(200);
    const wrong = await call('POST', `${url}/items`, alice, { items: [{ id: 'z', vector: [1, 0] }] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.metadata.issues[0]).toMatchObject({ path: 'body.items.0.vector' });
    expect((await call('POST', `${url}/items`, alice, { items: [{ id: 'z', text: 'no vector' }] })).status).toBe(400);
    expect((await call('POST', `${url}/query`, alice, { text: 'by text' })).status).toBe(400);
    expect((await call('POST', `${url}/query`, alice, { vector: [1, 0] })).status).toBe(400);
    expect((await call('POST', `${url}/query`, alice, { text: 'a', vector: [1, 0, 0] })).status).toBe(400);
    expect((await call('POST', `${url}/query`, alice, { vector: [1, 0, 0], filter: { k: 1.5 } })).status).toBe(400);
    expect((await call('POST', `${url}/items`, alice, { items: [{ id: 'm', vector: [1, 1, 1], metadata: { nested: { a: 1 } } }] })).status).toBe(400);
    const q = await call('POST', `${url}/query`, alice, { vector: [0.9, 0.1, 0] });
    expect(q.body.data.map((h: { id: string; text: string | null }) => [h.id, h.text])).toEqual([['x', 'shown'], ['y', null]]);
    expect(q.body.data[0].score).toBeCloseTo(0.994, 2);
    expect((await call('POST', `${url}/query`, alice, { vector: [1, 0, 0], filter: { k: 'b' } })).body.data.map((h: { id: string }) => h.id)).toEqual(['y']);
  });
});

describe('vector store API: tenants', () => {
  it("answers 404 on every verb for another user's collection, and never returns another tenant's items", async () => {
    const mine = (await create(alice, { name: 'Alice private' })).body;
    await call('POST', `/api/vectors/collections/${mine.id}/items`, alice, { items: [{ id: 'secret', text: 'Alice keeps the informant list in the blue binder.' }] });
    const theirs = (await create(bob, { name: 'Bob private' })).body;
    await call('POST', `/api/vectors/collections/${theirs.id}/items`, bob, { items: [{ id: 'bob-note', text: 'Bob filed the request about the informant list.' }] });

    const url = `/api/vectors/collections/${mine.id}`;
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', url],
      ['DELETE', url],
      ['POST', `${url}/items`, { items: [{ id: 'x', text: 'bob writes' }] }],
      ['GET', `${url}/items/secret`],
      ['DELETE', `${url}/items/secret`],
      ['POST', `${url}/query`, { text: 'informant list' }],
      ['POST', `${url}/index`, { object_key: 'any.pdf' }],
      ['GET', `${url}/index/00000000-0000-4000-8000-000000000000`],
      ['POST', `${url}/index/00000000-0000-4000-8000-000000000000/cancel`],
    ];
    for (const [method, u, body] of attempts) {
      const res = await call(method, u, bob, body);
      expect([method, u, res.status]).toEqual([method, u, 404]);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    // Bob's own query of the same words finds only his item; Alice's is untouched.
    const q = await call('POST', `/api/vectors/collections/${theirs.id}/query`, bob, { text: 'informant list binder', limit: 10 });
    expect(q.body.data.map((h: { id: string }) => h.id)).toEqual(['bob-note']);
    expect((await call('GET', `${url}/items/secret`, alice)).status).toBe(200);
    // Each collection is a vector collection of its own on disk.
    expect(fs.readdirSync(path.join(dataDir, 'vector-index')).filter((d) => d.startsWith('user-')).sort()).toEqual(expect.arrayContaining([`user-${mine.id}`, `user-${theirs.id}`]));
    // Row-level security: Bob's transaction sees none of Alice's rows, even asked directly.
    const rows = await t.database.db.transaction(async (trx) => {
      await trx.raw(`SELECT set_config('role', 'sunlight_app', true), set_config('app.user_id', 'bob', true)`);
      return {
        collections: await trx('vector_collections').where({ id: mine.id }).select('id'),
        items: await trx('vector_items').where({ collection_id: mine.id }).select('item_id'),
        chunks: await trx('vector_item_chunks').where({ collection_id: mine.id }).select('item_id'),
      };
    });
    expect(rows).toEqual({ collections: [], items: [], chunks: [] });
  });
});

describe('vector store API: administrators', () => {
  it('lists every collection with its owner and size, and the law index; refuses callers without admin:vectors', async () => {
    const admin = await t.token({ sub: 'root', scope: 'admin:vectors' });
    const overview = await call('GET', '/api/admin/vectors', admin);
    expect(overview.status).toBe(200);
    expect(overview.body.law).toMatchObject({ dimension: 384, chunk_count: expect.any(Number), last_run: null });
    expect(overview.body.law.model).toMatch(/MiniLM/i);
    const owners = new Set(overview.body.collections.map((c: { owner: string }) => c.owner));
    expect(owners).toEqual(new Set(['alice', 'bob']));
    expect(overview.body.collections.find((c: { name: string }) => c.name === 'Alice private')).toMatchObject({ item_count: 1, chunk_count: 1 });
    expect((await call('GET', '/api/admin/vectors', alice)).status).toBe(403);
    expect((await call('POST', '/api/admin/vectors/rebuild', alice, {})).status).toBe(403);
    expect((await call('POST', '/api/admin/vectors/rebuild', admin, { force: 'yes' })).status).toBe(400);
  });
});
