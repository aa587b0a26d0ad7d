import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLawDatabase } from '../../../test/support/seed-law-database.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import type { SearchFilter } from '../search-contracts.js';
import { createPgKeywordStore, type FullTextRequest, type KeywordStore } from './keyword-store.js';
import { DEFAULT_RANKING, planTerms, type TermStatistics } from './ranking.js';
import { buildTextIndex, type TextIndex } from './text-index.js';

let database: TestDatabase;
let store: KeywordStore;
let stats: TermStatistics;
let index: TextIndex;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedLawDatabase(database.db);
  store = createPgKeywordStore(database.db);
  stats = await store.termStatistics();
  index = buildTextIndex(await store.indexedRecords!(DEFAULT_RANKING.weights), DEFAULT_RANKING.weights);
}, 60_000);
afterAll(async () => {
  await database?.drop();
});

const request = (text: string[], filter: SearchFilter = {}, extra: Partial<FullTextRequest> = {}): FullTextRequest => {
  const plan = planTerms(text, stats, DEFAULT_RANKING.maxMatchShare);
  return { scoring: plan.scoring, matching: plan.matching, filter, limit: 100, ranking: DEFAULT_RANKING, averageLength: stats.averageLength, ...extra };
};

describe('the keyword scores held in memory', () => {
  it('holds every record and every lexeme of the database', async () => {
    const { rows } = await database.db.raw(
      `SELECT count(*)::int AS records, sum(length(search))::int AS postings FROM (SELECT search FROM law_sections UNION ALL SELECT search FROM rights UNION ALL SELECT search FROM exemptions) x WHERE search IS NOT NULL`,
    );
    expect(rows[0]).toEqual({ records: index.records, postings: index.postings });
    expect(index.records).toBeGreaterThan(20);
  });

  it('answers every single-term question as Postgres does: the same records, order and scores', async () => {
    const lexemes = [...stats.frequency.keys()];
    expect(lexemes.length).toBeGreaterThan(150);
    for (const lexeme of lexemes) {
      const r = request([lexeme]);
      expect(index.fullText(r), lexeme).toEqual(await store.fullText(r));
    }
  });

  it('answers many-term questions, filters, widened matching, a boost and a small limit as Postgres does', async () => {
    const lexemes = [...stats.frequency.keys()].sort();
    const filters: SearchFilter[] = [
      {},
      { jurisdictions: ['texas'] },
      { jurisdictions: ['washington', 'federal'], types: ['statute_section', 'exemption'] },
      { categories: ['law_enforcement', 'privacy'] },
      { types: ['right'], categories: ['fees'] },
      { types: ['summary', 'process_map'] },
      { types: ['statute_section'], categories: ['privacy'] },
    ];
    let compared = 0;
    for (let start = 0; start + 5 < lexemes.length; start += 7) {
      const words = [lexemes[start]!, lexemes[start + 2]!, lexemes[start + 5]!, 'record', 'public'];
      for (const filter of filters) {
        const r = request(words, filter);
        const widened = { ...r, matching: r.scoring.map((t) => t.lexeme) };
        const boosted = { ...r, boost: { jurisdictions: ['texas'], factor: 2 }, limit: 3 };
        for (const q of [r, widened, boosted]) {
          const expected = await store.fullText(q);
          expect(index.fullText(q)).toEqual(expected);
          compared += expected.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('matches nothing for terms the corpus lacks, and refuses a ranking its ranks were not computed for', async () => {
    expect(index.fullText(request(['zzzzqqqxxx']))).toEqual([]);
    expect(() => index.fullText({ ...request(['record']), ranking: { ...DEFAULT_RANKING, fn: 'rank_cd' } })).toThrow(/Postgres/);
    expect(() => index.fullText({ ...request(['record']), ranking: { ...DEFAULT_RANKING, weights: [0.1, 0.2, 1, 1] } })).toThrow(/Postgres/);
  });
});
