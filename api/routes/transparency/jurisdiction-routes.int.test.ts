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

const slugs = (body: any): string[] => body.data.map((j: any) => j.slug);

describe('GET /api/v2/transparency/jurisdictions', () => {
  it('lists every jurisdiction by name with law, deadline, counts and statute text availability', async () => {
    const { status, body } = await get('/api/v2/transparency/jurisdictions');
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 4, next_cursor: null });
    expect(slugs(body)).toEqual(['alabama', 'federal', 'texas', 'washington']);
    const federal = body.data[1];
    expect(federal).toEqual({
      slug: 'federal',
      name: 'Federal',
      type: 'federal',
      law: { name: 'Freedom of Information Act', citation: '5 U.S.C. § 552' },
      initial_deadline: { days: 20, unit: 'business', no_fixed_deadline: false, reason: null },
      counts: { rights: 3, exemptions: 3, sections: 9 },
      statute_text: {
        available: true,
        coverage: 'full',
        completeness: 'full (test fixture)',
        source_path: 'statutes/federal.txt',
        retrieved_date: '2026-11-01',
        document_id: 'doc:federal:statute_text:federal',
      },
    });
    const [alabama, , , washington] = body.data;
    expect(alabama.initial_deadline).toEqual({ days: null, unit: null, no_fixed_deadline: true, reason: 'reasonable time' });
    expect(alabama.statute_text).toMatchObject({ available: false, coverage: null, document_id: null });
    expect(alabama.counts).toEqual({ rights: 1, exemptions: 1, sections: 0 });
    expect(washington.statute_text.coverage).toBe('partial');
  });

  it.each([
    ['type=federal', ['federal']],
    ['type=state', ['alabama', 'texas', 'washington']],
    ['type=district', []],
    ['q=tex', ['texas']],
    ['q=WASH', ['washington']],
    ['q=ala', ['alabama']],
    ['q=%25', []],
    ['has_statute_text=true', ['federal', 'texas', 'washington']],
    ['has_statute_text=false', ['alabama']],
    ['deadline_unit=business', ['federal', 'texas', 'washington']],
    ['deadline_unit=calendar', []],
    ['no_fixed_deadline=true', ['alabama']],
    ['no_fixed_deadline=false', ['federal', 'texas', 'washington']],
    ['type=state&has_statute_text=true&deadline_unit=business', ['texas', 'washington']],
  ])('filters with %s', async (query, expected) => {
    const { status, body } = await get(`/api/v2/transparency/jurisdictions?${query}`);
    expect(status).toBe(200);
    expect(slugs(body)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it.each([
    ['type=city', 'query.type'],
    ['has_statute_text=yes', 'query.has_statute_text'],
    ['no_fixed_deadline=1', 'query.no_fixed_deadline'],
    ['deadline_unit=weeks', 'query.deadline_unit'],
    ['limit=0', 'query.limit'],
    ['limit=101', 'query.limit'],
    ['limit=ten', 'query.limit'],
  ])('rejects %s with a 400 naming the field', async (query, path) => {
    const { status, body } = await get(`/api/v2/transparency/jurisdictions?${query}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.metadata.issues.map((i: any) => i.path)).toContain(path);
  });

  it('pages with limit and cursor until every jurisdiction has been seen once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { body } = await get(`/api/v2/transparency/jurisdictions?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(body.total).toBe(4);
      seen.push(...slugs(body));
      cursor = body.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual(['alabama', 'federal', 'texas', 'washington']);
  });

  it('rejects a cursor it did not issue', async () => {
    const { status, body } = await get('/api/v2/transparency/jurisdictions?cursor=not-a-cursor');
    expect(status).toBe(400);
    expect(body.error.metadata.issues).toEqual([{ path: 'cursor', message: expect.any(String) }]);
  });
});

describe('GET /api/v2/transparency/jurisdictions/:slug', () => {
  it("answers the jurisdiction's law in full, each part with its provenance", async () => {
    const { status, body } = await get('/api/v2/transparency/jurisdictions/federal');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      slug: 'federal',
      current_version: 1,
      law: {
        name: 'Freedom of Information Act',
        citation: '5 U.S.C. § 552',
        effective_date: '1967-07-04',
        official_resources: [{ name: 'FOIA.gov (test)', url: 'https://www.foia.gov/' }],
        provenance: { source_path: 'hole-tld/jurisdictions/federal.json', source_kind: 'structured', verified_date: '2026-11-01' },
      },
      initial_deadline: { days: 20, unit: 'business', no_fixed_deadline: false },
      counts: { rights: 3, exemptions: 3, sections: 9 },
      documents: [{ id: 'doc:federal:statute_text:federal', kind: 'statute_text', citation: '5 U.S.C. § 552 (and § 551)' }],
      response_requirements: {
        citation: '5 U.S.C. § 552(a)(6)',
        no_fixed_deadline: false,
        initial_deadline: { days: 20, unit: 'business', kind: 'initial_response', basis: { section_label: '552(a)(6)' } },
        extension: { allowed: true, max_days: 10, unit: 'business' },
        provenance: { source_kind: 'statute_text' },
      },
      fees: { copy_fee_per_page: 0.1, fee_waiver: { available: true, citation: '5 U.S.C. § 552(a)(4)(A)(iii)' }, provenance: { source_kind: 'structured' } },
      appeals: { steps: [{ kind: 'administrative', body: 'Agency head' }, { kind: 'judicial' }], attorney_fees: { recoverable: true } },
      requester_requirements: { residency_required: false, purpose_required: false },
      agency_obligations: [{ id: 'federal:obligation:0', citation: '5 U.S.C. § 552(g)', provenance: { source_kind: 'structured' } }],
      oversight_bodies: [{ id: 'federal:oversight:0', name: 'Office of Government Information Services', role: 'Ombudsman', powers: expect.any(Array) }],
      discrepancies: [{ topic: 'initial_deadline', resolution: expect.stringContaining('20 business days') }],
    });
  });

  it('answers nulls and empty lists where a jurisdiction lacks a record', async () => {
    const { status, body } = await get('/api/v2/transparency/jurisdictions/alabama');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      fees: null,
      oversight_bodies: [],
      agency_obligations: [],
      statute_text: { available: false },
      response_requirements: { no_fixed_deadline: true, no_fixed_deadline_reason: 'reasonable time', initial_deadline: null },
      documents: [{ kind: 'summary' }],
    });
  });

  it('reads the slug case-insensitively', async () => {
    expect((await get('/api/v2/transparency/jurisdictions/Texas')).body.slug).toBe('texas');
  });

  it('answers the 404 envelope for an unknown slug, and 400 for something that is not a slug', async () => {
    const missing = await get('/api/v2/transparency/jurisdictions/atlantis');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'NOT_FOUND', status: 404, message: expect.stringContaining('atlantis') });
    const bad = await get('/api/v2/transparency/jurisdictions/new_york');
    expect(bad.status).toBe(400);
    expect(bad.body.error.metadata.issues[0].path).toBe('params.slug');
  });
});
