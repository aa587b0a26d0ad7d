import { NotFoundError } from '../errors/app-error.js';
import type { DatabaseStatusStore, IngestionRunSummary, MigrationState, TableSize } from './database-status-store.js';
import type { PublishedColumn, PublishedTable } from './published-catalogue.js';
import type { PublishedStore } from './published-store.js';
import { countSql, cursorAfter, jsonValue, parseRowRequest, rowsSql, type RowQuery, type RowRequest } from './row-query.js';
import type { SqlConsole, SqlResult } from './sql-console.js';

export interface TableSummary {
  name: string;
  description: string | null;
  row_count: number;
  columns: Array<{ name: string; type: string; description: string | null; filterable: boolean; sortable: boolean }>;
}

export interface RowPage {
  table: string;
  columns: Array<{ name: string; type: string }>;
  data: Array<Record<string, unknown>>;
  /** Rows matching the filters, across pages. */
  total: number;
  next_cursor: string | null;
}

/** A whole export: the columns, then the rows in batches as they are read. */
export interface RowExport {
  columns: Array<{ name: string; type: string }>;
  batches: AsyncGenerator<Array<Record<string, unknown>>>;
}

export interface DatabaseStatus {
  migrations: MigrationState;
  tables: TableSize[];
  ingestion_runs: IngestionRunSummary[];
}

export interface DatabaseService {
  tables(): Promise<TableSummary[]>;
  rows(name: string, request: RowRequest): Promise<RowPage>;
  /** Every matching row (up to `request.limit` when given), read in keyset batches of `batchSize`. */
  exportRows(name: string, request: RowRequest): Promise<RowExport>;
  query(sql: string): Promise<SqlResult>;
  status(): Promise<DatabaseStatus>;
}

export interface DatabaseServiceDeps {
  published: PublishedStore;
  console: SqlConsole;
  status: DatabaseStatusStore;
  /** Rows per keyset query of an export. */
  batchSize?: number;
}

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

const columnsOf = (cols: PublishedColumn[]) => cols.map((c) => ({ name: c.name, type: c.type }));

/** Only the selected columns, in their order, as JSON carries them. */
function project(query: RowQuery, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(query.select.map((c) => [c.name, jsonValue(row[c.name])]));
}

export function createDatabaseService(deps: DatabaseServiceDeps): DatabaseService {
  const batchSize = deps.batchSize ?? 1000;

  async function table(name: string): Promise<PublishedTable> {
    const found = (await deps.published.tables()).find((t) => t.name === name);
    if (!found) throw new NotFoundError(`No published table "${name.slice(0, 100)}"; GET /api/database/tables lists them`);
    return found;
  }

  return {
    async tables() {
      const tables = await deps.published.tables();
      return Promise.all(
        tables.map(async (t) => ({
          name: t.name,
          description: t.description,
          row_count: await deps.published.rowCount(t),
          columns: t.columns.map((c) => ({ name: c.name, type: c.type, description: c.description, filterable: c.kind !== 'other', sortable: c.kind !== 'other' })),
        })),
      );
    },

    async rows(name, request) {
      const query = parseRowRequest(await table(name), request);
      const limit = Math.min(query.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
      const [rows, total] = await Promise.all([deps.published.rows(rowsSql(query, query.after, limit + 1)), deps.published.count(countSql(query))]);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        table: query.table.name,
        columns: columnsOf(query.select),
        data: page.map((r) => project(query, r)),
        total,
        next_cursor: rows.length > limit && last ? cursorAfter(query, last) : null,
      };
    },

    async exportRows(name, request) {
      const query = parseRowRequest(await table(name), request);
      const store = deps.published;
      async function* batches(): AsyncGenerator<Array<Record<string, unknown>>> {
        let after = query.after;
        let left = query.limit ?? Number.POSITIVE_INFINITY;
        while (left > 0) {
          const size = Math.min(batchSize, left);
          const rows = await store.rows(rowsSql(query, after, size));
          if (rows.length === 0) return;
          yield rows.map((r) => project(query, r));
          left -= rows.length;
          if (rows.length < size) return;
          const last = rows.at(-1)!;
          after = { v: jsonValue(last[query.sort.column.name]) ?? null, k: jsonValue(last[query.table.key]) };
        }
      }
      return { columns: columnsOf(query.select), batches: batches() };
    },

    query: (sql) => deps.console.run(sql),

    async status() {
      const [migrations, tables, runs] = await Promise.all([deps.status.migrations(), deps.status.tableSizes(), deps.status.recentIngestionRuns(10)]);
      return { migrations, tables, ingestion_runs: runs };
    },
  };
}
