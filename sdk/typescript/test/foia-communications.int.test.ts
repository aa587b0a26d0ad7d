/**
 * A FOIA request's thread through the SDK against the real API, with a real SMTP server on
 * loopback and the outgoing-letter queue run in-process: logging replies that move the request
 * (and pause and resume its clock), sending the letter once with its PDF (a retry with the same
 * Idempotency-Key answers the same letter), the letter as a PDF, and a partial release turned
 * into an appeal letter and sent. Another user's thread is unreachable. The README's example runs too.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFoiaLaw } from '../../../core/foia/testing/seed-foia-law.js';
import { startMailDeliveries, type MailDeliveries } from '../../../test/support/mail-deliveries.js';
import { startSmtpSink, type SmtpSink } from '../../../test/support/smtp-sink.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { ConflictError, NotFoundError, type DeliveryState, type FoiaCommunication, type FoiaCreateRequest, type SunlightClient } from '../src/index.js';
import { runReadmeExample, sdkFor, type Sent } from './harness.js';

const SCOPES = 'read:foia write:foia';

let sink: SmtpSink;
let t: TestApi;
let mail: MailDeliveries;
let client: SunlightClient;
let sent: Sent[];
let stranger: SunlightClient;

beforeAll(async () => {
  sink = await startSmtpSink();
  const prefix = `sunlight-sdk-mail-${randomBytes(4).toString('hex')}`;
  t = await startTestApi({ env: { SMTP_URL: sink.url, QUEUE_PREFIX: prefix, MAIL_FROM: 'Sunlight <foia@sunlight.test>' } });
  await seedFoiaLaw(t.database.db);
  mail = startMailDeliveries(t, prefix, 'sdk-foia-mail-test', 20);
  ({ client, sent } = sdkFor(t, { token: await t.token({ sub: 'sdk-sender', scope: SCOPES }) }));
  stranger = sdkFor(t, { token: await t.token({ sub: 'sdk-sender-stranger', scope: SCOPES }) }).client;
});
afterAll(async () => {
  await mail?.close();
  await t?.close();
  await sink?.close();
});

const request = (over: Partial<FoiaCreateRequest> = {}): FoiaCreateRequest => ({
  jurisdiction: 'texas',
  agency: { name: 'Austin Police Department', email: 'records@example.gov' },
  subject: 'Use-of-force reports',
  description: 'All use-of-force reports filed in 2024, with their supervisor reviews.',
  requester: { name: 'Ada Reporter', email: 'ada@example.org' },
  ...over,
});

/** Polls the communication (through the SDK) until its delivery is `state`. */
async function delivered(requestId: string, communicationId: string, state: DeliveryState, timeoutMs = 15_000): Promise<FoiaCommunication> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const c = await client.foia.communications.get(requestId, communicationId);
    if (c.delivery === state) return c;
    if (Date.now() > deadline) throw new Error(`communication ${communicationId} is ${c.delivery}, expected ${state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('foia.communications', () => {
  it('logs replies that move the request, pausing and resuming its clock, and lists and gets the thread', async () => {
    // Submitted now: the clock runs (the pause and resume are dated when they are logged).
    const r = await client.foia.create(request({ status: 'submitted' }));
    const fee = await client.foia.communications.create(r.id, { direction: 'incoming', subject: 'Fee estimate', body: 'The estimated cost is $42.', status: 'payment_required' });
    expect(fee.communication).toMatchObject({ request_id: r.id, direction: 'incoming', kind: 'reply', channel: 'email', status_to: 'payment_required', delivery: 'none' });
    expect(fee.request).toMatchObject({ id: r.id, status: 'payment_required', clock: 'paused', version: 2 });
    expect((await client.foia.get(r.id)).deadline).toMatchObject({ clock: 'paused' });

    const paid = await client.foia.communications.create(r.id, { direction: 'incoming', channel: 'mail', body: 'Payment received.', status: 'processing' });
    expect(paid.request).toMatchObject({ status: 'processing', clock: 'running', due_date: expect.any(String) });
    expect(paid.communication.channel).toBe('mail');

    const note = await client.foia.communications.create(r.id, { direction: 'note', body: 'Called the clerk.' });
    expect(note.communication).toMatchObject({ kind: 'note', channel: 'other', status_to: null });
    await expect(client.foia.communications.letter(r.id, note.communication.id)).rejects.toBeInstanceOf(ConflictError);

    const thread = await client.foia.communications.list(r.id);
    expect(thread.data.map((c) => c.id)).toEqual([fee.communication.id, paid.communication.id, note.communication.id]);
    expect(thread).toMatchObject({ total: 3, next_cursor: null });
    expect(await client.foia.communications.get(r.id, fee.communication.id)).toEqual(thread.data[0]);
  });

  it('refuses a transition the lifecycle does not allow (nothing logged), and hides the thread from another user', async () => {
    const r = await client.foia.create(request({ status: 'submitted', submitted_at: '2025-11-21T16:00:00-06:00' }));
    const err = await client.foia.communications.create(r.id, { direction: 'incoming', body: 'Back to you.', status: 'draft' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect((await client.foia.communications.list(r.id)).total).toBe(0);

    const logged = await client.foia.communications.create(r.id, { direction: 'note', body: 'Private note.' });
    await expect(stranger.foia.communications.list(r.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(stranger.foia.communications.get(r.id, logged.communication.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(stranger.foia.communications.create(r.id, { direction: 'note', body: 'x' })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('foia.send and foia.letter', () => {
  it('sends the letter once, as text and PDF, and a retry with the same key answers the same letter', async () => {
    const draft = await client.foia.create(request());
    const before = sink.messages.length;
    const key = `send-${draft.id}`;
    const queued = await client.foia.send(draft.id, { kind: 'request' }, { idempotencyKey: key });
    expect(queued).toMatchObject({ request_id: draft.id, direction: 'outgoing', kind: 'request', to_address: 'records@example.gov' });
    expect(['queued', 'sending', 'sent']).toContain(queued.delivery);
    expect(sent.filter((s) => s.url.endsWith(`/api/foia/requests/${draft.id}/send`)).map((s) => s.headers['idempotency-key'])).toEqual([key]);

    const done = await delivered(draft.id, queued.id, 'sent');
    expect(done.message_id).toBeTruthy();
    const [message] = await sink.waitFor(before + 1).then((m) => m.slice(before));
    expect(message!.envelope.to).toEqual(['records@example.gov']);
    expect(message!.parsed.replyTo?.text).toContain('ada@example.org');
    const pdf = message!.parsed.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const again = await client.foia.send(draft.id, { kind: 'request' }, { idempotencyKey: key });
    expect(again.id).toBe(queued.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.messages.length).toBe(before + 1);
    expect((await client.foia.get(draft.id)).status).toBe('submitted');
    expect((await client.foia.notifications.list({ kind: 'sent' })).data.map((n) => n.communication_id)).toContain(queued.id);
  });

  it('downloads the letter as PDF bytes, and still as text and Markdown', async () => {
    const r = await client.foia.create(request());
    const pdf = await client.foia.letter(r.id, { format: 'pdf' });
    expect(pdf).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(await client.foia.letter(r.id)).toContain('Ada Reporter');
    expect(await client.foia.letter(r.id, { format: 'markdown' })).toContain('**Re:');
    await expect(stranger.foia.letter(r.id, { format: 'pdf' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses to send an appeal when none is drafted', async () => {
    const r = await client.foia.create(request({ status: 'submitted' }));
    await expect(client.foia.send(r.id, { kind: 'appeal' })).rejects.toBeInstanceOf(ConflictError);
    await expect(stranger.foia.send(r.id, { kind: 'request' })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('foia.appealDraft', () => {
  it('turns a partial release into an appeal letter citing the exemption, stored as a draft that send() sends', async () => {
    const r = await client.foia.create(
      request({ jurisdiction: 'federal', agency: { name: 'Federal Bureau of Investigation', email: 'foia@example.gov' }, status: 'submitted', submitted_at: '2025-11-03T10:00:00-05:00' }),
    );
    await client.foia.update(r.id, { status: 'partially_fulfilled', completed_at: '2025-12-05T10:00:00-05:00' });
    const draft = await client.foia.appealDraft(r.id, { reasons: 'Names were withheld to protect personal privacy.', exemptions: ['5 U.S.C. 552(b)(6)'] });
    expect(draft).toMatchObject({ request_id: r.id, appealing: 'partially_fulfilled' });
    expect(draft.matches.length + draft.unmatched.length).toBeGreaterThan(0);
    expect(draft.letter.text).toContain('Federal Bureau of Investigation');
    expect(draft.letter.text).toContain('Ada Reporter');

    const stored = await client.foia.communications.get(r.id, draft.communication_id);
    expect(stored).toMatchObject({ direction: 'outgoing', kind: 'appeal', delivery: 'draft' });
    expect(await client.foia.communications.letter(r.id, draft.communication_id)).toBe(stored.body);
    expect(await client.foia.communications.letter(r.id, draft.communication_id, { format: 'markdown' })).toContain('Federal Bureau of Investigation');
    const pdf = await client.foia.communications.letter(r.id, draft.communication_id, { format: 'pdf' });
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    const before = sink.messages.length;
    const queued = await client.foia.send(r.id, { kind: 'appeal' });
    expect(queued.id).toBe(draft.communication_id);
    await delivered(r.id, queued.id, 'sent');
    await sink.waitFor(before + 1);
    expect((await client.foia.get(r.id)).status).toBe('appealed');

    const pending = await client.foia.create(request());
    await expect(client.foia.appealDraft(pending.id, { reasons: 'Denied.' })).rejects.toBeInstanceOf(ConflictError);
    await expect(stranger.foia.appealDraft(r.id, { reasons: 'Denied.' })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("the README's example", () => {
  it('sends the letter, logs the partial release and drafts the appeal', async () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-sdk-send-readme-'));
    try {
      const before = sink.messages.length;
      const token = await t.token({ sub: 'sdk-readme-sender', scope: SCOPES });
      const out = await runReadmeExample('send-and-appeal', { cwd, env: { ...process.env, SUNLIGHT_URL: t.baseUrl, SUNLIGHT_TOKEN: token } });
      expect(out).toContain('letter sent to foia@example.gov');
      expect(out).toContain('request is partially_fulfilled');
      expect(out).toMatch(/appeal drafted: Re: .*Use-of-force reviews/);
      expect(out).toMatch(/appeal PDF: \d+ bytes/);
      expect(sink.messages.slice(before).map((m) => m.envelope.to)).toEqual([['foia@example.gov']]);
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });
});
