import { describe, expect, it } from 'vitest';
import type { DocumentStore, RecordSummary } from './documents/document-store.js';
import type { KeywordHit, KeywordSearch, KeywordSearchRequest } from './keyword/keyword-search.js';
import type { CorpusKnowledge, CorpusSnapshot } from './query-understanding/corpus-knowledge.js';
import { buildMentionIndex } from './query-understanding/jurisdiction-mentions.js';
import type { RankedRecord, SearchFilter, VectorSearch } from './search-contracts.js';
import type { FusedRecord } from './fusion/weighted-rrf.js';
import { createSearchService, groupSectionFamilies, parentSectionId, type SearchOptions, type SearchRequest } from './search-service.js';

const corpus: CorpusSnapshot = {
  fingerprint: 'v1',
  slugs: ['federal', 'texas'],
  mentionIndex: buildMentionIndex([
    { slug: 'federal', name: 'Federal', lawName: 'Freedom of Information Act' },
    { slug: 'texas', name: 'Texas', lawName: 'Texas Public Information Act' },
  ]),
  codeNames: [],
  statuteJurisdictions: ['texas'],
  exemptionCategories: ['personal_privacy', 'law_enforcement'],
  labelsOf: async (j) => (j === 'texas' ? { labels: new Set(['552.301']), idByLabel: new Map([['552.301', 'sec:texas:552.301']]) } : null),
  statistics: async () => ({ documents: 0, averageLength: 1, frequency: new Map() }),
  categoryTerms: async () => new Map([['law_enforcement', ['enforc', 'investig']]]),
};
const knowledge: CorpusKnowledge = { current: async () => corpus };

const rec = (recordId: string, jurisdiction = 'texas'): Omit<RankedRecord, 'rank' | 'score'> => ({ recordId, type: 'statute_section', jurisdiction });

/** A keyword side that returns fixed ids (cited sections first) and records what it was asked. */
function fakeKeyword(ids: string[]): KeywordSearch & { requests: Array<KeywordSearchRequest> } {
  const requests: KeywordSearchRequest[] = [];
  return {
    requests,
    ready: async () => {},
    async search(r) {
      requests.push(r);
      const cited: KeywordHit[] = r.citations.map((c) => ({ ...rec(c.sectionId, c.jurisdiction), score: 0, rank: 0, match: 'citation' }));
      const text: KeywordHit[] = ids.map((id) => ({ ...rec(id), score: 2, rank: 0, match: 'text' }));
      return [...cited, ...text].slice(0, r.k).map((h, i) => ({ ...h, rank: i + 1 }));
    },
  };
}

function fakeVector(ids: string[]): VectorSearch & { filters: SearchFilter[] } {
  const filters: SearchFilter[] = [];
  return {
    filters,
    async search(_q, k, filter) {
      filters.push(filter);
      return ids.slice(0, k).map((id, i) => ({ ...rec(id), score: 0.9 - i / 100, rank: i + 1 }));
    },
  };
}

const documents: DocumentStore = {
  async summaries(ids) {
    return new Map(ids.map((id): [string, RecordSummary] => [id, { id, type: 'statute_section', jurisdiction: 'texas', citation: null, title: id, snippet: '' }]));
  },
  tableOf: async () => null,
  neighbours: async () => ({ previous: null, next: null }),
};

const OPTIONS: SearchOptions = { rrfK: 60, weights: { keyword: 1, vector: 1 }, maxResults: 50, jurisdictionPolicy: 'filter', boostFactor: 2, vectorFloor: { hit: -1, best: -1 }, askedRightBoost: 1 };
const request = (r: Partial<SearchRequest>): SearchRequest => ({ query: 'deadline', limit: 10, mode: 'hybrid', ...r });

describe('search service', () => {
  it('fuses both sides and reports each side’s rank', async () => {
    const svc = createSearchService({ knowledge, keyword: fakeKeyword(['a', 'b', 'c']), vector: fakeVector(['c', 'd', 'a']), documents, options: OPTIONS });
    const result = await svc.search(request({}));
    expect(result.data.map((h) => h.id)).toEqual(['a', 'c', 'b', 'd']);
    expect(result.data[1]!.components).toEqual({ keyword: { rank: 3, score: 2, match: 'text' }, vector: { rank: 1, score: 0.9 } });
    expect(result.interpreted.mode).toBe('hybrid');
  });

  it('runs one side in keyword or vector mode, and keyword only when no vector index exists', async () => {
    const vector = fakeVector(['v']);
    const both = { knowledge, keyword: fakeKeyword(['k']), vector, documents, options: OPTIONS };
    expect((await createSearchService(both).search(request({ mode: 'keyword' }))).data.map((h) => h.id)).toEqual(['k']);
    expect((await createSearchService(both).search(request({ mode: 'vector' }))).data.map((h) => h.id)).toEqual(['v']);
    const none = createSearchService({ ...both, vector: null });
    expect((await none.search(request({}))).interpreted.mode).toBe('keyword');
    await expect(none.search(request({ mode: 'vector' }))).rejects.toMatchObject({ status: 503 });
  });

  it('goes on without a failing vector side in hybrid mode, and answers 503 in vector mode', async () => {
    const failures: unknown[] = [];
    const broken: VectorSearch = { search: async () => Promise.reject(new Error('model missing')) };
    const svc = createSearchService({ knowledge, keyword: fakeKeyword(['k']), vector: broken, documents, options: OPTIONS, onVectorFailure: (e) => failures.push(e) });
    const hybrid = await svc.search(request({}));
    expect([hybrid.data.map((h) => h.id), hybrid.interpreted.mode, failures.length]).toEqual([['k'], 'keyword', 1]);
    await expect(svc.search(request({ mode: 'vector' }))).rejects.toMatchObject({ status: 503 });
  });

  it('filters on a jurisdiction the query names and matches the rest of the words', async () => {
    const keyword = fakeKeyword(['a']);
    const vector = fakeVector(['a']);
    const result = await createSearchService({ knowledge, keyword, vector, documents, options: OPTIONS }).search(request({ query: 'deadline in Texas' }));
    expect(result.interpreted).toMatchObject({ jurisdictions: ['texas'], jurisdictions_from: 'query' });
    expect(keyword.requests[0]!.filter.jurisdictions).toEqual(['texas']);
    expect(vector.filters[0]!.jurisdictions).toEqual(['texas']);
  });

  it('leaves out vector hits under the floor, and all when the best is under its floor: total 0', async () => {
    // fakeVector scores 0.90, 0.89, 0.88 …
    const floored = { ...OPTIONS, vectorFloor: { hit: 0.885, best: 0.5 } };
    const svc = createSearchService({ knowledge, keyword: fakeKeyword([]), vector: fakeVector(['a', 'b', 'c']), documents, options: floored });
    const some = await svc.search(request({}));
    expect([some.data.map((h) => h.id), some.total]).toEqual([['a', 'b'], 2]);
    const none = createSearchService({ knowledge, keyword: fakeKeyword([]), vector: fakeVector(['a']), documents, options: { ...OPTIONS, vectorFloor: { hit: 0.5, best: 0.95 } } });
    expect(await none.search(request({}))).toMatchObject({ data: [], total: 0, next_cursor: null });
  });

  it('moves up, in hybrid mode, the rights of the kind the question asks about', async () => {
    const right = (id: string) => ({ recordId: id, type: 'right' as const, jurisdiction: 'texas' });
    const keyword: KeywordSearch = {
      ready: async () => {},
      async search(r) {
        return ['sec:texas:552.021', 'texas:fees_and_waivers:waiver', 'texas:timeliness:response_deadline'].slice(0, r.k).map((id, i) => ({
          ...(id.startsWith('sec:') ? rec(id) : right(id)), score: 1, rank: i + 1, match: 'text' as const,
        }));
      },
    };
    const svc = (askedRightBoost: number) => createSearchService({ knowledge, keyword, vector: fakeVector([]), documents, options: { ...OPTIONS, askedRightBoost } });
    const asked = request({ query: 'How many days does an agency have to respond?' });
    expect((await svc(2).search(asked)).data.map((h) => h.id)).toEqual(['texas:timeliness:response_deadline', 'sec:texas:552.021', 'texas:fees_and_waivers:waiver']);
    expect((await svc(1).search(asked)).data.map((h) => h.id)).toEqual(['sec:texas:552.021', 'texas:fees_and_waivers:waiver', 'texas:timeliness:response_deadline']);
    // Keyword mode is the keyword side alone.
    expect((await svc(2).search({ ...asked, mode: 'keyword' })).data[0]!.id).toBe('sec:texas:552.021');
  });

  it('pins a cited section above everything', async () => {
    const svc = createSearchService({ knowledge, keyword: fakeKeyword(['a']), vector: fakeVector(['x', 'y']), documents, options: OPTIONS });
    const result = await svc.search(request({ query: '§ 552.301 in Texas' }));
    expect(result.data[0]).toMatchObject({ id: 'sec:texas:552.301', components: { keyword: { rank: 1, match: 'citation' } } });
  });

  it('pages with a cursor that belongs to its query', async () => {
    const ids = Array.from({ length: 25 }, (_, i) => `r${String(i).padStart(2, '0')}`);
    const svc = createSearchService({ knowledge, keyword: fakeKeyword(ids), vector: null, documents, options: OPTIONS });
    const first = await svc.search(request({ limit: 10 }));
    expect(first.total).toBe(25);
    const second = await svc.search(request({ limit: 10, cursor: first.next_cursor! }));
    expect(second.data[0]!.id).toBe('r10');
    const third = await svc.search(request({ limit: 10, cursor: second.next_cursor! }));
    expect([third.data.length, third.next_cursor]).toEqual([5, null]);
    await expect(svc.search(request({ query: 'other', cursor: first.next_cursor! }))).rejects.toMatchObject({ status: 400 });
  });

  it('rejects unknown jurisdictions and categories with the field named', async () => {
    const svc = createSearchService({ knowledge, keyword: fakeKeyword([]), vector: null, documents, options: OPTIONS });
    await expect(svc.search(request({ filters: { jurisdictions: ['atlantis'], categories: ['nope'] } }))).rejects.toMatchObject({
      status: 400,
      metadata: { issues: [{ path: 'body.filters.jurisdictions' }, { path: 'body.filters.categories' }] },
    });
  });
});

describe('section families', () => {
  const f = (recordId: string, type: FusedRecord['type'] = 'statute_section'): FusedRecord => ({
    recordId,
    type,
    jurisdiction: 'texas',
    score: 1,
    pinned: false,
    components: { keyword: null, vector: null },
  });

  it('names the parent of a subsection, and none for a whole section or a summary', () => {
    expect(parentSectionId('sec:texas:552.108(c)')).toBe('sec:texas:552.108');
    expect(parentSectionId('sec:federal:552(b)(7)(C)')).toBe('sec:federal:552(b)(7)');
    expect(parentSectionId('sec:texas:552.002(a-2)')).toBe('sec:texas:552.002');
    expect(parentSectionId('sec:texas:552.108')).toBeNull();
    expect(parentSectionId('sec:texas:summary:2-response-deadlines')).toBeNull();
  });

  it('moves a parent up to follow its best-ranked subsection, once', () => {
    const ranked = ['sec:texas:552.108(c)', 'texas:exemption:4:law_enforcement', 'sec:texas:552.108(a)', 'sec:texas:552.101', 'sec:texas:552.108'];
    const grouped = groupSectionFamilies(ranked.map((id) => f(id, id.startsWith('sec:') ? 'statute_section' : 'exemption')));
    expect(grouped.map((g) => g.recordId)).toEqual(['sec:texas:552.108(c)', 'sec:texas:552.108', 'texas:exemption:4:law_enforcement', 'sec:texas:552.108(a)', 'sec:texas:552.101']);
  });

  it('leaves a parent that already ranks above its subsections where it is', () => {
    const ranked = ['sec:texas:552.108', 'sec:texas:552.101', 'sec:texas:552.108(c)'];
    expect(groupSectionFamilies(ranked.map((id) => f(id))).map((g) => g.recordId)).toEqual(ranked);
  });
});

describe('legal terms for everyday words', () => {
  it('adds the terms the law uses for the exemption category a query names, at half weight', async () => {
    const keyword = fakeKeyword(['a']);
    const svc = createSearchService({ knowledge, keyword, vector: null, documents, options: OPTIONS });
    await svc.search(request({ query: 'police body camera footage in Texas' }));
    await svc.search(request({ query: 'response deadline in Texas' }));
    expect(keyword.requests.map((r) => r.expansion)).toEqual([{ lexemes: ['enforc', 'investig'], weight: 0.5 }, undefined]);
  });
});
