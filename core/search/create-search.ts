import type { Knex } from 'knex';
import type { TransparencyStore } from '../transparency/transparency-store.js';
import { createDocumentService, type DocumentService } from './documents/document-service.js';
import { createPgDocumentStore } from './documents/document-store.js';
import { createKeywordSearch } from './keyword/keyword-search.js';
import { createPgKeywordStore } from './keyword/keyword-store.js';
import { DEFAULT_RANKING, type RankingOptions } from './keyword/ranking.js';
import { createCorpusKnowledge } from './query-understanding/corpus-knowledge.js';
import { createPgCorpusSource } from './query-understanding/corpus-source.js';
import type { VectorSearch } from './search-contracts.js';
import { createSearchService, type SearchOptions, type SearchService } from './search-service.js';

/** What a process needs to build search: its database, the transparency read side, the vector side. */
export interface SearchDeps {
  db: Knex;
  transparency: TransparencyStore;
  /** Null while no vector index is configured: hybrid search then runs keyword only. */
  vector: VectorSearch | null;
  options: SearchOptions;
  ranking?: RankingOptions;
  /** How often to check whether the corpus changed (re-reading names, labels and statistics). */
  recheckMs?: number;
  /** Told when hybrid search went on without the vector side. */
  onVectorFailure?: (err: unknown) => void;
  /** Keep the keyword side's scores in memory (default; keyword/text-index.ts) or score every search in Postgres. */
  keywordInMemory?: boolean;
}

/** The search and document services over Postgres, wired in one place for the API, scripts and benchmarks. */
export function createSearch(deps: SearchDeps): {
  search: SearchService;
  documents: DocumentService;
  /** Resolves when the keyword side scores the current corpus in memory (searches before then are scored by Postgres, alike). */
  keywordReady: () => Promise<void>;
} {
  const keywordStore = createPgKeywordStore(deps.db);
  const documentStore = createPgDocumentStore(deps.db);
  const knowledge = createCorpusKnowledge(createPgCorpusSource(deps.db, { transparency: deps.transparency, keyword: keywordStore }), {
    recheckMs: deps.recheckMs ?? 2_000,
  });
  const keyword = createKeywordSearch({ store: keywordStore, knowledge, ranking: deps.ranking ?? DEFAULT_RANKING, inMemory: deps.keywordInMemory ?? true });
  return {
    search: createSearchService({
      knowledge,
      keyword,
      vector: deps.vector,
      documents: documentStore,
      options: deps.options,
      ...(deps.onVectorFailure ? { onVectorFailure: deps.onVectorFailure } : {}),
    }),
    documents: createDocumentService({ transparency: deps.transparency, documents: documentStore }),
    keywordReady: () => keyword.ready(),
  };
}
