import type { Knex } from 'knex';
import { inUserTransaction } from '../../db/user-transaction.js';
import type { AgencyListQuery, AgencyRecord, AgencyStatistics, AgencyValues } from './agency-types.js';

/** Operations in one transaction as one user: row-level security shows the directory and that user's own entries. */
export interface AgencyUserTransaction {
  /** A directory entry or one of the user's own; null for another user's or none. */
  find(id: string, options?: { forUpdate?: boolean }): Promise<AgencyRecord | null>;
  /** One page (one row more than `limit` when a next page exists) and the total matching the filters. */
  list(query: AgencyListQuery): Promise<{ rows: Array<{ record: AgencyRecord; sortKey: string }>; total: number }>;
  insert(values: AgencyValues): Promise<AgencyRecord>;
  /** Changes one of the user's own entries; null when it is not theirs. */
  update(id: string, values: Partial<AgencyValues>): Promise<AgencyRecord | null>;
  /** Deletes one of the user's own entries; false when it is not theirs. */
  remove(id: string): Promise<boolean>;
  /** How many of the user's own requests name the entry. */
  requestsNaming(id: string): Promise<number>;
  /** The aggregates `foia_agency_statistics()` computes over every user's requests (a function that returns no rows). */
  statistics(id: string, asOf: string): Promise<AgencyStatistics>;
}

/** Where directory entries are kept. */
export interface AgencyStore {
  asUser<T>(userId: string, fn: (tx: AgencyUserTransaction) => Promise<T>): Promise<T>;
}

const COLUMNS = [
  'id', 'jurisdiction', 'name', 'kind', 'email', 'portal_url', 'postal_address', 'phone', 'records_officer_title',
  'records_officer_citation', 'notes', 'based_on', 'source', 'source_ref', 'created_at', 'updated_at',
] as const;

type AgencyRow = Omit<AgencyRecord, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };

const toRecord = (row: AgencyRow): AgencyRecord => ({ ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() });

/** `%` and `_` in a search are the characters, not wildcards. */
const likePattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const numberOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The Postgres store; every transaction drops to the application role (see core/db/user-transaction.ts). */
export function createPgAgencyStore(db: Knex): AgencyStore {
  return { asUser: (userId, fn) => inUserTransaction(db, userId, (trx) => fn(userTransaction(trx, userId))) };
}

function userTransaction(trx: Knex.Transaction, userId: string): AgencyUserTransaction {
  const filtered = (query: AgencyListQuery) => {
    const builder = trx('foia_agencies');
    if (query.jurisdiction) void builder.where('jurisdiction', query.jurisdiction);
    if (query.kind) void builder.where('kind', query.kind);
    if (query.q) void builder.whereRaw(`name ILIKE ? ESCAPE '\\'`, [likePattern(query.q)]);
    return builder;
  };
  return {
    async find(id, options = {}) {
      const query = trx('foia_agencies').select(COLUMNS).where({ id }).first();
      const row = (await (options.forUpdate ? query.forUpdate() : query)) as AgencyRow | undefined;
      return row ? toRecord(row) : null;
    },
    async list(query) {
      const [countRow] = await filtered(query).count<Array<{ count: string }>>('* as count');
      const page = filtered(query)
        .select([...COLUMNS, trx.raw('lower(name) AS sort_key')])
        .orderByRaw('lower(name), id')
        .limit(query.limit + 1);
      if (query.after) void page.whereRaw('(lower(name), id) > (?, ?::uuid)', [query.after.name, query.after.id]);
      const rows = (await page) as Array<AgencyRow & { sort_key: string }>;
      return { rows: rows.map(({ sort_key, ...row }) => ({ record: toRecord(row), sortKey: sort_key })), total: Number(countRow?.count ?? 0) };
    },
    async insert(values) {
      const [row] = (await trx('foia_agencies')
        .insert({ ...values, owner_id: userId, source: 'user' })
        .returning(COLUMNS)) as AgencyRow[];
      return toRecord(row!);
    },
    async update(id, values) {
      const [row] = (await trx('foia_agencies')
        .where({ id, owner_id: userId })
        .update({ ...values, updated_at: trx.fn.now() })
        .returning(COLUMNS)) as AgencyRow[];
      return row ? toRecord(row) : null;
    },
    async remove(id) {
      return (await trx('foia_agencies').where({ id, owner_id: userId }).del()) > 0;
    },
    async requestsNaming(id) {
      const [row] = await trx('foia_requests').whereRaw(`agency->>'directory_id' = ?`, [id]).count<Array<{ count: string }>>('* as count');
      return Number(row?.count ?? 0);
    },
    async statistics(id, asOf) {
      const result = await trx.raw('SELECT * FROM foia_agency_statistics(?::uuid, ?::date)', [id, asOf]);
      const r = (result.rows as Array<Record<string, unknown>>)[0] ?? {};
      return {
        as_of: asOf,
        requests: Number(r['requests'] ?? 0),
        answered: Number(r['answered'] ?? 0),
        completed: Number(r['completed'] ?? 0),
        median_days_to_first_response: numberOrNull(r['median_days_to_first_response']),
        median_days_to_completion: numberOrNull(r['median_days_to_completion']),
        share_overdue: numberOrNull(r['share_overdue']),
        share_fully_granted: numberOrNull(r['share_fully_granted']),
      };
    },
  };
}
