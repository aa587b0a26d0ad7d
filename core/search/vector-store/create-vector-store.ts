import path from 'node:path';
import type { EmbeddingsInterface } from '@langchain/core/embeddings';
import { QdrantClient } from '@qdrant/js-client-rest';
import type { Config } from '../../config/config.js';
import type { ChunkVectorStore, VectorStoreProvider } from './chunk-vector-store.js';
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

/**
 * Stores over any named collection of the configured backend (Qdrant when QDRANT_URL is set,
 * else directories under `${DATA_DIR}/vector-index`), over one client. The vector store API
 * opens one per user collection (`user-{uuid}`), beside the law's own collection.
 */
export function createVectorStoreProvider(config: Pick<Config, 'qdrant' | 'dataDir'>, embeddings: EmbeddingsInterface): VectorStoreProvider {
  const { url, apiKey } = config.qdrant;
  if (url) {
    const client = new QdrantClient({ url, ...(apiKey ? { apiKey } : {}), checkCompatibility: false });
    return { open: (collectionName) => new QdrantChunkStore({ client, collectionName, embeddings }) };
  }
  return { open: (collectionName) => new EmbeddedVectorStore({ dir: path.join(config.dataDir, 'vector-index', collectionName) }) };
}
