import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJson, startSeededApi, type SeededApi } from '../../../test/support/seeded-api.js';
import type { TestApi } from '../../../test/support/test-api.js';

let t: TestApi;
let token: string;
let seeded: SeededApi;
beforeAll(async () => {
  seeded = await startSeededApi();
  ({ t, token } = seeded);
});
afterAll(async () => {
  await seeded?.close();
});

const get = (path: string) => requestJson(t, path, { token });

const ids = (body: any): string[] => body.data.map((r: any) => r.id);

describe('GET /api/v2/transparency/exemptions', () => {
  it('lists exemptions with canonical category, its label and the raw label', async () => {
    const { status, body } = await get('/api/v2/transparency/exemptions');
    expect(status).toBe(200);
    expect(body.total).toBe(8);
    expect(ids(body)[0]).toBe('alabama:exemption:0:security_infrastructure');
    const privacy = body.data.find((e: any) => e.id === 'federal:exemption:6:personal_privacy');
    expect(privacy).toEqual({
      id: 'federal:exemption:6:personal_privacy',
      jurisdiction: 'federal',
      category: 'personal_privacy',
      category_label: 'Personal privacy',
      raw_label: 'Personnel and Medical Files',
      classified_by: 'label',
      citation: '5 U.S.C. § 552(b)(6)',
      description: expect.any(String),
      scope: null,
      notes: null,
      section_id: 'sec:federal:552(b)(6)',
      cross_references: [{ section_id: 'sec:federal:552(b)(6)', label: '552(b)(6)', citation: '5 U.S.C. § 552(b)(6)', citation_text: '5 U.S.C. § 552(b)(6)' }],
      provenance: { source_path: 'hole-tld/jurisdictions/federal.json', source_kind: 'structured', verified_date: '2026-11-01' },
      rank: null,
    });
  });

  it.each([
    ['category=personal_privacy', ['federal:exemption:6:personal_privacy', 'texas:exemption:1:personal_privacy', 'washington:exemption:0:personal_privacy']],
    ['category=security_infrastructure&jurisdiction=washington', ['washington:exemption:1:security_infrastructure']],
    ['category=library_patron', []],
    ['jurisdiction=texas', ['texas:exemption:0:statutory_confidentiality', 'texas:exemption:1:personal_privacy']],
    ['jurisdiction=alabama&jurisdiction=texas', ['alabama:exemption:0:security_infrastructure', 'texas:exemption:0:statutory_confidentiality', 'texas:exemption:1:personal_privacy']],
    ['q=memoranda', ['federal:exemption:5:deliberative_process']],
    ['q=investigation', ['federal:exemption:7:law_enforcement']],
    ['q=privacy&jurisdiction=texas', ['texas:exemption:1:personal_privacy']],
  ])('filters with %s', async (query, expected) => {
    const { status, body } = await get(`/api/v2/transparency/exemptions?${query}`);
    expect(status).toBe(200);
    expect(ids(body)).toEqual(expected);
  });

  it('ranks a search by relevance: the raw label (weight B) above the description (weight C)', async () => {
    // "personal" is in the raw label of two exemptions and only in the description of the federal one.
    const { body } = await get('/api/v2/transparency/exemptions?q=personal');
    expect(body.total).toBe(3);
    expect(ids(body).at(-1)).toBe('federal:exemption:6:personal_privacy');
    expect(body.data[0].rank).toBeGreaterThan(body.data[2].rank);
  });

  it('rejects an unknown category and an unknown jurisdiction at once, naming each', async () => {
    const { status, body } = await get('/api/v2/transparency/exemptions?category=personal_privacy,space_secrets&jurisdiction=atlantis');
    expect(status).toBe(400);
    const byPath = Object.fromEntries(body.error.metadata.issues.map((i: any) => [i.path, i.message]));
    expect(byPath['query.category']).toContain('"space_secrets"');
    expect(byPath['query.category']).toContain('personal_privacy');
    expect(byPath['query.jurisdiction']).toContain('"atlantis"');
  });

  it('rejects a category that is not a key', async () => {
    const { status, body } = await get(`/api/v2/transparency/exemptions?category=${encodeURIComponent('Personal Privacy!')}`);
    expect(status).toBe(400);
    expect(body.error.metadata.issues[0].path).toMatch(/^query\.category/);
  });

  it('pages with the cursor', async () => {
    const first = await get('/api/v2/transparency/exemptions?limit=5');
    expect(first.body.data).toHaveLength(5);
    const second = await get(`/api/v2/transparency/exemptions?limit=5&cursor=${first.body.next_cursor}`);
    expect(second.body).toMatchObject({ total: 8, next_cursor: null });
    const all = await get('/api/v2/transparency/exemptions?limit=100');
    expect([...ids(first.body), ...ids(second.body)]).toEqual(ids(all.body));
    expect((await get('/api/v2/transparency/exemptions?limit=101')).status).toBe(400);
  });
});

describe('GET /api/v2/transparency/exemptions/:id', () => {
  it("answers the exemption with its section's text and the same category elsewhere", async () => {
    const { status, body } = await get('/api/v2/transparency/exemptions/federal:exemption:6:personal_privacy');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: 'federal:exemption:6:personal_privacy',
      category_label: 'Personal privacy',
      section: { id: 'sec:federal:552(b)(6)', label: '552(b)(6)', text: expect.stringContaining('personal privacy'), source_kind: 'statute_text' },
      related_exemptions: [
        { id: 'texas:exemption:1:personal_privacy', jurisdiction: 'texas', jurisdiction_name: 'Texas', raw_label: 'Personal Information' },
        { id: 'washington:exemption:0:personal_privacy', jurisdiction: 'washington', jurisdiction_name: 'Washington' },
      ],
    });
  });

  it('answers section null when the citation is not in the statute text', async () => {
    const { body } = await get('/api/v2/transparency/exemptions/texas:exemption:1:personal_privacy');
    expect(body.section).toBeNull();
    expect(body.related_exemptions.map((e: any) => e.jurisdiction)).toEqual(['federal', 'washington']);
  });

  it('answers the 404 envelope for an unknown id', async () => {
    const { status, body } = await get('/api/v2/transparency/exemptions/federal:exemption:99:other');
    expect(status).toBe(404);
    expect(body.error.code).toBe('NOT_FOUND');
  });
});

describe('GET /api/v2/transparency/exemption-categories', () => {
  it('answers the taxonomy with counts of exemptions and jurisdictions', async () => {
    const { status, body } = await get('/api/v2/transparency/exemption-categories');
    expect(status).toBe(200);
    expect(body.total).toBe(6);
    const byKey = Object.fromEntries(body.data.map((c: any) => [c.key, c]));
    expect(byKey['personal_privacy']).toEqual({
      key: 'personal_privacy',
      label: 'Personal privacy',
      description: expect.any(String),
      exemption_count: 3,
      jurisdiction_count: 3,
    });
    expect(byKey['security_infrastructure']).toMatchObject({ exemption_count: 2, jurisdiction_count: 2 });
    expect(byKey['library_patron']).toMatchObject({ exemption_count: 0, jurisdiction_count: 0 });
  });

  it('counts within the given jurisdictions', async () => {
    const { body } = await get('/api/v2/transparency/exemption-categories?jurisdiction=federal');
    const counts = Object.fromEntries(body.data.map((c: any) => [c.key, c.exemption_count]));
    expect(counts).toEqual({
      statutory_confidentiality: 0,
      deliberative_process: 1,
      law_enforcement: 1,
      library_patron: 0,
      personal_privacy: 1,
      security_infrastructure: 0,
    });
    expect((await get('/api/v2/transparency/exemption-categories?jurisdiction=atlantis')).status).toBe(400);
  });

  it('pages with the cursor', async () => {
    const first = await get('/api/v2/transparency/exemption-categories?limit=4');
    const second = await get(`/api/v2/transparency/exemption-categories?limit=4&cursor=${first.body.next_cursor}`);
    expect(first.body.data).toHaveLength(4);
    expect(second.body).toMatchObject({ total: 6, next_cursor: null });
    expect(new Set([...first.body.data, ...second.body.data].map((c: any) => c.key)).size).toBe(6);
  });
});
