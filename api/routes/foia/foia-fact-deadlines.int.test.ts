import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequest, FOIA_SCOPES, patchRequest, requestBody } from './testing/foia-api-helpers.js';
import { startClockedFoiaApi, type ClockedFoiaApi } from './testing/foia-test-api.js';

// Due dates computed by hand in the comments, from the invented law rows and reviewed facts of
// core/foia/testing/ (seed-foia-law.ts, seed-legal-facts.ts) and the holiday rules of core/calendar.

let api: ClockedFoiaApi;
let token: string;
beforeAll(async () => {
  api = await startClockedFoiaApi(new Date('2025-11-28T12:00:00Z'));
  token = await api.t.token({ sub: 'fact-deadline-user', scope: FOIA_SCOPES });
});
afterAll(async () => {
  await api?.close();
});

const submitted = (jurisdiction: string, at: string, extra: Record<string, unknown> = {}) =>
  createRequest(api.t, token, { jurisdiction, status: 'submitted', submitted_at: at, ...extra });

describe('the deadline for the requester’s class', () => {
  it('Idaho, nonresident: 21 calendar days per the reviewed variant, said so with its citation', async () => {
    // Day 0 Mon 2025-10-06 (10:00 MT); +21 calendar days = Mon 2025-10-27, a business day.
    const r = await submitted('idaho', '2025-10-06T10:00:00-06:00', { requester_class: 'nonresident' });
    expect(r).toMatchObject({ requester_class: 'nonresident', due_date: '2025-10-27' });
    expect(r.deadline).toMatchObject({ days: 21, unit: 'calendar', citation: 'Idaho Code § 74-103(2)', time_zone: 'America/Boise' });
    expect(r.deadline.explanation[0]).toBe('The law allows 21 calendar days for the initial response to a request from a nonresident (Idaho Code § 74-103(2)).');
  });

  it('Idaho, no class: the main 3 business days, pointing to the nonresidents’ deadline', async () => {
    // Day 0 Mon 2025-10-06. 1 Tue 7, 2 Wed 8, 3 Thu 9 → 2025-10-09.
    const r = await submitted('idaho', '2025-10-06T10:00:00-06:00');
    expect(r).toMatchObject({ requester_class: null, due_date: '2025-10-09', deadline: { days: 3, unit: 'business' } });
    expect(r.deadline.explanation).toContain(
      'For a request from a nonresident the law allows 21 calendar days (Idaho Code § 74-103(2)); set requester_class to "nonresident" if that applies.',
    );
  });

  it('a draft takes the class (and jurisdiction) it has when it is submitted; afterwards both are fixed', async () => {
    const draft = await createRequest(api.t, token, { jurisdiction: 'texas' });
    const moved = await (await patchRequest(api.t, token, draft.id, { jurisdiction: 'idaho', requester_class: 'nonresident' })).json();
    expect(moved).toMatchObject({ jurisdiction: 'idaho', requester_class: 'nonresident', deadline: { time_zone: 'America/Boise' } });
    const sent = await (await patchRequest(api.t, token, draft.id, { status: 'submitted', submitted_at: '2025-10-06T10:00:00-06:00' })).json();
    expect(sent.due_date).toBe('2025-10-27');
    const res = await patchRequest(api.t, token, draft.id, { requester_class: null });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('The requester class can change only while the request is a draft');
  });

  it('refuses an unknown class', async () => {
    const res = await api.t.request('/api/foia/requests', { method: 'POST', token, json: requestBody({ requester_class: 'tourist' }) });
    expect(res.status).toBe(400);
    expect((await res.json()).error.metadata.issues).toEqual([expect.objectContaining({ path: 'body.requester_class' })]);
  });
});

describe('the deadline in response_requirements, through the service', () => {
  it('Maryland: 30 calendar days, a weekend end rolled forward', async () => {
    // Day 0 Thu 2025-10-09; +30 calendar days = Sat 11-08 → Sun 9 → Mon 2025-11-10 (Veterans Day is Tue 11-11).
    const r = await submitted('maryland', '2025-10-09T10:00:00-04:00');
    expect(r.due_date).toBe('2025-11-10');
    expect(r.deadline).toMatchObject({ days: 30, unit: 'calendar', citation: 'Md. Code Ann., Gen. Prov. § 4-203(a)(1)' });
  });

  it('Ohio: no due date, with the law’s “promptly” and its pinpoint citation, never the derived note', async () => {
    const r = await submitted('ohio', '2025-10-09T10:00:00-04:00');
    expect(r).toMatchObject({ due_date: null, days_until_due: null, overdue: false });
    expect(r.deadline).toMatchObject({ days: null, unit: null, citation: 'Ohio Rev. Code § 149.43(B)(1)' });
    const reason = 'The law sets no fixed number of days for the response; it requires a response promptly (Ohio Rev. Code § 149.43(B)(1)).';
    expect(r.deadline.no_fixed_deadline_reason).toBe(reason);
    expect(r.deadline.explanation).toEqual([reason]);
  });
});

describe('the requester’s name and contact', () => {
  it('are stored, returned, merged by PATCH and validated', async () => {
    const requester = { name: 'Ada Reporter', email: 'ada@example.org', phone: '+1 (555) 010-0100 ext. 12', address: '2 Press Row', organization: 'Ledger' };
    const r = await createRequest(api.t, token, { requester });
    expect(r.requester).toEqual(requester);
    const patched = await (await patchRequest(api.t, token, r.id, { requester: { phone: null, organization: '  ' } })).json();
    expect(patched.requester).toEqual({ name: 'Ada Reporter', email: 'ada@example.org', phone: null, address: '2 Press Row', organization: null });
    expect((await (await patchRequest(api.t, token, r.id, { requester: null })).json()).requester).toBeNull();
    const bad = await api.t.request('/api/foia/requests', {
      method: 'POST', token, json: requestBody({ requester: { name: 'x'.repeat(201), email: 'not-an-email', phone: 'call me', fax: '1' } }),
    });
    expect(bad.status).toBe(400);
  });
});

describe('the API description', () => {
  it('documents the new request fields in the bodies and the response', async () => {
    const doc = await (await api.t.request('/api/openapi.json')).json();
    const post = doc.paths['/api/foia/requests'].post;
    const body = post.requestBody.content['application/json'].schema;
    expect(body.properties.requester_class.anyOf[0].enum).toEqual(['nonresident', 'commercial', 'media', 'incarcerated', 'own_records']);
    expect(Object.keys(body.properties.requester.anyOf[0].properties)).toEqual(['name', 'email', 'phone', 'address', 'organization']);
    const patch = doc.paths['/api/foia/requests/{id}'].patch.requestBody.content['application/merge-patch+json'].schema;
    expect(Object.keys(patch.properties)).toEqual(expect.arrayContaining(['requester_class', 'requester', 'appealed_at']));
    const response = post.responses['201'].content['application/json'].schema;
    expect(Object.keys(response.properties)).toEqual(expect.arrayContaining(['requester_class', 'requester', 'appealed_at', 'appeal_due_date', 'appeal_deadline']));
  });
});
