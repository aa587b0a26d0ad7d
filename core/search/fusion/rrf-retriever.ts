import { BaseRetriever, type BaseRetrieverInput } from '@langchain/core/retrievers';
import { Document, type DocumentInterface } from '@langchain/core/documents';
import type { RankedRecord } from '../search-contracts.js';
import { fuseWeightedRrf, type FusedRecord, type SearchSide } from './weighted-rrf.js';

/** One retriever of the ensemble: its side and weight. */
export interface WeightedRetriever {
  side: SearchSide;
  weight: number;
  retriever: BaseRetriever<RankedRecord>;
  /** When it fails, fuse the others and report the failure instead of failing the search. */
  optional?: boolean;
}

export interface WeightedRrfRetrieverInput extends BaseRetrieverInput {
  retrievers: WeightedRetriever[];
  /** The RRF constant. */
  k: number;
  /** Told when an optional retriever failed and was left out. */
  onSkipped?: (side: SearchSide, err: unknown) => void;
}

/**
 * An ensemble of retrievers fused by weighted reciprocal rank. Each retriever's documents
 * must carry a RankedRecord as metadata (as KeywordRetriever and VectorRetriever do); the
 * fused documents carry a FusedRecord with every side's rank and score.
 */
export class WeightedRrfRetriever extends BaseRetriever<FusedRecord> {
  static override lc_name(): string {
    return 'WeightedRrfRetriever';
  }

  override lc_namespace = ['sunlight', 'search', 'fusion'];

  readonly #retrievers: WeightedRetriever[];
  readonly #k: number;
  readonly #onSkipped: ((side: SearchSide, err: unknown) => void) | undefined;

  constructor(fields: WeightedRrfRetrieverInput) {
    super(fields);
    this.#retrievers = fields.retrievers;
    this.#k = fields.k;
    this.#onSkipped = fields.onSkipped;
  }

  override async _getRelevantDocuments(query: string): Promise<Document<FusedRecord>[]> {
    const results = await Promise.all(
      this.#retrievers.map((r) =>
        r.retriever.invoke(query).catch((err: unknown) => {
          if (!r.optional) throw err;
          this.#onSkipped?.(r.side, err);
          return null;
        }),
      ),
    );
    const lists = this.#retrievers.flatMap((r, i) => {
      const docs = results[i] as DocumentInterface<RankedRecord>[] | null;
      return docs ? [{ side: r.side, weight: r.weight, records: docs.map((d) => d.metadata) }] : [];
    });
    return fuseWeightedRrf(lists, this.#k).map((f) => new Document({ pageContent: f.recordId, metadata: f, id: f.recordId }));
  }
}
