/**
 * The law database, search, documents, system routes and the common errors, through the
 * SDK against the real API over the seeded law database (test/support/seed-law-database.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeededApi, type SeededApi } from '../../../test/support/seeded-api.js';
import type { TestApi } from '../../../test/support/test-api.js';
import { AuthError, collect, NotFoundError, ScopeError, SunlightClient, ValidationError, type SunlightClient as Client } from '../src/index.js';
import { pathsOf, sdkFor, type Sent } from './harness.js';

let seeded: SeededApi;
let t: TestApi;
let client: Client;
let sent: Sent[];

beforeAll(async () => {
  seeded = await startSeededApi();
  t = seeded.t;
  ({ client, sent } = sdkFor(t, { token: seeded.token }));
});
afterAll(async () => {
  await seeded?.close();
});

const RIGHTS = [
  'alabama:inspection:every-citizen',
  'federal:inspection:agency-records',
  'federal:timeliness:twenty-day-decision',
  'federal:fees_and_waivers:public-interest-waiver',
  'texas:inspection:prompt-production',
  'texas:timeliness:ten-day-ruling',
  'washington:inspection:all-public-records',
  'washington:judicial_review:show-cause',
];

describe('transparency.jurisdictions', () => {
  it('lists the four seeded jurisdictions on one page', async () => {
    const page = await client.transparency.jurisdictions.list();
    expect(page).toMatchObject({ total: 4, next_cursor: null });
    expect(page.data.map((j) => j.slug)).toEqual(['alabama', 'federal', 'texas', 'washington']);
    expect(page.data.find((j) => j.slug === 'alabama')?.initial_deadline).toEqual({ days: null, unit: null, no_fixed_deadline: true, reason: 'reasonable time' });
  });

  it('filters with a boolean parameter given as a boolean', async () => {
    const withText = await client.transparency.jurisdictions.list({ has_statute_text: true });
    expect(withText.data.map((j) => j.slug)).not.toContain('alabama');
    expect(withText.data.every((j) => j.statute_text.available)).toBe(true);
  });

  it('iterates every page with a small limit, following next_cursor', async () => {
    const before = sent.length;
    const slugs = await collect(client.transparency.jurisdictions.iterate({ limit: 1 }));
    expect(slugs.map((j) => j.slug)).toEqual(['alabama', 'federal', 'texas', 'washington']);
    const requests = pathsOf(t, sent.slice(before));
    expect(requests).toHaveLength(4);
    expect(requests[0]).toBe('GET /api/v2/transparency/jurisdictions?limit=1');
    expect(requests.slice(1).every((r) => /limit=1&cursor=[^&]+$/.test(r))).toBe(true);
  });

  it("gets one jurisdiction's law, and a NotFoundError with the request id for an unknown slug", async () => {
    const texas = await client.transparency.jurisdictions.get('texas');
    expect(texas).toMatchObject({ slug: 'texas', name: 'Texas' });
    const err = await client.transparency.jurisdictions.get('atlantis').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toMatchObject({ status: 404, code: 'NOT_FOUND', message: expect.stringContaining('atlantis'), requestId: expect.any(String) });
    expect((err as NotFoundError).requestId).toMatch(/\S{8,}/);
  });

  it("reads a jurisdiction's reviewed facts, filtered by field", async () => {
    const facts = await client.transparency.jurisdictions.facts('federal');
    expect(facts.data).toEqual([
      expect.objectContaining({
        field: 'initial_response',
        display: '20 business days to determine whether to comply, from receipt',
        citation: '5 U.S.C. § 552(a)(6)',
        verified: true,
        section_id: 'sec:federal:552(a)(6)',
      }),
    ]);
    const texas = await client.transparency.jurisdictions.facts('texas', { field: 'other_deadline' });
    expect(texas.data.map((f) => f.field)).toEqual(['other_deadline']);
  });

  it('turns a 400 into a ValidationError naming the field', async () => {
    const err = await client.transparency.jurisdictions.facts('federal', { field: 'bogus' as never }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).issues[0]?.path).toBe('query.field.0');
  });
});

describe('transparency.compare', () => {
  it("compares one field across jurisdictions: Texas's deadline with its citation", async () => {
    const all = await client.transparency.compare('initial_deadline');
    expect(all.data.map((r) => r.name)).toEqual(['Alabama', 'Federal', 'Texas', 'Washington']);
    const texas = await client.transparency.compare('initial_deadline', { jurisdiction: 'texas' });
    expect(texas.data).toEqual([expect.objectContaining({ jurisdiction: 'texas', display: '10 business days', citation: "Tex. Gov't Code § 552.221(d)" })]);
  });
});

describe('transparency.rights and exemptions', () => {
  it('lists, iterates across pages and gets rights', async () => {
    const page = await client.transparency.rights.list();
    expect(page.data.map((r) => r.id)).toEqual(RIGHTS);
    const before = sent.length;
    expect((await collect(client.transparency.rights.iterate({ limit: 3 }))).map((r) => r.id)).toEqual(RIGHTS);
    expect(pathsOf(t, sent.slice(before))).toHaveLength(3);
    const filtered = await client.transparency.rights.list({ jurisdiction: ['texas', 'alabama'], category: 'inspection' });
    expect(filtered.data.map((r) => r.id)).toEqual(['alabama:inspection:every-citizen', 'texas:inspection:prompt-production']);
    const right = await client.transparency.rights.get('federal:inspection:agency-records');
    expect(right).toMatchObject({ id: 'federal:inspection:agency-records', jurisdiction: 'federal', category: 'inspection' });
  });

  it('lists, iterates and gets exemptions, and their categories', async () => {
    const page = await client.transparency.exemptions.list({ limit: 5 });
    expect(page).toMatchObject({ total: 8, next_cursor: expect.any(String) });
    const all = await collect(client.transparency.exemptions.iterate({ limit: 5 }));
    expect(all).toHaveLength(8);
    expect(all[0]?.id).toBe('alabama:exemption:0:security_infrastructure');
    const privacy = await client.transparency.exemptions.get('federal:exemption:6:personal_privacy');
    expect(privacy).toMatchObject({ id: 'federal:exemption:6:personal_privacy', jurisdiction: 'federal' });
    const categories = await client.transparency.exemptionCategories.list();
    expect(categories.data.map((c) => c.key)).toContain('personal_privacy');
    const iterated = await collect(client.transparency.exemptionCategories.iterate({ limit: 2 }));
    expect(iterated.map((c) => c.key)).toEqual(categories.data.map((c) => c.key));
  });
});

describe('transparency.statutes and sections', () => {
  it('reads statute text by jurisdiction, by citation, and page by page', async () => {
    const federal = await client.transparency.statutes.list({ jurisdiction: 'federal' });
    expect(federal.data.map((n) => n.label)).toEqual(['552', '551']);
    expect(federal.document).toMatchObject({ id: 'doc:federal:statute_text:federal' });
    const cited = await client.transparency.statutes.list({ citation: '5 U.S.C. § 552(b)(6)' });
    expect(cited).toMatchObject({ jurisdiction: 'federal', resolved: { label: '552(b)(6)', exact: true } });
    const nodes = await collect(client.transparency.statutes.iterate({ jurisdiction: 'federal', section: '552(b)', limit: 1 }));
    expect(nodes.map((n) => n.label)).toEqual(['552(b)', '552(b)(5)', '552(b)(6)', '552(b)(7)']);
  });

  it('gets a section with its neighbourhood and cross-references', async () => {
    const section = await client.transparency.sections.get('sec:federal:552');
    expect(section).toMatchObject({ depth: 0, parent: null, previous: null, next: { id: 'sec:federal:551', label: '551' } });
    expect(section.children.map((c) => c.label)).toEqual(['552(a)', '552(b)']);
  });
});

describe('search and documents', () => {
  it('searches and resolves every hit at documents.get', async () => {
    const result = await client.search({ query: 'personal privacy', mode: 'keyword' });
    expect(result.interpreted).toMatchObject({ mode: 'keyword' });
    expect(result.data.length).toBeGreaterThan(0);
    expect(result.data.some((h) => /«privacy»/i.test(h.snippet))).toBe(true);
    const doc = await client.documents.get(result.data[0]!.id);
    expect(doc.id).toBe(result.data[0]!.id);
  });

  it('iterates search pages through the body cursor', async () => {
    const one = await client.search({ query: 'records', mode: 'keyword', limit: 50 });
    expect(one.total).toBeGreaterThan(2);
    const before = sent.length;
    const hits = await collect(client.iterateSearch({ query: 'records', mode: 'keyword', limit: 2 }));
    expect(hits.map((h) => h.id)).toEqual(one.data.map((h) => h.id));
    expect(pathsOf(t, sent.slice(before)).length).toBe(Math.ceil(one.data.length / 2));
  });

  it('gets a statute section with ids holding ":", "(" and ")"', async () => {
    const doc = await client.documents.get('sec:texas:552.221(d)');
    expect(doc).toMatchObject({ id: 'sec:texas:552.221(d)', jurisdiction: 'texas', citation: "Tex. Gov't Code § 552.221(d)" });
    expect(doc.text).toContain('ten business days');
    await expect(client.documents.get('sec:texas:999.999')).rejects.toMatchObject({ name: 'NotFoundError', metadata: { id: 'sec:texas:999.999' } });
  });
});

describe('system routes', () => {
  it('reads health, liveness and readiness without a token', async () => {
    const anonymous = sdkFor(t).client;
    // The first check opens the Temporal connection, which a loaded machine may answer late (503, still a report).
    await expect.poll(async () => (await anonymous.health()).status, { timeout: 15_000 }).toBe('ok');
    const health = await anonymous.health();
    expect(Object.keys(health.checks).sort()).toEqual(['postgres', 'redis', 'temporal']);
    expect(health.checks['postgres']).toMatchObject({ status: 'up', latency_ms: expect.any(Number) });
    expect((await anonymous.liveness()).status).toBe('alive');
    const ready = await anonymous.readiness();
    expect(ready).toMatchObject({ status: 'ready', reasons: [] });
  });

  it('fetches the OpenAPI document', async () => {
    const doc = await sdkFor(t).client.openapi();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/foia/requests', '/api/v2/transparency/compare', '/api/chat']));
  });

  it('reads the admin metrics, which count the requests this client made', async () => {
    const admin = sdkFor(t, { token: await t.token({ sub: 'sdk-admin', scope: 'admin:metrics' }) }).client;
    await t.container.deps.recorder.flush();
    const metrics = await admin.admin.metrics('hour');
    expect(metrics.period).toBe('hour');
    expect(metrics.requests_by_endpoint['GET /api/v2/transparency/jurisdictions']).toBeGreaterThanOrEqual(5);
    expect(metrics.requests_by_endpoint['POST /api/v1/search']).toBeGreaterThanOrEqual(1);
    const text = await admin.admin.prometheus();
    expect(text).toMatch(/^# HELP /m);
  });
});

describe('authentication errors', () => {
  it('throws AuthError for a malformed token and for an expired one', async () => {
    const bad = sdkFor(t, { token: 'not-a-jwt' }).client;
    const err = await bad.transparency.jurisdictions.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect(err).toMatchObject({ status: 401, code: 'AUTH_MISSING_TOKEN' });
    const expired = sdkFor(t, { token: await t.token({ scope: 'read:transparency', ttlSeconds: -60 }) }).client;
    await expect(expired.transparency.jurisdictions.list()).rejects.toMatchObject({ name: 'AuthError', code: 'AUTH_TOKEN_EXPIRED' });
  });

  it('asks a token provider again after a 401 and succeeds with the new token', async () => {
    const tokens = [await t.token({ scope: 'read:transparency', ttlSeconds: -60 }), await t.token({ scope: 'read:transparency' })];
    let calls = 0;
    const { client: c, sent: s } = sdkFor(t, { token: async () => tokens[Math.min(calls++, 1)]! });
    const page = await c.transparency.jurisdictions.list();
    expect(page.total).toBe(4);
    expect(calls).toBe(2);
    expect(s.map((r) => r.status)).toEqual([401, 200]);
  });

  it('throws ScopeError with the required and provided scopes', async () => {
    const foiaOnly = sdkFor(t, { token: await t.token({ scope: 'read:foia write:foia' }) }).client;
    const err = await foiaOnly.transparency.rights.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ScopeError);
    expect(err).toMatchObject({ status: 403, code: 'AUTH_INSUFFICIENT_SCOPE', requiredScope: 'read:transparency', providedScopes: ['read:foia', 'write:foia'] });
  });

  it('sends the SDK User-Agent', async () => {
    const { client: c, sent: s } = sdkFor(t, { token: seeded.token });
    await c.transparency.jurisdictions.get('federal');
    expect(s[0]?.headers['user-agent']).toMatch(/^sunlight-sdk-typescript\/0\.1\.0$/);
    expect(c).toBeInstanceOf(SunlightClient);
  });
});
