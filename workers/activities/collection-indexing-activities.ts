import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Readable } from 'node:stream';
import { NotFoundError } from '../../core/errors/app-error.js';
import type { Logger } from '../../core/logger/logger.js';
import { embedInBatches } from '../../core/search/embeddings/embed-in-batches.js';
import { EmbeddingModelMissingError } from '../../core/search/embeddings/local-embeddings.js';
import type { ModelEmbeddings } from '../../core/search/embeddings/model-embeddings.js';
import { COLLECTION_ITEM, VectorStoreError, type ChunkVectorStore, type VectorStoreProvider } from '../../core/search/vector-store/chunk-vector-store.js';
import type { StorageService } from '../../core/storage/storage-service.js';
import { extractPages, isIndexableType, UnreadableDocumentError } from '../../core/vectors/extract-text.js';
import { attributesOf, chunkId, chunkText, storeName } from '../../core/vectors/item-chunks.js';
import type { CollectionRecord, IndexProgress, ItemWrite, RunStatus, VectorCollectionStore } from '../../core/vectors/vector-collection-store.js';
import { EMBED_BATCH_SIZE, type IndexCollectionInput } from '../../workflows/index-collection-contracts.js';

export interface CollectionIndexingDeps {
  store: VectorCollectionStore;
  vectors: VectorStoreProvider;
  embeddings: ModelEmbeddings;
  storage: StorageService;
  logger: Logger;
  batchSize?: number;
}

/** The item id of page `page` of an indexed object. */
export const pageItemId = (objectKey: string, page: number): string => `${objectKey}#p${page}`;

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

/**
 * Activities of `indexCollectionObject`, over injected services. Each acts as the collection's
 * owner (row-level security), reads the object from the owner's storage and writes the
 * collection's own store collection.
 */
export function createCollectionIndexingActivities(deps: CollectionIndexingDeps) {
  const log = deps.logger.child({ module: 'collection-indexing' });
  const batchSize = deps.batchSize ?? EMBED_BATCH_SIZE;

  const collectionOf = async (input: IndexCollectionInput): Promise<CollectionRecord> => {
    const c = await deps.store.asUser(input.userId, (tx) => tx.findCollection(input.collectionId));
    if (!c) throw ApplicationFailure.nonRetryable('The collection was deleted', 'ObjectGone');
    return c;
  };

  const openStore = async (c: CollectionRecord): Promise<ChunkVectorStore> => {
    const store = deps.vectors.open(storeName(c.id));
    await store.ensureCollection({ modelId: c.modelId, dimension: c.dimension });
    return store;
  };

  const setProgress = (input: { userId: string; runId: string }, progress: IndexProgress) =>
    deps.store.asUser(input.userId, (tx) => tx.updateRun(input.runId, { progress }));

  return {
    async markIndexRunRunning(input: { userId: string; runId: string; progress: IndexProgress }): Promise<void> {
      await deps.store.asUser(input.userId, (tx) => tx.updateRun(input.runId, { status: 'running', progress: input.progress }));
    },

    /** `progress` null keeps the last one written, with its step set to the outcome. */
    async finishIndexRun(input: { userId: string; runId: string; status: Exclude<RunStatus, 'queued' | 'running'>; progress: IndexProgress | null; error: string | null }): Promise<void> {
      await deps.store.asUser(input.userId, async (tx) => {
        const progress = input.progress ?? (await tx.runById(input.runId))?.progress;
        await tx.updateRun(input.runId, { status: input.status, ...(progress ? { progress: { ...progress, step: input.status === 'completed' ? 'done' : input.status } } : {}), error: input.error, finished: true });
      });
    },

    /** Reads the object, one item per page with its chunks (replacing the items of an earlier run), and removes vectors of chunks that are gone. */
    async extractIntoCollection(input: IndexCollectionInput): Promise<IndexProgress> {
      const ctx = Context.current();
      const c = await collectionOf(input);
      let bytes: Buffer;
      let contentType: string;
      try {
        const { object, open } = await deps.storage.get(input.userId, input.objectKey);
        contentType = object.content_type;
        if (!isIndexableType(contentType)) throw ApplicationFailure.nonRetryable(`Objects of type ${contentType} cannot be indexed`, 'UnreadableDocument');
        bytes = await readAll(await open());
      } catch (err) {
        if (err instanceof NotFoundError) throw ApplicationFailure.nonRetryable(`The object ${input.objectKey} does not exist`, 'ObjectGone');
        throw err;
      }
      ctx.heartbeat({ step: 'extracting', bytes: bytes.length });
      let pages: string[];
      try {
        pages = await extractPages(bytes, contentType);
      } catch (err) {
        if (err instanceof UnreadableDocumentError) throw ApplicationFailure.nonRetryable(err.message, 'UnreadableDocument');
        throw err;
      }
      const writes: ItemWrite[] = [];
      pages.forEach((text, i) => {
        const chunks = chunkText(text);
        if (chunks.length === 0) return;
        writes.push({ itemId: pageItemId(input.objectKey, i + 1), text, metadata: { object_key: input.objectKey, page: i + 1 }, objectKey: input.objectKey, page: i + 1, chunks });
      });
      const keep = new Map(writes.map((w) => [w.itemId, w.chunks.length]));
      const stale = await deps.store.asUser(input.userId, async (tx) => {
        const previous = await tx.itemsOfObject(c.id, input.objectKey);
        const gone = previous.filter((p) => !keep.has(p.itemId));
        for (const g of gone) await tx.deleteItem(c.id, g.itemId);
        await tx.putItems(c.id, writes);
        return previous.flatMap((p) => Array.from({ length: Math.max(0, p.chunkCount - (keep.get(p.itemId) ?? 0)) }, (_, k) => chunkId(p.itemId, (keep.get(p.itemId) ?? 0) + k)));
      });
      if (stale.length > 0) await (await openStore(c)).delete(stale);
      const total = writes.reduce((n, w) => n + w.chunks.length, 0);
      const progress: IndexProgress = { step: 'embedding', pages: pages.length, chunks_total: total, chunks_done: 0, chunks_embedded: 0, chunks_skipped: 0 };
      await setProgress(input, progress);
      log.info({ runId: input.runId, pages: pages.length, chunks: total, removed: stale.length }, 'object extracted');
      return progress;
    },

    /** Embeds the object's chunks the store does not hold with the same content hash, batch by batch, heartbeating progress. */
    async embedCollectionObject(input: IndexCollectionInput): Promise<IndexProgress> {
      const ctx = Context.current();
      const c = await collectionOf(input);
      const spec = await deps.embeddings.describe();
      if (spec.modelId !== c.modelId || spec.dimension !== c.dimension) {
        throw ApplicationFailure.nonRetryable(`The collection was embedded with ${c.modelId}; this worker embeds with ${spec.modelId}`, 'ModelChanged');
      }
      const store = await openStore(c);
      const chunks = await deps.store.asUser(input.userId, (tx) => tx.chunksOfObject(c.id, input.objectKey));
      const pages = new Set(chunks.map((ch) => ch.itemId)).size;
      const held = await store.contentHashes(chunks.map((ch) => chunkId(ch.itemId, ch.position)));
      const todo = chunks.filter((ch) => held.get(chunkId(ch.itemId, ch.position)) !== ch.contentHash);
      const skipped = chunks.length - todo.length;
      const progress: IndexProgress = { step: 'embedding', pages, chunks_total: chunks.length, chunks_done: skipped, chunks_embedded: 0, chunks_skipped: skipped };
      await setProgress(input, progress);
      try {
        await embedInBatches(deps.embeddings, todo.map((ch) => ch.text ?? ''), {
          batchSize,
          signal: ctx.cancellationSignal,
          onBatch: async (vectors, offset) => {
            await store.upsert(
              vectors.map((vector, i) => {
                const ch = todo[offset + i]!;
                return { id: chunkId(ch.itemId, ch.position), vector, payload: { recordId: ch.itemId, type: COLLECTION_ITEM, jurisdiction: 'items', category: null, contentHash: ch.contentHash, attributes: attributesOf(ch.metadata) } };
              }),
            );
          },
          onProgress: async (p) => {
            progress.chunks_embedded = p.done;
            progress.chunks_done = skipped + p.done;
            ctx.heartbeat(progress);
            await setProgress(input, progress);
          },
        });
      } catch (err) {
        if (err instanceof EmbeddingModelMissingError) throw ApplicationFailure.nonRetryable(err.message, 'EmbeddingModelMissing');
        if (err instanceof VectorStoreError) throw ApplicationFailure.nonRetryable(err.message, 'VectorStoreError');
        throw err;
      }
      log.info({ runId: input.runId, embedded: todo.length, skipped }, 'object embedded');
      return progress;
    },
  };
}

export type CollectionIndexingActivities = ReturnType<typeof createCollectionIndexingActivities>;

/**
 * On a worker built without embeddings or object storage: the status writes work (so a run
 * ends as failed, with the reason), extraction and embedding refuse.
 */
export function unconfiguredCollectionIndexing(store: VectorCollectionStore, logger: Logger): CollectionIndexingActivities {
  const refuse = async (): Promise<never> => {
    throw ApplicationFailure.nonRetryable('Indexing into collections is not configured on this worker (it needs embeddings and object storage)', 'CollectionIndexingNotConfigured');
  };
  const { markIndexRunRunning, finishIndexRun } = createCollectionIndexingActivities({ store, logger } as CollectionIndexingDeps);
  return { markIndexRunRunning, finishIndexRun, extractIntoCollection: refuse, embedCollectionObject: refuse };
}
