import pg from 'pg';
import { jsonValue } from './row-query.js';
import { QueryInvalidError, QueryRefusedError, queryErrorFrom } from './query-errors.js';

/** The answer of one console query: columns in order, rows as arrays aligned with them. */
export interface SqlResult {
  columns: Array<{ name: string; type: string }>;
  rows: unknown[][];
  row_count: number;
  /** More rows than `maxRows` matched; the rest were not read. */
  truncated: boolean;
  elapsed_ms: number;
}

export interface SqlConsole {
  run(sql: string): Promise<SqlResult>;
}

export interface SqlConsoleOptions {
  timeoutMs: number;
  maxRows: number;
}

const READ_KEYWORDS = new Set(['select', 'with', 'table', 'values']);
const CURSOR = 'sunlight_console';
const PREFIX = `DECLARE ${CURSOR} NO SCROLL CURSOR FOR `;

/** The first word of the statement, past comments, whitespace and opening parentheses. */
export function leadingKeyword(sql: string): string {
  let rest = sql;
  for (;;) {
    const before = rest;
    rest = rest.replace(/^[\s(]+/, '').replace(/^--[^\n]*(\n|$)/, '').replace(/^\/\*[\s\S]*?\*\//, '');
    if (rest === before) break;
  }
  return (/^[A-Za-z_]+/.exec(rest)?.[0] ?? '').toLowerCase();
}

/** int8 as a number when it is exact, else as its digits (a query may compute any bigint). */
function typeParser(oid: number, format?: string): (value: string) => unknown {
  if (oid === 20) return (v) => (Number.isSafeInteger(Number(v)) ? Number(v) : v);
  if (oid === 1082) return (v) => v;
  return (pg.types.getTypeParser as (oid: number, format?: string) => (value: string) => unknown)(oid, format);
}

/**
 * Runs admin SQL over the published views. Layers, each enough on its own for most escapes:
 *  1. the connection is the `sunlight_query` role's (its own pool): no privilege outside the
 *     `published` schema, no role to SET ROLE to, read-only and time-limited by default;
 *  2. one READ ONLY transaction with `SET LOCAL statement_timeout`, always rolled back, then
 *     `DISCARD ALL` so nothing a query set (settings, advisory locks) outlives it;
 *  3. the SQL must be one read statement: it runs as the query of a cursor
 *     (`DECLARE … CURSOR FOR`, which only takes a SELECT, WITH, TABLE or VALUES) through the
 *     extended protocol, which refuses several statements; rows are fetched up to the cap.
 */
export function createSqlConsole(pool: pg.Pool, options: SqlConsoleOptions): SqlConsole {
  return {
    async run(sql) {
      const text = sql.trim().replace(/;+\s*$/, '');
      const keyword = leadingKeyword(text);
      if (keyword === '') throw new QueryInvalidError('Give one SQL statement');
      if (!READ_KEYWORDS.has(keyword)) {
        throw new QueryRefusedError(`Only one read query (SELECT, WITH, TABLE or VALUES) is accepted, not ${keyword.toUpperCase()}`, { statement: keyword.toUpperCase() });
      }
      const client = await pool.connect().catch((err: unknown) => {
        throw queryErrorFrom(err, options.timeoutMs);
      });
      let broken = false;
      try {
        await client.query('BEGIN TRANSACTION READ ONLY');
        await client.query(`SET LOCAL statement_timeout = ${Math.trunc(options.timeoutMs)}`);
        const started = performance.now();
        await client.query({ text: PREFIX + text, queryMode: 'extended' } as pg.QueryConfig);
        const res = await client.query({ text: `FETCH FORWARD ${options.maxRows + 1} FROM ${CURSOR}`, rowMode: 'array', types: { getTypeParser: typeParser } } as pg.QueryArrayConfig);
        const elapsed = Math.round(performance.now() - started);
        const oids = [...new Set(res.fields.map((f) => f.dataTypeID))];
        const named = await client.query<{ oid: number; name: string }>('SELECT oid::int AS oid, format_type(oid, NULL) AS name FROM pg_catalog.pg_type WHERE oid = ANY($1)', [oids]);
        const typeName = new Map(named.rows.map((r) => [r.oid, r.name]));
        const truncated = res.rows.length > options.maxRows;
        const rows = (truncated ? res.rows.slice(0, options.maxRows) : res.rows).map((r: unknown[]) => r.map(jsonValue));
        return {
          columns: res.fields.map((f) => ({ name: f.name, type: typeName.get(f.dataTypeID) ?? String(f.dataTypeID) })),
          rows,
          row_count: rows.length,
          truncated,
          elapsed_ms: elapsed,
        };
      } catch (err) {
        // Speak of the caller's text, not of the cursor it runs in.
        const e = err as { position?: string; message?: string };
        if (e && typeof e.position === 'string') e.position = String(Math.max(1, Number(e.position) - PREFIX.length));
        if (e && typeof e.message === 'string') e.message = e.message.replace(/DECLARE CURSOR|cursor "sunlight_console"/g, 'a read query');
        throw queryErrorFrom(err, options.timeoutMs);
      } finally {
        await client.query('ROLLBACK').catch(() => (broken = true));
        if (!broken) await client.query('DISCARD ALL').catch(() => (broken = true));
        client.release(broken);
      }
    },
  };
}
