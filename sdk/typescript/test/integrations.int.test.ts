/**
 * Integration workflow runs through the SDK against the real API, a real Temporal worker (on a
 * task queue of this file's own, writing into the API's object storage) and a real webhook
 * delivery queue on Redis (with a prefix of its own): the catalogue, start with an
 * Idempotency-Key, wait with progress, lists with filters, a webhook received on loopback and
 * verified with `verifyWebhookSignature`, the delivery log, cancel, `wait` timeouts and aborts,
 * another client's runs, bad requests, and the README's example.
 *
 * Gathering a comparison (a `compile` run's jurisdiction profile) waits while comparisons are
 * held (`holdComparisons`): a run that cannot finish before the test has cancelled it, or given
 * up waiting.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientWebhookSecret } from '../../../core/integrations/webhook-signature.js';
import type { TestApi } from '../../../test/support/test-api.js';
import {
  collect,
  ConflictError,
  NotFoundError,
  ValidationError,
  verifyWebhookSignature,
  WorkflowTimeoutError,
  type StartWorkflowRequest,
  type SunlightClient,
  type WebhookEvent,
  type WorkflowRun,
} from '../src/index.js';
import { expectKeyReplayed, expectProgressReports, expectValidationIssue, expectWaitToGiveUp, runReadmeExample, sdkAs, type Sent } from './harness.js';
import { startWorkerHarness, type WorkerHarness } from './worker-harness.js';

const SCOPES = 'execute:workflows read:storage write:storage read:foia write:foia';
const CLIENT = 'sdk-integrator';

let harness: WorkerHarness;
let t: TestApi;
let client: SunlightClient;
let sent: Sent[];
let bob: SunlightClient;
let token: string;
let receiver: http.Server;
let receiverUrl: string;
/** What the loopback receiver was sent: the raw body and its signature header. */
const received: Array<{ status: number; signature: string | undefined; body: Buffer }> = [];
/** The receiver answers 500 to this many deliveries first. */
let failFirst = 0;

beforeAll(async () => {
  harness = await startWorkerHarness('sdk-integrations', { webhooks: true });
  t = harness.t;

  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = failFirst > 0 ? 500 : 200;
      if (failFirst > 0) failFirst--;
      received.push({ status, signature: req.headers['sunlight-signature'] as string | undefined, body: Buffer.concat(chunks) });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  ({ client, sent, token } = await sdkAs(t, CLIENT, SCOPES));
  bob = (await sdkAs(t, 'sdk-other-integrator', SCOPES)).client;
}, 180_000);

afterAll(async () => {
  await harness?.close();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
});

const EXPORT: StartWorkflowRequest = { type: 'export', input: { formats: ['csv', 'json'], jurisdictions: ['texas'] } };
/** A compile run that gathers comparisons: held while `holdComparisons` holds them. */
const HELD_COMPILE: StartWorkflowRequest = { type: 'compile', input: { title: 'Held', formats: ['markdown'], parts: [{ kind: 'jurisdiction_profile', jurisdiction: 'texas' }] } };

describe('integrations.types', () => {
  it('lists every workflow type with the JSON Schema of its input and result', async () => {
    const { data } = await client.integrations.types();
    expect(data.map((d) => d.type)).toEqual(['reingest', 'compile', 'research', 'export', 'foia-digest']);
    const exporting = data.find((d) => d.type === 'export')!;
    expect(exporting.description).toMatch(/CSV/);
    expect(exporting.input_schema).toMatchObject({ type: 'object', properties: { formats: { type: 'array' } } });
    expect(exporting.output_schema).toMatchObject({ properties: { files: { type: 'array' } } });
  });
});

describe('integrations.start, wait, list', () => {
  let exported: WorkflowRun;

  it('starts an export with an Idempotency-Key (the same run on a retry, a ConflictError for another body), and waits with progress', async () => {
    const key = `sdk-export-${Date.now()}`;
    const started = await client.integrations.start(EXPORT, { idempotencyKey: key });
    expect(started).toMatchObject({ type: 'export', status: 'queued', input: { formats: ['csv', 'json'], jurisdictions: ['texas'] }, webhook: null, result: null, error: null });
    expect(started.links.self).toBe(`/api/integrations/workflows/${started.id}`);
    const again = await client.integrations.start(EXPORT, { idempotencyKey: key });
    expect(again.id).toBe(started.id);
    expectKeyReplayed(sent, '/api/integrations/workflows', key);
    const conflict = await client.integrations.start({ type: 'export', input: { formats: ['json'], jurisdictions: ['texas'] } }, { idempotencyKey: key }).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(conflict).toMatchObject({ status: 409 });
    // Another client's keys are their own.
    expect((await bob.integrations.start(EXPORT, { idempotencyKey: key })).id).not.toBe(started.id);

    const seen: WorkflowRun[] = [];
    exported = await client.integrations.wait(started.id, { intervalMs: 50, onProgress: (r) => seen.push(r) });
    expect(exported).toMatchObject({ id: started.id, status: 'completed', error: null });
    expect(exported.finished_at).toEqual(expect.any(String));
    expect(exported.duration_ms).toEqual(expect.any(Number));
    expectProgressReports(t, sent, `/api/integrations/workflows/${started.id}`, seen, exported);

    // The result names the files it stored among the client's objects.
    const files = exported.result!['files'] as Array<{ table: string; format: string; key: string; rows: number }>;
    expect(files.map((f) => `${f.table}.${f.format}`)).toContain('jurisdictions.csv');
    const jurisdictions = files.find((f) => f.table === 'jurisdictions' && f.format === 'csv')!;
    expect(jurisdictions).toMatchObject({ key: `exports/${started.id}/jurisdictions.csv`, rows: 1 });
    const csv = await (await client.storage.get(jurisdictions.key)).text();
    expect(csv.split('\r\n')[0]).toBe('slug,name,type,current_version,ingested_at');
    expect(csv).toContain('texas,Texas,state');
    expect(exported.result!['links']).toMatchObject({ 'jurisdictions.csv': `/api/storage/objects/${encodeURIComponent(jurisdictions.key)}` });
    expect(await client.integrations.get(started.id)).toEqual(exported);
  });

  it('lists the runs newest first, filtered by type and status, page by page and all of them', async () => {
    const digest = await client.integrations.start({ type: 'foia-digest', input: { within_days: 30 } });
    const digested = await client.integrations.wait(digest.id, { intervalMs: 50 });
    expect(digested).toMatchObject({ status: 'completed', result: { within_days: 30, overdue: 0, requests: [] } });

    const exports = await client.integrations.list({ type: 'export' });
    expect(exports.data.length).toBeGreaterThanOrEqual(1);
    expect(exports.data.every((r) => r.type === 'export')).toBe(true);
    expect(exports.data.map((r) => r.id)).toContain(exported.id);
    expect(exports.data.map((r) => r.id)).not.toContain(digest.id);

    const digests = await collect(client.integrations.listAll({ type: 'foia-digest', status: ['completed'] }));
    expect(digests.map((r) => r.id)).toEqual([digest.id]);
    expect(await collect(client.integrations.iterate({ type: ['foia-digest', 'export'], status: 'cancelled' }))).toEqual([]);

    const page = await client.integrations.list({ limit: 1 });
    expect(page.data.map((r) => r.id)).toEqual([digest.id]);
    expect(page.next_cursor).toEqual(expect.any(String));
    const all = await collect(client.integrations.listAll({ limit: 1 }));
    expect(all).toHaveLength(page.total);
    expect(all.map((r) => r.id).slice(0, 2)).toEqual([digest.id, exported.id]);
    expect((await collect(client.integrations.iterate())).map((r) => r.id)).toEqual(all.map((r) => r.id));
  });
});

describe('webhooks', () => {
  it('receives the signed event, verifies it with the client’s secret, refuses a tampered one, and reads the delivery log', async () => {
    failFirst = 1;
    received.length = 0;
    const started = await client.integrations.start({ type: 'export', input: { formats: ['json'], jurisdictions: ['texas'] }, webhook: { url: receiverUrl } });
    expect(started.webhook).toEqual({ url: receiverUrl });
    const done = await client.integrations.wait(started.id, { intervalMs: 50 });
    expect(done.status).toBe('completed');
    await expect.poll(() => received.filter((r) => r.status === 200).length, { timeout: 20_000 }).toBe(1);
    expect(received.map((r) => r.status)).toEqual([500, 200]);

    const secret = await client.integrations.webhookSecret();
    expect(secret).toMatchObject({ header: 'Sunlight-Signature', tolerance_seconds: 300 });
    expect(secret.secret).toBe(clientWebhookSecret(t.config.integrations.webhookSigningKey, CLIENT));
    const accepted = received.at(-1)!;
    expect(accepted.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await verifyWebhookSignature(secret.secret, accepted.signature, accepted.body)).toBe(true);
    expect(await verifyWebhookSignature(secret.secret, accepted.signature, accepted.body.toString('utf8'))).toBe(true);
    const event = JSON.parse(accepted.body.toString('utf8')) as WebhookEvent;
    expect(event).toMatchObject({ id: done.id, type: 'export', status: 'completed', error: null, result_links: { 'jurisdictions.json': expect.any(String) } });

    // A changed body, another client's secret, or a replay long after: refused.
    const tampered = JSON.stringify({ ...event, status: 'failed' });
    expect(await verifyWebhookSignature(secret.secret, accepted.signature, tampered)).toBe(false);
    expect(await verifyWebhookSignature((await bob.integrations.webhookSecret()).secret, accepted.signature, accepted.body)).toBe(false);
    expect(await verifyWebhookSignature(secret.secret, accepted.signature, accepted.body, { now: Math.floor(Date.now() / 1000) + 3600 })).toBe(false);

    // Each attempt is logged, the failed one too.
    await expect
      .poll(async () => (await client.integrations.deliveries(done.id)).data.map((d) => [d.attempt, d.status_code, d.outcome]), { timeout: 20_000 })
      .toEqual([
        [1, 500, 'failed'],
        [2, 200, 'delivered'],
      ]);
    const log = await client.integrations.deliveries(done.id);
    expect(log).toMatchObject({ total: 2, next_cursor: null });
    expect(log.data[1]).toMatchObject({ url: receiverUrl, error: null, event_id: `${done.id}-completed` });
    expect(log.data[1]!.latency_ms).toBeGreaterThanOrEqual(0);
    // A run without a webhook has an empty log.
    const plain = (await collect(client.integrations.listAll({ type: 'export' }))).find((r) => r.webhook === null)!;
    expect(await client.integrations.deliveries(plain.id)).toEqual({ data: [], total: 0, next_cursor: null });
  });
});

describe('integrations.cancel and wait timeouts', () => {
  it('gives up waiting with a WorkflowTimeoutError, or the abort reason; cancels the run, which then reads cancelled', async () => {
    const release = harness.holdComparisons();
    try {
      const started = await client.integrations.start(HELD_COMPILE);
      await expect.poll(async () => (await client.integrations.get(started.id)).status, { timeout: 20_000 }).toBe('running');

      const err = await expectWaitToGiveUp((options) => client.integrations.wait(started.id, options));
      expect(err).toBeInstanceOf(WorkflowTimeoutError);
      expect(err).toMatchObject({ run: { id: started.id, status: 'running' } });
      expect((err as Error).message).toContain(started.id);

      const cancelling = await client.integrations.cancel(started.id);
      expect(cancelling).toMatchObject({ id: started.id, progress: { step: 'cancelling' } });
      const cancelled = await client.integrations.wait(started.id, { intervalMs: 50, timeoutMs: 30_000 });
      expect(cancelled).toMatchObject({ id: started.id, status: 'cancelled' });
      expect(cancelled.finished_at).toEqual(expect.any(String));
      await expect(client.integrations.cancel(started.id)).rejects.toMatchObject({ name: 'ConflictError', status: 409 });
      expect((await collect(client.integrations.listAll({ status: 'cancelled' }))).map((r) => r.id)).toEqual([started.id]);
    } finally {
      release();
    }
  });

  it('is a ConflictError once the run has completed', async () => {
    const runs = await collect(client.integrations.listAll({ type: 'export', status: 'completed' }));
    await expect(client.integrations.cancel(runs[0]!.id)).rejects.toBeInstanceOf(ConflictError);
  });
});

describe('another client, and bad requests', () => {
  it("throws NotFoundError for another client's run", async () => {
    const mine = await client.integrations.wait((await client.integrations.start({ type: 'foia-digest' })).id, { intervalMs: 50 });
    await expect(bob.integrations.get(mine.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(bob.integrations.cancel(mine.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(bob.integrations.deliveries(mine.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(bob.integrations.wait(mine.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await collect(bob.integrations.listAll())).map((r) => r.id)).not.toContain(mine.id);
    await expect(client.integrations.get('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('throws ValidationError naming the field', async () => {
    await expectValidationIssue(client.integrations.start({ type: 'export', input: { formats: ['xml' as 'csv'] } }), /^body\.input\.formats/);
    await expectValidationIssue(client.integrations.start({ type: 'export', webhook: { url: 'ftp://example.org/x' } }), 'body.webhook.url');
    await expect(client.integrations.start(EXPORT, { idempotencyKey: 'has spaces' })).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('the README example', () => {
  it('integrations: starts an export with a webhook, waits with progress, and verifies the signed event', async () => {
    const cwd = harness.tempDir('readme-');
    // A free loopback port for the example's receiver.
    const port = await new Promise<number>((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const out = await runReadmeExample('integrations', {
      cwd,
      env: { ...process.env, SUNLIGHT_URL: t.baseUrl, SUNLIGHT_TOKEN: token, WEBHOOK_PORT: String(port), WEBHOOK_URL: `http://127.0.0.1:${port}/sunlight` },
    });
    expect(out).toMatch(/^run [0-9a-f-]{36}: queued$/m);
    expect(out).toMatch(/^ {2}completed$/m);
    expect(out).toMatch(/^jurisdictions\.csv: \/api\/storage\/objects\/exports%2F[0-9a-f-]{36}%2Fjurisdictions\.csv$/m);
    expect(out).toMatch(/^webhook: run [0-9a-f-]{36} completed \(signature verified\)$/m);
  });
});
