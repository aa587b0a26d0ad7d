/**
 * GET /api/foia/notifications and marking them read, over HTTP: notifications recorded by the
 * reminder job's and the follow-up job's own code, isolated per user by row-level security.
 * Every answer is checked against the OpenAPI document by the test API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgFoiaLawStore } from '../../../core/foia/foia-law-store.js';
import { createFollowUpDrafter } from '../../../core/foia/follow-ups/follow-up-drafter.js';
import { FoiaFollowUpJob } from '../../../core/foia/follow-ups/follow-up-job.js';
import { createPgFollowUpStore } from '../../../core/foia/follow-ups/follow-up-store.js';
import { createPgFoiaReminderStore } from '../../../core/foia/reminders/foia-reminder-store.js';
import { createLogger } from '../../../core/logger/logger.js';
import { createRequest, FOIA_SCOPES } from './testing/foia-api-helpers.js';
import { startClockedFoiaApi, type ClockedFoiaApi } from './testing/foia-test-api.js';

// texas submitted 2025-11-21 16:00 Chicago → due 2025-12-09; california 2025-11-17 → 2025-12-01.
const START = new Date('2025-11-28T18:00:00Z');

let api: ClockedFoiaApi;
let alice: string;
let bob: string;
const ids: Record<string, string> = {};

type Notification = { id: number; request_id: string; kind: string; due_date: string; read_at: string | null; created_at: string; subject: string; agency_name: string; message: string | null };

async function call<T = any>(path: string, token: string, init: { method?: string; status?: number } = {}): Promise<T> {
  const res = await api.t.request(path, { token, method: init.method ?? 'GET' });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(init.status ?? 200);
  return body as T;
}

const list = (token: string, query = '') => call<{ data: Notification[]; total: number; next_cursor: string | null }>(`/api/foia/notifications${query}`, token);

beforeAll(async () => {
  api = await startClockedFoiaApi(START);
  alice = await api.t.token({ sub: 'notify-alice', scope: FOIA_SCOPES });
  bob = await api.t.token({ sub: 'notify-bob', scope: FOIA_SCOPES });
  const submitted = (token: string, jurisdiction: string, at: string, subject: string) =>
    createRequest(api.t, token, { jurisdiction, status: 'submitted', submitted_at: at, subject, agency: { name: `${subject} agency` } });
  ids['ca'] = (await submitted(alice, 'california', '2025-11-17T09:30:00-08:00', 'CA records')).id;
  ids['tx'] = (await submitted(alice, 'texas', '2025-11-21T16:00:00-06:00', 'TX records')).id;
  ids['bob'] = (await submitted(bob, 'texas', '2025-11-21T16:00:00-06:00', 'Bob records')).id;
  const reminders = createPgFoiaReminderStore(api.database.db);
  await reminders.recordDueReminders({ withinDays: 3, now: new Date('2025-11-28T18:00:00Z') }); // ca due_soon
  await reminders.recordDueReminders({ withinDays: 3, now: new Date('2025-12-02T18:00:00Z') }); // ca overdue
  await reminders.recordDueReminders({ withinDays: 3, now: new Date('2025-12-07T18:00:00Z') }); // tx and bob due_soon
  const followUps = new FoiaFollowUpJob({
    store: createPgFollowUpStore(api.database.db),
    drafter: createFollowUpDrafter({ db: api.database.db, law: createPgFoiaLawStore(api.database.db) }),
    days: { state: 15, federal: 30, byJurisdiction: {} },
    db: api.database.db,
    logger: createLogger({ level: 'silent' }),
    now: () => new Date('2025-12-08T18:00:00Z'), // california: due 12-01, 21 days after the request
  });
  expect((await followUps.perform()).drafted).toBe(1);
}, 60_000);
afterAll(async () => {
  await api?.close();
});

describe('GET /api/foia/notifications', () => {
  it("lists the caller's notifications, newest first, with each request's subject and agency", async () => {
    const { data, total, next_cursor } = await list(alice);
    expect(total).toBe(4);
    expect(next_cursor).toBeNull();
    expect(data.map((n) => `${n.kind} ${n.subject}`)).toEqual(['follow_up CA records', 'due_soon TX records', 'overdue CA records', 'due_soon CA records']);
    expect(data[0]).toMatchObject({ request_id: ids['ca'], agency_name: 'CA records agency', due_date: '2025-12-02', read_at: null });
    expect(data[0]!.message).toContain('follow-up letter');
    expect((await list(bob)).data.map((n) => n.request_id)).toEqual([ids['bob']]);
  });

  it('puts unread ones first, and filters by kind and by unread', async () => {
    const { data } = await list(alice);
    const oldest = data.at(-1)!;
    const marked = await call<Notification>(`/api/foia/notifications/${oldest.id}/read`, alice, { method: 'POST' });
    expect(marked).toMatchObject({ id: oldest.id, kind: 'due_soon', subject: 'CA records' });
    expect(Date.parse(marked.read_at!)).not.toBeNaN();
    // Marking again keeps the first time it was read.
    expect((await call<Notification>(`/api/foia/notifications/${oldest.id}/read`, alice, { method: 'POST' })).read_at).toBe(marked.read_at);

    const newest = data[0]!;
    await call(`/api/foia/notifications/${newest.id}/read`, alice, { method: 'POST' });
    expect((await list(alice)).data.map((n) => n.id)).toEqual([data[1]!.id, data[2]!.id, newest.id, oldest.id]);
    expect((await list(alice, '?unread=true')).data.map((n) => n.id)).toEqual([data[1]!.id, data[2]!.id]);
    expect((await list(alice, '?unread=false')).data.map((n) => n.id)).toEqual([newest.id, oldest.id]);
    expect((await list(alice, '?kind=overdue')).data.map((n) => n.kind)).toEqual(['overdue']);
    expect((await list(alice, '?kind=follow_up&unread=true')).total).toBe(0);
  });

  it('pages with a cursor through unread and read ones without repeating any', async () => {
    const all = (await list(alice)).data.map((n) => n.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: Notification[]; next_cursor: string | null } = await list(alice, `?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.data.map((n) => n.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it("keeps another user's notifications unreachable", async () => {
    const alices = (await list(alice)).data;
    const bobs = (await list(bob)).data;
    expect(bobs.some((n) => alices.some((a) => a.id === n.id))).toBe(false);
    const unread = alices.find((n) => n.read_at === null)!;
    const res = await call(`/api/foia/notifications/${unread.id}/read`, bob, { method: 'POST', status: 404 });
    expect(res.error.code).toBe('NOT_FOUND');
    expect((await list(alice)).data.find((n) => n.id === unread.id)!.read_at).toBeNull();
    expect(await call('/api/foia/notifications/read-all', bob, { method: 'POST' })).toEqual({ marked: 1 });
    expect((await list(alice, '?unread=true')).total).toBe(2);
  });

  it('marks all read', async () => {
    expect(await call('/api/foia/notifications/read-all', alice, { method: 'POST' })).toEqual({ marked: 2 });
    expect((await list(alice, '?unread=true')).total).toBe(0);
    expect(await call('/api/foia/notifications/read-all', alice, { method: 'POST' })).toEqual({ marked: 0 });
  });

  it('answers bad input with 400 and unknown ids with 404', async () => {
    for (const q of ['?kind=bogus', '?unread=maybe', '?limit=0', '?cursor=not-a-cursor', '?extra=1']) {
      expect((await call(`/api/foia/notifications${q}`, alice, { status: 400 })).error.code).toBe('VALIDATION_ERROR');
    }
    expect((await call('/api/foia/notifications/abc/read', alice, { method: 'POST', status: 400 })).error.code).toBe('VALIDATION_ERROR');
    await call('/api/foia/notifications/999999999/read', alice, { method: 'POST', status: 404 });
    expect((await api.t.request('/api/foia/notifications')).status).toBe(401);
  });
});
