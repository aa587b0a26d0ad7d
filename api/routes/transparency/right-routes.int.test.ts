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

/** Every right of the seed, in jurisdiction then statute order. */
const ALL = [
  'alabama:inspection:every-citizen',
  'federal:inspection:agency-records',
  'federal:timeliness:twenty-day-decision',
  'federal:fees_and_waivers:public-interest-waiver',
  'texas:inspection:prompt-production',
  'texas:timeliness:ten-day-ruling',
  'washington:inspection:all-public-records',
  'washington:judicial_review:show-cause',
];

describe('GET /api/v2/transparency/rights', () => {
  it('lists rights in jurisdiction then statute order, each with text, source kind, references and provenance', async () => {
    const { status, body } = await get('/api/v2/transparency/rights');
    expect(status).toBe(200);
    expect(ids(body)).toEqual(ALL);
    expect(body).toMatchObject({ total: 8, next_cursor: null });
    expect(body.data[1]).toEqual({
      id: 'federal:inspection:agency-records',
      jurisdiction: 'federal',
      category: 'inspection',
      title: 'Right to obtain agency records',
      citation: '5 U.S.C. § 552(a)(3)',
      text: expect.stringContaining('reasonably describes records'),
      source_kind: 'statute_text',
      analysis: expect.stringContaining('Invented analysis'),
      conditions: 'The request must reasonably describe the records.',
      applies_to: 'Any person',
      section_id: 'sec:federal:552(a)(3)',
      cross_references: [{ section_id: 'sec:federal:552(a)(6)', label: '552(a)(6)', citation: '5 U.S.C. § 552(a)(6)', citation_text: '§ 552(a)(6)' }],
      provenance: { source_path: 'statutes/federal.txt', source_kind: 'statute_text', verified_date: '2026-11-01' },
      rank: null,
    });
    expect(body.data[0]).toMatchObject({ source_kind: 'summary', section_id: null, cross_references: [] });
  });

  it('searches the full text, ranked by relevance', async () => {
    const { body } = await get('/api/v2/transparency/rights?q=records');
    expect(body.total).toBeGreaterThan(1);
    const ranks = body.data.map((r: any) => r.rank);
    expect(ranks.every((r: number) => r > 0)).toBe(true);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
  });

  it('ranks a match in the title (weight B) above one in the text only (weight C)', async () => {
    // "agency" is in the title of one right and in the text or analysis of three others.
    const { body } = await get('/api/v2/transparency/rights?q=agency');
    expect(body.total).toBe(4);
    expect(ids(body)[0]).toBe('federal:inspection:agency-records');
    expect(body.data[0].rank).toBeGreaterThan(body.data[1].rank);
  });

  it.each([
    ['waiver', ['federal:fees_and_waivers:public-interest-waiver']],
    ['"twenty working days"', ['federal:timeliness:twenty-day-decision']],
    ['promptly -officer', ['federal:inspection:agency-records']],
    ['superior or waiver', ['federal:fees_and_waivers:public-interest-waiver', 'washington:judicial_review:show-cause']],
    ['zebra', []],
  ])('understands web-search syntax: q=%s', async (q, expected) => {
    const { status, body } = await get(`/api/v2/transparency/rights?q=${encodeURIComponent(q)}`);
    expect(status).toBe(200);
    expect([...ids(body)].sort()).toEqual(expected);
  });

  it.each([
    ['jurisdiction=texas', ALL.filter((id) => id.startsWith('texas:'))],
    ['jurisdiction=texas,federal', ALL.filter((id) => /^(texas|federal):/.test(id))],
    ['jurisdiction=texas&jurisdiction=federal', ALL.filter((id) => /^(texas|federal):/.test(id))],
    ['jurisdiction=Texas, Federal', ALL.filter((id) => /^(texas|federal):/.test(id))],
    ['category=timeliness', ['federal:timeliness:twenty-day-decision', 'texas:timeliness:ten-day-ruling']],
    ['category=inspection,judicial_review&jurisdiction=washington', ['washington:inspection:all-public-records', 'washington:judicial_review:show-cause']],
    ['category=mediation', []],
    ['q=records&jurisdiction=washington', ['washington:inspection:all-public-records']],
  ])('filters with %s', async (query, expected) => {
    const { status, body } = await get(`/api/v2/transparency/rights?${query}`);
    expect(status).toBe(200);
    expect(ids(body)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it('rejects unknown jurisdictions with a 400 naming them', async () => {
    const { status, body } = await get('/api/v2/transparency/rights?jurisdiction=texas,atlantis');
    expect(status).toBe(400);
    expect(body.error.metadata.issues).toEqual([{ path: 'query.jurisdiction', message: expect.stringContaining('"atlantis"') }]);
    expect(body.error.metadata.issues[0].message).not.toContain('"texas"');
  });

  it('rejects unknown categories with a 400 listing the allowed ones', async () => {
    const { status, body } = await get('/api/v2/transparency/rights?category=inspection,teleportation');
    expect(status).toBe(400);
    const issue = body.error.metadata.issues[0];
    expect(issue.path).toMatch(/^query\.category/);
    expect(issue.message).toContain('fees_and_waivers');
  });

  it.each(['q=', 'jurisdiction=', 'limit=0', 'limit=101', `q=${'x'.repeat(201)}`])('rejects %s', async (query) => {
    expect((await get(`/api/v2/transparency/rights?${query}`)).status).toBe(400);
  });

  it('pages through every right with the cursor, in the same order as one page', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const { body } = await get(`/api/v2/transparency/rights?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(body.data.length).toBeLessThanOrEqual(3);
      expect(body.total).toBe(8);
      seen.push(...ids(body));
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(ALL);
  });

  it('pages a search keeping its filters in the request', async () => {
    const first = await get('/api/v2/transparency/rights?q=records&limit=1');
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await get(`/api/v2/transparency/rights?q=records&limit=1&cursor=${first.body.next_cursor}`);
    expect(second.body.data).toHaveLength(1);
    expect(ids(second.body)[0]).not.toBe(ids(first.body)[0]);
  });
});

describe('GET /api/v2/transparency/rights/:id', () => {
  it('answers one right with its statute section, evidence and cross-references', async () => {
    const { status, body } = await get(`/api/v2/transparency/rights/${encodeURIComponent('federal:timeliness:twenty-day-decision')}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: 'federal:timeliness:twenty-day-decision',
      text_source_path: 'statutes/federal.txt',
      section: { id: 'sec:federal:552(a)(6)', label: '552(a)(6)', citation: '5 U.S.C. § 552(a)(6)', text: expect.stringContaining('twenty working days') },
      evidence: [{ source_kind: 'statute_text', source_path: 'statutes/federal.txt', section_label: '552(a)(6)' }],
      cross_references: [{ section_id: 'sec:federal:552(b)', label: '552(b)' }],
    });
  });

  it('answers section null for a right resting on a summary', async () => {
    const { body } = await get('/api/v2/transparency/rights/alabama:inspection:every-citizen');
    expect(body).toMatchObject({ source_kind: 'summary', section: null, provenance: { source_kind: 'summary' } });
  });

  it('answers the 404 envelope for an unknown id', async () => {
    const { status, body } = await get('/api/v2/transparency/rights/federal:inspection:nothing');
    expect(status).toBe(404);
    expect(body.error.code).toBe('NOT_FOUND');
  });
});
