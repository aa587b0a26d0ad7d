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

const section = (id: string) => get(`/api/v2/transparency/sections/${encodeURIComponent(id)}`);
const statutes = (params: Record<string, string>) => get(`/api/v2/transparency/statutes?${new URLSearchParams(params)}`);
const labels = (body: any): string[] => body.data.map((s: any) => s.label);

describe('GET /api/v2/transparency/sections/:id', () => {
  it('answers a subsection with its document, parent, siblings and incoming references', async () => {
    const { status, body } = await section('sec:federal:552(b)(6)');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: 'sec:federal:552(b)(6)',
      jurisdiction: 'federal',
      label: '552(b)(6)',
      section_number: '552',
      path: ['b', '6'],
      depth: 2,
      citation: '5 U.S.C. § 552(b)(6)',
      text: expect.stringContaining('personal privacy'),
      provenance: { source_path: 'statutes/federal.txt', source_kind: 'statute_text', verified_date: '2026-11-01' },
      document: { id: 'doc:federal:statute_text:federal', kind: 'statute_text', completeness: 'full (test fixture)' },
      parent: { id: 'sec:federal:552(b)', label: '552(b)' },
      children: [],
      previous: { id: 'sec:federal:552(b)(5)' },
      next: { id: 'sec:federal:552(b)(7)' },
      cross_references: {
        outgoing: [],
        incoming: [
          {
            from_type: 'exemption',
            from_id: 'federal:exemption:6:personal_privacy',
            from_label: 'Personnel and Medical Files',
            from_citation: '5 U.S.C. § 552(b)(6)',
            citation_text: '5 U.S.C. § 552(b)(6)',
          },
        ],
      },
    });
  });

  it('answers a top-level section with its children and the next section at depth 0', async () => {
    const { body } = await section('sec:federal:552');
    expect(body).toMatchObject({ depth: 0, parent: null, previous: null, next: { id: 'sec:federal:551', label: '551' } });
    expect(body.children.map((c: any) => c.label)).toEqual(['552(a)', '552(b)']);
    expect((await section('sec:federal:551')).body).toMatchObject({ previous: { id: 'sec:federal:552' }, next: null });
  });

  it('does not take a node under another parent for a sibling', async () => {
    const { body } = await section('sec:federal:552(b)(5)');
    expect(body.previous).toBeNull();
    expect((await section('sec:federal:552(a)(6)')).body.next).toBeNull();
  });

  it('answers references both ways: citations it makes, and citations of it from sections, rights and exemptions', async () => {
    const a6 = (await section('sec:federal:552(a)(6)')).body;
    expect(a6.cross_references.outgoing).toEqual([{ section_id: 'sec:federal:552(b)', label: '552(b)', citation: '5 U.S.C. § 552(b)', citation_text: '5 U.S.C. § 552(b)' }]);
    expect(a6.cross_references.incoming).toEqual([
      expect.objectContaining({ from_type: 'right', from_id: 'federal:inspection:agency-records', from_label: 'Right to obtain agency records' }),
    ]);
    const texas = (await section('sec:texas:552.101')).body;
    expect(texas.cross_references.incoming.map((r: any) => [r.from_type, r.from_id])).toEqual([
      ['section', 'sec:texas:552.301'],
      ['exemption', 'texas:exemption:0:statutory_confidentiality'],
    ]);
  });

  it('answers the 404 envelope for an unknown id', async () => {
    const { status, body } = await section('sec:federal:999');
    expect(status).toBe(404);
    expect(body.error.code).toBe('NOT_FOUND');
  });
});

describe('GET /api/v2/transparency/statutes', () => {
  it("answers a jurisdiction's top-level sections in document order, with the document", async () => {
    const { status, body } = await statutes({ jurisdiction: 'federal' });
    expect(status).toBe(200);
    expect(labels(body)).toEqual(['552', '551']);
    expect(body).toMatchObject({
      total: 2,
      next_cursor: null,
      jurisdiction: 'federal',
      jurisdiction_detected: false,
      resolved: null,
      document: { id: 'doc:federal:statute_text:federal', citation: '5 U.S.C. § 552 (and § 551)' },
    });
    expect(body.data[0]).toMatchObject({ text: expect.any(String), provenance: { source_kind: 'statute_text' } });
  });

  it('answers a section and its descendants in document order', async () => {
    const { body } = await statutes({ jurisdiction: 'federal', section: '552(b)' });
    expect(labels(body)).toEqual(['552(b)', '552(b)(5)', '552(b)(6)', '552(b)(7)']);
    expect(body.resolved).toEqual({ input: '552(b)', section_id: 'sec:federal:552(b)', label: '552(b)', citation: '5 U.S.C. § 552(b)', exact: true });
  });

  it.each([
    [{ citation: '5 U.S.C. § 552(b)(6)' }, 'federal', '552(b)(6)', true],
    [{ citation: '5 USC 552 (b) (6)' }, 'federal', '552(b)(6)', true],
    [{ citation: '5 U.S.C. § 552(b)(6)(A)' }, 'federal', '552(b)(6)', false],
    [{ citation: 'FOIA exemption 7' }, 'federal', '552(b)(7)', true],
    [{ citation: "Tex. Gov't Code § 552.301" }, 'texas', '552.301', true],
    [{ citation: 'Tex. Gov’t Code § 552.301(b)' }, 'texas', '552.301(b)', true],
    [{ citation: 'Texas Government Code Sec. 552.221(d)' }, 'texas', '552.221(d)', true],
    [{ citation: 'RCW 42.56.070' }, 'washington', '42.56.070', true],
    [{ citation: 'rcw 42.56.520(1)' }, 'washington', '42.56.520(1)', true],
    [{ citation: 'RCW 42.56.520(3)' }, 'washington', '42.56.520', false],
  ])('detects the jurisdiction and resolves %j', async (params, jurisdiction, label, exact) => {
    const { status, body } = await statutes(params);
    expect(status).toBe(200);
    expect(body).toMatchObject({ jurisdiction, jurisdiction_detected: true, resolved: { label, exact, section_id: `sec:${jurisdiction}:${label}` } });
    expect(body.data[0].label).toBe(label);
  });

  it.each([
    [{ jurisdiction: 'texas', citation: '§ 552.301' }, '552.301', ['552.301', '552.301(a)', '552.301(b)']],
    [{ jurisdiction: 'texas', citation: 'sec. 552.221(a)' }, '552.221(a)', ['552.221(a)']],
    [{ jurisdiction: 'federal', citation: '552(b)(6)' }, '552(b)(6)', ['552(b)(6)']],
    [{ jurisdiction: 'federal', citation: '(b)(5)' }, '552(b)(5)', ['552(b)(5)']],
    [{ jurisdiction: 'federal', section: '552(B)(7)' }, '552(b)(7)', ['552(b)(7)']],
    [{ jurisdiction: 'washington', section: '42.56.070' }, '42.56.070', ['42.56.070', '42.56.070(1)']],
  ])('resolves %j within the given jurisdiction', async (params, label, expected) => {
    const { status, body } = await statutes(params);
    expect(status).toBe(200);
    expect(body).toMatchObject({ jurisdiction_detected: false, resolved: { label, exact: true } });
    expect(labels(body)).toEqual(expected);
  });

  it('answers the 404 envelope, saying so, when a citation resolves to nothing', async () => {
    const cases: Array<Record<string, string>> = [{ jurisdiction: 'federal', citation: '§ 999(a)' }, { citation: 'RCW 42.99.999' }, { jurisdiction: 'texas', citation: 'exemption 6' }];
    for (const params of cases) {
      const { status, body } = await statutes(params);
      expect(status).toBe(404);
      expect(body.error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining(params['citation']!) });
    }
  });

  it('answers 404 for a jurisdiction without statute text, and 400 for an unknown one', async () => {
    const none = await statutes({ jurisdiction: 'alabama' });
    expect(none.status).toBe(404);
    expect(none.body.error.metadata).toEqual({ jurisdiction: 'alabama', statute_text_available: false });
    const unknown = await statutes({ jurisdiction: 'atlantis' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.metadata.issues[0]).toMatchObject({ path: 'query.jurisdiction', message: expect.stringContaining('"atlantis"') });
  });

  it.each([
    [{}],
    [{ citation: '§ 552.301' }],
    [{ citation: '552(b)(6)' }],
    [{ section: '552.301' }],
    [{ citation: 'Cal. Gov. Code § 7920.000' }],
  ])('answers 400 when neither jurisdiction nor a known code name is given: %j', async (params) => {
    const { status, body } = await statutes(params);
    expect(status).toBe(400);
    expect(body.error.metadata.issues[0].path).toBe('query.jurisdiction');
  });

  it('rejects section and citation together', async () => {
    const { status, body } = await statutes({ jurisdiction: 'federal', section: '552', citation: '552(b)' });
    expect(status).toBe(400);
    expect(body.error.metadata.issues[0].path).toBe('query.citation');
  });

  it('pages a subtree with the cursor, keeping document order and the resolution on every page', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { body } = await statutes({ jurisdiction: 'federal', section: '552', limit: '3', ...(cursor ? { cursor } : {}) });
      expect(body.total).toBe(8);
      expect(body.resolved.label).toBe('552');
      seen.push(...labels(body));
      cursor = body.next_cursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['552', '552(a)', '552(a)(3)', '552(a)(6)', '552(b)', '552(b)(5)', '552(b)(6)', '552(b)(7)']);
  });

  it.each(['0', '101'])('rejects limit=%s', async (limit) => {
    expect((await statutes({ jurisdiction: 'federal', limit })).status).toBe(400);
  });
});
