/**
 * `client.vectors` against the real API and a Temporal worker: a collection created, listed and
 * deleted; items upserted by text and by vector, queried with a metadata filter, read and
 * deleted; a stored text object indexed through the workflow and waited for; the collection
 * searched beside the law; and isolation (another user's client gets `NotFoundError`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, ConflictError, NotFoundError, ScopeError, ValidationError, type SunlightClient } from '../src/index.js';
import { pathsOf, sdkAs, type Sent } from './harness.js';
import { startWorkerHarness, type WorkerHarness } from './worker-harness.js';

const SCOPES = 'read:vectors write:vectors read:storage write:storage read:transparency';

let harness: WorkerHarness;
let alice: SunlightClient;
let sent: Sent[];
let bob: SunlightClient;

beforeAll(async () => {
  harness = await startWorkerHarness('sdk-vectors');
  ({ client: alice, sent } = await sdkAs(harness.t, 'sdk-vectors-alice', SCOPES));
  bob = (await sdkAs(harness.t, 'sdk-vectors-bob', SCOPES)).client;
}, 120_000);
afterAll(async () => {
  await harness?.close();
});

describe('client.vectors', () => {
  it('creates collections, upserts by text and by vector, queries with a filter, gets and deletes items', async () => {
    const notes = await alice.vectors.collections.create({ name: 'Agency letters', description: 'March response' });
    expect(notes).toMatchObject({ name: 'Agency letters', embedding: 'server', dimension: 384, item_count: 0 });
    const own = await alice.vectors.collections.create({ name: 'My vectors', model: { dimension: 3 } });
    expect(own).toMatchObject({ embedding: 'vectors', dimension: 3 });
    expect((await collect(alice.vectors.collections.listAll({ limit: 1 }))).map((c) => c.name)).toEqual(['My vectors', 'Agency letters']);

    const upserted = await alice.vectors.items.upsert(notes.id, [
      { id: 'fees', text: 'The clerk estimated copying fees of two hundred dollars.', metadata: { office: 'clerk', year: 2025 } },
      { id: 'trees', text: 'The parks department planted oak trees by the river.', metadata: { office: 'parks', year: 2025 } },
    ]);
    expect(upserted.data).toEqual([{ id: 'fees', chunk_count: 1 }, { id: 'trees', chunk_count: 1 }]);
    const filtered = await alice.vectors.query(notes.id, { text: 'copying fees', filter: { office: 'parks' }, limit: 5 });
    expect(filtered.data.map((h) => h.id)).toEqual(['trees']);
    const best = await alice.vectors.query(notes.id, { text: 'how much do copies cost', limit: 1 });
    expect(best.data[0]).toMatchObject({ id: 'fees', metadata: { office: 'clerk', year: 2025 }, text: expect.stringContaining('copying fees') });

    await alice.vectors.items.upsert(own.id, [{ id: 'x', vector: [1, 0, 0], metadata: { axis: 'x' } }, { id: 'y', vector: [0, 1, 0] }]);
    const near = await alice.vectors.query(own.id, { vector: [0.9, 0.1, 0], limit: 2 });
    expect(near.data.map((h) => h.id)).toEqual(['x', 'y']);
    expect(near.data[0]!.score).toBeGreaterThan(near.data[1]!.score);
    await expect(alice.vectors.items.upsert(own.id, [{ vector: [1, 2] }])).rejects.toBeInstanceOf(ValidationError);

    expect(await alice.vectors.items.get(own.id, 'x')).toMatchObject({ id: 'x', metadata: { axis: 'x' }, chunk_count: 1, source: null });
    await alice.vectors.items.delete(own.id, 'x');
    await expect(alice.vectors.items.get(own.id, 'x')).rejects.toBeInstanceOf(NotFoundError);
    expect((await alice.vectors.collections.get(own.id)).item_count).toBe(1);

    // Searched beside the law: the collection's hits come apart, each naming its source.
    const search = await alice.search({ query: 'copying fees', limit: 3, collections: [notes.id] });
    expect(search.data.every((h) => h.source.kind === 'law')).toBe(true);
    expect(search.collection_hits?.[0]).toMatchObject({ id: 'fees', source: { kind: 'collection', collection_id: notes.id, item_id: 'fees' } });

    await alice.vectors.collections.delete(own.id);
    await expect(alice.vectors.collections.get(own.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(pathsOf(harness.t, sent)).toContain(`DELETE /api/vectors/collections/${own.id}`);
  });

  it('indexes a stored text object through the workflow and waits for the run', async () => {
    const c = await alice.vectors.collections.create({ name: 'Indexed notes' });
    await alice.storage.put('vectors/notes.md', '# Retention\n\nDispatch audio is kept for two years. Emails are kept for five years.', { contentType: 'text/markdown' });
    const started = await alice.vectors.index(c.id, 'vectors/notes.md');
    expect(started).toMatchObject({ status: 'queued', object_key: 'vectors/notes.md', collection_id: c.id });
    const steps: string[] = [];
    const run = await alice.vectors.wait(started, { intervalMs: 100, timeoutMs: 60_000, onProgress: (r) => steps.push(r.progress.step) });
    expect(run).toMatchObject({ status: 'completed', progress: { step: 'done', pages: 1, chunks_embedded: 1 } });
    expect(steps.length).toBeGreaterThan(0);
    expect((await alice.vectors.indexRun(c.id, run.id)).status).toBe('completed');
    await expect(alice.vectors.cancelIndexRun(c.id, run.id)).rejects.toBeInstanceOf(ConflictError);
    const hit = (await alice.vectors.query(c.id, { text: 'dispatch audio retention', limit: 1 })).data[0];
    expect(hit).toMatchObject({ id: 'vectors/notes.md#p1', metadata: { object_key: 'vectors/notes.md', page: 1 } });
    expect(await alice.vectors.items.get(c.id, 'vectors/notes.md#p1')).toMatchObject({ source: { object_key: 'vectors/notes.md', page: 1 } });
  }, 90_000);

  it("gives another user's client NotFoundError on every method, and refuses the admin view without admin:vectors", async () => {
    const c = await alice.vectors.collections.create({ name: 'Private' });
    await alice.vectors.items.upsert(c.id, [{ id: 'secret', text: 'The informant list is in the blue binder.' }]);
    const attempts: Array<() => Promise<unknown>> = [
      () => bob.vectors.collections.get(c.id),
      () => bob.vectors.collections.delete(c.id),
      () => bob.vectors.items.upsert(c.id, [{ text: 'bob writes' }]),
      () => bob.vectors.items.get(c.id, 'secret'),
      () => bob.vectors.items.delete(c.id, 'secret'),
      () => bob.vectors.query(c.id, { text: 'informant' }),
      () => bob.vectors.index(c.id, 'vectors/notes.md'),
      () => bob.search({ query: 'informant', collections: [c.id] }),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toBeInstanceOf(NotFoundError);
    expect((await bob.vectors.collections.list()).total).toBe(0);
    expect((await alice.vectors.items.get(c.id, 'secret')).id).toBe('secret');
    await expect(alice.vectors.adminOverview()).rejects.toBeInstanceOf(ScopeError);
    const admin = (await sdkAs(harness.t, 'sdk-vectors-admin', 'admin:vectors')).client;
    const overview = await admin.vectors.adminOverview();
    expect(overview.collections.some((x) => x.id === c.id && x.owner === 'sdk-vectors-alice')).toBe(true);
  });
});
