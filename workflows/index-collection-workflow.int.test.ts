import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddings } from '../core/search/embeddings/create-embeddings.js';
import type { ModelEmbeddings } from '../core/search/embeddings/model-embeddings.js';
import { createVectorStoreProvider } from '../core/search/vector-store/create-vector-store.js';
import { makePdf } from '../core/vectors/testing/make-pdf.js';
import { createPgVectorCollectionStore } from '../core/vectors/vector-collection-store.js';
import { ownTaskQueue, startCompileWorker, type RunningWorker } from '../test/support/compile-worker.js';
import { startTestApi, type TestApi } from '../test/support/test-api.js';

const SCOPES = 'read:vectors write:vectors read:storage write:storage';

let t: TestApi;
let dataDir: string;
let worker: RunningWorker;
let alice: string;
/** While set, embedding a batch waits for it: a run that stays running, to cancel. */
let hold: Promise<void> | null = null;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-vector-index-'));
  t = await startTestApi({ env: { DATA_DIR: dataDir, TEMPORAL_TASK_QUEUE: ownTaskQueue('vectors') } });
  const real = createEmbeddings(t.config.embeddings);
  const held = Object.assign(Object.create(real) as ModelEmbeddings, {
    embedDocuments: async (texts: string[]) => {
      if (hold) await hold;
      return real.embedDocuments(texts);
    },
  });
  worker = await startCompileWorker(t, {
    collectionIndexing: { store: createPgVectorCollectionStore(t.database.db), vectors: createVectorStoreProvider(t.config, held), embeddings: held, storage: t.container.deps.storage, batchSize: 4 },
  });
  alice = await t.token({ sub: 'alice', scope: SCOPES });
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, url: string, json?: unknown): Promise<{ status: number; body: any }> {
  const res = await t.request(url, { method, token: alice, ...(json !== undefined ? { json } : {}) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function upload(key: string, bytes: Buffer, type: string): Promise<void> {
  const res = await t.request(`/api/storage/objects/${encodeURIComponent(key)}`, { method: 'PUT', token: alice, body: bytes, headers: { 'content-type': type } });
  expect([200, 201]).toContain(res.status);
}

async function finished(url: string): Promise<any> {
  for (let i = 0; i < 600; i++) {
    const run = (await call('GET', url)).body;
    if (!['queued', 'running'].includes(run.status)) return run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`run ${url} did not finish`);
}

const PAGES = [
  'Minutes of the city council. The council approved the parks budget and new playground equipment for the east side.',
  'Police department memo. Body camera footage is retained for ninety days unless it is flagged as evidence in an investigation.',
  'Letter from the records officer. Your request for emails is granted in part; personnel files are withheld as private.',
];

describe('indexing a stored object into a collection, on a real Temporal server', () => {
  it('indexes a PDF page by page, answers queries over it, and skips unchanged chunks on a re-run', async () => {
    const c = (await call('POST', '/api/vectors/collections', { name: 'Records response' })).body;
    await upload('responses/march.pdf', await makePdf(PAGES), 'application/pdf');
    const started = await call('POST', `/api/vectors/collections/${c.id}/index`, { object_key: 'responses/march.pdf' });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'queued', object_key: 'responses/march.pdf' });
    const run = await finished(started.body.links.self);
    expect(run).toMatchObject({ status: 'completed', error: null, progress: { step: 'done', pages: 3, chunks_total: 3, chunks_done: 3, chunks_embedded: 3, chunks_skipped: 0 } });

    const q = await call('POST', `/api/vectors/collections/${c.id}/query`, { text: 'how long is body cam video kept', limit: 1 });
    expect(q.body.data[0]).toMatchObject({ id: 'responses/march.pdf#p2', metadata: { object_key: 'responses/march.pdf', page: 2 } });
    expect(q.body.data[0].text).toContain('ninety days');
    const item = await call('GET', `/api/vectors/collections/${c.id}/items/${encodeURIComponent('responses/march.pdf#p3')}`);
    expect(item.body).toMatchObject({ source: { object_key: 'responses/march.pdf', page: 3 }, chunk_count: 1 });

    // The same object again: nothing to embed. Then one page changed: only it is embedded.
    const again = await finished((await call('POST', `/api/vectors/collections/${c.id}/index`, { object_key: 'responses/march.pdf' })).body.links.self);
    expect(again.progress).toMatchObject({ chunks_total: 3, chunks_embedded: 0, chunks_skipped: 3 });
    await upload('responses/march.pdf', await makePdf([PAGES[0]!, 'Police memo, revised. Footage is now kept for one hundred and eighty days.']), 'application/pdf');
    const changed = await finished((await call('POST', `/api/vectors/collections/${c.id}/index`, { object_key: 'responses/march.pdf' })).body.links.self);
    expect(changed.progress).toMatchObject({ pages: 2, chunks_total: 2, chunks_embedded: 1, chunks_skipped: 1 });
    expect((await call('GET', `/api/vectors/collections/${c.id}`)).body).toMatchObject({ item_count: 2, chunk_count: 2 });
    const gone = await call('POST', `/api/vectors/collections/${c.id}/query`, { text: 'personnel files withheld', limit: 5 });
    expect(gone.body.data.map((h: { id: string }) => h.id).sort()).toEqual(['responses/march.pdf#p1', 'responses/march.pdf#p2']);
  });

  it('indexes Markdown and HTML; refuses missing objects and other types with a 400', async () => {
    const c = (await call('POST', '/api/vectors/collections', { name: 'Text documents' })).body;
    await upload('notes.md', Buffer.from('# Retention\n\nDispatch audio is kept for two years.\n\nEmails are kept for five years.'), 'text/markdown');
    const run = await finished((await call('POST', `/api/vectors/collections/${c.id}/index`, { object_key: 'notes.md' })).body.links.self);
    expect(run).toMatchObject({ status: 'completed', progress: { pages: 1, chunks_embedded: 1 } });
    const q = await call('POST', `/api/vectors/collections/${c.id}/query`, { text: 'dispatch audio' });
    expect(q.body.data[0].text).toContain('Dispatch audio is kept for two years.');

    const missing = await call('POST', `/api/vectors/collections/${c.id}/index`, { object_key: 'nope.pdf' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.metadata.issues[0].path).toBe('body.object_key');
    await upload('data.json', Buffer.from('{"a":1}'), 'application/json');
    expect((await call('POST', `/api/vectors/collections/${c.id}/index`, { object_key: 'data.json' })).status).toBe(400);
  });

  it('cancels a run between batches, refuses writes while it runs, and a re-run finishes the work', async () => {
    const c = (await call('POST', '/api/vectors/collections', { name: 'Big response' })).body;
    const pages = Array.from({ length: 12 }, (_, i) => `Page ${i + 1}. ${PAGES[i % 3]}`);
    await upload('big.pdf', await makePdf(pages), 'application/pdf');
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    const started = (await call('POST', `/api/vectors/collections/${c.id}/index`, { object_key: 'big.pdf' })).body;
    for (let i = 0; i < 100 && (await call('GET', started.links.self)).body.progress.step !== 'embedding'; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await call('POST', `/api/vectors/collections/${c.id}/index`, { object_key: 'big.pdf' })).status).toBe(409);
    expect((await call('POST', `/api/vectors/collections/${c.id}/items`, { items: [{ text: 'x' }] })).status).toBe(409);
    const cancelling = await call('POST', started.links.cancel);
    expect(cancelling.status).toBe(202);
    hold = null;
    release();
    const run = await finished(started.links.self);
    expect(run.status).toBe('cancelled');
    expect(run.progress.chunks_embedded).toBeLessThan(12);
    expect((await call('POST', started.links.cancel)).status).toBe(409);

    const rerun = await finished((await call('POST', `/api/vectors/collections/${c.id}/index`, { object_key: 'big.pdf' })).body.links.self);
    expect(rerun.status).toBe('completed');
    expect(rerun.progress.chunks_skipped).toBe(run.progress.chunks_embedded);
    expect(rerun.progress.chunks_embedded + rerun.progress.chunks_skipped).toBe(12);
  });
});
