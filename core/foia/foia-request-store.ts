import type { Knex } from 'knex';
import { applyListQuery, sortKeyColumn } from './foia-list-sql.js';
import { toColumns, toHistoryEntry, toRecord, type FoiaHistoryRow, type FoiaRequestRow } from './foia-request-rows.js';
import type { FoiaHistoryEntry, FoiaListQuery, FoiaRequestRecord, FoiaRequestValues } from './foia-request-types.js';
import type { FoiaReminderKind, FoiaReminderQuery, FoiaReminderWithRequest } from './reminders/foia-reminders.js';
import { APP_ROLE, inUserTransaction } from '../db/user-transaction.js';

/** The role the API acts as on FOIA tables (created by the migration; see ADR 0003). */
export const FOIA_APP_ROLE = APP_ROLE;

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
  /**
   * One page of the deadline reminders the reminder job recorded, newest first (one row more
   * than `limit` when a next page exists), with the sort key of each row and the total
   * matching the filters.
   */
  reminders(query: FoiaReminderQuery): Promise<{ rows: Array<{ reminder: FoiaReminderWithRequest; sortKey: string }>; total: number }>;
  /** Whether a reminder of `kind` is recorded for the request's `dueDate`. */
  hasReminder(requestId: string, kind: FoiaReminderKind, dueDate: string): Promise<boolean>;
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
    asUser: (userId, fn) => inUserTransaction(db, userId, (trx) => fn(userTransaction(trx, userId))),
  };
}

/**
 * The request operations over a transaction that already acts as `userId` (`inUserTransaction`),
 * for services that write other tables in the same transaction (a communication and the
 * status change it brings).
 */
export function foiaUserTransaction(trx: Knex.Transaction, userId: string): FoiaUserTransaction {
  return userTransaction(trx, userId);
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
    async reminders(query) {
      const filtered = () => {
        const builder = trx('foia_notifications as n').join('foia_requests as r', 'r.id', 'n.request_id');
        if (query.requestId) void builder.where('n.request_id', query.requestId);
        if (query.kind) void builder.where('n.kind', query.kind);
        return builder;
      };
      const [countRow] = await filtered().count<Array<{ count: number }>>('* as count');
      const page = filtered()
        .select('n.id', 'n.request_id', 'n.kind', 'n.due_date', 'n.days_until_due', 'n.created_at', 'r.subject', trx.raw(`r.agency->>'name' AS agency_name`))
        .select(trx.raw('n.created_at::text AS sort_key'))
        .orderBy([{ column: 'n.created_at', order: 'desc' }, { column: 'n.id', order: 'desc' }])
        .limit(query.limit + 1);
      if (query.after) void page.whereRaw('(n.created_at, n.id) < (?::timestamptz, ?::bigint)', [query.after.key, query.after.id]);
      const rows = (await page) as Array<Omit<FoiaReminderWithRequest, 'created_at'> & { created_at: Date; sort_key: string }>;
      return {
        rows: rows.map(({ sort_key, created_at, ...r }) => ({ reminder: { ...r, created_at: created_at.toISOString() }, sortKey: sort_key })),
        total: Number(countRow?.count ?? 0),
      };
    },
    async hasReminder(requestId, kind, dueDate) {
      const row = await trx('foia_notifications').select(trx.raw('1')).where({ request_id: requestId, kind, due_date: dueDate }).first();
      return row !== undefined;
    },
  };
}
