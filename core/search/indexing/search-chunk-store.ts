import type { Knex } from 'knex';
import type { LawChunk } from './law-chunk.js';

/** What the database remembers of a chunk: enough to tell whether it must be embedded again. */
export interface StoredChunkState {
  contentHash: string;
  /** The model whose vector of this text is in the vector store; null while it is not. */
  embeddingModel: string | null;
}

const BATCH = 500;

/** The `search_chunks` table: the chunks of each jurisdiction's records and what was embedded. */
export function createSearchChunkStore(db: Knex) {
  return {
    async states(jurisdiction: string): Promise<Map<string, StoredChunkState>> {
      const rows = await db('search_chunks').where({ jurisdiction }).select('id', 'content_hash', 'embedding_model');
      return new Map(rows.map((r) => [r.id as string, { contentHash: r.content_hash, embeddingModel: r.embedding_model }]));
    },

    /** Writes (or rewrites) chunks; `embeddingModel` null marks them as not yet in the vector store. */
    async save(chunks: readonly LawChunk[], embeddingModel: string | null): Promise<void> {
      for (let i = 0; i < chunks.length; i += BATCH) {
        const rows = chunks.slice(i, i + BATCH).map((c) => ({
          id: c.id,
          record_id: c.recordId,
          position: c.position,
          type: c.type,
          jurisdiction: c.jurisdiction,
          category: c.category,
          citation: c.citation,
          heading_path: c.headingPath,
          text: c.text,
          content_hash: c.contentHash,
          embedding_model: embeddingModel,
          updated_at: db.fn.now(),
        }));
        await db('search_chunks').insert(rows).onConflict('id').merge();
      }
    },

    async markEmbedded(ids: readonly string[], embeddingModel: string): Promise<void> {
      for (let i = 0; i < ids.length; i += BATCH) {
        await db('search_chunks').whereIn('id', ids.slice(i, i + BATCH)).update({ embedding_model: embeddingModel, updated_at: db.fn.now() });
      }
    },

    async remove(ids: readonly string[]): Promise<void> {
      for (let i = 0; i < ids.length; i += BATCH) await db('search_chunks').whereIn('id', ids.slice(i, i + BATCH)).del();
    },
  };
}

export type SearchChunkStore = ReturnType<typeof createSearchChunkStore>;
