import type { Knex } from 'knex';
import { applyListQuery, sortKeyColumn } from './foia-list-sql.js';
import { toColumns, toHistoryEntry, toRecord, type FoiaHistoryRow, type FoiaRequestRow } from './foia-request-rows.js';
import type { FoiaHistoryEntry, FoiaListQuery, FoiaRequestRecord, FoiaRequestValues } from './foia-request-types.js';

/** The role the API acts as on FOIA tables (created by the migration; see ADR 0003). */
export const FOIA_APP_ROLE = 'sunlight_app';

/** Operations inside one transaction that sees only one user's rows. */
export interface FoiaUserTransaction {
  insert(values: FoiaRequestValues & { created_at: string }): Promise<FoiaRequestRecord>;
  /** The request, or null when it does not exist or belongs to someone else. */
  find(id: string, options?: { forUpdate?: boolean }): Promise<FoiaRequestRecord | null>;
  /** Writes the new values and bumps the version, if the version is still `expectedVersion`. */
  update(id: string, expectedVersion: number, values: FoiaRequestValues): Promise<FoiaRequestRecord | null>;
  addHistory(requestId: string, entry: FoiaHistoryEntry): Promise<void>;
  history(requestId: string): Promise<FoiaHistoryEntry[]>;
  /** One page of the list, the sort key of each row, and the total matching the filters. */
  list(query: FoiaListQuery): Promise<{ rows: Array<{ record: FoiaRequestRecord; sortKey: string }>; total: number }>;
}

/** Where FOIA requests are stored. */
export interface FoiaRequestStore {
  /**
   * Runs `fn` in one transaction as the application role with `app.user_id` set to
   * `userId`: row-level security shows and accepts only that user's rows.
   */
  asUser<T>(userId: string, fn: (tx: FoiaUserTransaction) => Promise<T>): Promise<T>;
}

/** The Postgres store. The connection may be a superuser: every transaction drops to the application role first. */
export function createPgFoiaRequestStore(db: Knex): FoiaRequestStore {
  return {
    asUser: (userId, fn) =>
      db.transaction(async (trx) => {
        // One round trip for both: SET LOCAL ROLE, and the caller the policies compare with.
        await trx.raw(`SELECT set_config('role', ?, true), set_config('app.user_id', ?, true)`, [FOIA_APP_ROLE, userId]);
        return fn(userTransaction(trx, userId));
      }),
  };
}

function userTransaction(trx: Knex.Transaction, userId: string): FoiaUserTransaction {
  return {
    async insert(values) {
      const [row] = await trx('foia_requests')
        .insert({ ...toColumns(values), user_id: userId, created_at: values.created_at })
        .returning('*');
      return toRecord(row as FoiaRequestRow);
    },
    async find(id, options = {}) {
      const query = trx('foia_requests').where({ id }).first();
      const row = await (options.forUpdate ? query.forUpdate() : query);
      return row ? toRecord(row as FoiaRequestRow) : null;
    },
    async update(id, expectedVersion, values) {
      const [row] = await trx('foia_requests')
        .where({ id, version: expectedVersion })
        .update({ ...toColumns(values), version: trx.raw('version + 1') })
        .returning('*');
      return row ? toRecord(row as FoiaRequestRow) : null;
    },
    async addHistory(requestId, entry) {
      await trx('foia_request_history').insert({
        request_id: requestId,
        user_id: userId,
        from_status: entry.from,
        to_status: entry.to,
        at: entry.at,
        note: entry.note,
      });
    },
    async history(requestId) {
      const rows = await trx('foia_request_history')
        .select('from_status', 'to_status', 'at', 'note')
        .where({ request_id: requestId })
        .orderBy('id');
      return (rows as FoiaHistoryRow[]).map(toHistoryEntry);
    },
    async list(query) {
      const filtered = applyListQuery(trx('foia_requests'), query, { page: false });
      const [countRow] = await filtered.clone().count<Array<{ count: number }>>('* as count');
      const rows = (await applyListQuery(trx('foia_requests'), query, { page: true }).select(
        'foia_requests.*',
        trx.raw(`${sortKeyColumn(query.sort)}::text AS sort_key`),
      )) as Array<FoiaRequestRow & { sort_key: string }>;
      return { rows: rows.map((r) => ({ record: toRecord(r), sortKey: r.sort_key })), total: Number(countRow?.count ?? 0) };
    },
  };
}
