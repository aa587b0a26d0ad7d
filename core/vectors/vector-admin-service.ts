import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Knex } from 'knex';
import { ServiceUnavailableError } from '../errors/app-error.js';
import type { ModelEmbeddings } from '../search/embeddings/model-embeddings.js';
import type { ChunkVectorStore } from '../search/vector-store/chunk-vector-store.js';
import { INGEST_CORPUS_WORKFLOW, ingestCorpusWorkflowId, type IngestCorpusInput } from '../../workflows/ingestion-contracts.js';
import type { VectorCollectionStore } from './vector-collection-store.js';

export interface LawIndexStatus {
  model: string;
  dimension: number;
  /** Points in the law's vector collection. */
  chunk_count: number;
  /** Chunks of the law database (`search_chunks`), and how many of them carry a vector. */
  chunks_in_database: number;
  chunks_embedded: number;
  /** When a chunk was last embedded, and the last ingestion run (which indexes as its last step). */
  last_indexed_at: string | null;
  last_run: { id: string; status: string; started_at: string; finished_at: string | null } | null;
}

export interface VectorAdminOverview {
  law: LawIndexStatus;
  collections: Array<{ id: string; owner: string; name: string; embedding: 'server' | 'vectors'; model: string; dimension: number; item_count: number; chunk_count: number; created_at: string; updated_at: string }>;
}

export interface VectorAdminService {
  overview(): Promise<VectorAdminOverview>;
  /** Starts the corpus ingestion workflow, which re-indexes every jurisdiction (only changed chunks are embedded). */
  rebuild(input: { force: boolean }): Promise<{ workflow_id: string; started: boolean }>;
}

export interface VectorAdminServiceDeps {
  db: Knex;
  store: VectorCollectionStore;
  law: ChunkVectorStore;
  embeddings: ModelEmbeddings;
  temporal: { client: Client; taskQueue: string };
}

const iso = (d: Date | string | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

/** The administrators' view of the vector store: the law index and every user collection with its size. */
export function createVectorAdminService(deps: VectorAdminServiceDeps): VectorAdminService {
  const lawStatus = async (): Promise<LawIndexStatus> => {
    const spec = await deps.embeddings.describe();
    await deps.law.ensureCollection(spec);
    const [points, chunks, run] = await Promise.all([
      deps.law.count(),
      deps.db('search_chunks').select(deps.db.raw('count(*)::int AS total'), deps.db.raw('count(embedding_model)::int AS embedded'), deps.db.raw('max(updated_at) FILTER (WHERE embedding_model IS NOT NULL) AS last')).first(),
      deps.db('ingestion_runs').orderBy('started_at', 'desc').first('id', 'status', 'started_at', 'finished_at'),
    ]);
    return {
      model: spec.modelId,
      dimension: spec.dimension,
      chunk_count: points,
      chunks_in_database: chunks?.total ?? 0,
      chunks_embedded: chunks?.embedded ?? 0,
      last_indexed_at: iso(chunks?.last),
      last_run: run ? { id: run.id, status: run.status, started_at: iso(run.started_at)!, finished_at: iso(run.finished_at) } : null,
    };
  };

  return {
    async overview() {
      const [law, collections] = await Promise.all([lawStatus(), deps.store.allCollections()]);
      return {
        law,
        collections: collections.map((c) => ({ id: c.id, owner: c.userId, name: c.name, embedding: c.embedding, model: c.modelId, dimension: c.dimension, item_count: c.itemCount, chunk_count: c.chunkCount, created_at: c.createdAt, updated_at: c.updatedAt })),
      };
    },

    async rebuild({ force }) {
      const workflowId = ingestCorpusWorkflowId('all');
      const input: IngestCorpusInput = { force };
      try {
        await deps.temporal.client.withDeadline(Date.now() + 5_000, () => deps.temporal.client.workflow.start(INGEST_CORPUS_WORKFLOW, { taskQueue: deps.temporal.taskQueue, workflowId, args: [input] }));
        return { workflow_id: workflowId, started: true };
      } catch (err) {
        // An ingestion of the whole corpus is running already: it is the rebuild.
        if (err instanceof WorkflowExecutionAlreadyStartedError) return { workflow_id: workflowId, started: false };
        throw new ServiceUnavailableError('The workflow engine is unreachable; try again shortly');
      }
    },
  };
}
