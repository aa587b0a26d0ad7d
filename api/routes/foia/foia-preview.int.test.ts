/**
 * POST /api/foia/requests/preview: what create would compute (the due date with its
 * explanation and citation, the letter), with create's validation, and nothing stored.
 * Dates from the invented law of core/foia/testing and the holiday rules of core/calendar.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FOIA_SCOPES, requestBody } from './testing/foia-api-helpers.js';
import { startClockedFoiaApi, type ClockedFoiaApi } from './testing/foia-test-api.js';

const NOW = new Date('2025-11-28T18:00:00Z'); // Friday after Thanksgiving, 12:00 in Austin

let api: ClockedFoiaApi;
let token: string;
beforeAll(async () => {
  api = await startClockedFoiaApi(NOW);
  token = await api.t.token({ sub: 'previewer', scope: FOIA_SCOPES });
});
afterAll(async () => {
  await api?.close();
});
beforeEach(() => api.setNow(NOW));

const preview = (json: unknown, as = token) => api.t.request('/api/foia/requests/preview', { method: 'POST', token: as, json });

describe('POST /api/foia/requests/preview', () => {
  it('a submitted Texas request: 10 business days with the holidays skipped named, the citation, and the letter', async () => {
    const res = await preview(requestBody({ status: 'submitted', submitted_at: '2025-11-21T16:00:00-06:00', requester: { name: 'Ada Reporter' } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    // Day 0 Fri 11-21. 1-3 Mon 24-Wed 26, [Thu 27 Thanksgiving, Fri 28 the day after], 4-8 Mon 12-01-Fri 5, 9 Mon 8, 10 Tue 9.
    expect(body).toMatchObject({
      jurisdiction: 'texas',
      requester_class: null,
      status: 'submitted',
      time_zone: 'America/Chicago',
      submitted_at: '2025-11-21T22:00:00.000Z',
      submitted_at_assumed: false,
      due_date: '2025-12-09',
      days_until_due: 11,
      deadline: { days: 10, unit: 'business', citation: "Tex. Gov't Code § 552.221(d)", received_on: '2025-11-21', no_fixed_deadline_reason: null },
    });
    const explanation = body.deadline.explanation.join('\n');
    expect(explanation).toContain("The law allows 10 business days for the initial response (Tex. Gov't Code § 552.221(d)).");
    expect(explanation).toMatch(/Holidays skipped: .*2025-11-27.*Thanksgiving/);
    expect(explanation).toContain('due 2025-12-09 (Tuesday)');
    expect(body.letter.text).toContain("within 10 business days of receipt (Tex. Gov't Code § 552.221(d)). By my count, your response is due by December 9, 2025.");
    expect(body.letter.text).toContain('Use-of-force reports');
    expect(body.letter.text).toContain('Ada Reporter');
    expect(body.letter.markdown).toContain('**Re:');
  });

  it('a draft is counted as though submitted now, and its letter states no due date (as create would store it)', async () => {
    const body = await (await preview(requestBody())).json();
    // Received Fri 11-28 (a Texas holiday): day 0 Mon 12-01; 1-5 Tue 2-Mon 8, 6-10 Tue 9-Mon 15.
    expect(body).toMatchObject({ status: 'draft', submitted_at: NOW.toISOString(), submitted_at_assumed: true, due_date: '2025-12-15', days_until_due: 17 });
    expect(body.deadline.received_on).toBe('2025-12-01');
    expect(body.letter.text).toContain('within 10 business days of receipt');
    expect(body.letter.text).not.toContain('By my count');
  });

  it("applies the requester class's deadline, and says why there is no due date where the law sets none", async () => {
    const idaho = await (await preview(requestBody({ jurisdiction: 'ID', requester_class: 'nonresident' }))).json();
    expect(idaho).toMatchObject({ jurisdiction: 'idaho', requester_class: 'nonresident', deadline: { days: 21, unit: 'calendar' } });
    const alabama = await (await preview(requestBody({ jurisdiction: 'alabama' }))).json();
    expect(alabama).toMatchObject({ due_date: null, days_until_due: null, deadline: { days: null, no_fixed_deadline_reason: 'invented: a reasonable time' } });
    expect(alabama.deadline.explanation).toContain('invented: a reasonable time');
  });

  it('stores nothing', async () => {
    await preview(requestBody({ status: 'submitted' }));
    const list = await (await api.t.request('/api/foia/requests', { token })).json();
    expect(list.total).toBe(0);
  });

  it("answers 400 in the error envelope for what create refuses", async () => {
    const bad = await preview({ jurisdiction: 'atlantis', agency: {}, subject: '', surprise: true });
    expect(bad.status).toBe(400);
    const { error } = await bad.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    const paths = error.metadata.issues.map((i: { path: string }) => i.path);
    for (const p of ['body.jurisdiction', 'body.agency.name', 'body.subject', 'body.description', 'body']) expect(paths).toContain(p);
    expect((await preview(requestBody({ submitted_at: '2025-11-21T10:00:00Z' }))).status).toBe(400);
    const future = await preview(requestBody({ status: 'submitted', submitted_at: '2999-01-01T00:00:00Z' }));
    expect(future.status).toBe(400);
    expect((await future.json()).error.metadata.issues).toEqual([{ path: 'body.submitted_at', message: 'Must not be in the future' }]);
  });

  it('needs read:foia (nothing is written), and a token', async () => {
    const reader = await api.t.token({ sub: 'reader', scope: 'read:foia' });
    expect((await preview(requestBody(), reader)).status).toBe(200);
    const other = await api.t.token({ sub: 'reader', scope: 'read:transparency' });
    const res = await preview(requestBody(), other);
    expect(res.status).toBe(403);
    expect((await res.json()).error.metadata.required_scope).toBe('read:foia');
    expect((await api.t.request('/api/foia/requests/preview', { method: 'POST', json: requestBody() })).status).toBe(401);
  });

  it('is described in the OpenAPI document with its request and response schemas', async () => {
    const doc = await (await api.t.request('/api/openapi.json')).json();
    const op = doc.paths['/api/foia/requests/preview'].post;
    expect(op.operationId).toBe('postApiFoiaRequestsPreview');
    expect(op.security).toContainEqual({ oauth2: ['read:foia'] });
    expect(op.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['jurisdiction', 'agency', 'subject', 'description']));
    const schema = op.responses['200'].content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['due_date', 'deadline', 'letter', 'submitted_at_assumed']));
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
  });
});
