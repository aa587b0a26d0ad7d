import { z } from 'zod';
import { RESERVED_PARAMETERS } from '../../../core/database-access/row-query.js';

/** Request and response shapes of `/api/database/*`. */

export const tableNameParams = z.object({
  name: z.string().min(1).max(63).describe('A published table, as GET /api/database/tables names it (e.g. `rights`)'),
});

const columnList = z
  .string()
  .max(4000)
  .transform((v) => v.split(',').map((s) => s.trim()).filter((s) => s !== ''))
  .describe('Columns to answer, comma-separated, in order (default: all)');

/**
 * The known parameters, plus any number of filters: every other parameter names a column,
 * with an optional operator after a dot. `catchall` keeps them; a repeated one is a 400.
 */
export const rowsQuery = z
  .object({
    columns: columnList.optional(),
    sort: z.string().max(100).regex(/^[-+]?[A-Za-z_][A-Za-z0-9_]*$/, 'A column name, with - before it for descending').optional().describe('Sort column, `-` before it for descending (e.g. `-date`); ties and pages go by the table’s key column. Default: the key column'),
    cursor: z.string().max(4096).optional().describe('next_cursor of the previous page (json), or to resume an export'),
    limit: z.coerce.number().int().min(1).max(1_000_000_000).optional().describe('Rows per page for json (default 100, at most 1000); for ndjson and csv the most rows to export (default: all)'),
    format: z.enum(['json', 'ndjson', 'csv']).default('json').describe('json: one page in the list envelope; ndjson (one JSON object per line) or csv (a header row, RFC 4180): every matching row, streamed'),
  })
  .catchall(z.string({ error: 'A filter is given once, as column=value or column.operator=value' }).max(1000));

export type RowsQuery = z.infer<typeof rowsQuery>;

/** The filters of a rows query: every parameter that is not one of the known ones. */
export function filtersOf(query: Record<string, unknown>): Record<string, string> {
  const reserved = new Set<string>(RESERVED_PARAMETERS);
  return Object.fromEntries(Object.entries(query).filter(([k, v]) => !reserved.has(k) && typeof v === 'string')) as Record<string, string>;
}

export const FILTER_HELP =
  'Filters: any other parameter names a column. `column=value` (equal), `column.ne`, `.gt`, `.gte`, `.lt`, `.lte` (ranges; values as the column’s type: ' +
  'integers, numbers, `true`/`false`, `YYYY-MM-DD`, ISO 8601 timestamps), `column.contains=text` (case-insensitive, text columns), `column.null=true|false`. ' +
  'Several filters all apply. JSON columns can be selected but not filtered or sorted. An unknown column or a value of the wrong type is a 400 naming it.';

const columnSchema = z.object({
  name: z.string(),
  type: z.string().describe('Postgres type, e.g. text, integer, date, timestamp with time zone, jsonb'),
  description: z.string().nullable(),
  filterable: z.boolean(),
  sortable: z.boolean(),
});

export const tableListSchema = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      description: z.string().nullable(),
      row_count: z.number().int().min(0),
      columns: z.array(columnSchema),
    }),
  ),
});

const columnTypeSchema = z.object({ name: z.string(), type: z.string() });

export const rowPageSchema = z.object({
  table: z.string(),
  columns: z.array(columnTypeSchema).describe('The columns of each row, in order'),
  data: z.array(z.record(z.string(), z.unknown())).describe('Rows, keyed by column name'),
  total: z.number().int().min(0).describe('Rows matching the filters, across pages'),
  next_cursor: z.string().nullable().describe('`cursor` of the next page; null on the last page'),
});

export const queryBody = z
  .object({
    sql: z.string().min(1).max(100_000).describe('One read query (SELECT, WITH, TABLE or VALUES) over the published views, e.g. `SELECT jurisdiction, count(*) FROM rights GROUP BY 1`'),
  })
  .strict();

export const queryResultSchema = z.object({
  columns: z.array(columnTypeSchema),
  rows: z.array(z.array(z.unknown())).describe('Rows as arrays, aligned with columns (a query may repeat a column name)'),
  row_count: z.number().int().min(0),
  truncated: z.boolean().describe('More rows matched than the cap (DATABASE_QUERY_MAX_ROWS); the rest were not read'),
  elapsed_ms: z.number().int().min(0),
});

export const statusSchema = z.object({
  migrations: z.object({
    applied: z.array(z.object({ name: z.string(), applied_at: z.string().nullable() })),
    pending: z.array(z.string()),
  }),
  tables: z.array(
    z.object({
      schema: z.string(),
      name: z.string(),
      total_bytes: z.number().int().describe('Table, indexes and TOAST'),
      estimated_rows: z.number().int().describe("The planner's estimate; -1 when never analysed"),
    }),
  ),
  ingestion_runs: z.array(
    z.object({
      id: z.string(),
      workflow_id: z.string(),
      status: z.string().describe('running, completed, completed_with_errors or failed'),
      force: z.boolean(),
      requested: z.array(z.string()).nullable().describe('Jurisdictions asked for; null: all'),
      started_at: z.string(),
      finished_at: z.string().nullable(),
      outcomes: z.record(z.string(), z.number().int()).describe('Jurisdictions by outcome: created, updated, unchanged, failed'),
    }),
  ),
});
