import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../config/config.js';
import type { Logger } from '../logger/logger.js';
import type { ModelEmbeddings } from '../search/embeddings/model-embeddings.js';
import type { ChunkVectorStore } from '../search/vector-store/chunk-vector-store.js';
import { createVectorStoreProvider } from '../search/vector-store/create-vector-store.js';
import type { StorageService } from '../storage/storage-service.js';
import { createVectorAdminService, type VectorAdminService } from './vector-admin-service.js';
import { createVectorCollectionService, type VectorCollectionService } from './vector-collection-service.js';
import { createPgVectorCollectionStore } from './vector-collection-store.js';
import { createVectorIndexService, type VectorIndexService } from './vector-index-service.js';

/** The vector store API's services, as the API process uses them. */
export interface VectorServices {
  collections: VectorCollectionService;
  indexing: VectorIndexService;
  admin: VectorAdminService;
}

/** Builds the vector store API's services over the process's clients (called once, in the API's wiring). */
export function createVectorServices(deps: {
  db: Knex;
  config: Pick<Config, 'qdrant' | 'dataDir'>;
  embeddings: ModelEmbeddings;
  /** The law's own vector collection (the one search reads). */
  lawStore: ChunkVectorStore;
  storage: StorageService;
  temporal: { client: Client; taskQueue: string };
  logger: Logger;
}): VectorServices {
  const store = createPgVectorCollectionStore(deps.db);
  const collections = createVectorCollectionService({
    store,
    vectors: createVectorStoreProvider(deps.config, deps.embeddings),
    embeddings: deps.embeddings,
    busy: async (tx, id) => (await tx.activeRun(id)) !== null,
  });
  return {
    collections,
    indexing: createVectorIndexService({ store, collections, storage: deps.storage, temporal: deps.temporal, logger: deps.logger.child({ module: 'vector-indexing' }) }),
    admin: createVectorAdminService({ db: deps.db, store, law: deps.lawStore, embeddings: deps.embeddings, temporal: deps.temporal }),
  };
}
