/**
 * What the search scripts share: the deployment's search options and the vector side over
 * a scripts' own database (its index kept beside it, so it never mixes with `make start`'s).
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { loadProcessConfig } from '../../core/config/load-env-file.js';
import { createEmbeddings } from '../../core/search/embeddings/create-embeddings.js';
import type { ModelEmbeddings } from '../../core/search/embeddings/model-embeddings.js';
import type { VectorSearch } from '../../core/search/search-contracts.js';
import { searchOptionsFrom, type SearchOptions } from '../../core/search/search-service.js';
import { createVectorSearch } from '../../core/search/vector-search.js';
import type { ChunkVectorStore } from '../../core/search/vector-store/chunk-vector-store.js';
import { createVectorStore } from '../../core/search/vector-store/create-vector-store.js';

/** The search options the API runs with (SEARCH_* from the environment or .env). */
export function searchOptionsFromEnv(): SearchOptions {
  return searchOptionsFrom(loadProcessConfig().search);
}

/** The embeddings and vector store for one database's index. */
export interface IndexingSetup {
  embeddings: ModelEmbeddings;
  vectorStore: ChunkVectorStore;
  description: string;
  /** Removes the embedded index (nothing for Qdrant). */
  discard(): void;
}

/**
 * The configured embeddings and a vector store for `databaseName`: Qdrant when QDRANT_URL is
 * set (a collection named after the database), else an embedded index in a directory of its
 * own under the system's temporary directory.
 */
export function indexingFor(databaseName: string): IndexingSetup {
  const config = loadProcessConfig();
  const embeddings = createEmbeddings(config.embeddings);
  const dataDir = path.join(os.tmpdir(), 'sunlight-search-eval', databaseName);
  fs.mkdirSync(dataDir, { recursive: true });
  const vectorStore = createVectorStore({ qdrant: { ...config.qdrant, collection: databaseName }, dataDir }, embeddings);
  const where = config.qdrant.url ? `Qdrant collection ${databaseName}` : `embedded index in ${dataDir}`;
  const model = config.embeddings.provider === 'local' ? config.embeddings.modelDir : config.embeddings.model;
  return {
    embeddings,
    vectorStore,
    description: `${config.embeddings.provider} embeddings (${model}), ${where}`,
    discard: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** The vector side of search over an index built by `indexingFor`. */
export function vectorSearchOver(setup: IndexingSetup): VectorSearch {
  return createVectorSearch({ embeddings: setup.embeddings, store: setup.vectorStore });
}
