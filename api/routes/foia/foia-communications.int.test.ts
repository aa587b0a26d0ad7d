import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFoiaCommunicationService } from '../../../core/foia/communications/communication-service.js';
import { createPgFoiaLawStore } from '../../../core/foia/foia-law-store.js';
import { createPgFoiaRequestStore } from '../../../core/foia/foia-request-store.js';
import { createFoiaService } from '../../../core/foia/foia-service.js';
import { seedFoiaLaw } from '../../../core/foia/testing/seed-foia-law.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { createRequest, FOIA_SCOPES } from './testing/foia-api-helpers.js';

// Due dates from the invented Texas law of core/foia/testing/seed-foia-law.ts (10 business
// days), as in foia-deadlines.int.test.ts, which moves the same request by PATCH.

const SCOPES = `${FOIA_SCOPES} read:storage write:storage`;
let database: TestDatabase;
let t: TestApi;
let dataDir: string;
let alice: string;
let bob: string;
/** The services' clock, moved by the tests. */
let clock = new Date('2025-11-28T12:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await seedFoiaLaw(database.db);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-communications-'));
  const law = createPgFoiaLawStore(database.db);
  t = await startTestApi({
    database,
    env: { DATA_DIR: dataDir },
    override: () => ({
      foia: createFoiaService({ requests: createPgFoiaRequestStore(database.db), law, now: () => clock }),
      foiaCommunications: createFoiaCommunicationService({ db: database.db, law, now: () => clock }),
    }),
  });
  alice = await t.token({ sub: 'alice-comms', scope: SCOPES });
  bob = await t.token({ sub: 'bob-comms', scope: SCOPES });
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  clock = new Date('2025-11-28T12:00:00Z');
});

const submitted = () => createRequest(t, alice, { jurisdiction: 'texas', status: 'submitted', submitted_at: '2025-11-21T16:00:00-06:00' }) as Promise<{ id: string }>;
const log = (id: string, body: unknown, token = alice) => t.request(`/api/foia/requests/${id}/communications`, { method: 'POST', token, json: body });
const thread = async (id: string, token = alice) => t.request(`/api/foia/requests/${id}/communications`, { token });
const getRequest = async (id: string) => (await t.request(`/api/foia/requests/${id}`, { token: alice })).json();

describe('the thread', () => {
  it('logs replies, letters and notes, lists them oldest first with their attachments, and shows one', async () => {
    const r = await submitted();
    const upload = await t.request(`/api/foia/requests/${r.id}/attachments?filename=fee-estimate.pdf&kind=agency_letter`, {
      method: 'POST',
      token: alice,
      body: '%PDF-1.4\n% estimate\n',
      headers: { 'content-type': 'application/pdf' },
    });
    expect(upload.status).toBe(201);
    const attachment = await upload.json();

    const reply = await log(r.id, { direction: 'incoming', occurred_at: '2025-11-25T09:00:00-06:00', subject: 'Fee estimate', body: 'The cost is $42.', attachment_ids: [attachment.id] });
    expect(reply.status).toBe(201);
    const logged = await reply.json();
    expect(logged.communication).toMatchObject({
      direction: 'incoming', kind: 'reply', channel: 'email', occurred_at: '2025-11-25T15:00:00.000Z', subject: 'Fee estimate', delivery: 'none', status_to: null,
      attachments: [{ id: attachment.id, filename: 'fee-estimate.pdf' }],
    });
    expect(logged.request).toMatchObject({ id: r.id, status: 'submitted', clock: 'running' });
    expect(reply.headers.get('location')).toBe(`/api/foia/requests/${r.id}/communications/${logged.communication.id}`);

    expect((await log(r.id, { direction: 'outgoing', kind: 'request', channel: 'portal', occurred_at: '2025-11-21T16:00:00-06:00', subject: 'Filed on the portal' })).status).toBe(201);
    expect((await log(r.id, { direction: 'note', body: 'Called the records office; they will mail a CD.' })).status).toBe(201);

    const list = await (await thread(r.id)).json();
    expect(list.total).toBe(3);
    expect(list.data.map((c: { kind: string }) => c.kind)).toEqual(['request', 'reply', 'note']);
    expect(list.data[2]).toMatchObject({ direction: 'note', channel: 'other', occurred_at: clock.toISOString() });
    expect(list.data[1].attachments).toEqual([{ id: attachment.id, filename: 'fee-estimate.pdf' }]);

    const one = await t.request(`/api/foia/requests/${r.id}/communications/${logged.communication.id}`, { token: alice });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(list.data[1]);
    // Logging without a status leaves the request's history alone.
    expect((await getRequest(r.id)).history).toHaveLength(1);
  });

  it("hides another user's request and communications: 404, and bob cannot log on alice's request", async () => {
    const r = await submitted();
    const { communication } = await (await log(r.id, { direction: 'incoming', body: 'Received.' })).json();
    expect((await thread(r.id, bob)).status).toBe(404);
    expect((await t.request(`/api/foia/requests/${r.id}/communications/${communication.id}`, { token: bob })).status).toBe(404);
    const attempt = await log(r.id, { direction: 'incoming', body: 'Forged', status: 'denied' }, bob);
    expect(attempt.status).toBe(404);
    expect((await attempt.json()).error.code).toBe('NOT_FOUND');
    // A communication of another request of alice's is not found under this one either.
    const other = await submitted();
    expect((await t.request(`/api/foia/requests/${other.id}/communications/${communication.id}`, { token: alice })).status).toBe(404);
    expect((await (await thread(r.id)).json()).total).toBe(1);
    expect((await getRequest(r.id)).status).toBe('submitted');
  });
});

describe('a reply moves the request by the rules of PATCH', () => {
  it('pauses the clock on payment_required and resumes it on processing: the due date moves by the days paused', async () => {
    const r = await submitted(); // due Tue 12-09
    clock = new Date('2025-12-03T16:00:00Z');
    const paused = await (await log(r.id, { direction: 'incoming', subject: 'Fee estimate', body: 'Please pay $42 before we proceed.', status: 'payment_required' })).json();
    expect(paused.communication.status_to).toBe('payment_required');
    expect(paused.request).toMatchObject({ status: 'payment_required', clock: 'paused', due_date: '2025-12-09' });
    const whilePaused = await getRequest(r.id);
    expect(whilePaused.deadline).toMatchObject({ clock: 'paused', paused_on: '2025-12-03', remaining_days: 4 });

    clock = new Date('2025-12-22T15:00:00Z'); // Mon 12-22: 4 business days after the Texas holidays → Wed 12-31
    const resumed = await (await log(r.id, { direction: 'incoming', channel: 'mail', subject: 'Payment received', status: 'processing' })).json();
    expect(resumed.request).toMatchObject({ status: 'processing', clock: 'running', due_date: '2025-12-31' });

    const after = await getRequest(r.id);
    expect(after).toMatchObject({ due_date: '2025-12-31', days_until_due: 9 });
    expect(after.history.map((h: { to: string }) => h.to)).toEqual(['submitted', 'payment_required', 'processing']);
    expect(after.history[1].note).toBe(`Reply received (email): Fee estimate [communication ${paused.communication.id}]`);
    expect(after.history[2].note).toBe(`Reply received (mail): Payment received [communication ${resumed.communication.id}]`);
  });

  it('pauses and resumes as of the dates of replies logged late, never before the last status change', async () => {
    const r = await submitted(); // due Tue 12-09
    clock = new Date('2025-12-10T16:00:00Z'); // the fee letter of 12-03 is logged a week later
    const paused = await (await log(r.id, { direction: 'incoming', occurred_at: '2025-12-03T10:00:00-06:00', subject: 'Fee estimate', status: 'payment_required' })).json();
    expect(paused.request).toMatchObject({ status: 'payment_required', clock: 'paused', due_date: '2025-12-09' });
    expect((await getRequest(r.id)).deadline).toMatchObject({ clock: 'paused', paused_on: '2025-12-03', remaining_days: 4 });

    const early = await log(r.id, { direction: 'incoming', occurred_at: '2025-12-02T10:00:00-06:00', subject: 'Payment received', status: 'processing' });
    expect(early.status).toBe(400);
    expect((await early.json()).error.metadata.issues).toEqual([expect.objectContaining({ path: 'body.occurred_at', message: expect.stringContaining('last status change (payment_required') })]);

    clock = new Date('2025-12-30T16:00:00Z'); // the payment of Mon 12-22, logged on 12-30: 4 business days from 12-22 → Wed 12-31
    const resumed = await (await log(r.id, { direction: 'incoming', occurred_at: '2025-12-22T09:00:00-06:00', subject: 'Payment received', status: 'processing' })).json();
    expect(resumed.request).toMatchObject({ status: 'processing', clock: 'running', due_date: '2025-12-31' });
    expect((await getRequest(r.id)).history.map((h: { to: string; at: string }) => `${h.to} ${h.at}`).slice(1)).toEqual([
      'payment_required 2025-12-03T16:00:00.000Z',
      'processing 2025-12-22T15:00:00.000Z',
    ]);
  });

  it('dates a status that records its date by the communication (acknowledged_at, completed_at)', async () => {
    const r = await submitted();
    await log(r.id, { direction: 'incoming', occurred_at: '2025-11-24T09:30:00-06:00', subject: 'Acknowledged as PIR-22', status: 'acknowledged' });
    await log(r.id, { direction: 'incoming', occurred_at: '2025-11-26T10:00:00-06:00', subject: 'Partial release', status: 'partially_fulfilled' });
    const after = await getRequest(r.id);
    expect(after).toMatchObject({ status: 'partially_fulfilled', acknowledged_at: '2025-11-24T15:30:00.000Z', completed_at: '2025-11-26T16:00:00.000Z', deadline: { clock: 'stopped' } });
    expect(after.allowed_transitions).toEqual(['appealed']);
  });

  it('refuses a transition PATCH refuses: the same 409, and nothing is stored', async () => {
    const r = await submitted();
    const before = await getRequest(r.id);
    const res = await log(r.id, { direction: 'incoming', body: 'We are drafting it again.', status: 'draft' });
    expect(res.status).toBe(409);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 'CONFLICT', status: 409, metadata: { status: 'submitted', requested_status: 'draft', allowed_transitions: expect.arrayContaining(['acknowledged', 'denied']) } });
    expect((await (await thread(r.id)).json()).total).toBe(0);
    expect(await getRequest(r.id)).toEqual(before);
  });

  it('refuses a status date before the submission, on the field sent', async () => {
    const r = await submitted();
    const res = await log(r.id, { direction: 'incoming', occurred_at: '2025-11-01T09:00:00Z', status: 'acknowledged' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.metadata.issues).toEqual([
      { path: 'body.occurred_at', message: "A communication that changes the status must not be dated before the request's last status change (submitted, 2025-11-21T22:00:00.000Z)" },
    ]);
    expect((await (await thread(r.id)).json()).total).toBe(0);
  });
});

describe('bad input', () => {
  it('is a 400 in the error envelope, and nothing is stored', async () => {
    const r = await submitted();
    const cases: Array<[unknown, string]> = [
      [{ body: 'no direction' }, 'body.direction'],
      [{ direction: 'outgoing', body: 'which letter?' }, 'body.kind'],
      [{ direction: 'incoming', kind: 'appeal' }, 'body.kind'],
      [{ direction: 'incoming', channel: 'pigeon' }, 'body.channel'],
      [{ direction: 'incoming', occurred_at: 'yesterday' }, 'body.occurred_at'],
      [{ direction: 'incoming', occurred_at: '2025-12-30T00:00:00Z' }, 'body.occurred_at'], // after the clock: the future
      [{ direction: 'incoming', body: 'x'.repeat(100_001) }, 'body.body'],
      [{ direction: 'incoming', status: 'lost' }, 'body.status'],
      [{ direction: 'incoming', attachment_ids: ['nope'] }, 'body.attachment_ids.0'],
      [{ direction: 'incoming', attachment_ids: ['00000000-0000-4000-8000-000000000000'] }, 'body.attachment_ids'],
      [{ direction: 'incoming', extra: true }, 'body'],
    ];
    for (const [body, path] of cases) {
      const res = await log(r.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const { error } = await res.json();
      expect(error).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
      expect(error.metadata.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await t.request('/api/foia/requests/not-a-uuid/communications', { token: alice })).status).toBe(400);
    expect((await t.request(`/api/foia/requests/${r.id}/communications/not-a-uuid`, { token: alice })).status).toBe(400);
    expect((await (await thread(r.id)).json()).total).toBe(0);
  });
});
