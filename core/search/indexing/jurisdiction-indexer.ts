import type { Knex } from 'knex';
import { embedInBatches } from '../embeddings/embed-in-batches.js';
import type { ModelEmbeddings } from '../embeddings/model-embeddings.js';
import type { ChunkVectorStore } from '../vector-store/chunk-vector-store.js';
import { chunkJurisdiction } from './chunk-jurisdiction.js';
import { DEFAULT_CHUNK_LIMITS, type ChunkLimits, type LawChunk } from './law-chunk.js';
import { loadJurisdictionRecords } from './load-jurisdiction-records.js';
import { createSearchChunkStore, type StoredChunkState } from './search-chunk-store.js';

export interface JurisdictionIndexerDeps {
  db: Knex;
  embeddings: ModelEmbeddings;
  store: ChunkVectorStore;
  limits?: ChunkLimits;
  /** Chunks per embedding call and per vector upsert. */
  batchSize?: number;
}

export interface IndexProgress {
  phase: 'plan' | 'embed' | 'delete';
  done: number;
  total: number;
}

export interface IndexResult {
  jurisdiction: string;
  modelId: string;
  /** The vector collection was emptied because it held another model's vectors. */
  rebuilt: boolean;
  chunks: number;
  embedded: number;
  deleted: number;
}

/**
 * Brings the vector index of one jurisdiction in line with its current law records:
 * chunks them, embeds only chunks that are new, changed, embedded by another model or
 * missing from the vector store, and removes chunks that no longer exist. Idempotent: a
 * second run over the same records embeds nothing, and a run cut short resumes where it
 * stopped (each batch is stored before the next is embedded).
 */
export function createJurisdictionIndexer(deps: JurisdictionIndexerDeps) {
  const chunks = createSearchChunkStore(deps.db);
  const batchSize = deps.batchSize ?? 32;

  return {
    async index(jurisdiction: string, options: { onProgress?: (p: IndexProgress) => void; signal?: AbortSignal } = {}): Promise<IndexResult> {
      const progress = options.onProgress ?? (() => undefined);
      const spec = await deps.embeddings.describe();
      const { rebuilt } = await deps.store.ensureCollection(spec);
      const records = await loadJurisdictionRecords(deps.db, jurisdiction);
      const current = records ? chunkJurisdiction(records, deps.limits ?? DEFAULT_CHUNK_LIMITS) : [];
      progress({ phase: 'plan', done: 0, total: current.length });

      const states = await chunks.states(jurisdiction);
      const stored = await deps.store.contentHashes(current.map((c) => c.id));
      const todo = current.filter((c) => needsEmbedding(c, states.get(c.id), stored.get(c.id), spec.modelId));
      const ids = new Set(current.map((c) => c.id));
      const stale = [...states.keys()].filter((id) => !ids.has(id));

      // Rows first, marked as not embedded: every vector in the store then has a row, so a
      // chunk that later disappears is always found and deleted.
      await chunks.save(todo, null);
      await embedInBatches(
        deps.embeddings,
        todo.map((c) => c.text),
        {
          batchSize,
          ...(options.signal ? { signal: options.signal } : {}),
          onBatch: async (vectors, offset) => {
            const batch = todo.slice(offset, offset + vectors.length);
            await deps.store.upsert(batch.map((c, i) => ({ id: c.id, vector: vectors[i]!, payload: payloadOf(c), text: c.text })));
            await chunks.markEmbedded(batch.map((c) => c.id), spec.modelId);
          },
          onProgress: (p) => progress({ phase: 'embed', ...p }),
        },
      );

      if (stale.length > 0) {
        progress({ phase: 'delete', done: 0, total: stale.length });
        await deps.store.delete(stale);
        await chunks.remove(stale);
      }
      return { jurisdiction, modelId: spec.modelId, rebuilt, chunks: current.length, embedded: todo.length, deleted: stale.length };
    },
  };
}

export type JurisdictionIndexer = ReturnType<typeof createJurisdictionIndexer>;

function needsEmbedding(chunk: LawChunk, state: StoredChunkState | undefined, storedHash: string | undefined, modelId: string): boolean {
  return !state || state.contentHash !== chunk.contentHash || state.embeddingModel !== modelId || storedHash !== chunk.contentHash;
}

function payloadOf(c: LawChunk) {
  return { recordId: c.recordId, type: c.type, jurisdiction: c.jurisdiction, category: c.category, contentHash: c.contentHash };
}
