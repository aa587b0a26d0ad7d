import type { Knex } from 'knex';
import { inUserTransaction } from '../db/user-transaction.js';

/** One object's metadata, as stored. */
export interface StoredObjectRecord {
  key: string;
  blobKey: string;
  size: number;
  sha256: string;
  etag: string;
  contentType: string;
  createdAt: Date;
  updatedAt: Date;
}

interface Row {
  user_id: string;
  key: string;
  blob_key: string;
  size: number | string;
  sha256: string;
  etag: string;
  content_type: string;
  created_at: Date;
  updated_at: Date;
}

const toRecord = (r: Row): StoredObjectRecord => ({
  key: r.key,
  blobKey: r.blob_key,
  size: Number(r.size),
  sha256: r.sha256,
  etag: r.etag,
  contentType: r.content_type,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Operations inside one transaction that sees only one user's objects. */
export interface StoredObjectTransaction {
  find(key: string): Promise<StoredObjectRecord | null>;
  /** Creates or replaces the object's row; `replacedBlobKey` is the previous version's bytes, to delete after commit. */
  upsert(values: Omit<StoredObjectRecord, 'createdAt' | 'updatedAt'>): Promise<{ record: StoredObjectRecord; created: boolean; replacedBlobKey: string | null }>;
  /** Removes the row; returns it (for its blob key), or null when there was none. */
  remove(key: string): Promise<StoredObjectRecord | null>;
  /** Keys starting with `prefix`, after `after`, in byte order; and how many start with `prefix`. */
  list(query: { prefix: string; after: string | null; limit: number }): Promise<{ rows: StoredObjectRecord[]; total: number }>;
}

export interface StoredObjectStore {
  /** Runs `fn` in one transaction as the application role with `app.user_id` = `userId` (row-level security). */
  asUser<T>(userId: string, fn: (tx: StoredObjectTransaction) => Promise<T>): Promise<T>;
}

/** The Postgres store. The connection may be a superuser: every transaction drops to the application role first. */
export function createPgStoredObjectStore(db: Knex): StoredObjectStore {
  return {
    asUser: (userId, fn) => inUserTransaction(db, userId, (trx) => fn(userTransaction(trx, userId))),
  };
}

function userTransaction(trx: Knex.Transaction, userId: string): StoredObjectTransaction {
  const find = async (key: string, forUpdate = false): Promise<StoredObjectRecord | null> => {
    const query = trx('stored_objects').where({ key }).first();
    const row = (await (forUpdate ? query.forUpdate() : query)) as Row | undefined;
    return row ? toRecord(row) : null;
  };
  return {
    find: (key) => find(key),
    async upsert(values) {
      const columns = { blob_key: values.blobKey, size: values.size, sha256: values.sha256, etag: values.etag, content_type: values.contentType };
      // Two tries: a concurrent first put of the same key makes the insert find a row after all.
      for (let attempt = 0; attempt < 2; attempt++) {
        const existing = await find(values.key, true);
        if (existing) {
          const [row] = (await trx('stored_objects')
            .where({ key: values.key })
            .update({ ...columns, updated_at: trx.fn.now() })
            .returning('*')) as Row[];
          return { record: toRecord(row!), created: false, replacedBlobKey: existing.blobKey };
        }
        const [row] = (await trx('stored_objects')
          .insert({ ...columns, user_id: userId, key: values.key })
          .onConflict(['user_id', 'key'])
          .ignore()
          .returning('*')) as Row[];
        if (row) return { record: toRecord(row), created: true, replacedBlobKey: null };
      }
      throw new Error('Could not store the object metadata');
    },
    async remove(key) {
      const [row] = (await trx('stored_objects').where({ key }).delete().returning('*')) as Row[];
      return row ? toRecord(row) : null;
    },
    async list({ prefix, after, limit }) {
      const base = () => {
        const q = trx('stored_objects');
        if (prefix) q.whereRaw('starts_with(key, ?)', [prefix]);
        return q;
      };
      const [count] = await base().count<Array<{ count: number | string }>>('* as count');
      const page = base().orderBy('key', 'asc').limit(limit);
      if (after !== null) page.where('key', '>', after);
      const rows = (await page.select('*')) as Row[];
      return { rows: rows.map(toRecord), total: Number(count?.count ?? 0) };
    },
  };
}
