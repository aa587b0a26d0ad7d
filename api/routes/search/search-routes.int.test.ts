import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJson, startSeededApi, type SeededApi } from '../../../test/support/seeded-api.js';
import type { TestApi } from '../../../test/support/test-api.js';

let t: TestApi;
let token: string;
let seeded: SeededApi;
beforeAll(async () => {
  // A vector index of this file's own, empty: the vector side runs (real model) but finds nothing of the seed.
  seeded = await startSeededApi({ ownVectorIndex: true });
  ({ t, token } = seeded);
});
afterAll(async () => {
  await seeded?.close();
});

const search = (json: unknown, as = token) => requestJson(t, '/api/v1/search', { method: 'POST', token: as, json });
const ids = (body: any): string[] => body.data.map((h: any) => h.id);
const issuePaths = (body: any): string[] => body.error.metadata.issues.map((i: any) => i.path);

describe('POST /api/v1/search: access and validation', () => {
  it('needs a token with read:transparency', async () => {
    expect((await search({ query: 'fees' }, '')).status).toBe(401);
    const other = await search({ query: 'fees' }, await t.token({ scope: 'read:foia' }));
    expect(other.status).toBe(403);
    expect(other.body.error).toMatchObject({ code: 'AUTH_INSUFFICIENT_SCOPE', metadata: { required_scope: 'read:transparency' } });
  });

  it('rejects an empty query, a limit over 50, unknown types and unknown fields with field details', async () => {
    const bad = await search({ query: '  ', limit: 51, filters: { types: ['memo'] }, mode: 'fuzzy', extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    expect(issuePaths(bad.body)).toEqual(expect.arrayContaining(['body.query', 'body.limit', 'body.filters.types.0', 'body.mode', 'body']));
  });

  it('rejects unknown jurisdictions and categories, naming the accepted ones', async () => {
    const bad = await search({ query: 'fees', filters: { jurisdictions: ['atlantis'], categories: ['gossip'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.metadata.issues).toEqual([
      { path: 'body.filters.jurisdictions', message: expect.stringContaining('"atlantis"') },
      { path: 'body.filters.categories', message: expect.stringContaining('"gossip"') },
    ]);
    expect(bad.body.error.metadata.issues[0].message).toContain('texas');
  });

  it('rejects a cursor it did not issue, or one from another search', async () => {
    expect((await search({ query: 'records', cursor: 'nonsense' })).status).toBe(400);
    const first = await search({ query: 'records', limit: 1 });
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const reused = await search({ query: 'privacy', cursor: first.body.next_cursor });
    expect(reused.status).toBe(400);
    expect(issuePaths(reused.body)).toEqual(['body.cursor']);
  });
});

describe('POST /api/v1/search: hits', () => {
  it('answers the list envelope with ranked hits, marked snippets and component ranks', async () => {
    const { status, body } = await search({ query: 'personal privacy', mode: 'keyword' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: expect.any(Number), interpreted: { mode: 'keyword', jurisdictions: [], citations: [] } });
    expect(body.data.length).toBeGreaterThan(0);
    for (const hit of body.data) {
      expect(hit).toEqual({
        id: expect.any(String),
        type: expect.stringMatching(/^(statute_section|summary|process_map|right|exemption)$/),
        jurisdiction: expect.any(String),
        citation: expect.toBeOneOf([null, expect.any(String)]),
        title: expect.any(String),
        snippet: expect.any(String),
        score: expect.any(Number),
        components: { keyword: { rank: expect.any(Number), score: expect.any(Number), match: 'text' }, vector: null },
        source: { kind: 'law' },
      });
    }
    expect(body.data.map((h: any) => h.components.keyword.rank)).toEqual(body.data.map((_: unknown, i: number) => i + 1));
    expect(body.data.some((h: any) => /«privacy»/i.test(h.snippet))).toBe(true);
  });

  it('runs the vector side in hybrid and vector modes (here over an empty index)', async () => {
    const hybrid = await search({ query: 'personal privacy' });
    expect(hybrid.body.interpreted.mode).toBe('hybrid');
    expect(hybrid.body.data.every((h: any) => h.components.vector === null && h.components.keyword !== null)).toBe(true);
    const vector = await search({ query: 'personal privacy', mode: 'vector' });
    expect(vector.status).toBe(200);
    expect(vector.body).toMatchObject({ data: [], total: 0, next_cursor: null, interpreted: { mode: 'vector' } });
  });

  it('pages through the same ranking with next_cursor', async () => {
    const all = await search({ query: 'records agency', limit: 50, mode: 'keyword' });
    expect(all.body.total).toBeGreaterThan(4);
    const first = await search({ query: 'records agency', limit: 2, mode: 'keyword' });
    const second = await search({ query: 'records agency', limit: 2, mode: 'keyword', cursor: first.body.next_cursor });
    expect([...ids(first.body), ...ids(second.body)]).toEqual(ids(all.body).slice(0, 4));
    expect(second.body.total).toBe(all.body.total);
  });

  it('filters by jurisdiction, type and category', async () => {
    const texas = await search({ query: 'information', filters: { jurisdictions: ['texas'] } });
    expect(texas.body.data.length).toBeGreaterThan(0);
    expect(new Set(texas.body.data.map((h: any) => h.jurisdiction))).toEqual(new Set(['texas']));
    expect(texas.body.interpreted).toMatchObject({ jurisdictions: ['texas'], jurisdictions_from: 'filter' });

    const exemptions = await search({ query: 'personal information privacy', filters: { types: ['exemption'] } });
    expect(new Set(exemptions.body.data.map((h: any) => h.type))).toEqual(new Set(['exemption']));

    const privacy = await search({ query: 'files', filters: { categories: ['personal_privacy'] } });
    expect(ids(privacy.body).sort()).toEqual(['federal:exemption:6:personal_privacy', 'texas:exemption:1:personal_privacy', 'washington:exemption:0:personal_privacy']);
  });

  it('reads a jurisdiction named in the query as a filter', async () => {
    const { body } = await search({ query: 'how fast must records be produced in Texas?' });
    expect(body.interpreted).toMatchObject({ jurisdictions: ['texas'], jurisdictions_from: 'query' });
    expect(body.data.length).toBeGreaterThan(0);
    expect(new Set(body.data.map((h: any) => h.jurisdiction))).toEqual(new Set(['texas']));
    const byLaw = await search({ query: 'deadline under the Texas Public Information Act' });
    expect(byLaw.body.interpreted.jurisdictions).toEqual(['texas']);
    const filterWins = await search({ query: 'records in Texas', filters: { jurisdictions: ['washington'] } });
    expect(filterWins.body.interpreted).toMatchObject({ jurisdictions: ['washington'], jurisdictions_from: 'filter' });
  });
});

describe('POST /api/v1/search: citations', () => {
  it('"§ 552.301" with Texas finds the section first', async () => {
    for (const request of [{ query: '§ 552.301', filters: { jurisdictions: ['texas'] } }, { query: '§ 552.301 in Texas' }, { query: '§ 552.301' }]) {
      const { body } = await search(request);
      expect(body.data[0]).toMatchObject({ id: 'sec:texas:552.301', citation: "Tex. Gov't Code § 552.301", components: { keyword: { rank: 1, match: 'citation' } } });
      expect(body.interpreted.citations).toEqual([{ input: '§ 552.301', section_id: 'sec:texas:552.301', exact: true }]);
    }
  });

  it('"552(b)(6)" finds the federal section, then the exemption resting on it', async () => {
    const { body } = await search({ query: '552(b)(6)' });
    expect(ids(body).slice(0, 2)).toEqual(['sec:federal:552(b)(6)', 'federal:exemption:6:personal_privacy']);
  });

  it('"RCW 42.56.070" finds the Washington section through its code name', async () => {
    const { body } = await search({ query: 'RCW 42.56.070' });
    expect(body.data[0].id).toBe('sec:washington:42.56.070');
  });

  it('"FOIA exemption 6" finds 5 U.S.C. § 552(b)(6)', async () => {
    const { body } = await search({ query: 'FOIA exemption 6' });
    expect(ids(body).slice(0, 2)).toEqual(['sec:federal:552(b)(6)', 'federal:exemption:6:personal_privacy']);
    expect(body.interpreted.jurisdictions).toEqual(['federal']);
  });

  it('keeps cited records within the filters', async () => {
    const { body } = await search({ query: '552(b)(6)', filters: { types: ['exemption'] } });
    expect(body.data[0]).toMatchObject({ id: 'federal:exemption:6:personal_privacy', components: { keyword: { match: 'citation' } } });
  });
});
