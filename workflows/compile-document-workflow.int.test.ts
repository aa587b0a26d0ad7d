import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPgConversationStore } from '../core/chat/conversation-store.js';
import { createTemporalClient, type TemporalClientHandle } from '../core/temporal/temporal-client.js';
import { ownTaskQueue, startCompileWorker, type RunningWorker } from '../test/support/compile-worker.js';
import { seedLawDatabase } from '../test/support/seed-law-database.js';
import { startTestApi, type TestApi } from '../test/support/test-api.js';
import { createTestDatabase, type TestDatabase } from '../test/support/test-database.js';
import { createRequest } from '../api/routes/foia/testing/foia-api-helpers.js';
import { compileWorkflowId } from './compile-document-contracts.js';

const SCOPES = 'compile:documents read:storage write:foia read:foia';

let database: TestDatabase;
let dataDir: string;
let t: TestApi;
let temporal: TemporalClientHandle;
let worker: RunningWorker;
let alice: string;
let bob: string;
/** While set, gathering a comparison waits for it: a compilation that stays running, to cancel. */
let hold: Promise<void> | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedLawDatabase(database.db);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-compile-'));
  t = await startTestApi({ database, env: { DATA_DIR: dataDir, TEMPORAL_TASK_QUEUE: ownTaskQueue('compile') } });
  temporal = createTemporalClient({ address: inject('temporalAddress'), namespace: 'default' });
  worker = await startCompileWorker(t, {
    linkBase: 'https://sunlight.test',
    adjust: (deps) => ({
      ...deps,
      transparency: {
        ...deps.transparency,
        compareFields: async (...args: Parameters<typeof deps.transparency.compareFields>) => {
          if (hold) await hold;
          return deps.transparency.compareFields(...args);
        },
      },
    }),
  });
  alice = await t.token({ sub: 'alice', scope: SCOPES });
  bob = await t.token({ sub: 'bob', scope: SCOPES });
});
afterAll(async () => {
  await worker?.close();
  await temporal?.connection.close();
  await t?.close();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Compilation {
  id: string;
  status: string;
  progress: { done: number; total: number; step: string };
  outputs: Array<{ format: string; key: string; size: number; sha256: string }>;
  part_failures: Array<{ index: number; kind: string; reason: string }>;
  fingerprint: string | null;
  error: string | null;
  links: { self: string; outputs: Record<string, string> };
}

async function compile(body: unknown, init: { token?: string; key?: string } = {}): Promise<Response> {
  return t.request('/api/documents/compile', { method: 'POST', token: init.token ?? alice, json: body, headers: init.key ? { 'idempotency-key': init.key } : {} });
}

async function finished(id: string, token = alice): Promise<Compilation> {
  for (let i = 0; i < 300; i++) {
    const c = (await (await t.request(`/api/documents/compile/${id}`, { token })).json()) as Compilation;
    if (!['queued', 'running'].includes(c.status)) return c;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`compilation ${id} did not finish`);
}

async function output(c: Compilation, format: string): Promise<Buffer> {
  const res = await t.request(c.links.outputs[format]!, { token: alice });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const PACKET = {
  title: 'Texas: deadlines and the Attorney General',
  formats: ['pdf', 'markdown', 'html'],
  parts: [
    { kind: 'jurisdiction_profile', jurisdiction: 'texas' },
    { kind: 'comparison', fields: ['initial_deadline', 'fee_waiver'], jurisdictions: 'all' },
    { kind: 'statute', citation: "Tex. Gov't Code § 552.301" },
    { kind: 'search', query: 'attorney general decision', filters: { jurisdictions: ['texas'] }, limit: 5 },
  ],
};

describe('document compilation on a real Temporal server', () => {
  it('compiles a packet: outputs in the caller’s storage, citations linked, a PDF that opens with its text', async () => {
    const conversation = await createPgConversationStore(database.db).asUser('alice', async (tx) => {
      const c = await tx.createConversation('Texas rulings');
      await tx.addMessage({ conversationId: c.id, role: 'user', mode: 'answer', status: 'complete', content: 'When must a Texas body ask for a ruling?' });
      await tx.addMessage({
        conversationId: c.id,
        role: 'assistant',
        mode: 'answer',
        status: 'complete',
        content: 'Within ten business days of the request [1].',
        citations: [{ id: 'x-section', citation: "Tex. Gov't Code § 552.301(b)", jurisdiction: 'texas', quote: 'not later than the tenth business day' }],
      });
      return c;
    });
    const request = (await createRequest(t, alice, { jurisdiction: 'texas', subject: 'Use-of-force reports' })) as { id: string };
    const res = await compile({ ...PACKET, parts: [...PACKET.parts, { kind: 'conversation', id: conversation.id }, { kind: 'foia_request', id: request.id }] });
    expect(res.status).toBe(202);
    const started = (await res.json()) as Compilation;
    expect(started).toMatchObject({ status: 'queued', progress: { done: 0, total: 6 } });
    expect(res.headers.get('location')).toBe(`/api/documents/compile/${started.id}`);

    const done = await finished(started.id);
    expect(done).toMatchObject({ status: 'completed', progress: { done: 6, total: 6 }, part_failures: [], error: null });
    expect(done.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(done.outputs.map((o) => o.format)).toEqual(['pdf', 'markdown', 'html']);
    for (const o of done.outputs) expect(o.key).toMatch(new RegExp(`^packets/${started.id}/texas-deadlines-and-the-attorney-general\\.(pdf|md|html)$`));

    const markdown = (await output(done, 'markdown')).toString('utf8');
    expect(markdown).toContain('Texas: deadlines and the Attorney General');
    expect(markdown).toContain(done.fingerprint!);
    expect(markdown).toContain("Tex. Gov't Code § 552.301");
    expect(markdown).toMatch(/https:\/\/sunlight\.test\/api\/v1\/documents\/[^)\s]+/);
    expect(markdown).toContain('Use-of-force reports');
    expect(markdown).toContain('not later than the tenth business day');
    expect(markdown).toMatch(/statute text/i);

    const html = (await output(done, 'html')).toString('utf8');
    expect(html).toMatch(/^<!doctype html>/i);
    const htmlRes = await t.request(done.links.outputs['html']!, { token: alice });
    expect(htmlRes.headers.get('content-disposition')).toBe('attachment');

    const pdfFile = path.join(dataDir, 'packet.pdf');
    fs.writeFileSync(pdfFile, await output(done, 'pdf'));
    const info = execFileSync('pdfinfo', [pdfFile], { encoding: 'utf8' });
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBeGreaterThanOrEqual(3);
    const text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    expect(text).toContain('Texas: deadlines and the Attorney General');
    expect(text).toContain("Tex. Gov't Code § 552.301");
    expect(text).toMatch(/Sources/);
  });

  it('gives the same Markdown, byte for byte, and the same fingerprint for the same inputs', async () => {
    const body = { ...PACKET, formats: ['markdown'] };
    const a = await finished(((await (await compile(body)).json()) as Compilation).id);
    const b = await finished(((await (await compile(body)).json()) as Compilation).id);
    expect(a.id).not.toBe(b.id);
    expect(b.fingerprint).toBe(a.fingerprint);
    expect(b.outputs[0]!.sha256).toBe(a.outputs[0]!.sha256);
  });

  it('reports a part that fails with its reason, in the result and in the packet, and compiles the rest', async () => {
    const c = await finished(
      ((await (await compile({ title: 'One bad citation', formats: ['markdown'], parts: [{ kind: 'statute', citation: "Tex. Gov't Code § 999.999" }, { kind: 'jurisdiction_profile', jurisdiction: 'texas' }] })).json()) as Compilation).id,
    );
    expect(c.status).toBe('completed');
    expect(c.part_failures).toEqual([{ index: 1, kind: 'statute', reason: expect.stringContaining('999.999') }]);
    const markdown = (await output(c, 'markdown')).toString('utf8');
    expect(markdown).toContain('could not be compiled');
    expect(markdown).toContain('999.999');
    expect(markdown).toContain('Texas Public Information Act');
  });

  it('fails, with every reason, when no part can be compiled', async () => {
    const c = await finished(
      ((await (await compile({ title: 'Nothing', formats: ['pdf'], parts: [{ kind: 'conversation', id: '00000000-0000-4000-8000-000000000000' }, { kind: 'foia_request', id: '00000000-0000-4000-8000-000000000001' }] })).json()) as Compilation).id,
    );
    expect(c.status).toBe('failed');
    expect(c.outputs).toEqual([]);
    expect(c.error).toMatch(/part 1: .*not found.*part 2: /i);
  });

  it('cancels a running compilation: recorded at once, the workflow cancelled, no outputs', async () => {
    let release!: () => void;
    hold = new Promise<void>((r) => (release = r));
    try {
      const started = (await (await compile({ title: 'To cancel', formats: ['pdf'], parts: [{ kind: 'comparison', fields: ['initial_deadline'], jurisdictions: 'all' }] })).json()) as Compilation;
      await expect.poll(async () => ((await (await t.request(`/api/documents/compile/${started.id}`, { token: alice })).json()) as Compilation).status, { timeout: 20_000 }).toBe('running');
      const cancelled = await t.request(`/api/documents/compile/${started.id}/cancel`, { method: 'POST', token: alice });
      expect(cancelled.status).toBe(200);
      expect(await cancelled.json()).toMatchObject({ status: 'cancelled', outputs: [] });
      const handle = temporal.client.workflow.getHandle(compileWorkflowId(started.id));
      await expect.poll(async () => (await handle.describe()).status.name, { timeout: 20_000 }).toBe('CANCELLED');
      expect((await t.request(`/api/documents/compile/${started.id}/cancel`, { method: 'POST', token: alice })).status).toBe(409);
      release();
      expect(await finished(started.id)).toMatchObject({ status: 'cancelled', outputs: [] });
    } finally {
      hold = null;
      release();
    }
  });

  it('returns the same compilation for a retried Idempotency-Key, and 409 for the key with another body', async () => {
    const body = { title: 'Idempotent', formats: ['markdown'], parts: [{ kind: 'jurisdiction_profile', jurisdiction: 'washington' }] };
    const first = await compile(body, { key: 'retry-me-1' });
    const second = await compile(body, { key: 'retry-me-1' });
    expect(first.status).toBe(202);
    expect(second.status).toBe(200);
    const id = ((await first.json()) as Compilation).id;
    expect(((await second.json()) as Compilation).id).toBe(id);
    const other = await compile({ ...body, title: 'Another' }, { key: 'retry-me-1' });
    expect(other.status).toBe(409);
    // Another user's key space is their own.
    expect((await compile(body, { key: 'retry-me-1', token: bob })).status).toBe(202);
    await finished(id);
  });

  it('refuses bad requests with the field named, and keeps compilations to their owner', async () => {
    const unknown = await compile({ title: 'x', parts: [{ kind: 'jurisdiction_profile', jurisdiction: 'atlantis' }] });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.metadata.issues[0].path).toBe('body.parts.0.jurisdiction');
    expect((await compile({ title: 'x', parts: [{ kind: 'comparison', fields: ['shoe_size'], jurisdictions: 'all' }] })).status).toBe(400);
    expect((await compile({ title: 'x', parts: [] })).status).toBe(400);
    expect((await compile({ title: 'x', formats: ['docx'], parts: [{ kind: 'jurisdiction_profile', jurisdiction: 'texas' }] })).status).toBe(400);
    expect((await compile({ title: 'x', parts: [{ kind: 'jurisdiction_profile', jurisdiction: 'texas' }] }, { key: 'bad key with spaces' })).status).toBe(400);

    const mine = (await (await compile({ title: 'Mine', formats: ['markdown'], parts: [{ kind: 'jurisdiction_profile', jurisdiction: 'texas' }] })).json()) as Compilation;
    expect((await t.request(`/api/documents/compile/${mine.id}`, { token: bob })).status).toBe(404);
    expect((await t.request(`/api/documents/compile/${mine.id}/cancel`, { method: 'POST', token: bob })).status).toBe(404);
    const done = await finished(mine.id);
    expect((await t.request(done.links.outputs['markdown']!, { token: bob })).status).toBe(404);

    const list = await (await t.request('/api/documents/compile?limit=2', { token: alice })).json();
    expect(list.data).toHaveLength(2);
    expect(list.data[0].id).toBe(mine.id);
    expect(list.next_cursor).toEqual(expect.any(String));
    const next = await (await t.request(`/api/documents/compile?limit=2&cursor=${list.next_cursor}`, { token: alice })).json();
    expect(next.data.map((c: Compilation) => c.id)).not.toContain(mine.id);
  });
});
