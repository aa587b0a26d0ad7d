import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { createRequest, FOIA_SCOPES, patchRequest, requestBody } from './testing/foia-api-helpers.js';

let t: TestApi;
let alice: string;
let bob: string;
beforeAll(async () => {
  t = await startTestApi();
  alice = await t.token({ sub: 'alice', scope: FOIA_SCOPES });
  bob = await t.token({ sub: 'bob', scope: FOIA_SCOPES });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/foia/requests', () => {
  it('creates a draft with every field, its history, an ETag and a Location', async () => {
    const res = await t.request('/api/foia/requests', {
      method: 'POST',
      token: alice,
      json: requestBody({
        jurisdiction: 'TX',
        agency: { name: 'City of Austin', email: 'pir@example.gov', portal_url: 'https://example.gov/pir', address: '301 W 2nd St\nAustin, TX' },
        date_range: { from: '2024-01-01', to: '2024-12-31' },
        format_preference: 'Electronic copies (PDF or CSV)',
        fee_waiver_requested: true,
        fee_waiver_justification: 'Reporting in the public interest.',
        expedited_requested: false,
        max_fee: 25.5,
        tracking_numbers: ['PIR-1', 'PIR-1', 'W-2'],
        notes: 'First try.',
        tags: ['police', 'budget'],
      }),
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(res.headers.get('etag')).toBe('W/"1"');
    expect(res.headers.get('location')).toBe(`/api/foia/requests/${body.id}`);
    expect(body).toMatchObject({
      jurisdiction: 'texas',
      status: 'draft',
      allowed_transitions: ['submitted', 'withdrawn'],
      agency: { name: 'City of Austin', email: 'pir@example.gov', portal_url: 'https://example.gov/pir', address: '301 W 2nd St\nAustin, TX' },
      date_range: { from: '2024-01-01', to: '2024-12-31' },
      format_preference: 'Electronic copies (PDF or CSV)',
      fee_waiver_requested: true,
      expedited_requested: false,
      expedited_justification: null,
      max_fee: 25.5,
      estimated_fee: null,
      paid_fee: null,
      tracking_numbers: ['PIR-1', 'W-2'],
      tags: ['police', 'budget'],
      submitted_at: null,
      acknowledged_at: null,
      completed_at: null,
      due_date: null,
      days_until_due: null,
      overdue: false,
      deadline: { clock: 'not_started', time_zone: 'America/Chicago' },
      version: 1,
    });
    expect(body.history).toEqual([{ from: null, to: 'draft', at: body.created_at, note: null }]);
  });

  it('answers 400 with every field problem in the envelope', async () => {
    const res = await t.request('/api/foia/requests', {
      method: 'POST',
      token: alice,
      json: {
        jurisdiction: 'atlantis',
        agency: { email: 'not-an-email' },
        subject: '',
        max_fee: -1,
        status: 'fulfilled',
        surprise: true,
        date_range: { from: '2024-05-01', to: '2024-01-01' },
      },
    });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    const paths = error.metadata.issues.map((i: { path: string }) => i.path);
    for (const p of ['body.jurisdiction', 'body.agency.name', 'body.agency.email', 'body.subject', 'body.description', 'body.max_fee', 'body.status', 'body', 'body.date_range.to']) {
      expect(paths).toContain(p);
    }
  });

  it('refuses submitted_at without status submitted, and a future submission', async () => {
    const a = await t.request('/api/foia/requests', { method: 'POST', token: alice, json: requestBody({ submitted_at: '2025-11-21T10:00:00Z' }) });
    expect(a.status).toBe(400);
    const b = await t.request('/api/foia/requests', { method: 'POST', token: alice, json: requestBody({ status: 'submitted', submitted_at: '2999-01-01T00:00:00Z' }) });
    expect(b.status).toBe(400);
    expect((await b.json()).error.metadata.issues).toEqual([{ path: 'body.submitted_at', message: 'Must not be in the future' }]);
  });

  it('needs write:foia', async () => {
    const reader = await t.token({ sub: 'alice', scope: 'read:foia' });
    const res = await t.request('/api/foia/requests', { method: 'POST', token: reader, json: requestBody() });
    expect(res.status).toBe(403);
    expect((await res.json()).error.metadata.required_scope).toBe('write:foia');
  });
});

describe("another user's request", () => {
  it('answers 404 on every verb, and never shows in their list', async () => {
    const mine = await createRequest(t, alice, { subject: 'Only alice sees this' });
    const get = await t.request(`/api/foia/requests/${mine.id}`, { token: bob });
    const patch = await patchRequest(t, bob, mine.id, { notes: 'bob was here' });
    const transition = await patchRequest(t, bob, mine.id, { status: 'withdrawn' });
    const letter = await t.request(`/api/foia/requests/${mine.id}/letter`, { token: bob });
    for (const res of [get, patch, transition, letter]) {
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('NOT_FOUND');
    }
    const list = await (await t.request('/api/foia/requests?q=Only%20alice', { token: bob })).json();
    expect(list).toEqual({ data: [], total: 0, next_cursor: null });
    const still = await (await t.request(`/api/foia/requests/${mine.id}`, { token: alice })).json();
    expect(still).toMatchObject({ status: 'draft', notes: null, version: 1 });
  });

  it('answers 404 for an id that does not exist, and 400 for one that is not an id', async () => {
    expect((await t.request('/api/foia/requests/8d4c3c8e-2a6b-4a57-9d5b-3f1c1b1a0c00', { token: alice })).status).toBe(404);
    expect((await t.request('/api/foia/requests/not-a-uuid', { token: alice })).status).toBe(400);
  });
});

describe('PATCH /api/foia/requests/{id}', () => {
  it('applies a JSON merge patch (application/merge-patch+json or application/json) and bumps the version', async () => {
    const r = await createRequest(t, alice, { agency: { name: 'APD', email: 'a@example.gov' }, tags: ['x'] });
    const res = await patchRequest(t, alice, r.id, { agency: { email: null, address: 'Austin' }, tags: ['y', 'z'], estimated_fee: 12.25 }, 'W/"1"');
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('W/"2"');
    expect(await res.json()).toMatchObject({ agency: { name: 'APD', email: null, address: 'Austin' }, tags: ['y', 'z'], estimated_fee: 12.25, version: 2 });
    const json = await t.request(`/api/foia/requests/${r.id}`, { method: 'PATCH', token: alice, json: { notes: 'plain JSON works too' } });
    expect(json.status).toBe(200);
    expect((await json.json()).version).toBe(3);
  });

  it('refuses other media types with 415 and bad patches with 400', async () => {
    const r = await createRequest(t, alice);
    const xml = await t.request(`/api/foia/requests/${r.id}`, { method: 'PATCH', token: alice, headers: { 'content-type': 'application/json-patch+json' }, body: '[]' });
    expect(xml.status).toBe(415);
    for (const bad of [{ subject: null }, { id: 'x' }, { version: 9 }, { max_fee: 'a lot' }, { agency: { name: null } }, { due_date: '2025-01-01' }]) {
      const res = await patchRequest(t, alice, r.id, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect((await res.json()).error.code).toBe('VALIDATION_ERROR');
    }
    expect((await (await t.request(`/api/foia/requests/${r.id}`, { token: alice })).json()).version).toBe(1);
  });

  it('answers 412 when If-Match is stale, and accepts no If-Match or *', async () => {
    const r = await createRequest(t, alice);
    expect((await patchRequest(t, alice, r.id, { notes: 'one' })).status).toBe(200);
    const stale = await patchRequest(t, alice, r.id, { notes: 'two' }, 'W/"1"');
    expect(stale.status).toBe(412);
    expect((await stale.json()).error).toMatchObject({ code: 'PRECONDITION_FAILED', metadata: { current_version: 2 } });
    expect((await patchRequest(t, alice, r.id, { notes: 'three' }, '*')).status).toBe(200);
    expect((await patchRequest(t, alice, r.id, { notes: 'four' }, '"3"')).status).toBe(200);
  });

  it('lets exactly one of two concurrent PATCHes with the same If-Match win; the other gets 412', async () => {
    const r = await createRequest(t, alice);
    const etag = (await t.request(`/api/foia/requests/${r.id}`, { token: alice })).headers.get('etag')!;
    const results = await Promise.all([
      patchRequest(t, alice, r.id, { notes: 'writer A', status: 'submitted' }, etag),
      patchRequest(t, alice, r.id, { notes: 'writer B', status: 'withdrawn' }, etag),
    ]);
    expect(results.map((x) => x.status).sort()).toEqual([200, 412]);
    const winner = await results.find((x) => x.status === 200)!.json();
    const now = await (await t.request(`/api/foia/requests/${r.id}`, { token: alice })).json();
    expect(now).toMatchObject({ version: 2, notes: winner.notes, status: winner.status });
    expect(now.history).toHaveLength(2);
  });

  it('serialises concurrent PATCHes without If-Match: every one applies, none is lost', async () => {
    const r = await createRequest(t, alice);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => patchRequest(t, alice, r.id, { note: `call ${i}` })));
    expect(results.map((x) => x.status)).toEqual([200, 200, 200, 200, 200]);
    const now = await (await t.request(`/api/foia/requests/${r.id}`, { token: alice })).json();
    expect(now.version).toBe(6);
    expect(now.history.filter((h: { note: string | null }) => h.note?.startsWith('call'))).toHaveLength(5);
  });
});

describe('GET /api/foia/requests', () => {
  it('filters by status, jurisdiction, q and tag, and pages with a cursor', async () => {
    const carol = await t.token({ sub: 'carol', scope: FOIA_SCOPES });
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(await createRequest(t, carol, { subject: `Budget memo ${i}`, jurisdiction: i % 2 ? 'california' : 'texas', tags: i < 2 ? ['budget'] : [] }));
    }
    await createRequest(t, carol, { subject: 'Jail 100% audits_2024', tracking_numbers: ['TRK-77'] });
    await patchRequest(t, carol, made[0].id, { status: 'withdrawn' });

    const list = async (query: string) => (await t.request(`/api/foia/requests?${query}`, { token: carol })).json();
    expect((await list('')).total).toBe(6);
    expect((await list('status=withdrawn')).data.map((r: { id: string }) => r.id)).toEqual([made[0].id]);
    expect((await list('status=draft,withdrawn')).total).toBe(6);
    expect((await list('jurisdiction=california')).total).toBe(2);
    expect((await list('jurisdiction=CA&jurisdiction=TX')).total).toBe(6);
    expect((await list('q=budget%20MEMO%203')).data.map((r: { subject: string }) => r.subject)).toEqual(['Budget memo 3']);
    expect((await list('q=100%25')).total).toBe(1); // % is matched literally
    expect((await list('q=TRK-77')).total).toBe(1);
    expect((await list('tag=budget')).total).toBe(2);
    expect((await list('overdue=true')).total).toBe(0);
    expect((await list('overdue=false')).total).toBe(6);

    // Newest first by default; three pages of two, no repeats.
    const seen: string[] = [];
    let cursor: string | null = '';
    for (let page = 0; cursor !== null; page++) {
      const body = await list(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(body.total).toBe(6);
      seen.push(...body.data.map((r: { id: string }) => r.id));
      cursor = body.next_cursor;
      expect(page).toBeLessThan(4);
    }
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    expect(seen[0]).toBe(made[0].id); // the most recently updated (withdrawn last)
  });

  it('rejects bad filters, a foreign cursor and unknown parameters with 400', async () => {
    for (const query of ['status=lost', 'overdue=maybe', 'sort=subject', 'limit=0', 'cursor=zzz', 'colour=red', 'jurisdiction=atlantis']) {
      expect((await t.request(`/api/foia/requests?${query}`, { token: alice })).status, query).toBe(400);
    }
    const first = await (await t.request('/api/foia/requests?limit=1&sort=updated_at', { token: alice })).json();
    expect(first.next_cursor).not.toBeNull();
    expect((await t.request(`/api/foia/requests?limit=1&sort=due_date&cursor=${first.next_cursor}`, { token: alice })).status).toBe(400);
  });
});
