import { BaseRetriever, type BaseRetrieverInput } from '@langchain/core/retrievers';
import { Document } from '@langchain/core/documents';
import type { KeywordHit, KeywordSearch, KeywordSearchRequest } from './keyword-search.js';

/** What a keyword retriever is built with: the search and everything of the request but the text. */
export interface KeywordRetrieverInput extends BaseRetrieverInput {
  search: KeywordSearch;
  request: Omit<KeywordSearchRequest, 'text'>;
}

/**
 * The keyword side as a LangChain retriever. Documents carry the hit (record id, type,
 * jurisdiction, rank, score, match) as metadata; their content is the record id, since the
 * service fetches text and snippets only for the page it returns.
 */
export class KeywordRetriever extends BaseRetriever<KeywordHit> {
  static override lc_name(): string {
    return 'KeywordRetriever';
  }

  override lc_namespace = ['sunlight', 'search', 'keyword'];

  readonly #search: KeywordSearch;
  readonly #request: Omit<KeywordSearchRequest, 'text'>;

  constructor(fields: KeywordRetrieverInput) {
    super(fields);
    this.#search = fields.search;
    this.#request = fields.request;
  }

  override async _getRelevantDocuments(query: string): Promise<Document<KeywordHit>[]> {
    const hits = await this.#search.search({ ...this.#request, text: query });
    return hits.map((hit) => new Document({ pageContent: hit.recordId, metadata: hit, id: hit.recordId }));
  }
}
