import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError, type FieldIssue } from '../errors/app-error.js';
import { isUuid } from '../http/uuid.js';
import { decodeCursor, encodeCursor, type ListEnvelope } from '../http/list-envelope.js';
import type { ModelEmbeddings } from '../search/embeddings/model-embeddings.js';
import { COLLECTION_ITEM, type AttributeValue, type ChunkVectorStore, type VectorStoreProvider } from '../search/vector-store/chunk-vector-store.js';
import { attributesOf, chunkId, chunkText, sha256, storeName } from './item-chunks.js';
import type { CollectionRecord, ItemRecord, ItemWrite, Metadata, VectorCollectionStore, VectorCollectionTx } from './vector-collection-store.js';

/** A collection as the API shows it. */
export interface CollectionView {
  id: string;
  name: string;
  description: string | null;
  /** `server`: text is embedded with the configured model; `vectors`: the caller brings vectors. */
  embedding: 'server' | 'vectors';
  model: string;
  dimension: number;
  item_count: number;
  chunk_count: number;
  created_at: string;
  updated_at: string;
}

export interface ItemView {
  id: string;
  text: string | null;
  metadata: Metadata;
  /** Where an indexed item came from: the object and its page; null for items written directly. */
  source: { object_key: string; page: number | null } | null;
  chunk_count: number;
  created_at: string;
  updated_at: string;
}

export interface QueryHit {
  id: string;
  /** The chunk of the item that matched (the item's text when it is one chunk). */
  text: string | null;
  metadata: Metadata;
  /** Cosine similarity, higher is nearer. */
  score: number;
  /** Position of the matching chunk within the item, from 0. */
  chunk: number;
}

export interface ItemInput {
  id?: string;
  text?: string;
  vector?: number[];
  metadata?: Metadata;
}

export interface QueryInput {
  text?: string;
  vector?: number[];
  filter?: Record<string, AttributeValue>;
  limit: number;
}

export interface CollectionHit extends QueryHit {
  collectionId: string;
  collectionName: string;
}

export interface VectorCollectionService {
  create(userId: string, input: { name: string; description?: string | null; model: 'server' | { dimension: number } }): Promise<CollectionView>;
  list(userId: string, page: { limit: number; cursor?: string }): Promise<ListEnvelope<CollectionView>>;
  get(userId: string, id: string): Promise<CollectionView>;
  /** Removes the collection, its items and its vectors (an unfinished indexing run is cancelled first by the caller). */
  delete(userId: string, id: string): Promise<void>;
  upsertItems(userId: string, id: string, items: readonly ItemInput[]): Promise<{ data: Array<{ id: string; chunk_count: number }> }>;
  getItem(userId: string, id: string, itemId: string): Promise<ItemView>;
  deleteItem(userId: string, id: string, itemId: string): Promise<void>;
  query(userId: string, id: string, input: QueryInput): Promise<{ data: QueryHit[] }>;
  /** The best items of several of the caller's collections for a text (search beside the law). */
  searchText(userId: string, ids: readonly string[], text: string, limit: number): Promise<CollectionHit[]>;
  /** The record of a collection, or 404 (for the indexing service). */
  find(userId: string, id: string): Promise<CollectionRecord>;
  /** The vector store collection of a user collection, opened for its model. */
  openStore(collection: CollectionRecord): Promise<ChunkVectorStore>;
}

export interface VectorCollectionServiceDeps {
  store: VectorCollectionStore;
  vectors: VectorStoreProvider;
  embeddings: ModelEmbeddings;
  /** Refuses writes while an indexing run writes to the collection (the embedded index has one writer). */
  busy?: (tx: VectorCollectionTx, collectionId: string) => Promise<boolean>;
}

/** The model id of collections whose vectors the caller brings. */
export const OWN_VECTORS_MODEL = 'own-vectors';

const listCursor = z.object({ c: z.string(), i: z.string().refine(isUuid) });

export function presentCollection(r: CollectionRecord): CollectionView {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    embedding: r.embedding,
    model: r.modelId,
    dimension: r.dimension,
    item_count: r.itemCount,
    chunk_count: r.chunkCount,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

function presentItem(r: ItemRecord): ItemView {
  return {
    id: r.itemId,
    text: r.text,
    metadata: r.metadata,
    source: r.objectKey ? { object_key: r.objectKey, page: r.page } : null,
    chunk_count: r.chunkCount,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

/**
 * Collections of a user's own documents: records in Postgres under row-level security, vectors
 * in the vector store, one store collection per user collection (`user-{id}`). A collection is
 * found only through its owner's rows, so another user's id is 404 on every verb, and only then
 * is its store collection opened: no query reaches another tenant's points.
 */
export function createVectorCollectionService(deps: VectorCollectionServiceDeps): VectorCollectionService {
  const { store, vectors, embeddings } = deps;
  const opened = new Map<string, { store: ChunkVectorStore; ready: Promise<unknown> }>();

  const find = async (userId: string, id: string): Promise<CollectionRecord> => {
    const record = isUuid(id) ? await store.asUser(userId, (tx) => tx.findCollection(id)) : null;
    if (!record) throw new NotFoundError('Collection not found', { id });
    return record;
  };

  const openStore = async (c: CollectionRecord): Promise<ChunkVectorStore> => {
    let entry = opened.get(c.id);
    if (!entry) {
      const s = vectors.open(storeName(c.id));
      entry = { store: s, ready: s.ensureCollection({ modelId: c.modelId, dimension: c.dimension }) };
      opened.set(c.id, entry);
      entry.ready.catch(() => opened.delete(c.id));
      // A bounded cache: the oldest opened collection goes first.
      if (opened.size > 256) opened.delete(opened.keys().next().value!);
    }
    await entry.ready;
    return entry.store;
  };

  /** The vector of a query or item text, with the collection's model (409 when the server's model changed since). */
  const embedTexts = async (c: CollectionRecord, texts: string[]): Promise<number[][]> => {
    const spec = await embeddings.describe();
    if (spec.modelId !== c.modelId || spec.dimension !== c.dimension) {
      throw new ConflictError(`The collection was embedded with ${c.modelId}; the server now embeds with ${spec.modelId}. Create a new collection.`, { model: c.modelId, server_model: spec.modelId });
    }
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += 32) out.push(...(await embeddings.embedDocuments(texts.slice(i, i + 32))));
    return out;
  };

  const refuseWhileIndexing = async (userId: string, c: CollectionRecord): Promise<void> => {
    if (deps.busy && (await store.asUser(userId, (tx) => deps.busy!(tx, c.id)))) {
      throw new ConflictError('The collection is being indexed; write its items when the run has finished (or cancel it)', { collection_id: c.id });
    }
  };

  const checkVector = (c: CollectionRecord, vector: number[], path: string): FieldIssue | null =>
    vector.length === c.dimension ? null : { path, message: `Expected ${c.dimension} numbers (the collection's dimension), got ${vector.length}` };

  return {
    find,
    openStore,

    async create(userId, input) {
      const spec = input.model === 'server' ? await embeddings.describe() : { modelId: OWN_VECTORS_MODEL, dimension: input.model.dimension };
      const record = await store.asUser(userId, (tx) =>
        tx.createCollection({ name: input.name, description: input.description ?? null, embedding: input.model === 'server' ? 'server' : 'vectors', modelId: spec.modelId, dimension: spec.dimension }),
      );
      if (!record) throw new ConflictError('You already have a collection of this name', { name: input.name });
      return presentCollection(record);
    },

    async list(userId, page) {
      const after = decodeCursor(page.cursor, listCursor);
      const { rows, total } = await store.asUser(userId, async (tx) => ({
        rows: await tx.listCollections({ limit: page.limit + 1, ...(after ? { after: { createdAt: after.c, id: after.i } } : {}) }),
        total: await tx.countCollections(),
      }));
      const data = rows.slice(0, page.limit).map(presentCollection);
      const last = data[data.length - 1];
      return { data, total, next_cursor: rows.length > page.limit && last ? encodeCursor({ c: last.created_at, i: last.id }) : null };
    },

    async get(userId, id) {
      return presentCollection(await find(userId, id));
    },

    async delete(userId, id) {
      const c = await find(userId, id);
      await store.asUser(userId, (tx) => tx.deleteCollection(c.id));
      opened.delete(c.id);
      await vectors.open(storeName(c.id)).drop();
    },

    async upsertItems(userId, id, items) {
      const c = await find(userId, id);
      const issues: FieldIssue[] = [];
      const seen = new Set<string>();
      items.forEach((item, i) => {
        const at = `body.items.${i}`;
        if (item.id !== undefined && seen.has(item.id)) issues.push({ path: `${at}.id`, message: 'The same id twice in one request' });
        if (item.id !== undefined) seen.add(item.id);
        if (item.vector) {
          const bad = checkVector(c, item.vector, `${at}.vector`);
          if (bad) issues.push(bad);
        } else if (c.embedding === 'vectors') issues.push({ path: `${at}.vector`, message: 'This collection holds your own vectors: give each item a vector' });
        else if (!item.text?.trim()) issues.push({ path: `${at}.text`, message: 'Give text to embed, or a vector' });
      });
      if (issues.length > 0) throw new ValidationError('Request validation failed', issues);
      await refuseWhileIndexing(userId, c);

      // Text items are chunked and embedded with the server's model; vector items are one chunk each.
      const writes: ItemWrite[] = items.map((item) => {
        const metadata = item.metadata ?? {};
        const text = item.text ?? null;
        const chunks = item.vector ? [{ text, contentHash: sha256(JSON.stringify(item.vector)) }] : chunkText(text!);
        return { itemId: item.id ?? randomUUID(), text, metadata, chunks };
      });
      const toEmbed = writes.flatMap((w, i) => (items[i]!.vector ? [] : w.chunks.map((ch) => ch.text!)));
      const embedded = toEmbed.length > 0 ? await embedTexts(c, toEmbed) : [];
      let next = 0;
      const points = writes.flatMap((w, i) =>
        w.chunks.map((ch, position) => ({
          id: chunkId(w.itemId, position),
          vector: items[i]!.vector ?? embedded[next++]!,
          payload: { recordId: w.itemId, type: COLLECTION_ITEM, jurisdiction: 'items', category: null, contentHash: ch.contentHash, attributes: attributesOf(w.metadata) },
        })),
      );
      const vectorStore = await openStore(c);
      const before = await store.asUser(userId, (tx) => tx.putItems(c.id, writes));
      await vectorStore.upsert(points);
      // Chunks an item had before and no longer has.
      const stale = writes.flatMap((w) => Array.from({ length: Math.max(0, (before.get(w.itemId) ?? 0) - w.chunks.length) }, (_, k) => chunkId(w.itemId, w.chunks.length + k)));
      await vectorStore.delete(stale);
      return { data: writes.map((w) => ({ id: w.itemId, chunk_count: w.chunks.length })) };
    },

    async getItem(userId, id, itemId) {
      const c = await find(userId, id);
      const item = await store.asUser(userId, (tx) => tx.findItem(c.id, itemId));
      if (!item) throw new NotFoundError('Item not found', { id: itemId });
      return presentItem(item);
    },

    async deleteItem(userId, id, itemId) {
      const c = await find(userId, id);
      await refuseWhileIndexing(userId, c);
      const count = await store.asUser(userId, (tx) => tx.deleteItem(c.id, itemId));
      if (count === null) throw new NotFoundError('Item not found', { id: itemId });
      await (await openStore(c)).delete(Array.from({ length: count }, (_, k) => chunkId(itemId, k)));
    },

    async query(userId, id, input) {
      const c = await find(userId, id);
      if (input.vector) {
        const bad = checkVector(c, input.vector, 'body.vector');
        if (bad) throw new ValidationError('Request validation failed', [bad]);
      } else if (c.embedding === 'vectors') {
        throw new ValidationError('Request validation failed', [{ path: 'body.text', message: 'This collection holds your own vectors: query it by vector' }]);
      }
      const vector = input.vector ?? (await embedTexts(c, [input.text!]))[0]!;
      const hits = await nearestItems(c, vector, input.limit, input.filter);
      return { data: await hydrate(userId, c, hits) };
    },

    async searchText(userId, ids, text, limit) {
      const collections = await Promise.all([...new Set(ids)].map((id) => find(userId, id)));
      const own = collections.find((c) => c.embedding === 'vectors');
      if (own) throw new ValidationError('Request validation failed', [{ path: 'body.collections', message: `Collection ${own.id} holds your own vectors; only collections embedded by the server can be searched by text` }]);
      const out: CollectionHit[] = [];
      for (const c of collections) {
        const [vector] = await embedTexts(c, [text]);
        const hits = await hydrate(userId, c, await nearestItems(c, vector!, limit, undefined));
        out.push(...hits.map((h) => ({ ...h, collectionId: c.id, collectionName: c.name })));
      }
      return out.sort((a, b) => b.score - a.score).slice(0, limit);
    },
  };

  /** The best chunk of each of the `k` nearest items. */
  async function nearestItems(c: CollectionRecord, vector: number[], k: number, filter: Record<string, AttributeValue> | undefined) {
    const vectorStore = await openStore(c);
    let fetch = Math.min(Math.max(k * 3, k + 10), 1000);
    for (;;) {
      const hits = await vectorStore.search(vector, fetch, filter ? { attributes: filter } : undefined);
      const best = new Map<string, { itemId: string; position: number; score: number }>();
      for (const h of hits) {
        if (best.has(h.payload.recordId)) continue;
        best.set(h.payload.recordId, { itemId: h.payload.recordId, position: Number(h.id.slice(h.id.lastIndexOf('#') + 1)), score: h.score });
        if (best.size === k) break;
      }
      if (best.size >= k || hits.length < fetch || fetch >= 1000) return [...best.values()];
      fetch = Math.min(fetch * 4, 1000);
    }
  }

  /** Hits with their text and metadata, read as the owner: a point without its row in Postgres is left out. */
  async function hydrate(userId: string, c: CollectionRecord, hits: Array<{ itemId: string; position: number; score: number }>): Promise<QueryHit[]> {
    const rows = await store.asUser(userId, (tx) => tx.chunks(c.id, hits));
    const byRef = new Map(rows.map((r) => [chunkId(r.itemId, r.position), r]));
    return hits.flatMap((h) => {
      const row = byRef.get(chunkId(h.itemId, h.position));
      return row ? [{ id: h.itemId, text: row.text, metadata: row.metadata, score: h.score, chunk: h.position }] : [];
    });
  }
}
