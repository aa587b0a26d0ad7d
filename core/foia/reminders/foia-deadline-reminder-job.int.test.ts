import { randomBytes } from 'node:crypto';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { testRedisUrl } from '../../../test/support/test-env.js';
import { createLogger } from '../../logger/logger.js';
import { createQueueConnection } from '../../queue/queue-connection.js';
import { keepScheduled, scheduleRepeatable, startQueueRunner, type QueueRunner } from '../../queue/queue-runner.js';
import type { DeadlineClock } from '../foia-lifecycle.js';
import { editableFieldsSchema } from '../foia-request-fields.js';
import { createPgFoiaRequestStore } from '../foia-request-store.js';
import { FOIA_QUEUE, FoiaDeadlineReminderJob } from './foia-deadline-reminder-job.js';
import { createPgFoiaReminderStore, type FoiaReminderStore } from './foia-reminder-store.js';

let database: TestDatabase;
let connection: Redis;
const logs: string[] = [];
const logger = createLogger({ level: 'info', destination: { write: (l: string) => logs.push(l) } });
/** 09:00 on Mon 8 December 2025 in Chicago. */
const NOW = new Date('2025-12-08T15:00:00Z');
const ids: Record<string, string> = {};

async function seed(user: string, name: string, dueDate: string | null, clock: DeadlineClock): Promise<void> {
  const fields = editableFieldsSchema.parse({ jurisdiction: 'texas', agency: { name: 'Agency' }, subject: name, description: 'Records.' });
  ids[name] = await createPgFoiaRequestStore(database.db).asUser(user, async (tx) => {
    const r = await tx.insert({
      ...fields, time_zone: 'America/Chicago', status: clock === 'paused' ? 'fix_required' : clock === 'stopped' ? 'denied' : 'processing',
      submitted_at: '2025-11-21T22:00:00.000Z', acknowledged_at: null, completed_at: null, due_date: dueDate, clock, clock_paused_on: null,
      deadline: null, appealed_at: null, appeal_due_date: null, appeal_deadline: null, updated_at: NOW.toISOString(), created_at: NOW.toISOString(),
    });
    return r.id;
  });
}

/** A fresh runner on its own key prefix, so parallel test runs never share a queue. */
function runner(job: FoiaDeadlineReminderJob, prefix = `sunlight-test-${randomBytes(4).toString('hex')}`): QueueRunner {
  return startQueueRunner({ connection, prefix, queueName: FOIA_QUEUE, jobs: [job], logger });
}

function nextCompletion(r: QueueRunner): Promise<Job> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no job completed within 20 s')), 20_000);
    r.worker.once('completed', (job) => {
      clearTimeout(timer);
      resolve(job);
    });
  });
}

async function stop(r: QueueRunner): Promise<void> {
  await r.queue.obliterate({ force: true });
  await r.close();
}

const notifications = () => database.db('foia_notifications').select('request_id', 'user_id', 'kind', 'due_date', 'days_until_due').orderBy('kind');

beforeAll(async () => {
  database = await createTestDatabase();
  connection = createQueueConnection(testRedisUrl(), 'sunlight-test-queue');
  await seed('alice', 'due-tomorrow', '2025-12-09', 'running'); // due_soon, 1 day
  await seed('bob', 'overdue', '2025-12-01', 'running'); // overdue, -7 days
  await seed('alice', 'later', '2025-12-20', 'running'); // 12 days: not yet
  await seed('bob', 'paused', '2025-12-09', 'paused'); // the clock waits for the requester
  await seed('alice', 'stopped', '2025-12-01', 'stopped'); // answered
  await seed('carol', 'no-deadline', null, 'running');
});
afterAll(async () => {
  await connection?.quit();
  await database?.drop();
});

describe('FoiaDeadlineReminderJob on BullMQ, Redis and Postgres', () => {
  it("runs on its repeatable schedule and records notifications for every user's near and overdue requests", async () => {
    const job = new FoiaDeadlineReminderJob({ store: createPgFoiaReminderStore(database.db), logger, now: () => NOW });
    const r = runner(job);
    try {
      const done = nextCompletion(r);
      await scheduleRepeatable(r.queue, job, { withinDays: 3 }, 60_000);
      await scheduleRepeatable(r.queue, job, { withinDays: 3 }, 60_000); // a second process start
      expect(await r.queue.getJobSchedulersCount()).toBe(1);
      const first = await done;
      expect(first.returnvalue).toEqual({ recorded: 2, at: NOW.toISOString() });
      expect(await notifications()).toEqual([
        { request_id: ids['due-tomorrow'], user_id: 'alice', kind: 'due_soon', due_date: '2025-12-09', days_until_due: 1 },
        { request_id: ids['overdue'], user_id: 'bob', kind: 'overdue', due_date: '2025-12-01', days_until_due: -7 },
      ]);

      // Run again (as a retry or an overlapping schedule would): nothing new.
      const again = nextCompletion(r);
      await r.queue.add(job.name, { withinDays: 3 }, job.options);
      expect((await again).returnvalue.recorded).toBe(0);
      expect(await notifications()).toHaveLength(2);
    } finally {
      await stop(r);
    }
  });

  it('restores its schedule after Redis loses its data, and runs again', async () => {
    const job = new FoiaDeadlineReminderJob({ store: createPgFoiaReminderStore(database.db), logger, now: () => NOW });
    const prefix = `sunlight-test-${randomBytes(4).toString('hex')}`;
    const r = runner(job, prefix);
    const keeper = await keepScheduled(r.queue, job, { withinDays: 3 }, 60_000, { checkEveryMs: 200, logger });
    try {
      expect(await r.queue.getJobScheduler(job.name)).toBeTruthy();
      // What a Redis restart without persistence (or FLUSHALL) does to this deployment's keys.
      const keys = await connection.keys(`${prefix}:*`);
      if (keys.length > 0) await connection.del(...keys);
      expect(await r.queue.getJobScheduler(job.name)).toBeFalsy();
      const ran = nextCompletion(r);
      await expect.poll(async () => Boolean(await r.queue.getJobScheduler(job.name)), { timeout: 5_000 }).toBe(true);
      expect((await ran).name).toBe(job.name);
      expect(logs.some((l) => l.includes('the repeatable schedule was gone from Redis'))).toBe(true);
    } finally {
      keeper.stop();
      await stop(r);
    }
  });

  it('retries with its own backoff after a failure, and the retry stays idempotent', async () => {
    const real = createPgFoiaReminderStore(database.db);
    let calls = 0;
    const flaky: FoiaReminderStore = {
      recordDueReminders: async (input) => {
        calls += 1;
        if (calls === 1) throw new Error('database went away');
        return real.recordDueReminders(input);
      },
    };
    const job = new FoiaDeadlineReminderJob({ store: flaky, logger, now: () => new Date('2025-12-10T15:00:00Z') }, { attempts: 3, backoffMs: 50 });
    expect(job.options).toMatchObject({ attempts: 3, backoff: { type: 'exponential', delay: 50 } });
    const r = runner(job);
    try {
      const done = nextCompletion(r);
      await r.queue.add(job.name, { withinDays: 3 }, job.options);
      const completed = await done;
      expect(completed.attemptsMade).toBe(2);
      // Two days later 'due-tomorrow' is overdue (a new kind), 'later' is still 10 days away.
      expect(completed.returnvalue.recorded).toBe(1);
      expect((await notifications()).map((n: { kind: string; due_date: string }) => `${n.kind} ${n.due_date}`).sort()).toEqual([
        'due_soon 2025-12-09',
        'overdue 2025-12-01',
        'overdue 2025-12-09',
      ]);
      expect(logs.some((l) => l.includes('queue job failed') && l.includes('database went away'))).toBe(true);
    } finally {
      await stop(r);
    }
  });

  it('refuses malformed job data', () => {
    const job = new FoiaDeadlineReminderJob({ store: createPgFoiaReminderStore(database.db), logger });
    expect(() => job.parse({ withinDays: -1 })).toThrow();
    expect(job.parse({ withinDays: 7 })).toEqual({ withinDays: 7 });
  });
});

describe('appeal reminders', () => {
  let appeals: TestDatabase;
  const made: Record<string, string> = {};

  async function decided(user: string, name: string, status: 'appealed' | 'denied' | 'partially_fulfilled', dates: { appealDue?: string; fileBy?: string }): Promise<void> {
    const fields = editableFieldsSchema.parse({ jurisdiction: 'federal', agency: { name: 'Agency' }, subject: name, description: 'Records.' });
    const fileBy = dates.fileBy
      ? { actor: 'requester', date: dates.fileBy, days: 90, unit: 'calendar', counted_from: '2025-09-10', citation: '5 U.S.C. § 552(a)(6)(A)(i)(III)(aa)', quote: null }
      : null;
    made[name] = await createPgFoiaRequestStore(appeals.db).asUser(user, async (tx) => {
      const r = await tx.insert({
        ...fields, time_zone: 'America/New_York', status, submitted_at: '2025-08-01T14:00:00.000Z', acknowledged_at: null,
        completed_at: status === 'appealed' ? null : '2025-09-10T14:00:00.000Z', due_date: '2025-08-29', clock: 'stopped', clock_paused_on: null, deadline: null,
        appealed_at: status === 'appealed' ? '2025-11-10T14:00:00.000Z' : null, appeal_due_date: dates.appealDue ?? null,
        appeal_deadline: fileBy ? { decided_by: 'the head of the agency', days: 20, unit: 'business', citation: null, quote: null, file_by: fileBy, explanation: [] } as never : null,
        updated_at: NOW.toISOString(), created_at: NOW.toISOString(),
      });
      return r.id;
    });
  }

  beforeAll(async () => {
    appeals = await createTestDatabase();
    await decided('alice', 'decision-due-soon', 'appealed', { appealDue: '2025-12-10' }); // 2 days
    await decided('bob', 'decision-overdue', 'appealed', { appealDue: '2025-12-01' }); // 7 days late
    await decided('alice', 'decision-later', 'appealed', { appealDue: '2025-12-31' }); // not yet
    await decided('carol', 'window-closing', 'denied', { fileBy: '2025-12-09' }); // 1 day left to appeal
    await decided('carol', 'window-closed', 'partially_fulfilled', { fileBy: '2025-12-05' }); // too late to remind
    await decided('alice', 'window-open', 'denied', { fileBy: '2026-01-30' }); // not yet
  });
  afterAll(async () => {
    await appeals?.drop();
  });

  it("records the deciding body's due date, near or past, and the requester's own time to appeal before it ends, once each", async () => {
    const store = createPgFoiaReminderStore(appeals.db);
    expect(await store.recordDueReminders({ withinDays: 3, now: NOW })).toBe(3);
    const rows = await appeals.db('foia_notifications').select('request_id', 'user_id', 'kind', 'due_date', 'days_until_due').orderBy('kind');
    expect(rows).toEqual([
      { request_id: made['decision-due-soon'], user_id: 'alice', kind: 'appeal_due_soon', due_date: '2025-12-10', days_until_due: 2 },
      { request_id: made['decision-overdue'], user_id: 'bob', kind: 'appeal_overdue', due_date: '2025-12-01', days_until_due: -7 },
      { request_id: made['window-closing'], user_id: 'carol', kind: 'appeal_window_closing', due_date: '2025-12-09', days_until_due: 1 },
    ]);
    expect(await store.recordDueReminders({ withinDays: 3, now: NOW })).toBe(0);
  });
});
