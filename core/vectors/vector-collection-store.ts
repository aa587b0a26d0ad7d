import type { Knex } from 'knex';
import { inUserTransaction } from '../db/user-transaction.js';
import type { AttributeValue } from '../search/vector-store/chunk-vector-store.js';

/** The role the administrators' overview reads as (migration 20261128110000): descriptive columns of every collection. */
export const VECTOR_ADMIN_ROLE = 'sunlight_vector_admin';

export type Metadata = Record<string, AttributeValue | null>;

export interface CollectionRecord {
  id: string;
  userId: string;
  name: string;
  description: string | null;
  /** `server`: text embedded with the configured model; `vectors`: the caller brings vectors. */
  embedding: 'server' | 'vectors';
  modelId: string;
  dimension: number;
  itemCount: number;
  chunkCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ItemRecord {
  itemId: string;
  text: string | null;
  metadata: Metadata;
  objectKey: string | null;
  page: number | null;
  chunkCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ChunkRecord {
  itemId: string;
  position: number;
  text: string | null;
  contentHash: string;
}

/** An item to write with its chunks (position order). */
export interface ItemWrite {
  itemId: string;
  text: string | null;
  metadata: Metadata;
  objectKey?: string | null;
  page?: number | null;
  chunks: Array<{ text: string | null; contentHash: string }>;
}

export type RunStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface IndexProgress {
  step: string;
  pages: number;
  chunks_total: number;
  chunks_done: number;
  chunks_embedded: number;
  chunks_skipped: number;
}

export interface RunRecord {
  id: string;
  collectionId: string;
  objectKey: string;
  status: RunStatus;
  progress: IndexProgress;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/** The caller's view of the tables: every method runs under row-level security as that user. */
export interface VectorCollectionTx {
  createCollection(input: { name: string; description: string | null; embedding: 'server' | 'vectors'; modelId: string; dimension: number }): Promise<CollectionRecord | null>;
  listCollections(page: { limit: number; after?: { createdAt: string; id: string } }): Promise<CollectionRecord[]>;
  countCollections(): Promise<number>;
  findCollection(id: string): Promise<CollectionRecord | null>;
  deleteCollection(id: string): Promise<boolean>;
  /** Writes items and their chunks; returns, per item, the chunk positions it had before and no longer has. */
  putItems(collectionId: string, items: readonly ItemWrite[]): Promise<Map<string, number>>;
  findItem(collectionId: string, itemId: string): Promise<ItemRecord | null>;
  /** Removes an item; its former chunk count, or null when there was none. */
  deleteItem(collectionId: string, itemId: string): Promise<number | null>;
  /** Items that came from an object, with their chunk counts. */
  itemsOfObject(collectionId: string, objectKey: string): Promise<Array<{ itemId: string; chunkCount: number }>>;
  chunksOfObject(collectionId: string, objectKey: string): Promise<Array<ChunkRecord & { metadata: Metadata }>>;
  /** The chunks named by `(itemId, position)`, with their item's metadata. */
  chunks(collectionId: string, refs: ReadonlyArray<{ itemId: string; position: number }>): Promise<Array<ChunkRecord & { metadata: Metadata }>>;
  createRun(collectionId: string, objectKey: string, progress: IndexProgress): Promise<RunRecord | null>;
  findRun(collectionId: string, runId: string): Promise<RunRecord | null>;
  activeRun(collectionId: string): Promise<RunRecord | null>;
  runById(runId: string): Promise<RunRecord | null>;
  updateRun(runId: string, change: { status?: RunStatus; progress?: IndexProgress; error?: string | null; finished?: boolean }): Promise<void>;
}

export interface VectorCollectionStore {
  asUser<T>(userId: string, fn: (tx: VectorCollectionTx) => Promise<T>): Promise<T>;
  /** Every collection of every user, with sizes (administrators), read as the overview role: descriptive columns only. */
  allCollections(): Promise<CollectionRecord[]>;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

type CollectionRow = { id: string; user_id: string; name: string; description: string | null; embedding: 'server' | 'vectors'; model_id: string; dimension: number; item_count: string | number; chunk_count: string | number; created_at: Date; updated_at: Date };

const toCollection = (r: CollectionRow): CollectionRecord => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  description: r.description,
  embedding: r.embedding,
  modelId: r.model_id,
  dimension: r.dimension,
  itemCount: Number(r.item_count),
  chunkCount: Number(r.chunk_count),
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
});

type ItemRow = { item_id: string; text: string | null; metadata: Metadata; object_key: string | null; page: number | null; chunk_count: number; created_at: Date; updated_at: Date };

const toItem = (r: ItemRow): ItemRecord => ({
  itemId: r.item_id,
  text: r.text,
  metadata: r.metadata,
  objectKey: r.object_key,
  page: r.page,
  chunkCount: r.chunk_count,
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
});

type RunRow = { id: string; collection_id: string; object_key: string; status: RunStatus; progress: IndexProgress; error: string | null; created_at: Date; updated_at: Date; finished_at: Date | null };

const toRun = (r: RunRow): RunRecord => ({
  id: r.id,
  collectionId: r.collection_id,
  objectKey: r.object_key,
  status: r.status,
  progress: r.progress,
  error: r.error,
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
  finishedAt: iso(r.finished_at),
});

/** Collections with their item and chunk counts. */
function collectionsWithCounts(db: Knex | Knex.Transaction) {
  return db('vector_collections as c').select(
    'c.*',
    db.raw('(SELECT count(*) FROM vector_items i WHERE i.collection_id = c.id) AS item_count'),
    db.raw('(SELECT count(*) FROM vector_item_chunks k WHERE k.collection_id = c.id) AS chunk_count'),
  );
}

function txStore(trx: Knex.Transaction, userId: string): VectorCollectionTx {
  return {
    async createCollection(input) {
      const rows = await trx('vector_collections')
        .insert({ user_id: userId, name: input.name, description: input.description, embedding: input.embedding, model_id: input.modelId, dimension: input.dimension })
        .onConflict(['user_id', 'name'])
        .ignore()
        .returning('*');
      return rows[0] ? toCollection({ ...rows[0], item_count: 0, chunk_count: 0 }) : null;
    },
    async listCollections(page) {
      const q = collectionsWithCounts(trx).orderBy([{ column: 'c.created_at', order: 'desc' }, { column: 'c.id', order: 'desc' }]).limit(page.limit);
      if (page.after) q.whereRaw('(c.created_at, c.id) < (?::timestamptz, ?::uuid)', [page.after.createdAt, page.after.id]);
      return (await q).map(toCollection);
    },
    async countCollections() {
      const row = await trx('vector_collections').count<{ n: string }>({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },
    async findCollection(id) {
      const row = await collectionsWithCounts(trx).where('c.id', id).first();
      return row ? toCollection(row) : null;
    },
    async deleteCollection(id) {
      return (await trx('vector_collections').where({ id }).delete()) > 0;
    },
    async putItems(collectionId, items) {
      const before = new Map<string, number>();
      if (items.length === 0) return before;
      const ids = items.map((i) => i.itemId);
      for (const r of await trx('vector_items').where({ collection_id: collectionId }).whereIn('item_id', ids).select('item_id', 'chunk_count')) before.set(r.item_id, r.chunk_count);
      await trx('vector_item_chunks').where({ collection_id: collectionId }).whereIn('item_id', ids).delete();
      await trx('vector_items')
        .insert(items.map((i) => ({ collection_id: collectionId, user_id: userId, item_id: i.itemId, text: i.text, metadata: JSON.stringify(i.metadata), object_key: i.objectKey ?? null, page: i.page ?? null, chunk_count: i.chunks.length })))
        .onConflict(['collection_id', 'item_id'])
        .merge({ text: trx.raw('excluded.text'), metadata: trx.raw('excluded.metadata'), object_key: trx.raw('excluded.object_key'), page: trx.raw('excluded.page'), chunk_count: trx.raw('excluded.chunk_count'), updated_at: trx.fn.now() });
      const chunkRows = items.flatMap((i) => i.chunks.map((c, position) => ({ collection_id: collectionId, user_id: userId, item_id: i.itemId, position, text: c.text, content_hash: c.contentHash })));
      for (let i = 0; i < chunkRows.length; i += 1000) await trx('vector_item_chunks').insert(chunkRows.slice(i, i + 1000));
      await trx('vector_collections').where({ id: collectionId }).update({ updated_at: trx.fn.now() });
      return before;
    },
    async findItem(collectionId, itemId) {
      const row = await trx('vector_items').where({ collection_id: collectionId, item_id: itemId }).first();
      return row ? toItem(row) : null;
    },
    async deleteItem(collectionId, itemId) {
      const rows = await trx('vector_items').where({ collection_id: collectionId, item_id: itemId }).delete().returning('chunk_count');
      return rows[0] ? (rows[0] as { chunk_count: number }).chunk_count : null;
    },
    async itemsOfObject(collectionId, objectKey) {
      const rows = await trx('vector_items').where({ collection_id: collectionId, object_key: objectKey }).select('item_id', 'chunk_count');
      return rows.map((r: { item_id: string; chunk_count: number }) => ({ itemId: r.item_id, chunkCount: r.chunk_count }));
    },
    async chunksOfObject(collectionId, objectKey) {
      const rows = await trx('vector_item_chunks as k')
        .join('vector_items as i', function () {
          this.on('i.collection_id', 'k.collection_id').andOn('i.item_id', 'k.item_id');
        })
        .where({ 'k.collection_id': collectionId, 'i.object_key': objectKey })
        .orderBy([{ column: 'i.page' }, { column: 'k.item_id' }, { column: 'k.position' }])
        .select('k.item_id', 'k.position', 'k.text', 'k.content_hash', 'i.metadata');
      return rows.map((r: { item_id: string; position: number; text: string | null; content_hash: string; metadata: Metadata }) => ({ itemId: r.item_id, position: r.position, text: r.text, contentHash: r.content_hash, metadata: r.metadata }));
    },
    async chunks(collectionId, refs) {
      if (refs.length === 0) return [];
      const rows = await trx('vector_item_chunks as k')
        .join('vector_items as i', function () {
          this.on('i.collection_id', 'k.collection_id').andOn('i.item_id', 'k.item_id');
        })
        .where('k.collection_id', collectionId)
        .whereIn(['k.item_id', 'k.position'], refs.map((r) => [r.itemId, r.position]))
        .select('k.item_id', 'k.position', 'k.text', 'k.content_hash', 'i.metadata');
      return rows.map((r: { item_id: string; position: number; text: string | null; content_hash: string; metadata: Metadata }) => ({ itemId: r.item_id, position: r.position, text: r.text, contentHash: r.content_hash, metadata: r.metadata }));
    },
    async createRun(collectionId, objectKey, progress) {
      const rows = await trx('vector_index_runs')
        .insert({ collection_id: collectionId, user_id: userId, object_key: objectKey, progress: JSON.stringify(progress) })
        .onConflict(trx.raw(`(collection_id) WHERE status IN ('queued', 'running')`))
        .ignore()
        .returning('*');
      return rows[0] ? toRun(rows[0]) : null;
    },
    async findRun(collectionId, runId) {
      const row = await trx('vector_index_runs').where({ collection_id: collectionId, id: runId }).first();
      return row ? toRun(row) : null;
    },
    async runById(runId) {
      const row = await trx('vector_index_runs').where({ id: runId }).first();
      return row ? toRun(row) : null;
    },
    async activeRun(collectionId) {
      const row = await trx('vector_index_runs').where({ collection_id: collectionId }).whereIn('status', ['queued', 'running']).first();
      return row ? toRun(row) : null;
    },
    async updateRun(runId, change) {
      await trx('vector_index_runs')
        .where({ id: runId })
        .update({
          ...(change.status ? { status: change.status } : {}),
          ...(change.progress ? { progress: JSON.stringify(change.progress) } : {}),
          ...(change.error !== undefined ? { error: change.error } : {}),
          ...(change.finished ? { finished_at: trx.fn.now() } : {}),
          updated_at: trx.fn.now(),
        });
    },
  };
}

/** The vector store API's tables in Postgres. */
export function createPgVectorCollectionStore(db: Knex): VectorCollectionStore {
  return {
    asUser: (userId, fn) => inUserTransaction(db, userId, (trx) => fn(txStore(trx, userId))),
    allCollections: () =>
      db.transaction(async (trx) => {
        await trx.raw(`SET LOCAL ROLE ${VECTOR_ADMIN_ROLE}`);
        const rows = await trx('vector_collections as c')
          .select(
            'c.id', 'c.user_id', 'c.name', 'c.embedding', 'c.model_id', 'c.dimension', 'c.created_at', 'c.updated_at',
            trx.raw('(SELECT count(*) FROM vector_items i WHERE i.collection_id = c.id) AS item_count'),
            trx.raw('(SELECT count(*) FROM vector_item_chunks k WHERE k.collection_id = c.id) AS chunk_count'),
          )
          .orderBy([{ column: 'c.created_at', order: 'desc' }, { column: 'c.id', order: 'desc' }]);
        return rows.map((r: Omit<CollectionRow, 'description'>) => toCollection({ ...r, description: null }));
      }),
  };
}
