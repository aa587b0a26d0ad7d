import pg from 'pg';
import { CATALOGUE_SQL, PUBLISHED_SCHEMA, qualified, tablesFromCatalogue, type CatalogueRow, type PublishedTable } from './published-catalogue.js';
import type { Sql } from './row-query.js';

/** Reads the published views, always through the query role's own pool. */
export interface PublishedStore {
  tables(): Promise<PublishedTable[]>;
  rowCount(table: PublishedTable): Promise<number>;
  rows(sql: Sql): Promise<Array<Record<string, unknown>>>;
  count(sql: Sql): Promise<number>;
}

export interface QueryPoolOptions {
  url: string;
  max?: number;
  applicationName?: string;
}

/**
 * The pool of the `sunlight_query` role, created once by the process's wiring. Its role's
 * own defaults (read-only, statement timeout, `search_path = published`) apply to every
 * connection; the pool adds nothing that would widen them.
 */
export function createQueryPool(options: QueryPoolOptions): pg.Pool {
  const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 5, application_name: options.applicationName ?? 'sunlight-query', idleTimeoutMillis: 30_000 });
  // An idle client that dies (a restart of Postgres) must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

export function createPgPublishedStore(pool: pg.Pool): PublishedStore {
  return {
    async tables() {
      const res = await pool.query<CatalogueRow>(CATALOGUE_SQL, [PUBLISHED_SCHEMA]);
      return tablesFromCatalogue(res.rows);
    },
    async rowCount(table) {
      const res = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${qualified(table)}`);
      return res.rows[0]?.n ?? 0;
    },
    async rows(sql) {
      const res = await pool.query<Record<string, unknown>>(sql.text, sql.values);
      return res.rows;
    },
    async count(sql) {
      const res = await pool.query<{ n: number }>(sql.text, sql.values);
      return res.rows[0]?.n ?? 0;
    },
  };
}
