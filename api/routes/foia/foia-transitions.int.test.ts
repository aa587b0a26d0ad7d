import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOIA_STATUSES, FOIA_TRANSITIONS, type FoiaStatus } from '../../../core/foia/foia-lifecycle.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { createRequest, FOIA_SCOPES, patchRequest } from './testing/foia-api-helpers.js';

// The transition table itself is checked against the issue in core/foia/foia-lifecycle.test.ts;
// here every allowed and every refused pair goes through the API.

/** A shortest way from a new draft to each status. */
const PATH: Record<FoiaStatus, FoiaStatus[]> = {
  draft: [],
  submitted: ['submitted'],
  acknowledged: ['submitted', 'acknowledged'],
  processing: ['submitted', 'processing'],
  fix_required: ['submitted', 'fix_required'],
  payment_required: ['submitted', 'payment_required'],
  fulfilled: ['submitted', 'fulfilled'],
  partially_fulfilled: ['submitted', 'partially_fulfilled'],
  denied: ['submitted', 'denied'],
  no_responsive_records: ['submitted', 'no_responsive_records'],
  appealed: ['submitted', 'denied', 'appealed'],
  in_litigation: ['submitted', 'denied', 'appealed', 'in_litigation'],
  withdrawn: ['withdrawn'],
};

let t: TestApi;
let token: string;
beforeAll(async () => {
  t = await startTestApi();
  token = await t.token({ sub: 'transitions-user', scope: FOIA_SCOPES });
});
afterAll(async () => {
  await t?.close();
});

async function requestIn(status: FoiaStatus): Promise<string> {
  const r = await createRequest(t, token);
  for (const step of PATH[status]) {
    const res = await patchRequest(t, token, r.id, { status: step });
    if (res.status !== 200) throw new Error(`${step}: ${res.status} ${await res.text()}`);
  }
  return r.id as string;
}

describe('every transition through PATCH', () => {
  for (const from of FOIA_STATUSES) {
    const allowed = FOIA_TRANSITIONS[from];
    const refused = FOIA_STATUSES.filter((s) => s !== from && !allowed.includes(s));

    if (allowed.length > 0) {
      it(`${from} → ${allowed.join(', ')}: allowed, recorded in the history`, async () => {
        for (const to of allowed) {
          const id = await requestIn(from);
          const res = await patchRequest(t, token, id, { status: to, note: `to ${to}` });
          expect(res.status, `${from} → ${to}`).toBe(200);
          const body = await res.json();
          expect(body.status).toBe(to);
          expect(body.history.at(-1)).toMatchObject({ from, to, note: `to ${to}` });
          expect(body.history).toHaveLength(PATH[from].length + 2);
        }
      });
    }

    it(`${from} → ${refused.length} other statuses: 409 CONFLICT with allowed_transitions, nothing changed`, async () => {
      const id = await requestIn(from);
      const before = await (await t.request(`/api/foia/requests/${id}`, { token })).json();
      for (const to of refused) {
        const res = await patchRequest(t, token, id, { status: to, notes: 'should not stick' });
        expect(res.status, `${from} → ${to}`).toBe(409);
        const { error } = await res.json();
        expect(error).toMatchObject({ code: 'CONFLICT', status: 409, metadata: { status: from, requested_status: to, allowed_transitions: [...allowed] } });
      }
      const after = await (await t.request(`/api/foia/requests/${id}`, { token })).json();
      expect(after).toEqual(before);
    });
  }
});

describe('transition dates', () => {
  it('stores the date given in the matching field, defaulting to now, and records it in the history', async () => {
    const id = await requestIn('draft');
    const submitted = await (await patchRequest(t, token, id, { status: 'submitted', submitted_at: '2025-11-21T16:00:00-06:00' })).json();
    expect(submitted.submitted_at).toBe('2025-11-21T22:00:00.000Z');
    expect(submitted.history.at(-1).at).toBe('2025-11-21T22:00:00.000Z');
    const acked = await (await patchRequest(t, token, id, { status: 'acknowledged', acknowledged_at: '2025-11-24T09:00:00-06:00', note: 'Got PIR-22' })).json();
    expect(acked).toMatchObject({ acknowledged_at: '2025-11-24T15:00:00.000Z', completed_at: null });
    const before = Date.now();
    const done = await (await patchRequest(t, token, id, { status: 'partially_fulfilled' })).json();
    expect(Date.parse(done.completed_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(done.deadline.clock).toBe('stopped');
    expect(done.allowed_transitions).toEqual(['appealed']);
  });

  it('refuses a date in the wrong field or before the submission', async () => {
    const id = await requestIn('submitted');
    const wrong = await patchRequest(t, token, id, { status: 'processing', completed_at: '2025-11-24T09:00:00Z' });
    expect(wrong.status).toBe(400);
    const early = await patchRequest(t, token, id, { status: 'acknowledged', acknowledged_at: '2000-01-01T00:00:00Z' });
    expect(early.status).toBe(400);
    expect((await early.json()).error.metadata.issues).toEqual([{ path: 'body.acknowledged_at', message: 'Must not be before submitted_at' }]);
  });

  it('reopens a denial or a partial fulfilment on appeal: completed_at is cleared, appealed_at recorded', async () => {
    for (const from of ['denied', 'partially_fulfilled'] as const) {
      const id = await requestIn(from);
      expect((await (await t.request(`/api/foia/requests/${id}`, { token })).json()).completed_at).not.toBeNull();
      const before = Date.now();
      const appealed = await (await patchRequest(t, token, id, { status: 'appealed', note: 'Appeal filed' })).json();
      expect(appealed).toMatchObject({ status: 'appealed', completed_at: null, allowed_transitions: expect.arrayContaining(['in_litigation']) });
      expect(Date.parse(appealed.appealed_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(appealed.history.at(-1)).toMatchObject({ from, to: 'appealed', at: appealed.appealed_at });
    }
  });
});
