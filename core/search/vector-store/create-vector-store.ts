import path from 'node:path';
import type { EmbeddingsInterface } from '@langchain/core/embeddings';
import { QdrantClient } from '@qdrant/js-client-rest';
import type { Config } from '../../config/config.js';
import type { ChunkVectorStore } from './chunk-vector-store.js';
import { EmbeddedVectorStore } from './embedded/embedded-vector-store.js';
import { QdrantChunkStore } from './qdrant/qdrant-chunk-store.js';

/**
 * The vector store the configuration names: Qdrant when QDRANT_URL is set, else the embedded
 * index under DATA_DIR. Each process calls this once, in its wiring.
 */
export function createVectorStore(config: Pick<Config, 'qdrant' | 'dataDir'>, embeddings: EmbeddingsInterface): ChunkVectorStore {
  const { url, apiKey, collection } = config.qdrant;
  if (url) {
    // The client's version check reports through console.warn; ensureCollection() surfaces an unreachable server anyway.
    const client = new QdrantClient({ url, ...(apiKey ? { apiKey } : {}), checkCompatibility: false });
    return new QdrantChunkStore({ client, collectionName: collection, embeddings });
  }
  return new EmbeddedVectorStore({ dir: path.join(config.dataDir, 'vector-index', collection) });
}
