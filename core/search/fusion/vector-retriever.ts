import { BaseRetriever, type BaseRetrieverInput } from '@langchain/core/retrievers';
import { Document } from '@langchain/core/documents';
import type { RankedRecord, SearchFilter, VectorSearch } from '../search-contracts.js';

export interface VectorRetrieverInput extends BaseRetrieverInput {
  vector: VectorSearch;
  k: number;
  filter: SearchFilter;
  /** The side's relevance floor: records less similar than `hit` are left out, and all are when the best is under `best`. */
  floor?: { hit: number; best: number };
}

/**
 * The vector side (any `VectorSearch`: Qdrant or the embedded index) as a LangChain
 * retriever, so both sides fuse the same way. Metadata is the ranked record.
 */
export class VectorRetriever extends BaseRetriever<RankedRecord> {
  static override lc_name(): string {
    return 'VectorRetriever';
  }

  override lc_namespace = ['sunlight', 'search', 'vector'];

  readonly #vector: VectorSearch;
  readonly #k: number;
  readonly #filter: SearchFilter;
  readonly #floor: { hit: number; best: number };

  constructor(fields: VectorRetrieverInput) {
    super(fields);
    this.#vector = fields.vector;
    this.#k = fields.k;
    this.#filter = fields.filter;
    this.#floor = fields.floor ?? { hit: -Infinity, best: -Infinity };
  }

  override async _getRelevantDocuments(query: string): Promise<Document<RankedRecord>[]> {
    const found = await this.#vector.search(query, this.#k, this.#filter);
    const best = found.reduce((m, r) => Math.max(m, r.score), -Infinity);
    const records = best < this.#floor.best ? [] : found.filter((r) => r.score >= this.#floor.hit);
    // Ranks as the side gives them; renumbered in order in case an implementation leaves gaps.
    return records.map((r, i) => new Document({ pageContent: r.recordId, metadata: { ...r, rank: i + 1 }, id: r.recordId }));
  }
}
