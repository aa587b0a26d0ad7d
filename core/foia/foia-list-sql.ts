/** Filters, order and keyset pagination of the FOIA request list, as SQL. */
import type { Knex } from 'knex';
import type { FoiaListQuery, FoiaSort } from './foia-request-types.js';

interface SortSpec {
  /** SQL expression of the key; due dates sort with "no due date" last in both directions. */
  key: string;
  cast: 'date' | 'timestamptz';
  direction: 'asc' | 'desc';
}

const SORTS: Readonly<Record<FoiaSort, SortSpec>> = {
  'due_date': { key: `coalesce(due_date, 'infinity'::date)`, cast: 'date', direction: 'asc' },
  '-due_date': { key: `coalesce(due_date, '-infinity'::date)`, cast: 'date', direction: 'desc' },
  'updated_at': { key: 'updated_at', cast: 'timestamptz', direction: 'asc' },
  '-updated_at': { key: 'updated_at', cast: 'timestamptz', direction: 'desc' },
};

/** The SQL expression whose value (as text) a cursor carries for this order. */
export function sortKeyColumn(sort: FoiaSort): string {
  return SORTS[sort].key;
}

/** `clock = running and the due date is before today in the request's own time zone`. */
const OVERDUE = `(clock = 'running' AND due_date IS NOT NULL AND due_date < (?::timestamptz AT TIME ZONE time_zone)::date)`;

/** Escapes LIKE wildcards so `q` matches literally. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Applies the filters to `builder` and, with `page`, the order, the cursor and the limit
 * (one row more than asked, so the caller knows whether a next page exists).
 * Row-level security already limits the rows to the caller's.
 */
export function applyListQuery<T extends Knex.QueryBuilder>(builder: T, query: FoiaListQuery, options: { page: boolean }): T {
  if (query.status?.length) void builder.whereIn('status', query.status);
  if (query.jurisdiction?.length) void builder.whereIn('jurisdiction', query.jurisdiction);
  if (query.tag) void builder.whereRaw('? = ANY (tags)', [query.tag]);
  if (query.overdue !== undefined) {
    const now = query.now.toISOString();
    void (query.overdue ? builder.whereRaw(OVERDUE, [now]) : builder.whereRaw(`NOT ${OVERDUE}`, [now]));
  }
  if (query.q) {
    const pattern = likePattern(query.q);
    void builder.where((w) => {
      void w
        .whereRaw('subject ILIKE ?', [pattern])
        .orWhereRaw('description ILIKE ?', [pattern])
        .orWhereRaw(`agency->>'name' ILIKE ?`, [pattern])
        .orWhereRaw('notes ILIKE ?', [pattern])
        .orWhereRaw(`array_to_string(tracking_numbers, ' ') ILIKE ?`, [pattern]);
    });
  }
  if (!options.page) return builder;
  const sort = SORTS[query.sort];
  if (query.after) {
    const op = sort.direction === 'asc' ? '>' : '<';
    void builder.whereRaw(`(${sort.key}, id) ${op} (?::${sort.cast}, ?::uuid)`, [query.after.key, query.after.id]);
  }
  void builder.orderByRaw(`${sort.key} ${sort.direction}, id ${sort.direction}`).limit(query.limit + 1);
  return builder;
}
