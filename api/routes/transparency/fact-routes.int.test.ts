import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJson, startSeededApi, type SeededApi } from '../../../test/support/seeded-api.js';

let seeded: SeededApi;
beforeAll(async () => {
  seeded = await startSeededApi();
});
afterAll(async () => {
  await seeded?.close();
});

const get = (path: string) => requestJson(seeded.t, path, { token: seeded.token });

describe('GET /api/v2/transparency/jurisdictions/{slug}/facts', () => {
  it("lists a jurisdiction's reviewed facts with citation, words, source kind and the node they were verified in", async () => {
    const { status, body } = await get('/api/v2/transparency/jurisdictions/federal/facts');
    expect(status).toBe(200);
    expect(body).toEqual({
      data: [
        {
          id: 'federal:fact:initial_response:0',
          jurisdiction: 'federal',
          field: 'initial_response',
          requester_class: null,
          applies_to: null,
          value: { action: 'determine', days: 20, unit: 'business', counted_from: 'receipt', standard: null },
          display: '20 business days to determine whether to comply, from receipt',
          citation: '5 U.S.C. § 552(a)(6)',
          quote: 'decides within twenty working days whether it will comply',
          source_kind: 'statute_text',
          verified: true,
          section_id: 'sec:federal:552(a)(6)',
          reviewed: '2026-11-24',
          notes: null,
        },
      ],
      total: 1,
      next_cursor: null,
    });
    const section = await get('/api/v1/documents/sec:federal:552(a)(6)');
    expect(section.status).toBe(200);
    expect(section.body.text).toContain(body.data[0].quote);
  });

  it('filters by field and by source kind', async () => {
    const byField = await get('/api/v2/transparency/jurisdictions/texas/facts?field=other_deadline');
    expect(byField.body.data.map((f: any) => f.field)).toEqual(['other_deadline']);
    const byKind = await get('/api/v2/transparency/jurisdictions/texas/facts?source_kind=statute_text');
    expect(byKind.body).toEqual({ data: [], total: 0, next_cursor: null });
  });

  it('shows the facts in the jurisdiction detail too', async () => {
    const { body } = await get('/api/v2/transparency/jurisdictions/texas');
    expect(body.facts.map((f: any) => f.id)).toEqual(['texas:fact:other_deadline:0', 'texas:fact:initial_response:0']);
    expect((await get('/api/v2/transparency/jurisdictions/alabama')).body.facts).toEqual([]);
  });

  it('answers 404 for an unknown jurisdiction and 400 for an unknown field, in the error envelope', async () => {
    const missing = await get('/api/v2/transparency/jurisdictions/atlantis/facts');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    const bad = await get('/api/v2/transparency/jurisdictions/texas/facts?field=shoe_size');
    expect(bad.status).toBe(400);
    expect(bad.body.error.metadata.issues[0].path).toBe('query.field.0');
  });

  it('requires read:transparency', async () => {
    const token = await seeded.t.token({ scope: 'read:foia' });
    const res = await requestJson(seeded.t, '/api/v2/transparency/jurisdictions/texas/facts', { token });
    expect(res.status).toBe(403);
  });
});
