/**
 * The deadline reminders over HTTP: recorded by the reminder job's own code (its `perform`,
 * on the Postgres reminder store, at instants the test chooses), read back through
 * GET /api/foia/requests/{id}/reminders and GET /api/foia/reminders, isolated per user by
 * row-level security. Every answer is checked against the OpenAPI document by the test API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../core/logger/logger.js';
import { FoiaDeadlineReminderJob } from '../../../core/foia/reminders/foia-deadline-reminder-job.js';
import { createPgFoiaReminderStore } from '../../../core/foia/reminders/foia-reminder-store.js';
import { createRequest, FOIA_SCOPES } from './testing/foia-api-helpers.js';
import { startClockedFoiaApi, type ClockedFoiaApi } from './testing/foia-test-api.js';

// Due dates from the invented law of core/foia/testing (see foia-deadlines.int.test.ts):
// texas submitted 2025-11-21 16:00 Chicago → due 2025-12-09; california 2025-11-17 → 2025-12-01;
// federal 2025-11-07 → 2025-12-10.
const START = new Date('2025-11-28T18:00:00Z');

let api: ClockedFoiaApi;
let alice: string;
let bob: string;
let carol: string;
const ids: Record<string, string> = {};

/** Runs the reminder job once, as its schedule would, at `at`. */
async function runReminderJob(at: string): Promise<number> {
  const job = new FoiaDeadlineReminderJob({ store: createPgFoiaReminderStore(api.database.db), logger: createLogger({ level: 'silent' }), now: () => new Date(at) });
  return (await job.perform(job.parse({ withinDays: 3 }))).recorded;
}

async function get<T = any>(path: string, token: string, status = 200): Promise<T> {
  const res = await api.t.request(path, { token });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body as T;
}

type Reminder = { id: number; request_id: string; kind: string; due_date: string; days_until_due: number; created_at: string };

beforeAll(async () => {
  api = await startClockedFoiaApi(START);
  alice = await api.t.token({ sub: 'reminder-alice', scope: FOIA_SCOPES });
  bob = await api.t.token({ sub: 'reminder-bob', scope: FOIA_SCOPES });
  carol = await api.t.token({ sub: 'reminder-carol', scope: FOIA_SCOPES });
  const submitted = (token: string, jurisdiction: string, at: string, subject: string) =>
    createRequest(api.t, token, { jurisdiction, status: 'submitted', submitted_at: at, subject, agency: { name: `${subject} agency` } });
  ids['ca'] = (await submitted(alice, 'california', '2025-11-17T09:30:00-08:00', 'CA records')).id;
  ids['tx'] = (await submitted(alice, 'texas', '2025-11-21T16:00:00-06:00', 'TX records')).id;
  ids['fed'] = (await submitted(alice, 'federal', '2025-11-07T10:00:00-05:00', 'Federal records')).id;
  ids['draft'] = (await createRequest(api.t, alice, { subject: 'A draft' })).id;
  ids['bob'] = (await submitted(bob, 'texas', '2025-11-21T16:00:00-06:00', 'Bob records')).id;
}, 60_000);
afterAll(async () => {
  await api?.close();
});

describe('before the job has recorded anything', () => {
  it('lists no reminders, and says when the next one will be recorded', async () => {
    api.setNow(START);
    const fed = await get(`/api/foia/requests/${ids['fed']}/reminders`, alice);
    // Due Wed 12-10: due_soon is recorded from 3 days before, Sun 12-07 (in New York).
    expect(fed).toEqual({ data: [], total: 0, next_cursor: null, upcoming: { kind: 'due_soon', on: '2025-12-07', due_date: '2025-12-10' } });
    expect((await get(`/api/foia/requests/${ids['tx']}/reminders`, alice)).upcoming).toEqual({ kind: 'due_soon', on: '2025-12-06', due_date: '2025-12-09' });
    // A draft has no running clock: no reminder will come.
    expect(await get(`/api/foia/requests/${ids['draft']}/reminders`, alice)).toEqual({ data: [], total: 0, next_cursor: null, upcoming: null });
    expect(await get('/api/foia/reminders', alice)).toEqual({ data: [], total: 0, next_cursor: null });
  });
});

describe('after the job ran on three days', () => {
  beforeAll(async () => {
    // Fri 11-28: california (due Mon 12-01) is 3 days away in Los Angeles.
    expect(await runReminderJob('2025-11-28T18:00:00Z')).toBe(1);
    // Tue 12-02: california is overdue by a day.
    expect(await runReminderJob('2025-12-02T18:00:00Z')).toBe(1);
    // Sun 12-07: both texas requests (12-09) and federal (12-10) are near; california's overdue is not recorded twice.
    expect(await runReminderJob('2025-12-07T18:00:00Z')).toBe(3);
    api.setNow(new Date('2025-12-07T20:00:00Z'));
  });

  it("shows the owner a request's reminders, newest first, in the list envelope with upcoming", async () => {
    const ca = await get<{ data: Reminder[]; total: number; next_cursor: string | null; upcoming: unknown }>(`/api/foia/requests/${ids['ca']}/reminders`, alice);
    expect(ca).toEqual({
      data: [
        { id: expect.any(Number), request_id: ids['ca'], kind: 'overdue', due_date: '2025-12-01', days_until_due: -1, created_at: '2025-12-02T18:00:00.000Z' },
        { id: expect.any(Number), request_id: ids['ca'], kind: 'due_soon', due_date: '2025-12-01', days_until_due: 3, created_at: '2025-11-28T18:00:00.000Z' },
      ],
      total: 2,
      next_cursor: null,
      // The due date has passed: the job records overdue, never due_soon.
      upcoming: null,
    });
    const fed = await get(`/api/foia/requests/${ids['fed']}/reminders`, alice);
    expect(fed.data).toEqual([{ id: expect.any(Number), request_id: ids['fed'], kind: 'due_soon', due_date: '2025-12-10', days_until_due: 3, created_at: '2025-12-07T18:00:00.000Z' }]);
    // Recorded for this due date: none is to come.
    expect(fed.upcoming).toBeNull();
  });

  it("lists all the owner's reminders across requests, newest first, with each request's subject and agency", async () => {
    const all = await get<{ data: Array<Reminder & { subject: string; agency_name: string }>; total: number; next_cursor: string | null }>('/api/foia/reminders', alice);
    expect(all.total).toBe(4);
    expect(all.next_cursor).toBeNull();
    expect(Object.keys(all.data[0]!).sort()).toEqual(['agency_name', 'created_at', 'days_until_due', 'due_date', 'id', 'kind', 'request_id', 'subject']);
    expect(all.data.map((r) => r.created_at)).toEqual(['2025-12-07T18:00:00.000Z', '2025-12-07T18:00:00.000Z', '2025-12-02T18:00:00.000Z', '2025-11-28T18:00:00.000Z']);
    // Recorded by the same run: the later id first.
    expect(all.data[0]!.id).toBeGreaterThan(all.data[1]!.id);
    expect(all.data.slice(0, 2).map((r) => `${r.subject} · ${r.agency_name} · ${r.kind} ${r.days_until_due}`).sort()).toEqual([
      'Federal records · Federal records agency · due_soon 3',
      'TX records · TX records agency · due_soon 2',
    ]);
    expect(all.data.slice(2).map((r) => [r.request_id, r.subject, r.kind])).toEqual([
      [ids['ca'], 'CA records', 'overdue'],
      [ids['ca'], 'CA records', 'due_soon'],
    ]);
  });

  it('pages with limit and cursor, in the same order', async () => {
    const whole = (await get<{ data: Reminder[] }>('/api/foia/reminders', alice)).data.map((r) => r.id);
    const paged: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: Reminder[]; total: number; next_cursor: string | null } = await get(`/api/foia/reminders?limit=1${cursor ? `&cursor=${cursor}` : ''}`, alice);
      expect(page.total).toBe(4);
      expect(page.data.length).toBeLessThanOrEqual(1);
      paged.push(...page.data.map((r) => r.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(paged).toEqual(whole);

    const first = await get(`/api/foia/requests/${ids['ca']}/reminders?limit=1`, alice);
    expect(first.data.map((r: Reminder) => r.kind)).toEqual(['overdue']);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await get(`/api/foia/requests/${ids['ca']}/reminders?limit=1&cursor=${first.next_cursor}`, alice);
    expect(second).toMatchObject({ total: 2, next_cursor: null, upcoming: null });
    expect(second.data.map((r: Reminder) => r.kind)).toEqual(['due_soon']);
  });

  it('filters by kind', async () => {
    const overdue = await get<{ data: Reminder[]; total: number }>('/api/foia/reminders?kind=overdue', alice);
    expect(overdue.total).toBe(1);
    expect(overdue.data.map((r) => [r.request_id, r.kind])).toEqual([[ids['ca'], 'overdue']]);
    const soon = await get<{ data: Reminder[]; total: number }>('/api/foia/reminders?kind=due_soon', alice);
    expect(soon.total).toBe(3);
    expect(new Set(soon.data.map((r) => r.kind))).toEqual(new Set(['due_soon']));
    const caSoon = await get(`/api/foia/requests/${ids['ca']}/reminders?kind=due_soon`, alice);
    expect(caSoon.data.map((r: Reminder) => r.days_until_due)).toEqual([3]);
  });

  it("answers 404 for another user's request, and lists only the caller's own reminders", async () => {
    const res = await api.t.request(`/api/foia/requests/${ids['ca']}/reminders`, { token: bob });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('NOT_FOUND');
    expect((await api.t.request(`/api/foia/requests/8d4c3c8e-2a6b-4a57-9d5b-3f1c1b1a0c00/reminders`, { token: alice })).status).toBe(404);

    const bobs = await get<{ data: Reminder[]; total: number }>('/api/foia/reminders', bob);
    expect(bobs.total).toBe(1);
    expect(bobs.data.map((r) => [r.request_id, r.kind, r.days_until_due])).toEqual([[ids['bob'], 'due_soon', 2]]);
    expect(await get('/api/foia/reminders', carol)).toEqual({ data: [], total: 0, next_cursor: null });
  });

  it('answers 400 in the error envelope for a malformed id, kind, limit, cursor or unknown parameter', async () => {
    const bad = async (path: string, issuePath: string) => {
      const body = await get(path, alice, 400);
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(body.error.metadata.issues.map((i: { path: string }) => i.path)).toContain(issuePath);
    };
    await bad('/api/foia/requests/not-a-uuid/reminders', 'params.id');
    await bad(`/api/foia/requests/${ids['ca']}/reminders?kind=late`, 'query.kind');
    await bad('/api/foia/reminders?kind=late', 'query.kind');
    await bad('/api/foia/reminders?limit=0', 'query.limit');
    await bad('/api/foia/reminders?limit=101', 'query.limit');
    await bad('/api/foia/reminders?status=draft', 'query');
    await bad('/api/foia/reminders?cursor=not-a-cursor', 'cursor');
    // A cursor of the request list is not one of this list.
    const requests = await get<{ next_cursor: string }>('/api/foia/requests?limit=1', alice);
    await bad(`/api/foia/reminders?cursor=${requests.next_cursor}`, 'cursor');
  });

  it('needs a token with read:foia', async () => {
    expect((await api.t.request('/api/foia/reminders')).status).toBe(401);
    const other = await api.t.token({ sub: 'reminder-alice', scope: 'read:transparency' });
    const res = await api.t.request(`/api/foia/requests/${ids['ca']}/reminders`, { token: other });
    expect(res.status).toBe(403);
    expect((await res.json()).error.metadata.required_scope).toBe('read:foia');
  });
});
