import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequest, FOIA_SCOPES, patchRequest } from './testing/foia-api-helpers.js';
import { startClockedFoiaApi, type ClockedFoiaApi } from './testing/foia-test-api.js';

// Appeal deadlines from the invented administrative_appeal facts of core/foia/testing/seed-legal-facts.ts:
// federal: to the head of the agency, the requester files within 90 calendar days, decided within
// 20 business days; Maryland: to the Ombudsman, no times; Idaho: no administrative appeal; Texas: no fact.

let api: ClockedFoiaApi;
let token: string;
beforeAll(async () => {
  api = await startClockedFoiaApi(new Date('2026-01-05T15:00:00Z'));
  token = await api.t.token({ sub: 'appeals-user', scope: FOIA_SCOPES });
});
afterAll(async () => {
  await api?.close();
});

/** A request submitted on Mon 2025-11-03 and decided (`outcome`) on Fri 2025-12-05 at 10:00 Eastern. */
async function decided(jurisdiction: string, outcome: 'denied' | 'partially_fulfilled') {
  const r = await createRequest(api.t, token, { jurisdiction, status: 'submitted', submitted_at: '2025-11-03T10:00:00-05:00' });
  const res = await patchRequest(api.t, token, r.id, { status: outcome, completed_at: '2025-12-05T10:00:00-05:00' });
  expect(res.status).toBe(200);
  return res.json();
}

const appeal = async (id: string, appealedAt = '2025-12-15T10:00:00-05:00') => {
  const res = await patchRequest(api.t, token, id, { status: 'appealed', appealed_at: appealedAt, note: 'Appeal filed' });
  expect(res.status).toBe(200);
  return res.json();
};

describe('denied → appealed', () => {
  it('shows the requester’s time to appeal while denied, then records appealed_at and the deciding body’s deadline', async () => {
    const denied = await decided('federal', 'denied');
    // The requester's deadline: day 0 Fri 12-05; Dec 6-31 = 26, Jan = 31 (57), Feb = 28 (85), Mar 1-5 (90) → 2026-03-05.
    expect(denied).toMatchObject({ status: 'denied', appealed_at: null, appeal_due_date: null, allowed_transitions: ['appealed'] });
    expect(denied.appeal_deadline.file_by).toEqual({
      actor: 'requester', date: '2026-03-05', days: 90, unit: 'calendar', counted_from: '2025-12-05',
      citation: '5 U.S.C. § 552(a)(6)(A)(ii)', quote: 'Invented: an appeal is decided within twenty working days.',
    });
    expect(denied.appeal_deadline.explanation[0]).toMatch(/^The requester's deadline to appeal to the head of the agency/);

    const appealed = await appeal(denied.id);
    // The deciding body's deadline: day 0 Mon 12-15. 1-7 Tue 16-Wed 24, [Thu 25 Christmas], 8 Fri 26,
    // 9-11 Mon 29-Wed 31, [Thu 01-01], 12 Fri 2, 13-17 Mon 5-Fri 9, 18 Mon 12, 19 Tue 13, 20 Wed 2026-01-14.
    expect(appealed).toMatchObject({ status: 'appealed', appealed_at: '2025-12-15T15:00:00.000Z', completed_at: null, appeal_due_date: '2026-01-14' });
    expect(appealed.appeal_deadline).toMatchObject({
      decided_by: 'the head of the agency', days: 20, unit: 'business', citation: '5 U.S.C. § 552(a)(6)(A)(ii)', file_by: null,
    });
    expect(appealed.appeal_deadline.explanation[0]).toBe(
      'The law gives the head of the agency 20 business days to decide the appeal (5 U.S.C. § 552(a)(6)(A)(ii)), counted from the day it was filed.',
    );
    // The initial clock stays stopped; its due date is not the appeal's.
    expect(appealed.deadline.clock).toBe('stopped');
    expect(appealed.days_until_due).toBeNull();
  });

  it('keeps the appeal’s record when the appeal is decided', async () => {
    const appealed = await appeal((await decided('federal', 'denied')).id);
    const upheld = await (await patchRequest(api.t, token, appealed.id, { status: 'denied', completed_at: '2026-01-02T10:00:00-05:00' })).json();
    expect(upheld).toMatchObject({ status: 'denied', appealed_at: '2025-12-15T15:00:00.000Z', appeal_due_date: '2026-01-14', appeal_deadline: { file_by: null } });
  });

  it('refuses an appeal dated before the decision it appeals', async () => {
    const denied = await decided('federal', 'denied');
    const res = await patchRequest(api.t, token, denied.id, { status: 'appealed', appealed_at: '2025-12-01T10:00:00-05:00' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.metadata.issues).toEqual([{ path: 'body.appealed_at', message: 'Must not be before completed_at (the decision appealed)' }]);
  });
});

describe('partially_fulfilled → appealed', () => {
  it('is allowed, with the same deadlines as an appeal of a denial', async () => {
    const partial = await decided('federal', 'partially_fulfilled');
    expect(partial.allowed_transitions).toEqual(['appealed']);
    expect(partial.appeal_deadline.file_by.date).toBe('2026-03-05');
    const appealed = await appeal(partial.id);
    expect(appealed).toMatchObject({ status: 'appealed', appeal_due_date: '2026-01-14' });
    expect(appealed.history.map((h: { to: string }) => h.to)).toEqual(['submitted', 'partially_fulfilled', 'appealed']);
  });
});

describe('where the law gives no time to decide', () => {
  it('Maryland: an appeal to the Ombudsman, no time set', async () => {
    const denied = await decided('maryland', 'denied');
    expect(denied.appeal_deadline).toMatchObject({ decided_by: 'the Public Access Ombudsman', file_by: null });
    const appealed = await appeal(denied.id);
    expect(appealed).toMatchObject({ appeal_due_date: null, appeal_deadline: { decided_by: 'the Public Access Ombudsman', days: null } });
    expect(appealed.appeal_deadline.explanation).toEqual([
      'The law sets no time for the Public Access Ombudsman to decide the appeal (Md. Code Ann., Gen. Prov. § 4-1B-04(a)).',
    ]);
  });

  it('Idaho: no administrative appeal; Texas: no reviewed fact', async () => {
    const idaho = await decided('idaho', 'partially_fulfilled');
    expect(idaho.appeal_deadline.explanation).toEqual(['The law provides no administrative appeal (Idaho Code § 74-115(1)).']);
    expect((await appeal(idaho.id)).appeal_deadline.explanation).toEqual([
      'The law provides no administrative appeal (Idaho Code § 74-115(1)), so it sets no time to decide one.',
    ]);
    const texas = await decided('texas', 'denied');
    expect(texas.appeal_deadline).toBeNull();
    const appealed = await appeal(texas.id);
    expect(appealed.appeal_due_date).toBeNull();
    expect(appealed.appeal_deadline.explanation[0]).toMatch(/no reviewed administrative appeal for texas/);
  });
});
