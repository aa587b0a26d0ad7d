import { Document } from '@langchain/core/documents';
import { BaseRetriever, type BaseRetrieverInput } from '@langchain/core/retrievers';
import type { SearchHit, SearchService } from '../../search/search-service.js';

export interface LawRetrieverInput extends BaseRetrieverInput {
  search: Pick<SearchService, 'search'>;
  /** How many records to return. */
  k: number;
  /** Restrict to these jurisdictions (none: the search reads jurisdictions from the query). */
  jurisdictions?: string[];
}

/**
 * The hybrid legal search (keyword + vectors, fused by weighted RRF) as a LangChain
 * retriever for the answer chain. Each document is one law record: its snippet as content
 * and the search hit (id, type, jurisdiction, citation, title, score) as metadata; the id
 * is the one `GET /api/v1/documents/{id}` resolves.
 */
export class LawRetriever extends BaseRetriever<SearchHit> {
  static override lc_name(): string {
    return 'LawRetriever';
  }

  override lc_namespace = ['sunlight', 'chat', 'retrieval'];

  readonly #search: Pick<SearchService, 'search'>;
  readonly #k: number;
  readonly #jurisdictions: string[] | undefined;

  constructor(fields: LawRetrieverInput) {
    super(fields);
    this.#search = fields.search;
    this.#k = fields.k;
    this.#jurisdictions = fields.jurisdictions;
  }

  override async _getRelevantDocuments(query: string): Promise<Document<SearchHit>[]> {
    const filters = this.#jurisdictions?.length ? { jurisdictions: this.#jurisdictions } : undefined;
    const result = await this.#search.search({ query, limit: this.#k, mode: 'hybrid', filters });
    return result.data.map((hit) => new Document({ pageContent: hit.snippet, metadata: hit, id: hit.id }));
  }
}
