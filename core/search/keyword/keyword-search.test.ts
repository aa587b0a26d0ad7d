import { describe, expect, it } from 'vitest';
import type { CorpusKnowledge, CorpusSnapshot } from '../query-understanding/corpus-knowledge.js';
import { buildMentionIndex } from '../query-understanding/jurisdiction-mentions.js';
import type { FullTextRequest, KeywordStore, LinkedRecord, TextMatch } from './keyword-store.js';
import { createKeywordSearch } from './keyword-search.js';
import { DEFAULT_RANKING } from './ranking.js';

const STATS = { documents: 100, averageLength: 20, frequency: new Map([['privaci', 3], ['record', 90], ['file', 40]]) };
const corpus: CorpusSnapshot = {
  fingerprint: 'v',
  slugs: ['federal'],
  mentionIndex: buildMentionIndex([]),
  codeNames: [],
  statuteJurisdictions: ['federal'],
  exemptionCategories: [],
  labelsOf: async () => null,
  statistics: async () => STATS,
  categoryTerms: async () => new Map(),
};
const knowledge: CorpusKnowledge = { current: async () => corpus };

/** A store whose full-text answer depends on which terms select candidates. */
function fakeStore(byMatching: (matching: string[]) => TextMatch[], linked: LinkedRecord[] = []): KeywordStore & { requests: FullTextRequest[] } {
  const requests: FullTextRequest[] = [];
  return {
    requests,
    lexemes: async (text) => text.toLowerCase().split(/\s+/).map((w) => (w === 'privacy' ? 'privaci' : w.replace(/s$/, ''))),
    termStatistics: async () => STATS,
    async fullText(r) {
      requests.push(r);
      return byMatching(r.matching).slice(0, r.limit);
    },
    linkedRecords: async (ids) => linked.filter((l) => ids.includes(l.sectionId)),
  };
}

const text = (recordId: string, score: number): TextMatch => ({ recordId, type: 'statute_section', jurisdiction: 'federal', score });
const cited = { input: '552(b)(6)', sectionId: 'sec:federal:552(b)(6)', jurisdiction: 'federal', label: '552(b)(6)', exact: true };
const exemption: LinkedRecord = { recordId: 'federal:exemption:5:personal_privacy', type: 'exemption', jurisdiction: 'federal', sectionId: cited.sectionId, category: 'personal_privacy' };

describe('keyword search', () => {
  it('scores every known term and selects candidates by the rare ones', async () => {
    const store = fakeStore(() => [text('a', 3), text('b', 1)]);
    const hits = await createKeywordSearch({ store, knowledge, ranking: { ...DEFAULT_RANKING, maxMatchShare: 0.5 } }).search({ text: 'privacy records files', citations: [], filter: {}, k: 2 });
    expect(store.requests[0]).toMatchObject({ matching: ['privaci', 'file'], scoring: [{ lexeme: 'privaci' }, { lexeme: 'record' }, { lexeme: 'file' }] });
    expect(hits).toEqual([
      { recordId: 'a', type: 'statute_section', jurisdiction: 'federal', score: 3, rank: 1, match: 'text' },
      { recordId: 'b', type: 'statute_section', jurisdiction: 'federal', score: 1, rank: 2, match: 'text' },
    ]);
  });

  it('lets every term select when the rare ones find too little', async () => {
    const store = fakeStore((m) => (m.includes('record') ? [text('a', 1), text('b', 1)] : []));
    const hits = await createKeywordSearch({ store, knowledge, ranking: DEFAULT_RANKING }).search({ text: 'privacy records', citations: [], filter: {}, k: 2 });
    expect(store.requests.map((r) => r.matching)).toEqual([['privaci'], ['privaci', 'record']]);
    expect(hits.map((h) => h.recordId)).toEqual(['a', 'b']);
  });

  it('pins the cited section and the records resting on it above text matches, once each', async () => {
    const store = fakeStore(() => [text('x', 5), text(cited.sectionId, 2)], [exemption]);
    const hits = await createKeywordSearch({ store, knowledge, ranking: DEFAULT_RANKING }).search({ text: 'privacy', citations: [cited], filter: {}, k: 10 });
    expect(hits.map((h) => [h.recordId, h.rank, h.match, h.score])).toEqual([
      [cited.sectionId, 1, 'citation', 2],
      [exemption.recordId, 2, 'citation', 0],
      ['x', 3, 'text', 5],
    ]);
  });

  it('applies the filter to cited records', async () => {
    const store = fakeStore(() => [], [exemption]);
    const search = createKeywordSearch({ store, knowledge, ranking: DEFAULT_RANKING });
    const onlyExemptions = await search.search({ text: '552(b)(6)', citations: [cited], filter: { types: ['exemption'] }, k: 10 });
    expect(onlyExemptions.map((h) => h.recordId)).toEqual([exemption.recordId]);
    const otherCategory = await search.search({ text: '552(b)(6)', citations: [cited], filter: { categories: ['law_enforcement'] }, k: 10 });
    expect(otherCategory).toEqual([]);
  });
});
