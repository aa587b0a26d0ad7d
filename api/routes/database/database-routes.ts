import type { DatabaseService } from '../../../core/database-access/database-service.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { FILTER_HELP, filtersOf, queryBody, queryResultSchema, rowPageSchema, rowsQuery, statusSchema, tableListSchema, tableNameParams } from './database-schemas.js';
import { streamExport } from './row-export.js';

/**
 * The published database: its tables and their rows (`read:database`), and for
 * administrators read-only SQL over them and the database's status (`admin:database`).
 */
export function registerDatabaseRoutes(routes: RouteRegistry, deps: { database: DatabaseService }): void {
  routes.add({
    method: 'get',
    path: '/api/database/tables',
    scope: 'read:database',
    tags: ['database'],
    summary: 'Published tables and views',
    description: 'The views of the law database anyone with `read:database` may read (jurisdictions, statute sections, rights, exemptions, legal facts, response deadlines, holidays…), each with its description, columns (Postgres type, description, whether it can be filtered and sorted) and row count. Nothing of any user is published.',
    response: tableListSchema,
    handler: async () => ({ body: { data: await deps.database.tables() } }),
  });

  routes.add({
    method: 'get',
    path: '/api/database/tables/:name/rows',
    scope: 'read:database',
    tags: ['database'],
    summary: 'Rows of one published table (json page, or a whole ndjson/csv export, streamed)',
    description:
      `Column selection (\`columns=a,b\`), filters, one sort column and a keyset cursor. ${FILTER_HELP} ` +
      'format=json answers one page (`limit`, default 100, at most 1000) with `next_cursor`; format=ndjson or csv streams every matching row in one response (read from Postgres in batches), up to `limit` when given. ' +
      'An unknown table is a 404.',
    params: tableNameParams,
    query: rowsQuery,
    response: rowPageSchema,
    alternatives: {
      'application/x-ndjson': { description: 'Every matching row, one JSON object per line (format=ndjson)' },
      'text/csv': { description: 'Every matching row as CSV with a header row (format=csv); JSON columns as JSON text' },
    },
    responseHeaders: { 'Content-Disposition': 'For ndjson and csv: attachment, with a file name (the table’s)' },
    handler: async ({ params, query, res, log }) => {
      const request = { columns: query.columns, filters: filtersOf(query), sort: query.sort, cursor: query.cursor, limit: query.limit };
      if (query.format === 'json') return { body: await deps.database.rows(params.name, request) };
      await streamExport(res, await deps.database.exportRows(params.name, request), query.format, params.name, log);
      return undefined;
    },
  });

  routes.add({
    method: 'post',
    path: '/api/database/query',
    scope: 'admin:database',
    tags: ['database'],
    summary: 'Run one read-only SQL query over the published views',
    description:
      'The query runs as `sunlight_query`, a login role of its own that may read only the `published` schema, on a pool of its own, in a READ ONLY transaction ' +
      'with a statement timeout (DATABASE_QUERY_TIMEOUT_MS), and answers at most DATABASE_QUERY_MAX_ROWS rows (`truncated` says when more matched). ' +
      'Refusals carry Postgres’s message and SQLSTATE: 400 QUERY_INVALID (syntax, unknown table or column), 403 QUERY_REFUSED (anything but one read query: writes, DDL, COPY, SET ROLE, ' +
      'file and large-object functions, tables outside the published views, several statements), 422 QUERY_TIMEOUT (cancelled at the time limit).',
    body: queryBody,
    response: queryResultSchema,
    errors: [422, 503],
    examples: {
      body: { sql: 'SELECT jurisdiction, count(*) AS exemptions FROM exemptions GROUP BY jurisdiction ORDER BY 2 DESC' },
      response: { columns: [{ name: 'jurisdiction', type: 'text' }, { name: 'exemptions', type: 'bigint' }], rows: [['texas', 41]], row_count: 1, truncated: false, elapsed_ms: 3 },
    },
    handler: async ({ body }) => ({ body: await deps.database.query(body.sql) }),
  });

  routes.add({
    method: 'get',
    path: '/api/database/status',
    scope: 'admin:database',
    tags: ['database'],
    summary: 'Migrations applied and pending, table sizes, recent ingestion runs',
    description: 'Sizes and planner row estimates of the tables (of users’ tables too: sizes only, never rows), the migrations applied with their time and those pending, and the ten latest ingestion runs with their outcomes per jurisdiction.',
    response: statusSchema,
    handler: async () => ({ body: await deps.database.status() }),
  });
}
