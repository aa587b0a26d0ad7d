import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRealLaw } from '../../../core/foia/appeals/testing/ingest-real-law.js';
import { corpusDir, legalFactsDir } from '../../../test/support/corpus-dir.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { createTestDatabase } from '../../../test/support/test-database.js';
import { createRequest, FOIA_SCOPES, patchRequest } from './testing/foia-api-helpers.js';

/*
 * The real API over the real law of two jurisdictions: federal and Texas are ingested from the
 * corpus (statute text and reviewed facts), so every quoted sentence below is checked against
 * the corpus file itself (never against the database the answer is built from).
 */
let t: TestApi;
let token: string;
let dataDir: string;
const statute = (file: string) => fs.readFileSync(path.join(corpusDir(), file), 'utf8').replace(/\s+/g, ' ');
let federalText: string;
let texasText: string;

beforeAll(async () => {
  const database = await createTestDatabase();
  await ingestRealLaw(database.db, { corpusDir: corpusDir(), legalFactsDir: legalFactsDir(), jurisdictions: ['federal', 'texas'] });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-appeal-'));
  t = await startTestApi({ database, env: { DATA_DIR: dataDir } });
  token = await t.token({ sub: 'appeal-drafter', scope: FOIA_SCOPES });
  federalText = statute('statutes/federal.txt');
  texasText = statute('hole-tld/summaries/texas.txt');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await t?.database.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function decided(jurisdiction: string, status: string, overrides: Record<string, unknown> = {}) {
  const r = await createRequest(t, token, { jurisdiction, status: 'submitted', submitted_at: '2025-11-03T10:00:00-05:00', ...overrides });
  const res = await patchRequest(t, token, r.id, { status, completed_at: '2025-12-05T10:00:00-05:00' });
  expect(res.status).toBe(200);
  return r.id as string;
}

const draft = (id: string, body: unknown, tok = token) => t.request(`/api/foia/requests/${id}/appeal-draft`, { method: 'POST', token: tok, json: body });

/** Every quoted sentence is the statute's own words: a verbatim (whitespace-normalised) substring of the corpus file. */
const inCorpus = (text: string, quote: string) => expect(text).toContain(quote.replace(/…/g, '').replace(/\s+/g, ' ').trim());

// Sentences of the statute, copied from the corpus files (checked against them in each test).
const SEGREGABLE = 'Any reasonably segregable portion of a record shall be provided to any person requesting such record after deletion of the portions which are exempt under this subsection.';
const FORESEES = 'the agency reasonably foresees that disclosure would harm an interest protected by an exemption described in subsection (b)';
const B6 = 'personnel and medical files and similar files the disclosure of which would constitute a clearly unwarranted invasion of personal privacy';
const B7C = 'could reasonably be expected to constitute an unwarranted invasion of personal privacy';
const TX_BASIC = 'This section does not except from the requirements of Section 552.021 information that is basic information about an arrested person, an arrest, or a crime.';

describe('POST /api/foia/requests/{id}/appeal-draft: a federal partial release', () => {
  let body: any;
  let id: string;
  beforeAll(async () => {
    id = await decided('federal', 'partially_fulfilled', {
      agency: { name: 'Federal Bureau of Investigation', email: 'foia@example.gov' },
      subject: 'Use-of-force reviews',
      tracking_numbers: ['FBI-2025-0042'],
      requester: { name: 'Dana Reporter', organization: 'The Daily Example', email: 'dana@example.com' },
    });
    const res = await draft(id, {
      reasons: 'Names of the officers were withheld because release would be a clearly unwarranted invasion of personal privacy. Drafts of the review were withheld as intra-agency memorandums reflecting deliberations. The rest is withheld for other reasons.',
      exemptions: ['5 U.S.C. 552(b)(7)(C)', '552(b)(12)'],
    });
    expect(res.status).toBe(201);
    body = await res.json();
  });

  it('matches the cited exemption by citation and the reasons by meaning, in the statute’s words', () => {
    for (const q of [SEGREGABLE, FORESEES, B6, B7C]) inCorpus(federalText, q);
    expect(body.appealing).toBe('partially_fulfilled');
    expect(body.matches.map((m: any) => [m.matched_by, m.exemption.citation])).toEqual([
      ['citation', '5 U.S.C. § 552(b)(7)(C)'],
      ['meaning', '5 U.S.C. § 552(b)(6)'],
      ['meaning', '5 U.S.C. § 552(b)(5)'],
    ]);
    const [b7c, b6] = body.matches;
    expect(b7c).toMatchObject({ cited_as: '5 U.S.C. 552(b)(7)(C)', exemption: { section_id: 'sec:federal:552(b)(7)(C)', text: `${B7C},`, source_kind: 'statute_text', title: 'Law Enforcement' } });
    expect(b6.exemption.text).toBe(`${B6};`);
    for (const m of body.matches) for (const l of m.limits) inCorpus(federalText, l.text);
  });

  it('gives each exemption its limits: segregability under § 552(b), the foreseeable-harm test of § 552(a)(8)', () => {
    const b6 = body.matches[1];
    expect(b6.limits).toContainEqual({ kind: 'segregability', text: SEGREGABLE, citation: '5 U.S.C. § 552(b)', section_id: 'sec:federal:552(b)', source_kind: 'statute_text' });
    expect(b6.limits).toContainEqual(expect.objectContaining({ kind: 'harm_test', text: FORESEES, citation: '5 U.S.C. § 552(a)(8)(A)(i)(I)' }));
    // Another exemption's words are never this one's limit: (b)(5)'s 25 years belong to (b)(5) alone.
    expect(JSON.stringify(b6.limits)).not.toContain('25 years');
  });

  it('leaves unmatched what names no provision: an unknown citation, a reason without a legal basis', () => {
    expect(body.unmatched).toEqual([
      { cited_as: '552(b)(12)', kind: 'citation' },
      { cited_as: 'The rest is withheld for other reasons.', kind: 'reason' },
    ]);
  });

  it('states the appeal route from the reviewed facts: the head of the agency, 90 days to file, 20 business days to decide', () => {
    // 90 calendar days from Fri 2025-12-05: Dec 6-31 = 26, Jan = 31 (57), Feb = 28 (85), Mar 1-5 (90).
    expect(body.appeal_route).toMatchObject({
      status: 'stated', body: 'the head of the agency', citation: '5 U.S.C. § 552(a)(6)(A)', source_kind: 'statute_text',
      requester_deadline: { date: '2026-03-05', days: 90, unit: 'calendar', counted_from: '2025-12-05' },
      reviewer_deadline: { days: 20, unit: 'business' },
    });
    for (const part of (body.appeal_route.quote as string).split(' … ')) inCorpus(federalText, part);
  });

  it('drafts the letter with pinpoint citations and stores it as the newest appeal draft', async () => {
    const text: string = body.letter.text;
    expect(text).toContain('Head of the Agency\nFederal Bureau of Investigation\nfoia@example.gov');
    expect(text).toContain('Reference: FBI-2025-0042');
    expect(text).toContain('I make this appeal to the head of the agency, as 5 U.S.C. § 552(a)(6)(A) provides.');
    expect(text).toContain('On December 5, 2025, the agency released some of the records and withheld the rest');
    expect(text).toContain(`The provision reads: “${B6}” (5 U.S.C. § 552(b)(6)).`);
    expect(text).toContain(`“${SEGREGABLE.replace(/\.$/, '')}” (5 U.S.C. § 552(b))`);
    expect(text).toContain('Please identify the provision of law this citation refers to');
    expect(text).toContain('The law requires a decision on an appeal within 20 business days after its receipt (5 U.S.C. § 552(a)(6)(A)).');
    expect(text).toMatch(/Sincerely,\n\nDana Reporter\nThe Daily Example\ndana@example.com\n$/);
    expect(text).not.toMatch(/law database|not stated|dataset|source_kind|\[Your/i);
    expect(body.letter.markdown).toContain('**Re: Appeal under the Freedom of Information Act: Use-of-force reviews**');
    const stored = await t.database.db('foia_communications').where({ id: body.communication_id }).first();
    expect(stored).toMatchObject({ request_id: id, kind: 'appeal', direction: 'outgoing', delivery: 'draft', body: text, to_address: 'foia@example.gov' });
  });
});

describe('Texas: matching by section number; no reviewed appeal', () => {
  it('reads "552.108" as the law-enforcement exception with its own carve-out, and says the appeal route is not stated', async () => {
    inCorpus(texasText, TX_BASIC);
    const id = await decided('texas', 'denied');
    const res = await draft(id, { reasons: '', exemptions: ['552.108', "Tex. Gov't Code § 552.101"] });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.matches.map((m: any) => m.exemption.citation)).toEqual(["Tex. Gov't Code § 552.108", "Tex. Gov't Code § 552.101"]);
    expect(body.matches[0].limits).toContainEqual(expect.objectContaining({ kind: 'scope', text: TX_BASIC, citation: "Tex. Gov't Code § 552.108(c)" }));
    for (const m of body.matches) for (const l of m.limits) if (l.source_kind === 'statute_text') inCorpus(texasText, l.text);
    expect(body.appeal_route).toMatchObject({ status: 'not_stated', body: null, requester_deadline: null, reviewer_deadline: null });
    expect(body.letter.text).toContain('Re: Request for reconsideration');
    expect(body.letter.text).toContain('Dear Officer for Public Information:');
    expect(body.letter.text).toContain('I look forward to your prompt decision.');
  });
});

describe('refusals', () => {
  it('junk reasons match nothing', async () => {
    const id = await decided('federal', 'denied');
    const res = await draft(id, { reasons: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit.' });
    const body = await res.json();
    expect(res.status).toBe(201);
    expect(body.matches).toEqual([]);
    expect(body.unmatched).toEqual([{ cited_as: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit.', kind: 'reason' }]);
  });

  it('409 from a state with no decision to appeal, with the appealable statuses', async () => {
    const r = await createRequest(t, token, { jurisdiction: 'federal', status: 'submitted' });
    const res = await draft(r.id, { reasons: 'Withheld.' });
    expect(res.status).toBe(409);
    const { error } = await res.json();
    expect(error.metadata).toMatchObject({ status: 'submitted', appealable_statuses: ['denied', 'partially_fulfilled', 'no_responsive_records'], constructive_denial: { state: 'not_overdue' } });
  });

  it("404 for another user's request", async () => {
    const id = await decided('federal', 'denied');
    const other = await t.token({ sub: 'someone-else', scope: FOIA_SCOPES });
    const res = await draft(id, { reasons: 'Withheld.' }, other);
    expect(res.status).toBe(404);
    expect(await t.database.db('foia_communications').where({ request_id: id }).count('* as n').first()).toMatchObject({ n: expect.anything() });
    expect(Number((await t.database.db('foia_communications').where({ request_id: id }).count('* as n').first())?.n)).toBe(0);
  });

  it('400 in the envelope for bad input', async () => {
    const id = await decided('federal', 'denied');
    for (const bad of [{}, { reasons: '' }, { reasons: 'x'.repeat(10_001) }, { reasons: 'ok', exemptions: 'b6' }, { reasons: 'ok', extra: 1 }]) {
      const res = await draft(id, bad);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('VALIDATION_ERROR');
    }
    expect((await draft('not-a-uuid', { reasons: 'ok' })).status).toBe(400);
  });
});

describe('constructive denial and no records found (federal: 5 U.S.C. § 552(a)(6)(C)(i))', () => {
  it('drafts an appeal of an overdue, unanswered request and lets it move to appealed', async () => {
    const deemed = 'shall be deemed to have exhausted his administrative remedies with respect to such request if the agency fails to comply with the applicable time limit provisions of this paragraph';
    inCorpus(federalText, deemed);
    const r = await createRequest(t, token, { jurisdiction: 'federal', status: 'submitted', submitted_at: '2025-11-03T10:00:00-05:00' });
    const res = await draft(r.id, { reasons: 'No response was received.' });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ appealing: 'constructive_denial', constructive_denial: { state: 'applies', citation: '5 U.S.C. § 552(a)(6)(C)(i)', quote: deemed } });
    expect(body.letter.text).toContain('I appeal the agency’s failure to decide my request');
    expect(body.letter.text).toContain(`The law provides: “${deemed}” (5 U.S.C. § 552(a)(6)(C)(i)).`);
    const appealed = await patchRequest(t, token, r.id, { status: 'appealed' });
    expect(appealed.status).toBe(200);
    expect((await appealed.json()).appeal_deadline).toMatchObject({ decided_by: 'the head of the agency', days: 20, unit: 'business' });
  });

  it('appeals a "no records" response', async () => {
    const id = await decided('federal', 'no_responsive_records');
    const res = await draft(id, { reasons: 'No records responsive to your request were located.' });
    expect(res.status).toBe(201);
    expect((await res.json()).letter.text).toContain('I ask that the agency search again for the records');
    expect((await patchRequest(t, token, id, { status: 'appealed' })).status).toBe(200);
  });
});
