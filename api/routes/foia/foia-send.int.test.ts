import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCommunication } from '../../../core/foia/communications/communication-store.js';
import { inUserTransaction } from '../../../core/db/user-transaction.js';
import { seedFoiaLaw } from '../../../core/foia/testing/seed-foia-law.js';
import { startMailDeliveries, type MailDeliveries } from '../../../test/support/mail-deliveries.js';
import { startSmtpSink, type SmtpSink } from '../../../test/support/smtp-sink.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { createRequest, FOIA_SCOPES, patchRequest } from './testing/foia-api-helpers.js';

const REQUESTER = { name: 'Ada Reporter', email: 'ada@example.org' };
let database: TestDatabase;
let sink: SmtpSink;
let t: TestApi;
let mail: MailDeliveries;
let alice: string;
let bob: string;
let tmp: string;
const ALICE = 'alice-send';

beforeAll(async () => {
  database = await createTestDatabase();
  await seedFoiaLaw(database.db);
  sink = await startSmtpSink();
  const prefix = `sunlight-test-mail-${randomBytes(4).toString('hex')}`;
  t = await startTestApi({ database, env: { SMTP_URL: sink.url, QUEUE_PREFIX: prefix, MAIL_FROM: 'Sunlight <foia@sunlight.test>' } });
  mail = startMailDeliveries(t, prefix, 'foia-send-test', 20);
  alice = await t.token({ sub: ALICE, scope: FOIA_SCOPES });
  bob = await t.token({ sub: 'bob-send', scope: FOIA_SCOPES });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-send-'));
});
afterAll(async () => {
  await mail?.close();
  await t?.close();
  await sink?.close();
  await database?.drop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const draft = (overrides: Record<string, unknown> = {}) => createRequest(t, alice, { requester: REQUESTER, ...overrides }) as Promise<{ id: string }>;
const send = (id: string, body: unknown, init: { token?: string; headers?: Record<string, string> } = {}) =>
  t.request(`/api/foia/requests/${id}/send`, { method: 'POST', token: init.token ?? alice, json: body, headers: init.headers });
const communication = async (id: string, cid: string) => (await t.request(`/api/foia/requests/${id}/communications/${cid}`, { token: alice })).json();
const getRequest = async (id: string) => (await t.request(`/api/foia/requests/${id}`, { token: alice })).json();

/** Polls the communication until its delivery is `state`. */
async function until(id: string, cid: string, state: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const c = await communication(id, cid);
    if (c.delivery === state) return c;
    if (Date.now() > deadline) throw new Error(`communication ${cid} is ${c.delivery}, expected ${state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function pdfText(content: Buffer): string {
  const file = path.join(tmp, `${randomBytes(4).toString('hex')}.pdf`);
  fs.writeFileSync(file, content);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

const notifications = (requestId: string) => database.db('foia_notifications').where({ request_id: requestId }).orderBy('id').select('kind', 'message', 'communication_id');

describe('sending the request letter', () => {
  it('e-mails the letter once, as text and PDF, from the user, and submits the draft when the server accepts it', async () => {
    const r = await draft();
    const before = sink.messages.length;
    const res = await send(r.id, { kind: 'request' });
    expect(res.status).toBe(202);
    const queued = await res.json();
    expect(queued).toMatchObject({ request_id: r.id, direction: 'outgoing', kind: 'request', channel: 'email', to_address: 'records@example.gov', from_address: '"Ada Reporter via Sunlight" <foia@sunlight.test>' });
    expect(['queued', 'sending', 'sent']).toContain(queued.delivery);
    expect(res.headers.get('location')).toBe(`/api/foia/requests/${r.id}/communications/${queued.id}`);

    const sent = await until(r.id, queued.id, 'sent');
    await sink.waitFor(before + 1);
    const [message] = sink.messages.slice(before);
    expect(sink.messages).toHaveLength(before + 1);
    const parsed = message!.parsed;
    expect(message!.envelope.to).toEqual(['records@example.gov']);
    expect(parsed.replyTo?.value[0]?.address).toBe('ada@example.org');
    expect(parsed.from?.value[0]).toMatchObject({ name: 'Ada Reporter via Sunlight', address: 'foia@sunlight.test' });
    expect(parsed.subject).toBe('Texas Public Information Act request: Use-of-force reports');
    expect(parsed.messageId).toBe(`<${queued.id}@sunlight.test>`);
    expect(sent.message_id).toBe(`<${queued.id}@sunlight.test>`);
    expect(parsed.text).toContain("Tex. Gov't Code § 552.221(d)");
    expect(parsed.text).toContain('All use-of-force reports filed in 2024');
    expect(parsed.text).toContain('Ada Reporter');
    expect(parsed.attachments).toHaveLength(1);
    const pdf = parsed.attachments[0]!;
    expect(pdf).toMatchObject({ contentType: 'application/pdf', filename: 'request-letter.pdf' });
    const text = pdfText(pdf.content);
    expect(text).toContain('Re: Texas Public Information Act request: Use-of-force reports');
    expect(text).toContain("Tex. Gov't Code § 552.221(d)");

    const request = await getRequest(r.id);
    expect(request.status).toBe('submitted');
    expect(request.submitted_at).toBe(sent.sent_at);
    expect(request.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(request.deadline.clock).toBe('running');
    expect(request.history.at(-1)).toMatchObject({ from: 'draft', to: 'submitted', note: `Request letter sent by e-mail to records@example.gov [communication ${queued.id}]` });
    expect(await notifications(r.id)).toEqual([{ kind: 'sent', message: 'Your request letter was sent to records@example.gov.', communication_id: queued.id }]);

    // The job run again for the same letter (a retry, a duplicate job) sends nothing.
    expect(await mail.job.perform({ userId: ALICE, requestId: r.id, communicationId: queued.id })).toBe('already_sent');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.messages).toHaveLength(before + 1);
  });

  it('answers a retried POST with the same Idempotency-Key with the same letter, sent once', async () => {
    const r = await draft();
    const before = sink.messages.length;
    const headers = { 'Idempotency-Key': `send-${randomBytes(4).toString('hex')}` };
    const first = await (await send(r.id, { kind: 'request' }, { headers })).json();
    await until(r.id, first.id, 'sent');
    const again = await send(r.id, { kind: 'request' }, { headers });
    expect(again.status).toBe(202);
    expect((await again.json()).id).toBe(first.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.messages).toHaveLength(before + 1);
    // The key names that letter: using it for another is refused.
    expect((await send(r.id, { kind: 'follow_up' }, { headers })).status).toBe(409);
  });

  it('retries after a temporary SMTP error and sends once; re-sends a submitted request as a new letter', async () => {
    const r = await draft();
    const first = await (await send(r.id, { kind: 'request' })).json();
    await until(r.id, first.id, 'sent');
    const before = sink.messages.length;
    sink.failNext(1);
    const res = await send(r.id, { kind: 'request', to: ['other@example.gov'], cc: ['editor@example.org'] });
    expect(res.status).toBe(202);
    const second = await res.json();
    expect(second.id).not.toBe(first.id);
    const sent = await until(r.id, second.id, 'sent');
    expect(sent).toMatchObject({ delivery_attempts: 2, delivery_error: null, to_address: 'other@example.gov', cc_address: 'editor@example.org' });
    await sink.waitFor(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.messages).toHaveLength(before + 1);
    expect(sink.messages.at(-1)!.envelope.to.sort()).toEqual(['editor@example.org', 'other@example.gov']);
    // A re-send leaves the submission date alone.
    expect((await getRequest(r.id)).history.filter((h: { to: string }) => h.to === 'submitted')).toHaveLength(1);
  });

  it('gives up after the last attempt: failed, with the reason, and the user is notified', async () => {
    const r = await draft();
    sink.failNext(5);
    const queued = await (await send(r.id, { kind: 'request' })).json();
    const failed = await until(r.id, queued.id, 'failed', 20_000);
    expect(failed.delivery_attempts).toBe(5);
    expect(failed.delivery_error).toMatch(/^The mail server did not accept the letter \(SMTP 451\)/);
    expect((await getRequest(r.id)).status).toBe('draft');
    expect((await notifications(r.id)).map((n) => n.kind)).toEqual(['send_failed']);
  });

  it('never sends blindly after an attempt that died mid-send: failed, asking the user to check', async () => {
    const r = await draft();
    const c = await inUserTransaction(database.db, ALICE, (trx) =>
      insertCommunication(trx, ALICE, { request_id: r.id, direction: 'outgoing', kind: 'request', channel: 'email', occurred_at: new Date().toISOString(), subject: 'S', body: 'B', to_address: 'records@example.gov', delivery: 'sending' }),
    );
    const before = sink.messages.length;
    expect(await mail.job.perform({ userId: ALICE, requestId: r.id, communicationId: c.id })).toBe('failed');
    const after = await communication(r.id, c.id);
    expect(after.delivery).toBe('failed');
    expect(after.delivery_error).toMatch(/not known whether the agency received this letter/);
    expect(sink.messages).toHaveLength(before);
  });
});

describe('follow-ups and appeals', () => {
  it('sends the drafted appeal and moves a denied request to appealed', async () => {
    const r = await draft({ status: 'submitted' });
    expect((await patchRequest(t, alice, r.id, { status: 'denied' })).status).toBe(200);
    expect((await send(r.id, { kind: 'appeal' })).status).toBe(409); // nothing drafted yet
    const drafted = await inUserTransaction(database.db, ALICE, (trx) =>
      insertCommunication(trx, ALICE, { request_id: r.id, direction: 'outgoing', kind: 'appeal', channel: 'email', occurred_at: new Date().toISOString(), subject: 'Appeal of the denial', body: 'I appeal the denial under § 552.301.\n\nSincerely,\n\nAda Reporter', delivery: 'draft' }),
    );
    const before = sink.messages.length;
    const res = await send(r.id, { kind: 'appeal' });
    expect(res.status).toBe(202);
    expect((await res.json()).id).toBe(drafted.id);
    await until(r.id, drafted.id, 'sent');
    await sink.waitFor(before + 1);
    expect(sink.messages.at(-1)!.parsed.subject).toBe('Appeal of the denial');
    expect(pdfText(sink.messages.at(-1)!.parsed.attachments[0]!.content)).toContain('I appeal the denial under § 552.301.');
    const request = await getRequest(r.id);
    expect(request.status).toBe('appealed');
    expect(request.history.at(-1)).toMatchObject({ from: 'denied', to: 'appealed', note: `Appeal sent by e-mail to records@example.gov [communication ${drafted.id}]` });
  });

  it('writes the follow-up on the spot when none is drafted (the injected drafter), and sends it', async () => {
    const r = await draft({ status: 'submitted', submitted_at: '2025-10-01T10:00:00-05:00' });
    const before = sink.messages.length;
    const res = await send(r.id, { kind: 'follow_up' });
    expect(res.status).toBe(202);
    const queued = await res.json();
    expect(queued).toMatchObject({ kind: 'follow_up', direction: 'outgoing', to_address: 'records@example.gov' });
    await until(r.id, queued.id, 'sent');
    await sink.waitFor(before + 1);
    const message = sink.messages.at(-1)!.parsed;
    expect(message.subject).toBe(queued.subject);
    expect(message.text).toBe(queued.body);
    expect(message.attachments[0]).toMatchObject({ filename: 'follow-up-letter.pdf' });
    expect((await getRequest(r.id)).status).toBe('submitted');
  });

  it('writes no follow-up for a request that is not overdue: the letter would say a deadline passed', async () => {
    const r = await draft({ status: 'submitted' }); // submitted now: the response is not due yet
    const res = await send(r.id, { kind: 'follow_up' });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toMatch(/not overdue \(the response is due on \d{4}-\d{2}-\d{2}\)/);
    expect((await (await t.request(`/api/foia/requests/${r.id}/communications`, { token: alice })).json()).total).toBe(0);
  });
});

describe('refusals', () => {
  it('needs a recipient, a reply address and a name, with a clear 422, storing nothing', async () => {
    const noEmail = await draft({ agency: { name: 'Austin Police Department' } });
    const res = await send(noEmail.id, { kind: 'request' });
    expect(res.status).toBe(422);
    expect((await res.json()).error).toMatchObject({ code: 'NO_RECIPIENT', status: 422, message: expect.stringContaining('agency.email') });
    const anonymous = await draft({ requester: null });
    expect((await (await send(anonymous.id, { kind: 'request' })).json()).error.code).toBe('NO_REPLY_ADDRESS');
    const unsigned = await draft({ requester: { email: 'ada@example.org' } });
    expect((await (await send(unsigned.id, { kind: 'request' })).json()).error.code).toBe('UNSIGNED_LETTER');
    for (const id of [noEmail.id, anonymous.id, unsigned.id]) expect((await (await t.request(`/api/foia/requests/${id}/communications`, { token: alice })).json()).total).toBe(0);
  });

  it('sends the request letter only from draft or submitted', async () => {
    const r = await draft({ status: 'submitted' });
    await patchRequest(t, alice, r.id, { status: 'fulfilled' });
    const res = await send(r.id, { kind: 'request' });
    expect(res.status).toBe(409);
    expect((await res.json()).error.metadata).toEqual({ status: 'fulfilled' });
  });

  it("rejects bad input with 400 and another user's request with 404", async () => {
    const r = await draft();
    for (const body of [{}, { kind: 'fax' }, { kind: 'request', to: ['not-an-email'] }, { kind: 'request', to: [] }, { kind: 'request', bcc: ['x@example.org'] }]) {
      const res = await send(r.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error.code).toBe('VALIDATION_ERROR');
    }
    expect((await send(r.id, { kind: 'request' }, { headers: { 'Idempotency-Key': 'bad key with spaces' } })).status).toBe(400);
    expect((await send(r.id, { kind: 'request' }, { token: bob })).status).toBe(404);
    expect((await getRequest(r.id)).status).toBe('draft');
  });

  it('is 409 when no SMTP server is configured', async () => {
    const off = await startTestApi({ database });
    try {
      const token = await off.token({ sub: ALICE, scope: FOIA_SCOPES });
      const r = (await createRequest(off, token, { requester: REQUESTER })) as { id: string };
      const res = await off.request(`/api/foia/requests/${r.id}/send`, { method: 'POST', token, json: { kind: 'request' } });
      expect(res.status).toBe(409);
      expect((await res.json()).error).toMatchObject({ code: 'SENDING_DISABLED', message: expect.stringContaining('SMTP_URL') });
    } finally {
      await off.close();
    }
  });
});

describe('the letter as PDF', () => {
  it('downloads with format=pdf', async () => {
    const r = await draft();
    const res = await t.request(`/api/foia/requests/${r.id}/letter?format=pdf`, { token: alice });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain('Texas Public Information Act');
    expect(text).toContain('Ada Reporter');
  });
});
