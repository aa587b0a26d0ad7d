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

const get = (id: string, as = token) => requestJson(t, `/api/v1/documents/${encodeURIComponent(id)}`, { token: as });

describe('GET /api/v1/documents/{id}', () => {
  it('answers a statute section with provenance, neighbours in document order and cross-references both ways', async () => {
    const { status, body } = await get('sec:federal:552(b)(6)');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: 'sec:federal:552(b)(6)',
      type: 'statute_section',
      jurisdiction: 'federal',
      citation: '5 U.S.C. § 552(b)(6)',
      text: expect.stringContaining('personal privacy'),
      provenance: { source_path: 'statutes/federal.txt', source_kind: 'statute_text', verified_date: '2026-11-01' },
      metadata: {
        label: '552(b)(6)',
        depth: 2,
        document: { id: 'doc:federal:statute_text:federal', kind: 'statute_text' },
        parent: { id: 'sec:federal:552(b)' },
        siblings: { previous: { id: 'sec:federal:552(b)(5)' }, next: { id: 'sec:federal:552(b)(7)' } },
      },
      neighbours: { previous: { id: 'sec:federal:552(b)(5)', label: '552(b)(5)' }, next: { id: 'sec:federal:552(b)(7)', label: '552(b)(7)' } },
      cross_references: {
        outgoing: [],
        incoming: [expect.objectContaining({ from_type: 'exemption', from_id: 'federal:exemption:6:personal_privacy' })],
      },
    });
  });

  it('gives the next section in document order across levels, and none after the last', async () => {
    const top = await get('sec:federal:552');
    expect(top.body.neighbours).toMatchObject({ previous: null, next: { id: 'sec:federal:552(a)' } });
    const last = await get('sec:federal:551');
    expect(last.body.neighbours).toMatchObject({ previous: { id: 'sec:federal:552(b)(7)' }, next: null });
  });

  it('answers a right with its category, analysis and linked section', async () => {
    const { status, body } = await get('washington:judicial_review:show-cause');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: 'washington:judicial_review:show-cause',
      type: 'right',
      jurisdiction: 'washington',
      title: 'Show-cause hearing in superior court',
      citation: 'RCW 42.56.550',
      metadata: { category: 'judicial_review', analysis: expect.any(String), section: { id: 'sec:washington:42.56.550' } },
      neighbours: { previous: { id: 'washington:inspection:all-public-records', label: null }, next: null },
      cross_references: { outgoing: [expect.objectContaining({ section_id: 'sec:washington:42.56.550' })], incoming: [] },
    });
  });

  it('answers an exemption with its category and the same category elsewhere', async () => {
    const { body } = await get('texas:exemption:0:statutory_confidentiality');
    expect(body).toMatchObject({
      type: 'exemption',
      title: 'Confidential by Law',
      text: expect.stringContaining('confidential'),
      metadata: { category: 'statutory_confidentiality', category_label: 'Confidential by other law', section: { id: 'sec:texas:552.101' } },
      neighbours: { previous: null, next: { id: 'texas:exemption:1:personal_privacy' } },
    });
  });

  it('answers 404 in the error envelope for an unknown id', async () => {
    const { status, body } = await get('sec:texas:999.999');
    expect(status).toBe(404);
    expect(body).toEqual({ error: { code: 'NOT_FOUND', message: 'Document sec:texas:999.999 not found', status: 404, metadata: { id: 'sec:texas:999.999' } } });
  });

  it('needs read:transparency', async () => {
    expect((await get('sec:federal:552', '')).status).toBe(401);
    expect((await get('sec:federal:552', await t.token({ scope: 'read:foia' }))).status).toBe(403);
  });

  it('serves every hit a search returns', async () => {
    const res = await t.request('/api/v1/search', { method: 'POST', token, json: { query: 'records', limit: 50 } });
    const hits = (await res.json()).data as Array<{ id: string; type: string }>;
    expect(new Set(hits.map((h) => h.type)).size).toBeGreaterThan(2);
    for (const hit of hits) {
      const { status, body } = await get(hit.id);
      expect([status, body.type]).toEqual([200, hit.type]);
    }
  });
});
