import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPARE_FIELD_KEYS } from '../../../core/transparency/compare-fields.js';
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

const compare = (query: string) => requestJson(t, `/api/v2/transparency/compare?${query}`, { token });

/** The field's rows keyed by jurisdiction, without the repeated jurisdiction and name. */
async function rows(field: string): Promise<Record<string, { value: unknown; display: string; citation: string | null; source_kind: string | null }>> {
  const { body } = await compare(`field=${field}`);
  return Object.fromEntries(body.data.map(({ jurisdiction, value, display, citation, source_kind }: any) => [jurisdiction, { value, display, citation, source_kind }]));
}

describe('GET /api/v2/transparency/compare', () => {
  it.each(COMPARE_FIELD_KEYS)('answers %s for every jurisdiction, ordered by name', async (field) => {
    const { status, body } = await compare(`field=${field}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ field, label: expect.any(String), description: expect.any(String), total: 4, next_cursor: null });
    expect(body.data.map((r: any) => r.name)).toEqual(['Alabama', 'Federal', 'Texas', 'Washington']);
    for (const row of body.data) {
      expect(Object.keys(row).sort()).toEqual(['citation', 'display', 'jurisdiction', 'name', 'quote', 'reviewed', 'section_id', 'source_kind', 'value', 'verified']);
      expect(row.display).toEqual(expect.any(String));
    }
  });

  it('compares the initial deadline, with its citation and source kind', async () => {
    expect(await rows('initial_deadline')).toEqual({
      alabama: { value: { days: null, unit: null, no_fixed_deadline: true, reason: 'reasonable time' }, display: 'No fixed deadline (reasonable time)', citation: null, source_kind: 'summary' },
      federal: { value: { days: 20, unit: 'business', no_fixed_deadline: false, reason: null }, display: '20 business days', citation: '5 U.S.C. § 552(a)(6)', source_kind: 'statute_text' },
      texas: expect.objectContaining({ display: '10 business days', citation: "Tex. Gov't Code § 552.221(d)" }),
      washington: expect.objectContaining({ display: '5 business days', citation: 'RCW 42.56.520(1)' }),
    });
  });

  it('shows the quoted standard of a law without a fixed deadline', async () => {
    await t.database.db('response_requirements')
      .where({ jurisdiction: 'alabama' })
      .update({ no_fixed_deadline_reason: 'The sources state a standard ("as soon as practicable") rather than a number of days.' });
    try {
      expect((await rows('initial_deadline'))['alabama']?.display).toBe('No fixed deadline ("as soon as practicable")');
    } finally {
      await t.database.db('response_requirements').where({ jurisdiction: 'alabama' }).update({ no_fixed_deadline_reason: 'reasonable time' });
    }
  });

  it('keeps "not stated" apart from "no"', async () => {
    const waiver = await rows('fee_waiver');
    expect(waiver['federal']).toMatchObject({ value: { available: true }, display: expect.stringMatching(/^Available: /), citation: '5 U.S.C. § 552(a)(4)(A)(iii)', source_kind: 'structured' });
    expect(waiver['washington']).toMatchObject({ value: { available: false }, display: 'Not available' });
    expect(waiver['alabama']).toEqual({ value: null, display: 'Not stated', citation: null, source_kind: null });
    const residency = await rows('residency_required');
    expect([residency['alabama']?.value, residency['federal']?.value]).toEqual([true, false]);
    expect(residency['alabama']?.display).toBe('Yes');
    const purpose = await rows('purpose_required');
    expect(purpose['washington']).toMatchObject({ value: null, display: 'Not stated', source_kind: 'structured' });
  });

  it('compares attorney fees and the first step of the appeal route', async () => {
    const fees = await rows('attorney_fees');
    expect(fees['federal']).toMatchObject({ value: true, display: 'Recoverable', citation: '5 U.S.C. § 552(a)(4)(E)' });
    expect(fees['alabama']).toMatchObject({ value: null, display: 'Not stated' });
    const route = await rows('appeal_route');
    expect(route['federal']).toMatchObject({
      value: { level: 1, kind: 'administrative', body: 'Agency head', deadline: { days: 90, unit: 'business' } },
      display: 'Administrative: Agency head within 90 business days',
      citation: '5 U.S.C. § 552(a)(6)(A)',
    });
    expect(route['texas']).toMatchObject({ value: { kind: 'oversight', body: 'Attorney General' } });
    expect(route['washington']?.display).toBe('Judicial: Superior Court');
  });

  it('compares oversight bodies, statute text and counts', async () => {
    const oversight = await rows('oversight_body');
    expect(oversight['federal']).toMatchObject({ value: [{ name: 'Office of Government Information Services' }], citation: '5 U.S.C. § 552(h)' });
    expect(oversight['washington']).toEqual({ value: [], display: 'None stated', citation: null, source_kind: null });
    const statute = await rows('statute_text_available');
    expect(statute['federal']).toEqual({ value: true, display: 'Full statute text', citation: '5 U.S.C. § 552 (and § 551)', source_kind: 'statute_text' });
    expect(statute['washington']?.display).toBe('Partial statute text');
    expect(statute['alabama']).toEqual({ value: false, display: 'No statute text', citation: null, source_kind: null });
    const exemptions = await rows('exemption_count');
    expect(exemptions['federal']).toEqual({ value: 3, display: '3 exemptions', citation: '5 U.S.C. § 552', source_kind: 'structured' });
    expect((await rows('rights_count'))['alabama']).toMatchObject({ value: 1, display: '1 right' });
    expect((await rows('copy_fee_per_page'))['washington']).toMatchObject({ value: 0.15, display: '$0.15 per page' });
  });

  it("carries a reviewed fact's words, source kind, review date and section beside the value", async () => {
    const { body } = await compare('field=initial_deadline&jurisdiction=federal,alabama');
    const [alabama, federal] = body.data;
    expect(federal).toMatchObject({
      citation: '5 U.S.C. § 552(a)(6)',
      source_kind: 'statute_text',
      quote: 'decides within twenty working days whether it will comply',
      verified: true,
      reviewed: '2026-11-24',
    });
    // The section the citation names, readable at /api/v1/documents/{id}.
    const section = await t.request(`/api/v2/transparency/sections/${encodeURIComponent(federal.section_id)}`, { token });
    expect((await section.json()).citation).toBe('5 U.S.C. § 552(a)(6)');
    expect(alabama).toMatchObject({ quote: null, verified: false, reviewed: null, section_id: null });
  });

  it('lines up fact fields: other deadlines with who must act, nonresident deadlines, and "Not stated" where no fact says', async () => {
    const other = await compare('field=other_deadlines');
    const texas = other.body.data.find((r: any) => r.jurisdiction === 'texas');
    expect(texas).toMatchObject({ value: [{ actor: 'agency', days: 10, unit: 'business' }], source_kind: 'citation_only', verified: false });
    expect(texas.display).toMatch(/^The agency: ask for a ruling within 10 business days$/);
    expect(other.body.data.find((r: any) => r.jurisdiction === 'alabama')).toMatchObject({ value: null, display: 'Not stated', citation: null });
    const nonresident = await rows('nonresident_deadline');
    expect(nonresident['texas']).toMatchObject({ value: { days: 15, unit: 'calendar' } });
    expect(nonresident['federal']).toMatchObject({ value: null, display: 'Not stated' });
  });

  it('compares only the given jurisdictions', async () => {
    const { status, body } = await compare('field=rights_count&jurisdiction=texas,federal');
    expect(status).toBe(200);
    expect(body.data.map((r: any) => r.jurisdiction)).toEqual(['federal', 'texas']);
    expect(body.total).toBe(2);
  });

  it('rejects an unknown or missing field with a 400 listing the allowed ones', async () => {
    for (const query of ['field=shoe_size', '']) {
      const { status, body } = await compare(query);
      expect(status).toBe(400);
      const issue = body.error.metadata.issues[0];
      expect(issue.path).toBe('query.field');
      for (const key of COMPARE_FIELD_KEYS) expect(issue.message).toContain(key);
    }
  });

  it('rejects an unknown jurisdiction', async () => {
    const { status, body } = await compare('field=fee_waiver&jurisdiction=atlantis');
    expect(status).toBe(400);
    expect(body.error.metadata.issues[0].path).toBe('query.jurisdiction');
  });
});
