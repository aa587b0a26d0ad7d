/**
 * Research packets through the SDK against the real API and a real compilation worker (on a
 * Temporal task queue of this file's own, writing into the API's object storage): compile,
 * wait with progress, download the outputs (ranges, ETags), idempotency keys, cancellation,
 * timeouts and aborts of `wait`, lists, another user's compilations, and the README's example.
 *
 * Gathering a comparison (a jurisdiction profile or a comparison part) waits while comparisons
 * are held (`holdComparisons`): a compilation that cannot finish before the test has cancelled
 * it, or given up waiting.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../../test/support/test-api.js';
import {
  collect,
  CompilationTimeoutError,
  ConflictError,
  NotFoundError,
  OutputNotAvailableError,
  ValidationError,
  type Compilation,
  type CompileRequest,
  type SunlightClient,
} from '../src/index.js';
import { expectKeyReplayed, expectProgressReports, expectValidationIssue, expectWaitToGiveUp, pathsOf, runReadmeExample, sdkAs, type Sent } from './harness.js';
import { startWorkerHarness, type WorkerHarness } from './worker-harness.js';

const SCOPES = 'compile:documents read:storage write:storage read:foia write:foia';

let harness: WorkerHarness;
let t: TestApi;
let client: SunlightClient;
let sent: Sent[];
let bob: SunlightClient;
let token: string;

beforeAll(async () => {
  harness = await startWorkerHarness('sdk-docs');
  t = harness.t;
  ({ client, sent, token } = await sdkAs(t, 'sdk-compiler', SCOPES));
  bob = (await sdkAs(t, 'sdk-someone-else', SCOPES)).client;
});
afterAll(() => harness?.close());

const PACKET: CompileRequest = {
  title: 'Texas: deadlines and rulings',
  formats: ['markdown', 'pdf'],
  parts: [
    { kind: 'jurisdiction_profile', jurisdiction: 'texas' },
    { kind: 'statute', citation: "Tex. Gov't Code § 552.301" },
  ],
};

describe('documents.compile, wait and download', () => {
  let done: Compilation;

  it('compiles a packet, reports progress while waiting, and downloads its outputs from storage', async () => {
    const started = await client.documents.compile(PACKET);
    expect(started).toMatchObject({ title: PACKET.title, status: 'queued', progress: { done: 0, total: 2 }, outputs: [], formats: ['markdown', 'pdf'] });
    await expect(client.documents.download(started, 'markdown')).rejects.toThrow(OutputNotAvailableError);

    const seen: Compilation[] = [];
    done = await client.documents.wait(started.id, { intervalMs: 100, onProgress: (c) => seen.push(c) });
    expect(done).toMatchObject({ id: started.id, status: 'completed', progress: { done: 2, total: 2 }, part_failures: [], error: null });
    expect(done.outputs.map((o) => o.format)).toEqual(['markdown', 'pdf']);
    expectProgressReports(t, sent, `/api/documents/compile/${started.id}`, seen, done);

    const markdown = await client.documents.download(done, 'markdown');
    const output = done.outputs.find((o) => o.format === 'markdown')!;
    expect(markdown).toMatchObject({ status: 200, contentLength: output.size, sha256: output.sha256, etag: `"${output.sha256}"` });
    expect(markdown.contentType).toMatch(/^text\/markdown/);
    const text = await markdown.text();
    expect(text).toContain('Texas: deadlines and rulings');
    expect(text).toContain('§ 552.301');
    expect(text).toContain(done.fingerprint!);
    expect(pathsOf(t, sent)).toContain(`GET /api/storage/objects/${encodeURIComponent(output.key)}`);

    const pdf = await client.documents.download(done.id, 'pdf');
    const chunks: Uint8Array[] = [];
    for await (const chunk of pdf.body! as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(done.outputs.find((o) => o.format === 'pdf')!.size);
  });

  it('downloads a range, and answers 304 for a current ETag', async () => {
    const part = await client.documents.download(done, 'markdown', { range: { start: 0, end: 1 } });
    expect(part.status).toBe(206);
    expect(part.contentRange).toMatch(/^bytes 0-1\/\d+$/);
    expect(await part.text()).toBe('# ');
    const cached = await client.documents.download(done, 'markdown', { ifNoneMatch: part.etag! });
    expect(cached).toMatchObject({ status: 304, notModified: true, body: null });
  });

  it('throws OutputNotAvailableError, naming the formats, for a format not compiled', async () => {
    const err = await client.documents.download(done, 'html').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutputNotAvailableError);
    expect(err).toMatchObject({ code: 'OUTPUT_NOT_AVAILABLE', compilationId: done.id, compilationStatus: 'completed', format: 'html' });
    expect((err as Error).message).toContain('markdown, pdf');
  });

  it('lists the compilations newest first, page by page and all of them', async () => {
    const newer = await client.documents.compile({ title: 'Washington', formats: ['markdown'], parts: [{ kind: 'statute', citation: 'RCW 42.56.070', jurisdiction: 'washington' }] });
    await client.documents.wait(newer.id, { intervalMs: 100 });
    const page = await client.documents.list({ limit: 1 });
    expect(page.data.map((c) => c.id)).toEqual([newer.id]);
    expect(page.next_cursor).toEqual(expect.any(String));
    const all = await collect(client.documents.listAll({ limit: 1 }));
    expect(all.map((c) => c.id).slice(0, 2)).toEqual([newer.id, done.id]);
    expect(all).toHaveLength(page.total);
    expect((await collect(client.documents.iterate())).map((c) => c.id)).toEqual(all.map((c) => c.id));
  });
});

describe('documents.compile with an Idempotency-Key', () => {
  it('answers the same compilation for the same key, and a ConflictError for the key with another body', async () => {
    const body: CompileRequest = { title: 'Idempotent', formats: ['markdown'], parts: [{ kind: 'statute', citation: "Tex. Gov't Code § 552.301" }] };
    const key = `sdk-${Date.now()}`;
    const first = await client.documents.compile(body, { idempotencyKey: key });
    const again = await client.documents.compile(body, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expectKeyReplayed(sent, '/api/documents/compile', key);
    await expect(client.documents.compile({ ...body, title: 'Another' }, { idempotencyKey: key })).rejects.toBeInstanceOf(ConflictError);
    // Another user's keys are their own.
    expect((await bob.documents.compile(body, { idempotencyKey: key })).id).not.toBe(first.id);
    expect((await client.documents.wait(first.id, { intervalMs: 100 })).status).toBe('completed');
  });
});

describe('documents.cancel', () => {
  it('cancels a compilation before it finishes: wait answers it cancelled, with no outputs', async () => {
    const release = harness.holdComparisons();
    try {
      // Forty profiles, each waiting for its comparison: it cannot finish before the cancel.
      const parts = Array.from({ length: 40 }, () => ({ kind: 'jurisdiction_profile' as const, jurisdiction: 'texas' }));
      const started = await client.documents.compile({ title: 'To cancel', formats: ['pdf'], parts });
      const cancelled = await client.documents.cancel(started.id);
      expect(cancelled).toMatchObject({ id: started.id, status: 'cancelled', outputs: [] });
      expect(cancelled.finished_at).toEqual(expect.any(String));
      await expect(client.documents.cancel(started.id)).rejects.toBeInstanceOf(ConflictError);
      release();
      const waited = await client.documents.wait(started.id, { intervalMs: 100 });
      expect(waited).toMatchObject({ status: 'cancelled', outputs: [] });
      await expect(client.documents.download(waited, 'pdf')).rejects.toMatchObject({ name: 'OutputNotAvailableError', compilationStatus: 'cancelled' });
    } finally {
      release();
    }
  });

  it('is a ConflictError once the compilation has completed', async () => {
    const started = await client.documents.compile({ title: 'Quick', formats: ['markdown'], parts: [{ kind: 'statute', citation: "Tex. Gov't Code § 552.301" }] });
    await client.documents.wait(started.id, { intervalMs: 100 });
    await expect(client.documents.cancel(started.id)).rejects.toMatchObject({ name: 'ConflictError', status: 409 });
  });
});

describe('documents.wait: timeouts and aborts', () => {
  it('rejects with a CompilationTimeoutError carrying the last state, or with the abort reason; the compilation goes on', async () => {
    const release = harness.holdComparisons();
    try {
      const started = await client.documents.compile({ title: 'Slow', formats: ['markdown'], parts: [{ kind: 'comparison', fields: ['initial_deadline'], jurisdictions: 'all' }] });
      const err = await expectWaitToGiveUp((options) => client.documents.wait(started.id, options));
      expect(err).toBeInstanceOf(CompilationTimeoutError);
      expect(err).toMatchObject({ compilation: { id: started.id, status: expect.stringMatching(/^(queued|running)$/) } });

      release();
      expect((await client.documents.wait(started.id, { intervalMs: 100 })).status).toBe('completed');
    } finally {
      release();
    }
  });
});

describe('another user, and bad requests', () => {
  it("throws NotFoundError for another user's compilation and its outputs", async () => {
    const mine = await client.documents.compile({ title: 'Mine', formats: ['markdown'], parts: [{ kind: 'statute', citation: "Tex. Gov't Code § 552.301" }] });
    const done = await client.documents.wait(mine.id, { intervalMs: 100 });
    await expect(bob.documents.getCompilation(mine.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(bob.documents.cancel(mine.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(bob.documents.wait(mine.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(bob.documents.download(done, 'markdown')).rejects.toMatchObject({ name: 'NotFoundError', status: 404 });
    expect((await collect(bob.documents.listAll())).map((c) => c.id)).not.toContain(mine.id);
  });

  it('throws ValidationError naming the field', async () => {
    await expectValidationIssue(client.documents.compile({ title: 'x', parts: [{ kind: 'jurisdiction_profile', jurisdiction: 'atlantis' }] }), 'body.parts.0.jurisdiction');
    await expect(client.documents.compile(PACKET, { idempotencyKey: 'has spaces' })).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('the README example', () => {
  it('compile: compiles, waits with progress, writes the PDF and prints the statute line', async () => {
    const cwd = harness.tempDir('readme-');
    const out = await runReadmeExample('compile', { cwd, env: { ...process.env, SUNLIGHT_URL: t.baseUrl, SUNLIGHT_TOKEN: token } });
    expect(out).toMatch(/^compilation [0-9a-f-]{36}: queued$/m);
    expect(out).toMatch(/^ {2}completed: 2\/2 parts/m);
    expect(out).toMatch(/^texas-packet\.pdf: \d+ bytes$/m);
    expect(out).toContain('552.301');
    expect(fs.readFileSync(path.join(cwd, 'texas-packet.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
