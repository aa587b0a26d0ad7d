import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.js';
import { EmbeddedVectorStore } from '../vector-store/embedded/embedded-vector-store.js';
import { createVectorStore } from '../vector-store/create-vector-store.js';
import { QdrantChunkStore } from '../vector-store/qdrant/qdrant-chunk-store.js';
import { createEmbeddings } from './create-embeddings.js';
import { LocalEmbeddings } from './local-embeddings.js';
import { OpenAICompatibleEmbeddings } from './openai-compatible-embeddings.js';

describe('search wiring from configuration', () => {
  it('defaults to the local model and the embedded index', () => {
    const config = loadConfig({}, '/srv/sunlight');
    expect(config.embeddings).toMatchObject({ provider: 'local', modelDir: '/srv/sunlight/.local/models/all-MiniLM-L6-v2-int8' });
    const embeddings = createEmbeddings(config.embeddings);
    expect(embeddings).toBeInstanceOf(LocalEmbeddings);
    expect(createVectorStore(config, embeddings)).toBeInstanceOf(EmbeddedVectorStore);
  });

  it('selects an OpenAI-compatible service and Qdrant by configuration', () => {
    const config = loadConfig({ EMBEDDINGS_PROVIDER: 'openai', EMBEDDINGS_BASE_URL: 'http://127.0.0.1:9000/v1', EMBEDDINGS_MODEL: 'e5-small', QDRANT_URL: 'http://127.0.0.1:6333' });
    const embeddings = createEmbeddings(config.embeddings);
    expect(embeddings).toBeInstanceOf(OpenAICompatibleEmbeddings);
    expect(createVectorStore(config, embeddings)).toBeInstanceOf(QdrantChunkStore);
  });

  it('asks for a key when the OpenAI provider has no base URL', () => {
    expect(() => loadConfig({ EMBEDDINGS_PROVIDER: 'openai' })).toThrow(/EMBEDDINGS_API_KEY/);
    expect(() => loadConfig({ EMBEDDINGS_PROVIDER: 'openai', EMBEDDINGS_API_KEY: 'k' })).not.toThrow();
    expect(() => loadConfig({ QDRANT_COLLECTION: 'bad name!' })).toThrow(/QDRANT_COLLECTION/);
  });
});
