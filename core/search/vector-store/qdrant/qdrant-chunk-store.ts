import { Document } from '@langchain/core/documents';
import type { EmbeddingsInterface } from '@langchain/core/embeddings';
import { QdrantVectorStore } from '@langchain/qdrant';
import type { QdrantClient, Schemas } from '@qdrant/js-client-rest';
import {
  VectorStoreError,
  type ChunkPayload,
  type ChunkVectorStore,
  type CollectionSpec,
  type VectorFilter,
  type VectorHit,
  type VectorPoint,
} from '../chunk-vector-store.js';
import { INDEXED_FIELDS, METADATA_KEY, payloadKey, toQdrantFilter } from './qdrant-filter.js';
import { qdrantPointId } from './qdrant-point-id.js';

export interface QdrantChunkStoreOptions {
  /** Injected: the process wires one client (tests point it at a fake server). */
  client: QdrantClient;
  collectionName: string;
  /** The embeddings LangChain's store is built with (used only by its text-based helpers). */
  embeddings: EmbeddingsInterface;
  /** Points per upsert request. */
  upsertBatchSize?: number;
}

/** The chunk payload plus its id, as stored under `metadata`. */
type StoredMetadata = ChunkPayload & { chunkId: string };

/**
 * Our adapter creates the collection (model metadata, payload indexes) before any use;
 * LangChain's own check would cost a GET /collections on every call and create the
 * collection without indexes.
 */
class PreparedQdrantVectorStore extends QdrantVectorStore {
  override async ensureCollection(): Promise<void> {}
}

/**
 * The Qdrant adapter of the vector store port, through LangChain's `QdrantVectorStore`
 * over an injected client. The collection records the embedding model and dimension in
 * its metadata (Qdrant ≥ 1.16); another model or dimension drops and recreates it.
 */
export class QdrantChunkStore implements ChunkVectorStore {
  readonly langchain: QdrantVectorStore;
  private spec: CollectionSpec | null = null;

  constructor(private readonly options: QdrantChunkStoreOptions) {
    this.langchain = new PreparedQdrantVectorStore(options.embeddings, {
      client: options.client,
      collectionName: options.collectionName,
      metadataPayloadKey: METADATA_KEY,
    });
  }

  async ensureCollection(spec: CollectionSpec): Promise<{ created: boolean; rebuilt: boolean }> {
    const { client, collectionName } = this.options;
    const { exists } = await client.collectionExists(collectionName);
    let result = { created: !exists, rebuilt: false };
    if (exists) {
      const info = await client.getCollection(collectionName);
      if (sameSpec(info, spec)) {
        await this.createMissingIndexes(info);
        this.spec = spec;
        return result;
      }
      await client.deleteCollection(collectionName);
      result = { created: false, rebuilt: true };
    }
    // The high-level createCollection drops `metadata`; the generated API call passes it through.
    await client.api().createCollection({
      collection_name: collectionName,
      vectors: { size: spec.dimension, distance: 'Cosine' },
      metadata: { embedding_model: spec.modelId, dimension: spec.dimension },
    });
    await this.createMissingIndexes(null);
    this.spec = spec;
    return result;
  }

  async upsert(points: readonly VectorPoint[]): Promise<void> {
    const spec = this.opened();
    for (const p of points) {
      if (p.vector.length !== spec.dimension) throw new VectorStoreError(`point ${p.id}: dimension ${p.vector.length}, expected ${spec.dimension}`);
    }
    const size = this.options.upsertBatchSize ?? 256;
    for (let i = 0; i < points.length; i += size) {
      const batch = points.slice(i, i + size);
      const docs = batch.map((p) => {
        const metadata: StoredMetadata = { chunkId: p.id, ...p.payload };
        return new Document({ id: qdrantPointId(p.id), pageContent: p.text ?? '', metadata });
      });
      await this.langchain.addVectors(batch.map((p) => [...p.vector]), docs);
    }
  }

  async delete(ids: readonly string[]): Promise<void> {
    this.opened();
    if (ids.length > 0) await this.langchain.delete({ ids: ids.map(qdrantPointId) });
  }

  async search(vector: readonly number[], k: number, filter?: VectorFilter): Promise<VectorHit[]> {
    const spec = this.opened();
    if (vector.length !== spec.dimension) throw new VectorStoreError(`query dimension ${vector.length}, expected ${spec.dimension}`);
    if (k <= 0) return [];
    const found = await this.langchain.similaritySearchVectorWithScore([...vector], k, toQdrantFilter(filter));
    return found.map(([doc, score]) => {
      const { chunkId, ...payload } = doc.metadata as StoredMetadata;
      return { id: chunkId, score, payload };
    });
  }

  async contentHashes(ids: readonly string[]): Promise<Map<string, string>> {
    this.opened();
    const out = new Map<string, string>();
    for (let i = 0; i < ids.length; i += 1000) {
      const points = await this.options.client.retrieve(this.options.collectionName, {
        ids: ids.slice(i, i + 1000).map(qdrantPointId),
        with_payload: [payloadKey('chunkId'), payloadKey('contentHash')],
        with_vector: false,
      });
      for (const p of points) {
        const meta = (p.payload?.[METADATA_KEY] ?? {}) as Partial<StoredMetadata>;
        if (meta.chunkId && meta.contentHash) out.set(meta.chunkId, meta.contentHash);
      }
    }
    return out;
  }

  async count(filter?: VectorFilter): Promise<number> {
    this.opened();
    const filterJson = toQdrantFilter(filter);
    const res = await this.options.client.count(this.options.collectionName, { exact: true, ...(filterJson ? { filter: filterJson } : {}) });
    return res.count;
  }

  async drop(): Promise<void> {
    const { client, collectionName } = this.options;
    this.spec = null;
    const { exists } = await client.collectionExists(collectionName);
    if (exists) await client.deleteCollection(collectionName);
  }

  private opened(): CollectionSpec {
    if (!this.spec) throw new VectorStoreError('ensureCollection() was not called');
    return this.spec;
  }

  private async createMissingIndexes(info: Schemas['CollectionInfo'] | null): Promise<void> {
    const present = new Set(Object.keys(info?.payload_schema ?? {}));
    for (const field of INDEXED_FIELDS) {
      if (present.has(payloadKey(field))) continue;
      await this.options.client.createPayloadIndex(this.options.collectionName, { field_name: payloadKey(field), field_schema: 'keyword', wait: true });
    }
  }
}

/** Whether an existing collection holds vectors of this model and dimension. */
function sameSpec(info: Schemas['CollectionInfo'], spec: CollectionSpec): boolean {
  const meta = (info.config.metadata ?? {}) as { embedding_model?: unknown };
  const vectors = info.config.params.vectors as { size?: number } | undefined;
  return meta.embedding_model === spec.modelId && vectors?.size === spec.dimension;
}
