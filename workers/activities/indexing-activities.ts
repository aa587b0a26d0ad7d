import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Knex } from 'knex';
import type { Logger } from '../../core/logger/logger.js';
import { EmbeddingModelMissingError } from '../../core/search/embeddings/local-embeddings.js';
import type { ModelEmbeddings } from '../../core/search/embeddings/model-embeddings.js';
import { createJurisdictionIndexer, type IndexResult } from '../../core/search/indexing/jurisdiction-indexer.js';
import { VectorStoreError, type ChunkVectorStore } from '../../core/search/vector-store/chunk-vector-store.js';

/** The search index the worker writes: the embeddings provider and the vector store, wired by the process. */
export interface IndexingDeps {
  embeddings: ModelEmbeddings;
  vectorStore: ChunkVectorStore;
  /** Chunks per embedding call (and per vector upsert). */
  batchSize?: number;
}

export interface IndexingActivityDeps {
  db: Knex;
  logger: Logger;
  /** Absent: this worker was built without a search index (some tests and benchmarks); indexing is skipped and says so. */
  indexing?: IndexingDeps;
}

export type IndexJurisdictionResult = Omit<IndexResult, 'modelId' | 'rebuilt'> & { indexed: boolean; modelId: string | null; rebuilt: boolean };

/**
 * The indexing step of ingestion: brings one jurisdiction's chunks in the vector store in
 * line with its current law records. Idempotent (only new or changed chunks are embedded),
 * so retries and re-runs are safe; heartbeats carry its progress.
 */
export function createIndexingActivities(deps: IndexingActivityDeps) {
  const log = deps.logger.child({ module: 'indexing' });
  const indexer = deps.indexing
    ? createJurisdictionIndexer({ db: deps.db, embeddings: deps.indexing.embeddings, store: deps.indexing.vectorStore, batchSize: deps.indexing.batchSize ?? 32 })
    : null;

  return {
    async indexJurisdiction(input: { runId: string; jurisdiction: string }): Promise<IndexJurisdictionResult> {
      const { jurisdiction } = input;
      if (!indexer) {
        log.warn({ jurisdiction }, 'search indexing is not configured in this worker; skipped');
        return { jurisdiction, indexed: false, modelId: null, rebuilt: false, chunks: 0, embedded: 0, deleted: 0 };
      }
      const ctx = Context.current();
      ctx.heartbeat({ step: 'index', jurisdiction, phase: 'start' });
      try {
        const result = await indexer.index(jurisdiction, {
          signal: ctx.cancellationSignal,
          onProgress: (p) => ctx.heartbeat({ step: 'index', jurisdiction, ...p }),
        });
        log.info({ runId: input.runId, ...result }, 'jurisdiction indexed');
        return { ...result, indexed: true };
      } catch (err) {
        // A missing model or a vector that does not fit the collection will not fix itself on retry.
        if (err instanceof EmbeddingModelMissingError) throw ApplicationFailure.nonRetryable(err.message, 'EmbeddingModelMissing');
        if (err instanceof VectorStoreError) throw ApplicationFailure.nonRetryable(err.message, 'VectorStoreError');
        throw err;
      }
    },
  };
}

export type IndexingActivities = ReturnType<typeof createIndexingActivities>;
