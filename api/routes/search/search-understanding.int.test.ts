import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJson, startSeededApi, type SeededApi } from '../../../test/support/seeded-api.js';
import type { TestApi } from '../../../test/support/test-api.js';

let t: TestApi;
let token: string;
let seeded: SeededApi;
beforeAll(async () => {
  seeded = await startSeededApi({ ownVectorIndex: true });
  ({ t, token } = seeded);
  // Two more invented law-enforcement exemptions, so the category has words of its own in the
  // data (a term counts when at least three of the category's exemptions use it). None says "police".
  const extra = (id: string, jurisdiction: string, label: string, description: string, ordinal: number) => ({
    id,
    jurisdiction,
    category: 'law_enforcement',
    raw_label: label,
    classified_by: 'label',
    citation: null,
    description,
    scope: null,
    notes: null,
    section_id: null,
    ordinal,
    source_path: `hole-tld/jurisdictions/${jurisdiction}.json`,
    source_kind: 'structured',
    verified_date: '2025-10-01',
  });
  await t.database.db('exemptions').insert([
    extra('texas:exemption:9:law_enforcement', 'texas', 'Law Enforcement Information', 'Invented: information held by a law enforcement agency about the investigation of a crime.', 9),
    extra('washington:exemption:9:law_enforcement', 'washington', 'Investigative Records', 'Invented: records compiled by investigative and law enforcement agencies.', 9),
  ]);
});
afterAll(async () => {
  await seeded?.close();
});

const search = (json: unknown) => requestJson(t, '/api/v1/search', { method: 'POST', token, json });
const ids = (body: any): string[] => body.data.map((h: any) => h.id);

describe('POST /api/v1/search: reading everyday words as the law’s', () => {
  it('finds law-enforcement exemptions for "police", a word none of them uses', async () => {
    const { status, body } = await search({ query: 'police files', mode: 'keyword', filters: { types: ['exemption'] } });
    expect(status).toBe(200);
    expect(ids(body)).toEqual(expect.arrayContaining(['federal:exemption:7:law_enforcement', 'texas:exemption:9:law_enforcement', 'washington:exemption:9:law_enforcement']));
    expect(body.data[0].id).toMatch(/law_enforcement$/);
  });

  it('matches nothing, and says so, for words the law does not contain', async () => {
    const { status, body } = await search({ query: 'zzzzqqqxxx' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ data: [], total: 0, next_cursor: null });
  });
});
