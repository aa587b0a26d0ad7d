/**
 * Delivery of notifications on the real services: Postgres (as `sunlight_reminder` and as
 * each user), a real SMTP server on loopback (test/support/smtp-sink.ts) and a loopback HTTP
 * receiver that checks the signature. The job's own code (`perform`) runs at chosen instants.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../test/support/smtp-sink.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { inUserTransaction } from '../../db/user-transaction.js';
import { SIGNATURE_HEADER, verifyWebhook } from '../../integrations/webhook-signature.js';
import { createLogger } from '../../logger/logger.js';
import { createMailer, type Mailer } from '../../mail/mailer.js';
import { saveProfile, type ProfileValues } from '../../profile/profile-store.js';
import { editableFieldsSchema } from '../foia-request-fields.js';
import { createPgFoiaRequestStore } from '../foia-request-store.js';
import { createPgFoiaReminderStore } from '../reminders/foia-reminder-store.js';
import { FoiaNotificationDeliveryJob } from './notification-delivery-job.js';
import { createPgNotificationDeliveryStore } from './notification-delivery-store.js';
import { markNotificationRead } from './notification-store.js';
import { randomBytes } from 'node:crypto';
import type { Job } from 'bullmq';
import { testRedisUrl } from '../../../test/support/test-env.js';
import { createQueueConnection } from '../../queue/queue-connection.js';
import { scheduleRepeatable, startQueueRunner } from '../../queue/queue-runner.js';
import { FOIA_QUEUE } from '../reminders/foia-deadline-reminder-job.js';
import { notificationWebhookSecret } from './notification-webhook.js';

const SIGNING_KEY = 'test-signing-key-for-notification-webhooks';
/** 09:00 on Mon 8 December 2025 in Chicago. */
const NOW = new Date('2025-12-08T15:00:00Z');
const logs: string[] = [];
const logger = createLogger({ level: 'info', destination: { write: (l: string) => logs.push(l) } });

let database: TestDatabase;
let sink: SmtpSink;
let mailer: Mailer;
let receiver: http.Server;
let hookUrl: string;
const posts: Array<{ body: string; signature: string | undefined }> = [];
let failPosts = 0;
const ids: Record<string, string> = {};

const NO_NOTIFY: ProfileValues = {
  name: null, organization: null, email: null, phone: null, address: null, follow_up_auto_send: false, notify_email: false, notify_webhook_url: null,
};

async function seed(user: string, name: string, dueDate: string): Promise<void> {
  const fields = editableFieldsSchema.parse({ jurisdiction: 'texas', agency: { name: `${name} agency` }, subject: `${name}, records; of 2024`, description: 'Records.' });
  ids[name] = await createPgFoiaRequestStore(database.db).asUser(user, async (tx) => {
    const r = await tx.insert({
      ...fields, time_zone: 'America/Chicago', status: 'processing', submitted_at: '2025-11-21T22:00:00.000Z', acknowledged_at: null, completed_at: null,
      due_date: dueDate, clock: 'running', clock_paused_on: null, deadline: null, appealed_at: null, appeal_due_date: null, appeal_deadline: null,
      updated_at: NOW.toISOString(), created_at: NOW.toISOString(),
    });
    return r.id;
  });
}

function job(at: Date, allowPrivate = true): FoiaNotificationDeliveryJob {
  return new FoiaNotificationDeliveryJob({
    store: createPgNotificationDeliveryStore(database.db),
    mailer,
    from: 'Sunlight <foia@sunlight.test>',
    webhooks: { signingKey: SIGNING_KEY, allowPrivate },
    logger,
    now: () => at,
  });
}

const run = (at: Date, allowPrivate = true) => {
  const j = job(at, allowPrivate);
  return j.perform(j.parse({}));
};

const rows = () =>
  database.db('foia_notifications').select('id', 'request_id', 'user_id', 'kind', 'due_date', 'emailed_at', 'webhooked_at', 'delivery_error').orderBy('id');

beforeAll(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink();
  mailer = createMailer({ smtpUrl: sink.url });
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (failPosts > 0) {
        failPosts -= 1;
        res.writeHead(500).end();
        return;
      }
      posts.push({ body: Buffer.concat(chunks).toString('utf8'), signature: req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/sunlight`;

  await seed('d-alice', 'due-tomorrow', '2025-12-09');
  await seed('d-alice', 'overdue', '2025-12-01');
  await seed('d-bob', 'bob-overdue', '2025-12-01');
  await seed('d-carol', 'carol-overdue', '2025-12-01');
  await inUserTransaction(database.db, 'd-alice', (trx) => saveProfile(trx, 'd-alice', { ...NO_NOTIFY, name: 'Alice', email: 'alice@example.org', notify_email: true, notify_webhook_url: hookUrl }));
  await inUserTransaction(database.db, 'd-bob', (trx) => saveProfile(trx, 'd-bob', { ...NO_NOTIFY, email: 'bob@example.org' })); // notifications off
  expect(await createPgFoiaReminderStore(database.db).recordDueReminders({ withinDays: 3, now: NOW })).toBe(4);
}, 60_000);
afterAll(async () => {
  mailer?.close();
  await sink?.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  await database?.drop();
});

describe('FoiaNotificationDeliveryJob', () => {
  it("e-mails and POSTs each of the user's notifications once; a re-run delivers nothing more", async () => {
    expect(await run(NOW)).toEqual({ emailed: 2, webhooked: 2, failed: 0 });
    await sink.waitFor(2);
    expect(sink.messages.map((m) => m.envelope.to)).toEqual([['alice@example.org'], ['alice@example.org']]);
    const overdue = sink.messages.find((m) => m.parsed.subject?.startsWith('Response overdue'))!;
    expect(overdue.parsed.subject).toBe('Response overdue: overdue, records; of 2024');
    expect(overdue.parsed.text).toContain('Response overdue: your public records request “overdue, records; of 2024” to overdue agency.');
    expect(overdue.parsed.text).toContain('The agency’s response was due on December 1, 2025 (7 days ago), and the request is still open.');
    expect(overdue.parsed.text).toContain(`The request in Sunlight: /api/foia/requests/${ids['overdue']}`);
    const soon = sink.messages.find((m) => m.parsed.subject?.startsWith('Response due soon'))!;
    expect(soon.parsed.text).toContain('The agency’s response is due on December 9, 2025 (in 1 day).');

    expect(posts).toHaveLength(2);
    const secret = notificationWebhookSecret(SIGNING_KEY, 'd-alice');
    for (const p of posts) expect(verifyWebhook(secret, p.signature, p.body)).toBe(true);
    expect(verifyWebhook(notificationWebhookSecret(SIGNING_KEY, 'd-bob'), posts[0]!.signature, posts[0]!.body)).toBe(false);
    const payload = JSON.parse(posts.find((p) => p.body.includes('"overdue"'))!.body);
    expect(payload).toMatchObject({
      type: 'foia.notification',
      data: { notification: { kind: 'overdue', due_date: '2025-12-01', days_until_due: -7 }, request: { id: ids['overdue'], subject: 'overdue, records; of 2024', agency_name: 'overdue agency' } },
    });

    expect(await run(NOW)).toEqual({ emailed: 0, webhooked: 0, failed: 0 });
    expect(await run(new Date(NOW.getTime() + 60_000))).toEqual({ emailed: 0, webhooked: 0, failed: 0 });
    expect(sink.messages).toHaveLength(2);
    expect(posts).toHaveLength(2);
    const delivered = (await rows()).filter((r: { user_id: string }) => r.user_id === 'd-alice');
    expect(delivered.every((r: { emailed_at: Date | null; webhooked_at: Date | null }) => r.emailed_at !== null && r.webhooked_at !== null)).toBe(true);
    // Bob turned nothing on: nothing was sent for him, nothing is marked.
    expect((await rows()).find((r: { user_id: string }) => r.user_id === 'd-bob')).toMatchObject({ emailed_at: null, webhooked_at: null });
    // Nothing of a message reaches the logs.
    expect(logs.join('\n')).not.toContain('records; of 2024');
  });

  it('records a failure, and the next run delivers it', async () => {
    // Two days later 'due-tomorrow' is overdue: a new notification.
    expect(await createPgFoiaReminderStore(database.db).recordDueReminders({ withinDays: 3, now: new Date('2025-12-10T15:00:00Z') })).toBe(1);
    sink.failNext(1);
    failPosts = 1;
    const later = new Date('2025-12-10T15:05:00Z');
    expect(await run(later)).toEqual({ emailed: 0, webhooked: 0, failed: 2 });
    const failed = (await rows()).at(-1);
    expect(failed).toMatchObject({ request_id: ids['due-tomorrow'], kind: 'overdue', emailed_at: null, webhooked_at: null });
    expect(failed.delivery_error).toMatch(/^email: .+; webhook: The receiver answered 500$/);

    expect(await run(later)).toEqual({ emailed: 1, webhooked: 1, failed: 0 });
    expect((await rows()).at(-1)).toMatchObject({ delivery_error: null });
    expect(sink.messages).toHaveLength(3);
    expect(posts).toHaveLength(3);
  });

  it('refuses a webhook on a private address unless allowed, and skips notifications the user has read', async () => {
    await inUserTransaction(database.db, 'd-carol', (trx) => saveProfile(trx, 'd-carol', { ...NO_NOTIFY, notify_webhook_url: hookUrl }));
    expect(await run(NOW, false)).toEqual({ emailed: 0, webhooked: 0, failed: 1 });
    const carol = (await rows()).find((r: { user_id: string }) => r.user_id === 'd-carol');
    expect(carol).toMatchObject({ webhooked_at: null });
    expect(carol.delivery_error).toContain('webhook: The webhook URL is refused: The URL points at a private or loopback address');

    await inUserTransaction(database.db, 'd-carol', (trx) => markNotificationRead(trx, carol.id, NOW));
    expect(await run(NOW, true)).toEqual({ emailed: 0, webhooked: 0, failed: 0 });
    expect(posts).toHaveLength(3);
  });

  it('runs on its repeatable schedule on queue foia', async () => {
    await seed('d-alice', 'scheduled', '2025-12-20');
    expect(await createPgFoiaReminderStore(database.db).recordDueReminders({ withinDays: 3, now: new Date('2025-12-17T15:00:00Z') })).toBe(1);
    const connection = createQueueConnection(testRedisUrl(), 'sunlight-test-delivery');
    const j = job(new Date('2025-12-17T15:01:00Z'));
    const runner = startQueueRunner({ connection, prefix: `sunlight-test-${randomBytes(4).toString('hex')}`, queueName: FOIA_QUEUE, jobs: [j], logger });
    try {
      const done = new Promise<Job>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no job completed within 20 s')), 20_000);
        runner.worker.once('completed', (completed) => {
          clearTimeout(timer);
          resolve(completed);
        });
      });
      await scheduleRepeatable(runner.queue, j, j.parse({}), 60_000);
      expect((await done).returnvalue).toEqual({ emailed: 1, webhooked: 1, failed: 0 });
      expect(sink.messages.at(-1)!.parsed.subject).toBe('Response due soon: scheduled, records; of 2024');
    } finally {
      await runner.queue.obliterate({ force: true });
      await runner.close();
      await connection.quit();
    }
  });

  it('refuses malformed job data', () => {
    const j = job(NOW);
    expect(() => j.parse({ limit: 0 })).toThrow();
    expect(j.parse(undefined)).toEqual({ limit: 200, maxAgeDays: 7 });
  });
});
