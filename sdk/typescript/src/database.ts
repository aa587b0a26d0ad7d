/** `client.database`: the published law database (`read:database`) and its admin console (`admin:database`). */
import { segment, type CallOptions, type Transport } from './http.js';
import { paginate } from './pagination.js';
import type { DatabaseQueryResult, DatabaseRow, DatabaseRowPage, DatabaseStatus, DatabaseTable } from './types.js';

/**
 * What rows to read. `filters` maps a column, or `column.op` (op: eq, ne, gt, gte, lt, lte,
 * contains, null), to a value: `{ jurisdiction: 'texas', 'date.gte': '2026-01-01', 'name.contains': 'day' }`.
 */
export interface RowsOptions {
  /** Columns to answer, in order (default: all). */
  columns?: string[];
  filters?: Record<string, string | number | boolean>;
  /** A column, `-` before it for descending (default: the table's key column). */
  sort?: string;
  cursor?: string;
  /** Rows per page (json: default 100, at most 1000); for an export, the most rows (default: all). */
  limit?: number;
}

export type ExportFormat = 'csv' | 'ndjson';

/** A streamed export: read it once, as a stream, as text, or line by line. */
export interface DatabaseExport {
  contentType: string | null;
  body: ReadableStream<Uint8Array>;
  text(): Promise<string>;
  /** The lines of the body as they arrive (CSV: the header first; NDJSON: one JSON row each). */
  lines(): AsyncGenerator<string, void, undefined>;
}

const RESERVED = new Set(['columns', 'sort', 'cursor', 'limit', 'format']);

function queryOf(options: RowsOptions, format: 'json' | ExportFormat): Record<string, string | number | boolean | undefined> {
  for (const key of Object.keys(options.filters ?? {})) {
    if (RESERVED.has(key)) throw new TypeError(`Filter on a column named ${key} with "${key}.eq"`);
  }
  return {
    ...options.filters,
    columns: options.columns?.join(','),
    sort: options.sort,
    cursor: options.cursor,
    limit: options.limit,
    format,
  };
}

async function* linesOf(body: ReadableStream<Uint8Array>, release: () => void): AsyncGenerator<string, void, undefined> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const parts = buffered.split(/\r?\n/);
      buffered = parts.pop() ?? '';
      for (const line of parts) yield line;
      if (done) break;
    }
    if (buffered !== '') yield buffered;
  } finally {
    reader.releaseLock();
    release();
  }
}

export class DatabaseApi {
  constructor(private readonly http: Transport) {}

  /** The published tables: description, columns (type, description, filterable, sortable) and row counts. */
  async tables(call?: CallOptions): Promise<DatabaseTable[]> {
    return (await this.http.json<{ data: DatabaseTable[] }>({ method: 'GET', path: '/api/database/tables' }, call)).data.data;
  }

  /** One page of a table's rows, with `next_cursor` for the next. */
  async rows(table: string, options: RowsOptions = {}, call?: CallOptions): Promise<DatabaseRowPage> {
    const path = `/api/database/tables/${segment(table)}/rows`;
    return (await this.http.json<DatabaseRowPage>({ method: 'GET', path, query: queryOf(options, 'json') }, call)).data;
  }

  /** Every matching row, page after page. */
  iterRows(table: string, options: Omit<RowsOptions, 'cursor'> = {}, call?: CallOptions): AsyncGenerator<DatabaseRow, void, undefined> {
    return paginate((cursor) => this.rows(table, { ...options, ...(cursor === undefined ? {} : { cursor }) }, call));
  }

  /** The whole table (filtered, sorted, up to `limit`) as CSV or NDJSON in one streamed answer. The call's timeout covers the wait for the headers only. */
  async export(table: string, format: ExportFormat, options: RowsOptions = {}, call?: CallOptions): Promise<DatabaseExport> {
    const path = `/api/database/tables/${segment(table)}/rows`;
    const accept = format === 'csv' ? 'text/csv' : 'application/x-ndjson';
    const open = await this.http.open({ method: 'GET', path, query: queryOf(options, format), accept }, call);
    open.stopTimer();
    const res = open.response;
    const body = res.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
    return {
      contentType: res.headers.get('content-type'),
      body,
      text: async () => {
        try {
          return await new Response(body).text();
        } finally {
          open.release();
        }
      },
      lines: () => linesOf(body, () => open.release()),
    };
  }

  /** Every matching row of an NDJSON export, parsed, as it streams in. */
  async *iterExport(table: string, options: RowsOptions = {}, call?: CallOptions): AsyncGenerator<DatabaseRow, void, undefined> {
    const exp = await this.export(table, 'ndjson', options, call);
    for await (const line of exp.lines()) if (line !== '') yield JSON.parse(line) as DatabaseRow;
  }

  /** Runs one read-only SQL query over the published views (`admin:database`); refusals throw with the API's code (QUERY_INVALID, QUERY_REFUSED, QUERY_TIMEOUT). */
  async query(sql: string, call?: CallOptions): Promise<DatabaseQueryResult> {
    return (await this.http.json<DatabaseQueryResult>({ method: 'POST', path: '/api/database/query', json: { sql } }, call)).data;
  }

  /** Migrations applied and pending, table sizes, recent ingestion runs (`admin:database`). */
  async status(call?: CallOptions): Promise<DatabaseStatus> {
    return (await this.http.json<DatabaseStatus>({ method: 'GET', path: '/api/database/status' }, call)).data;
  }
}
