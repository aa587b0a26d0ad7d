import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clientWebhookSecret, verifyWebhook } from '../core/integrations/webhook-signature.js';
import { HashingEmbeddings } from '../core/search/embeddings/hashing-embeddings.js';
import { EmbeddedVectorStore } from '../core/search/vector-store/embedded/embedded-vector-store.js';
import { createTemporalClient, type TemporalClientHandle } from '../core/temporal/temporal-client.js';
import { createRequest } from '../api/routes/foia/testing/foia-api-helpers.js';
import { ownTaskQueue, startCompileWorker, type RunningWorker } from '../test/support/compile-worker.js';
import { copyCorpusSubset, legalFactsDir } from '../test/support/corpus-dir.js';
import { startTestApi, type TestApi } from '../test/support/test-api.js';
import { startWebhookDeliveries, type WebhookDeliveries } from '../test/support/webhook-deliveries.js';
import { integrationWorkflowId, RUN_CLIENT_ATTRIBUTE, RUN_TYPE_ATTRIBUTE } from './integration-contracts.js';

/**
 * Integration runs end to end on the real Temporal dev server, Postgres and Redis: each type,
 * idempotency, cancel, isolation between clients, and a webhook receiver on loopback that fails
 * its first attempts, over a working copy of a few jurisdictions of the corpus.
 */
const JURISDICTIONS = ['federal', 'texas', 'washington', 'idaho'];
const SCOPES = 'execute:workflows read:storage write:foia read:foia';

let corpus: string;
let facts: string;
let dataDir: string;
let indexDir: string;
let t: TestApi;
let temporal: TemporalClientHandle;
let worker: RunningWorker;
let deliveries: WebhookDeliveries;
let receiver: http.Server;
let receiverUrl: string;
const received: Array<{ status: number; signature: string | undefined; body: string }> = [];
let failFirst = 0;
let clientA: string;
let clientB: string;


beforeAll(async () => {
  corpus = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-int-corpus-'));
  copyCorpusSubset(corpus, JURISDICTIONS);
  facts = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-int-facts-'));
  for (const slug of JURISDICTIONS) fs.cpSync(path.join(legalFactsDir(), `${slug}.json`), path.join(facts, `${slug}.json`));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-int-data-'));
  indexDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-int-index-'));
  const prefix = `sunlight-test-${process.pid}-${Date.now().toString(36)}`;
  t = await startTestApi({ env: { DATA_DIR: dataDir, TEMPORAL_TASK_QUEUE: ownTaskQueue('integrations'), WEBHOOK_ALLOW_PRIVATE: 'true', QUEUE_PREFIX: prefix } });
  temporal = createTemporalClient({ address: inject('temporalAddress'), namespace: 'default' });

  deliveries = startWebhookDeliveries(t, prefix, 'integration-test');
  worker = await startCompileWorker(t, {
    ingestion: { corpusDir: corpus, legalFactsDir: facts },
    indexing: { embeddings: new HashingEmbeddings({ dimension: 32 }), vectorStore: new EmbeddedVectorStore({ dir: indexDir, refreshIntervalMs: 0 }) },
    enqueueWebhook: deliveries.enqueue,
  });

  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const status = failFirst > 0 ? 500 : 200;
      if (failFirst > 0) failFirst--;
      received.push({ status, signature: req.headers['sunlight-signature'] as string | undefined, body });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  clientA = await t.token({ sub: 'client-a', scope: SCOPES });
  clientB = await t.token({ sub: 'client-b', scope: SCOPES });
}, 180_000);

afterAll(async () => {
  await worker?.close();
  await deliveries?.close();
  await temporal?.connection.close();
  await new Promise((r) => receiver?.close(r));
  await t?.close();
  for (const dir of [corpus, facts, dataDir, indexDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

interface Run {
  id: string;
  type: string;
  status: string;
  result: Record<string, any> | null;
  error: string | null;
  progress: { step: string } | null;
  duration_ms: number | null;
  links: { self: string; deliveries: string; workflow_id: string };
}

async function start(body: unknown, init: { token?: string; key?: string } = {}): Promise<Response> {
  return t.request('/api/integrations/workflows', { method: 'POST', token: init.token ?? clientA, json: body, headers: init.key ? { 'idempotency-key': init.key } : {} });
}

async function finished(id: string, token = clientA): Promise<Run> {
  for (let i = 0; i < 900; i++) {
    const run = (await (await t.request(`/api/integrations/workflows/${id}`, { token })).json()) as Run;
    if (!['queued', 'running'].includes(run.status)) return run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`run ${id} did not finish`);
}

const run = async (body: unknown): Promise<Run> => {
  const res = await start(body);
  expect(res.status).toBe(202);
  return finished(((await res.json()) as Run).id);
};

describe('integration workflows on the real Temporal server', () => {
  it('publishes the catalogue with a JSON Schema of each type’s input and result', async () => {
    const res = await t.request('/api/integrations/workflows/types', { token: clientA });
    const { data } = await res.json();
    expect(data.map((d: { type: string }) => d.type)).toEqual(['reingest', 'compile', 'research', 'export', 'foia-digest']);
    const reingest = data.find((d: { type: string }) => d.type === 'reingest');
    expect(reingest.input_schema.properties.force.type).toBe('boolean');
    expect(reingest.output_schema.properties.counts.properties.updated.type).toBe('integer');
  });

  it('re-ingests, then records version 2 with a change summary after a statute file changes, re-embedding only the changed chunks', async () => {
    const first = await run({ type: 'reingest', input: { jurisdictions: JURISDICTIONS } });
    expect(first.status).toBe('completed');
    expect(first.result!['counts']).toEqual({ created: 4, updated: 0, unchanged: 0, failed: 0 });

    const file = path.join(corpus, 'statutes/idaho.txt');
    const text = fs.readFileSync(file, 'utf8');
    const line = text.split('\n').findIndex((l) => l.startsWith('74-103. '));
    expect(line).toBeGreaterThan(0);
    const lines = text.split('\n');
    lines[line] = `${lines[line]} A custodian shall keep a log of requests received (test amendment).`;
    fs.writeFileSync(file, lines.join('\n'));

    const second = await run({ type: 'reingest', input: { jurisdictions: ['idaho', 'texas'] } });
    expect(second.status).toBe('completed');
    const byJurisdiction = Object.fromEntries((second.result!['jurisdictions'] as Array<{ jurisdiction: string }>).map((j) => [j.jurisdiction, j])) as Record<string, any>;
    expect(byJurisdiction['idaho']).toMatchObject({ outcome: 'updated', version: 2, change_summary: { previousVersion: 1, sourceFiles: { changed: ['statutes/idaho.txt'] } } });
    expect(byJurisdiction['idaho'].index.embedded).toBeGreaterThan(0);
    expect(byJurisdiction['idaho'].index.embedded).toBeLessThan(byJurisdiction['idaho'].index.chunks);
    expect(byJurisdiction['texas']).toMatchObject({ outcome: 'unchanged', index: { embedded: 0 } });

    // The run is a Temporal workflow tagged with its type and client.
    const description = await temporal.client.workflow.getHandle(second.links.workflow_id).describe();
    expect(description.typedSearchAttributes.get(RUN_TYPE_ATTRIBUTE)).toBe('reingest');
    expect(description.typedSearchAttributes.get(RUN_CLIENT_ATTRIBUTE)).toBe('client-a');
  }, 180_000);

  it('compiles a packet, researches a question, exports the law database and digests the client’s own FOIA requests', async () => {
    const compiled = await run({ type: 'compile', input: { title: 'Idaho profile', formats: ['markdown'], parts: [{ kind: 'jurisdiction_profile', jurisdiction: 'idaho' }] } });
    expect(compiled.status).toBe('completed');
    const markdown = await (await t.request(compiled.result!['links'].markdown, { token: clientA })).text();
    expect(markdown).toContain('Idaho profile');
    expect(markdown).toContain('74-1');

    const researched = await run({ type: 'research', input: { question: 'Compare the response deadlines in Texas and Washington', jurisdictions: ['texas', 'washington'] } });
    expect(researched.status).toBe('completed');
    expect(researched.result!['answer']).toMatch(/Texas/);
    expect((researched.result!['citations'] as unknown[]).length).toBeGreaterThan(0);

    const exported = await run({ type: 'export', input: { formats: ['csv', 'json'], jurisdictions: ['idaho'] } });
    expect(exported.status).toBe('completed');
    const facts = (exported.result!['files'] as Array<{ table: string; format: string; rows: number; key: string }>).find((f) => f.table === 'facts' && f.format === 'csv')!;
    expect(facts.rows).toBeGreaterThan(0);
    const csv = await (await t.request(`/api/storage/objects/${encodeURIComponent(facts.key)}`, { token: clientA })).text();
    expect(csv.split('\r\n')[0]).toBe('id,jurisdiction,field,requester_class,applies_to,display,value,citation,quote,source_kind,section_id,verified,reviewed,notes');
    expect(csv).toContain('idaho');

    await createRequest(t, clientA, { jurisdiction: 'idaho', subject: 'Budget records', status: 'submitted', submitted_at: new Date().toISOString() });
    await createRequest(t, clientB, { jurisdiction: 'idaho', subject: 'Not client A’s', status: 'submitted', submitted_at: new Date().toISOString() });
    const digest = await run({ type: 'foia-digest', input: { within_days: 30 } });
    expect(digest.status).toBe('completed');
    expect((digest.result!['requests'] as Array<{ subject: string }>).map((r) => r.subject)).toEqual(['Budget records']);
  }, 180_000);

  it('returns the same run for a retried Idempotency-Key, 409 for the key with another body, and keeps runs to their client', async () => {
    const body = { type: 'foia-digest', input: { within_days: 3 } };
    const first = await start(body, { key: 'nightly-2026-11-24' });
    const again = await start(body, { key: 'nightly-2026-11-24' });
    expect([first.status, again.status]).toEqual([202, 200]);
    const id = ((await first.json()) as Run).id;
    expect(((await again.json()) as Run).id).toBe(id);
    expect((await start({ ...body, input: { within_days: 4 } }, { key: 'nightly-2026-11-24' })).status).toBe(409);
    expect((await t.request(`/api/integrations/workflows/${id}`, { token: clientB })).status).toBe(404);
    expect((await t.request(`/api/integrations/workflows/${id}/cancel`, { method: 'POST', token: clientB })).status).toBe(404);
    const listB = await (await t.request('/api/integrations/workflows', { token: clientB })).json();
    expect(listB.data.map((r: Run) => r.id)).not.toContain(id);
    const listA = await (await t.request('/api/integrations/workflows?type=foia-digest&limit=50', { token: clientA })).json();
    expect(listA.data.map((r: Run) => r.id)).toContain(id);
    await finished(id);
  });

  it('refuses bad input with the field named, and private webhook URLs unless allowed', async () => {
    const unknownType = await start({ type: 'mine-bitcoin', input: {} });
    expect(unknownType.status).toBe(400);
    const badInput = await start({ type: 'export', input: { formats: ['xml'] } });
    expect(badInput.status).toBe(400);
    const badWebhook = await start({ type: 'export', input: {}, webhook: { url: 'ftp://example.org/x' } });
    expect(badWebhook.status).toBe(400);
    expect((await badWebhook.json()).error.metadata.issues[0].path).toBe('body.webhook.url');
  });

  it('delivers one signed webhook after failed attempts, and logs every attempt', async () => {
    failFirst = 2;
    received.length = 0;
    const done = await run({ type: 'export', input: { formats: ['json'], jurisdictions: ['texas'] }, webhook: { url: receiverUrl } });
    expect(done.status).toBe('completed');
    await expect.poll(() => received.filter((r) => r.status === 200).length, { timeout: 20_000 }).toBe(1);
    expect(received.map((r) => r.status)).toEqual([500, 500, 200]);
    const accepted = received.at(-1)!;
    const secret = clientWebhookSecret(t.config.integrations.webhookSigningKey, 'client-a');
    expect(verifyWebhook(secret, accepted.signature, accepted.body)).toBe(true);
    expect(verifyWebhook(clientWebhookSecret(t.config.integrations.webhookSigningKey, 'client-b'), accepted.signature, accepted.body)).toBe(false);
    expect(JSON.parse(accepted.body)).toMatchObject({ id: done.id, type: 'export', status: 'completed', result_links: { 'jurisdictions.json': expect.any(String) } });
    // The client reads the same secret from the API.
    expect((await (await t.request('/api/integrations/webhook-secret', { token: clientA })).json()).secret).toBe(secret);

    const log = await (await t.request(done.links.deliveries, { token: clientA })).json();
    expect(log.data.map((d: { attempt: number; status_code: number; outcome: string }) => [d.attempt, d.status_code, d.outcome])).toEqual([
      [1, 500, 'failed'],
      [2, 500, 'failed'],
      [3, 200, 'delivered'],
    ]);
  }, 60_000);

  it('cancels a running run: its child workflow stops, the run reads cancelled and the webhook says so', async () => {
    received.length = 0;
    // A re-ingestion of every jurisdiction with force takes long enough to cancel.
    const res = await start({ type: 'reingest', input: { force: true }, webhook: { url: receiverUrl } });
    const started = (await res.json()) as Run;
    await expect.poll(async () => ((await (await t.request(started.links.self, { token: clientA })).json()) as Run).status, { timeout: 20_000 }).toBe('running');
    const cancel = await t.request(`/api/integrations/workflows/${started.id}/cancel`, { method: 'POST', token: clientA });
    expect(cancel.status).toBe(200);
    const ended = await finished(started.id);
    expect(ended.status).toBe('cancelled');
    const handle = temporal.client.workflow.getHandle(integrationWorkflowId(started.id));
    await expect.poll(async () => (await handle.describe()).status.name, { timeout: 20_000 }).toBe('CANCELLED');
    // Its child (the corpus ingestion) was cancelled with it.
    await expect.poll(async () => (await temporal.client.workflow.getHandle(`ingest-corpus-run-${started.id}`).describe()).status.name, { timeout: 20_000 }).toBe('CANCELLED');
    await expect.poll(() => received.map((r) => JSON.parse(r.body).status), { timeout: 20_000 }).toEqual(['cancelled']);
    expect((await t.request(`/api/integrations/workflows/${started.id}/cancel`, { method: 'POST', token: clientA })).status).toBe(409);
  }, 120_000);
});
