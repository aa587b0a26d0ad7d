import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE } from '../../../core/db/user-transaction.js';
import { seedFoiaLaw } from '../../../core/foia/testing/seed-foia-law.js';
import { rolledBack } from '../../../test/support/rolled-back.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { createRequest, FOIA_SCOPES, patchRequest } from './testing/foia-api-helpers.js';

/**
 * Per-agency statistics over several users' requests to one directory entry, with dates set
 * by the transitions, against hand-computed figures; and what another user can and cannot
 * read of alice's requests through the statistics function.
 */
let t: TestApi;
let agencyId: string;
const tokens: Record<string, string> = {};
const requests: Array<{ id: string; subject: string }> = [];

// California counts 10 calendar days (core/foia/testing/seed-foia-law.ts): due about 2025-06-12.
const SUBMITTED = Date.parse('2025-06-02T17:00:00Z');
const day = (n: number) => new Date(SUBMITTED + n * 86_400_000).toISOString();

/** One request by `who`, submitted at SUBMITTED, then moved through `steps` ([status, date field, days after submission]). */
async function requestBy(who: string, steps: Array<[string, string, number]>): Promise<void> {
  const subject = `${who}'s private subject ${requests.length}`;
  const r = await createRequest(t, tokens[who]!, { jurisdiction: 'california', agency: { name: 'Clerk', directory_id: agencyId }, subject, status: 'submitted', submitted_at: day(0) });
  for (const [status, field, days] of steps) {
    const res = await patchRequest(t, tokens[who]!, r.id, { status, [field]: day(days) });
    if (res.status !== 200) throw new Error(`${status}: ${res.status} ${await res.text()}`);
  }
  requests.push({ id: r.id, subject });
}

const statistics = async (who = 'alice') => {
  const res = await t.request(`/api/foia/agencies/${agencyId}`, { token: tokens[who]! });
  expect(res.status).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await startTestApi();
  await seedFoiaLaw(t.database.db);
  const [row] = await t.database.db('foia_agencies').insert({ jurisdiction: 'california', name: 'Invented City Clerk', source: 'corpus' }).returning('id');
  agencyId = row.id;
  for (const who of ['alice', 'bob', 'carol', 'dave']) tokens[who] = await t.token({ sub: who, scope: FOIA_SCOPES });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/foia/agencies/{id} statistics', () => {
  it('are zero, with no figures, before any request', async () => {
    const body = await statistics();
    expect(body.statistics).toEqual({
      as_of: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), requests: 0, answered: 0, completed: 0,
      median_days_to_first_response: null, median_days_to_completion: null, share_overdue: null, share_fully_granted: null,
    });
  });

  it('give no figure below three requests', async () => {
    await requestBy('alice', [['acknowledged', 'acknowledged_at', 2], ['fulfilled', 'completed_at', 4]]);
    await requestBy('bob', [['acknowledged', 'acknowledged_at', 4], ['partially_fulfilled', 'completed_at', 30]]);
    // A draft is not a request made to the agency.
    await createRequest(t, tokens['carol']!, { jurisdiction: 'california', agency: { name: 'Clerk', directory_id: agencyId } });
    expect((await statistics('carol')).statistics).toMatchObject({
      requests: 2, answered: 2, completed: 2,
      median_days_to_first_response: null, median_days_to_completion: null, share_overdue: null, share_fully_granted: null,
    });
  });

  it('are medians and shares across every user’s requests, and name none of them', async () => {
    await requestBy('carol', [['fulfilled', 'completed_at', 6]]);
    await requestBy('dave', [['acknowledged', 'acknowledged_at', 10]]); // still open, long past its due date
    const body = await statistics('bob');
    // First response: 2, 4, 6 (the completion is the first answer), 10 → 5. Completion: 4, 6, 30 → 6.
    // Overdue: bob's (completed after the due date) and dave's (open past it) → 2 of 4. Fulfilled in full: 2 of 3 completed.
    expect(body.statistics).toMatchObject({
      requests: 4, answered: 4, completed: 3,
      median_days_to_first_response: 5, median_days_to_completion: 6, share_overdue: 0.5, share_fully_granted: 0.667,
    });
    const text = JSON.stringify(body);
    for (const r of requests) {
      expect(text).not.toContain(r.id);
      expect(text).not.toContain(r.subject);
    }
    expect(text).not.toMatch(/alice|carol|dave/);
  });
});

describe('the statistics function, as the application role', () => {
  it('gives another user aggregates of alice’s requests, never the requests', async () => {
    const alices = requests.find((r) => r.subject.startsWith('alice'))!;
    await rolledBack(t.database.db, async (trx) => {
      await trx.raw(`SELECT set_config('role', ?, true), set_config('app.user_id', 'bob', true)`, [APP_ROLE]);
      expect(await trx('foia_requests').where({ id: alices.id })).toEqual([]);
      expect(await trx('foia_requests').select('user_id').distinct()).toEqual([{ user_id: 'bob' }]);
      const { rows } = await trx.raw('SELECT * FROM foia_agency_statistics(?::uuid, current_date)', [agencyId]);
      expect(rows).toHaveLength(1);
      expect(Object.keys(rows[0]).sort()).toEqual(['answered', 'completed', 'median_days_to_completion', 'median_days_to_first_response', 'requests', 'share_fully_granted', 'share_overdue']);
      expect(Number(rows[0].requests)).toBe(4);
      // The function's owner role reads no subject even where a session may take it on (the test's superuser can).
      await trx.raw('SAVEPOINT s');
      await trx.raw('SET LOCAL ROLE sunlight_stats');
      await expect(trx('foia_requests').select('subject')).rejects.toThrow(/permission denied/);
      await trx.raw('ROLLBACK TO SAVEPOINT s');
    });
  });
});
