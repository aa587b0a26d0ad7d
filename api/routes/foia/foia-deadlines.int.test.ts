import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPgFoiaLawStore } from '../../../core/foia/foia-law-store.js';
import { createPgFoiaRequestStore } from '../../../core/foia/foia-request-store.js';
import { createFoiaService } from '../../../core/foia/foia-service.js';
import { seedFoiaLaw } from '../../../core/foia/testing/seed-foia-law.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { createRequest, FOIA_SCOPES, patchRequest } from './testing/foia-api-helpers.js';

// Due dates computed by hand in the comments, from the invented law rows of
// core/foia/testing/seed-foia-law.ts and the holiday rules of core/calendar.

let database: TestDatabase;
let t: TestApi;
let token: string;
/** The service's clock, moved by the tests. */
let clock = new Date('2025-11-28T12:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await seedFoiaLaw(database.db);
  t = await startTestApi({
    database,
    override: () => ({
      foia: createFoiaService({ requests: createPgFoiaRequestStore(database.db), law: createPgFoiaLawStore(database.db), now: () => clock }),
    }),
  });
  token = await t.token({ sub: 'deadline-user', scope: FOIA_SCOPES });
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
});
beforeEach(() => {
  clock = new Date('2025-11-28T12:00:00Z');
});

const submitted = (jurisdiction: string, submittedAt: string) => createRequest(t, token, { jurisdiction, status: 'submitted', submitted_at: submittedAt });

describe('due dates on submission', () => {
  it.each([
    // Day 0 Fri 11-07. 1 Mon 10, [Tue 11 Veterans Day], 2-4 Wed 12-Fri 14, 5-9 Mon 17-Fri 21, 10-12 Mon 24-Wed 26,
    // [Thu 27 Thanksgiving], 13 Fri 28, [Mon 12-01 closure from the holidays table], 14-17 Tue 2-Fri 5, 18 Mon 8, 19 Tue 9, 20 Wed 10.
    ['federal', '2025-11-07T10:00:00-05:00', '2025-12-10', '2025-11-07'],
    // Received Sat 11-08: day 0 Mon 11-10. 1-3 Wed 12-Fri 14, 4-8 Mon 17-Fri 21, 9-11 Mon 24-Wed 26, 12 Fri 28,
    // [12-01 closure], 13-16 Tue 2-Fri 5, 17-19 Mon 8-Wed 10, 20 Thu 11.
    ['federal', '2025-11-08T10:00:00-05:00', '2025-12-11', '2025-11-10'],
    // Day 0 Fri 11-21. 1-3 Mon 24-Wed 26, [Thu 27 Thanksgiving, Fri 28 Friday after], 4-8 Mon 12-01-Fri 5, 9 Mon 8, 10 Tue 9.
    ['texas', '2025-11-21T16:00:00-06:00', '2025-12-09', '2025-11-21'],
    // Day 0 Mon 11-17; +10 calendar days = Thu 11-27 Thanksgiving → Fri 28 (California holiday) → weekend → Mon 12-01.
    ['california', '2025-11-17T09:30:00-08:00', '2025-12-01', '2025-11-17'],
    // 16:30 Pacific, before the 5 p.m. cutoff: day 0 Tue 11-25. 1 Wed 26, [Thu 27, Fri 28 holidays, weekend], 2-5 Mon 12-01-Thu 4.
    ['washington', '2025-11-25T16:30:00-08:00', '2025-12-04', '2025-11-25'],
    // 17:30 Pacific, after the cutoff: day 0 Wed 11-26. 1-5 Mon 12-01-Fri 5.
    ['washington', '2025-11-25T17:30:00-08:00', '2025-12-05', '2025-11-26'],
  ])('%s, submitted %s: due %s', async (jurisdiction, at, due, dayZero) => {
    const r = await submitted(jurisdiction, at);
    expect(r.due_date).toBe(due);
    expect(r.deadline).toMatchObject({ clock: 'running', received_on: dayZero, no_fixed_deadline_reason: null });
    expect(r.deadline.explanation.length).toBeGreaterThan(2);
  });

  it('names the law, the unit, the citation and the holidays it skipped', async () => {
    const r = await submitted('federal', '2025-11-07T10:00:00-05:00');
    expect(r.deadline).toMatchObject({ days: 20, unit: 'business', citation: '5 U.S.C. § 552(a)(6)(A)(i)', time_zone: 'America/New_York' });
    expect(r.deadline.explanation.join(' ')).toContain('Closure by executive order (test fixture)');
    const wa = await submitted('washington', '2025-11-25T17:30:00-08:00');
    expect(wa.deadline.after_hours_cutoff).toBe('17:00');
  });

  it('has no due date, and says why, where the law sets none or the database lacks the law', async () => {
    const al = await submitted('alabama', '2025-11-21T10:00:00-06:00');
    expect(al).toMatchObject({ due_date: null, days_until_due: null, overdue: false });
    expect(al.deadline.no_fixed_deadline_reason).toBe('invented: a reasonable time');
    const vt = await submitted('vermont', '2025-11-21T10:00:00-05:00');
    expect(vt.due_date).toBeNull();
    expect(vt.deadline.no_fixed_deadline_reason).toContain('no response deadline for vermont');
  });

  it('computes the due date when a draft is submitted by PATCH', async () => {
    const r = await createRequest(t, token, { jurisdiction: 'texas' });
    const res = await patchRequest(t, token, r.id, { status: 'submitted', submitted_at: '2025-11-21T16:00:00-06:00' }, 'W/"1"');
    expect((await res.json()).due_date).toBe('2025-12-09');
  });
});

describe('days_until_due, overdue and the list', () => {
  it('counts days in the jurisdiction zone and flags overdue requests', async () => {
    const r = await submitted('texas', '2025-11-21T16:00:00-06:00'); // due 2025-12-09
    clock = new Date('2025-12-09T03:00:00Z'); // 21:00 on 12-08 in Chicago
    expect(await (await t.request(`/api/foia/requests/${r.id}`, { token })).json()).toMatchObject({ days_until_due: 1, overdue: false });
    clock = new Date('2025-12-10T18:00:00Z');
    expect(await (await t.request(`/api/foia/requests/${r.id}`, { token })).json()).toMatchObject({ days_until_due: -1, overdue: true });
  });

  it('filters overdue requests and sorts by due date, requests without one last', async () => {
    const other = await t.token({ sub: 'sorter', scope: FOIA_SCOPES });
    const make = (jurisdiction: string, at: string) => createRequest(t, other, { jurisdiction, status: 'submitted', submitted_at: at });
    const tx = await make('texas', '2025-11-21T16:00:00-06:00'); // 12-09
    const ca = await make('california', '2025-11-17T09:30:00-08:00'); // 12-01
    const fed = await make('federal', '2025-11-07T10:00:00-05:00'); // 12-10
    const al = await make('alabama', '2025-11-21T10:00:00-06:00'); // none
    const draft = await createRequest(t, other); // none
    clock = new Date('2025-12-09T18:00:00Z');
    const ids = async (q: string) => (await (await t.request(`/api/foia/requests?${q}`, { token: other })).json()).data.map((r: { id: string }) => r.id);
    expect(await ids('overdue=true')).toEqual([ca.id]);
    const byDue = await ids('sort=due_date');
    expect(byDue.slice(0, 3)).toEqual([ca.id, tx.id, fed.id]);
    expect(byDue.slice(3).sort()).toEqual([al.id, draft.id].sort());
    expect((await ids('sort=-due_date')).slice(0, 3)).toEqual([fed.id, tx.id, ca.id]);
    // Paged by due date, one at a time: the same order.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const body: { data: Array<{ id: string }>; next_cursor: string | null } = await (
        await t.request(`/api/foia/requests?sort=due_date&limit=1${cursor ? `&cursor=${cursor}` : ''}`, { token: other })
      ).json();
      paged.push(...body.data.map((r) => r.id));
      cursor = body.next_cursor;
    } while (cursor);
    expect(paged).toEqual(byDue);
  });
});

describe('the clock pauses in fix_required and payment_required', () => {
  it('keeps the business days left and resumes with them (Texas, twice, across Christmas and New Year)', async () => {
    const r = await submitted('texas', '2025-11-21T16:00:00-06:00'); // due Tue 12-09
    clock = new Date('2025-12-03T16:00:00Z'); // Wed 12-03, 10:00 in Chicago
    const paused = await (await patchRequest(t, token, r.id, { status: 'fix_required', note: 'Agency asks to narrow the dates' })).json();
    // Left: the business days in (12-03, 12-09]: Thu 4, Fri 5, Mon 8, Tue 9 = 4.
    expect(paused).toMatchObject({ due_date: '2025-12-09', days_until_due: null, overdue: false });
    expect(paused.deadline).toMatchObject({ clock: 'paused', paused_on: '2025-12-03', remaining_days: 4 });

    clock = new Date('2025-12-20T16:00:00Z'); // past the old due date, but paused: not overdue
    expect(await (await t.request(`/api/foia/requests/${r.id}`, { token })).json()).toMatchObject({ overdue: false, days_until_due: null });

    clock = new Date('2025-12-22T15:00:00Z'); // Mon 12-22: day 0
    const resumed = await (await patchRequest(t, token, r.id, { status: 'processing', note: 'Narrowed' })).json();
    // 1 Tue 23, [Wed 24, Thu 25, Fri 26 Texas holidays; Sat, Sun], 2 Mon 29, 3 Tue 30, 4 Wed 31.
    expect(resumed).toMatchObject({ due_date: '2025-12-31', days_until_due: 9 });
    expect(resumed.deadline).toMatchObject({ clock: 'running', paused_on: null, remaining_days: null });

    clock = new Date('2025-12-29T15:00:00Z'); // Mon 12-29: left are Tue 30 and Wed 31 = 2
    const again = await (await patchRequest(t, token, r.id, { status: 'payment_required' })).json();
    expect(again.deadline).toMatchObject({ clock: 'paused', paused_on: '2025-12-29', remaining_days: 2 });
    clock = new Date('2026-01-05T15:00:00Z'); // Mon 01-05: 1 Tue 6, 2 Wed 7
    const paid = await (await patchRequest(t, token, r.id, { status: 'processing', paid_fee: 12.5 })).json();
    expect(paid).toMatchObject({ due_date: '2026-01-07', paid_fee: 12.5 });
    expect(paid.history.map((h: { to: string }) => h.to)).toEqual(['submitted', 'fix_required', 'processing', 'payment_required', 'processing']);
  });

  it('keeps the calendar days left (California)', async () => {
    const r = await submitted('california', '2025-11-17T09:30:00-08:00'); // due Mon 12-01
    clock = new Date('2025-11-24T18:00:00Z'); // Mon 11-24: (11-24, 12-01] = 7 calendar days left
    const paused = await (await patchRequest(t, token, r.id, { status: 'payment_required' })).json();
    expect(paused.deadline.remaining_days).toBe(7);
    clock = new Date('2025-12-03T18:00:00Z'); // Wed 12-03 + 7 = Wed 12-10, a business day
    expect((await (await patchRequest(t, token, r.id, { status: 'processing' })).json()).due_date).toBe('2025-12-10');
  });

  it('stops for good on an outcome: a remand after appeal does not restart the initial clock', async () => {
    const r = await submitted('texas', '2025-11-21T16:00:00-06:00');
    clock = new Date('2025-12-15T16:00:00Z');
    for (const status of ['denied', 'appealed', 'processing']) await patchRequest(t, token, r.id, { status });
    const now = await (await t.request(`/api/foia/requests/${r.id}`, { token })).json();
    expect(now).toMatchObject({ status: 'processing', due_date: '2025-12-09', overdue: false, days_until_due: null, deadline: { clock: 'stopped' } });
  });
});
