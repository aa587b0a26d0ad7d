import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLawDatabase } from '../../../test/support/seed-law-database.js';
import { requestJson } from '../../../test/support/seeded-api.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';

let t: TestApi;
let admin: string;
let reader: string;

beforeAll(async () => {
  t = await startTestApi({ env: { DATABASE_QUERY_TIMEOUT_MS: '1000', DATABASE_QUERY_MAX_ROWS: '50' } });
  await seedLawDatabase(t.database.db);
  // A large object of the main role's: the query role must not read it.
  await t.database.db.raw("SELECT lo_from_bytea(0, 'private bytes')");
  admin = await t.token({ scope: 'admin:database' });
  reader = await t.token({ scope: 'read:database' });
});
afterAll(async () => {
  await t?.close();
});

const query = (sql: string, token = admin) => requestJson(t, '/api/database/query', { method: 'POST', token, json: { sql } });

describe('POST /api/database/query', () => {
  it('answers typed columns and rows as arrays', async () => {
    const { status, body } = await query('-- rights per jurisdiction\nSELECT jurisdiction, count(*) AS n, true AS yes FROM rights GROUP BY 1 ORDER BY 1');
    expect(status).toBe(200);
    expect(body.columns).toEqual([{ name: 'jurisdiction', type: 'text' }, { name: 'n', type: 'bigint' }, { name: 'yes', type: 'boolean' }]);
    expect(body.rows.length).toBeGreaterThan(0);
    expect(body.rows[0]).toEqual([expect.any(String), expect.any(Number), true]);
    expect(body).toMatchObject({ row_count: body.rows.length, truncated: false, elapsed_ms: expect.any(Number) });
  });

  it('reads as the query role, inside the published schema', async () => {
    const { body } = await query("SELECT current_user, session_user, current_setting('search_path'), current_setting('transaction_read_only')");
    expect(body.rows).toEqual([['sunlight_query', 'sunlight_query', 'published', 'on']]);
  });

  it('accepts WITH, VALUES and TABLE, and a query that repeats a column name', async () => {
    expect((await query('WITH x AS (SELECT 1 AS a) SELECT a, a FROM x')).body.rows).toEqual([[1, 1]]);
    expect((await query("VALUES (1, 'a')")).body.columns).toEqual([{ name: 'column1', type: 'integer' }, { name: 'column2', type: 'text' }]);
    expect((await query('TABLE exemption_categories;')).status).toBe(200);
    expect((await query('SELECT 9007199254740993::bigint AS big')).body.rows).toEqual([['9007199254740993']]);
  });

  it('caps the rows and says so', async () => {
    const { body } = await query('SELECT g FROM generate_series(1, 500) g');
    expect(body).toMatchObject({ row_count: 50, truncated: true });
    expect(body.rows.at(-1)).toEqual([50]);
  });

  it('refuses writes, DDL, COPY and session commands before running them (403 QUERY_REFUSED)', async () => {
    for (const sql of [
      "INSERT INTO rights (id) VALUES ('x')",
      "UPDATE jurisdictions SET name = 'x'",
      'DELETE FROM holidays',
      'TRUNCATE public.foia_requests',
      'CREATE TABLE published.x (a int)',
      'DROP VIEW published.rights',
      'ALTER ROLE sunlight_query SUPERUSER',
      'GRANT SELECT ON public.foia_requests TO sunlight_query',
      'COPY rights TO STDOUT',
      "COPY (SELECT 1) TO '/tmp/sunlight-escape'",
      'SET ROLE postgres',
      'RESET ROLE',
      'SET SESSION AUTHORIZATION postgres',
      'BEGIN',
      "DO $$ BEGIN PERFORM 1; END $$",
      '/* a comment */ ( EXPLAIN ANALYZE SELECT 1 )',
    ]) {
      const { status, body } = await query(sql);
      expect(status, sql).toBe(403);
      expect(body.error.code, sql).toBe('QUERY_REFUSED');
      expect(body.error.message, sql).toMatch(/Only one read query/);
    }
  });

  it('refuses what Postgres itself forbids the role, with its message (403 QUERY_REFUSED)', async () => {
    const cases: Array<[string, RegExp]> = [
      ['SELECT * FROM public.foia_requests', /permission denied for table foia_requests/],
      ['SELECT * FROM public.user_profiles', /permission denied for table user_profiles/],
      ['SELECT * FROM public.stored_objects', /permission denied for table stored_objects/],
      ['SELECT * FROM public.chat_conversations', /permission denied for table chat_conversations/],
      ['SELECT * FROM public.law_sections', /permission denied for table law_sections/],
      ['SELECT * FROM public.knex_migrations', /permission denied/],
      ['SELECT * FROM pg_catalog.pg_authid', /permission denied/],
      ["SELECT pg_read_file('/etc/passwd')", /permission denied for function pg_read_file/],
      ["SELECT pg_ls_dir('.')", /permission denied for function pg_ls_dir/],
      ["SELECT lo_import('/etc/passwd')", /permission denied for function lo_import/],
      ["SELECT lo_export(1, '/tmp/sunlight-escape')", /permission denied for function lo_export/],
      ['SELECT lo_get(oid) FROM pg_largeobject_metadata', /permission denied for large object/],
      ["SELECT set_config('role', 'postgres', false)", /permission denied to set role/],
      ["SELECT public.foia_calendar_feed_user('x')", /permission denied for function/],
      ["SELECT query_to_xml('SELECT * FROM public.foia_requests', true, true, '')", /permission denied for table foia_requests/],
      ['SELECT * FROM rights FOR UPDATE', /permission denied for view rights/],
      ['WITH gone AS (DELETE FROM rights RETURNING id) SELECT * FROM gone', /data-modifying/],
      ['SELECT 1; DELETE FROM rights', /Only one statement/],
      ['SELECT 1; SET ROLE postgres', /Only one statement/],
    ];
    for (const [sql, message] of cases) {
      const { status, body } = await query(sql);
      expect(status, sql).toBe(403);
      expect(body.error.code, sql).toBe('QUERY_REFUSED');
      expect(body.error.message, sql).toMatch(message);
      expect(body.error.metadata.sqlstate, sql).toMatch(/^[0-9A-Z]{5}$/);
      // Postgres's message, never our SQL around it nor a stack.
      expect(JSON.stringify(body), sql).not.toMatch(/DECLARE|sunlight_console|at .*\.js|stack/);
    }
  });

  it('stops a statement at the time limit (422 QUERY_TIMEOUT)', async () => {
    const started = Date.now();
    const { status, body } = await query('SELECT pg_sleep(10)');
    expect(status).toBe(422);
    expect(body.error).toMatchObject({ code: 'QUERY_TIMEOUT', metadata: { timeout_ms: 1000 } });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers SQL mistakes as 400 QUERY_INVALID with the position in the caller’s text', async () => {
    const syntax = await query('SELECT FROM WHERE');
    expect(syntax.status).toBe(400);
    expect(syntax.body.error).toMatchObject({ code: 'QUERY_INVALID', metadata: { sqlstate: '42601', position: 13 } });
    const missing = await query('SELECT * FROM foia_requests');
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('relation "foia_requests" does not exist');
    const dblink = await query("SELECT * FROM dblink('dbname=postgres', 'select 1') AS t(a int)");
    expect(dblink.status).toBe(400);
    expect((await query('   ')).status).toBe(400);
    expect((await requestJson(t, '/api/database/query', { method: 'POST', token: admin, json: { sql: 'SELECT 1', extra: 1 } })).status).toBe(400);
  });

  it('leaves nothing behind on the pooled connections: settings, read-write mode, advisory locks', async () => {
    const set = await query("SELECT set_config('default_transaction_read_only', 'off', false), set_config('search_path', 'public', false), set_config('statement_timeout', '0', false)");
    expect(set.status).toBe(200);
    expect((await query('SELECT pg_advisory_lock(4242)')).status).toBe(200);
    // A large object created in the transaction is rolled back with it.
    const created = await query("SELECT lo_from_bytea(0, 'x')");
    expect(created.status).toBe(200);
    for (let i = 0; i < 6; i++) {
      const { body } = await query("SELECT current_setting('default_transaction_read_only'), current_setting('search_path'), current_setting('statement_timeout')");
      // The console's own SET LOCAL statement_timeout (1 s here), never the 0 a query set.
      expect(body.rows).toEqual([['on', 'published', '1s']]);
    }
    const db = t.database.db;
    const locks = await db.raw<{ rows: Array<{ n: number }> }>("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'");
    expect(locks.rows[0]!.n).toBe(0);
    const objects = await db.raw<{ rows: Array<{ n: number }> }>('SELECT count(*)::int AS n FROM pg_largeobject_metadata WHERE oid = ?', [created.body.rows[0][0]]);
    expect(objects.rows[0]!.n).toBe(0);
  });

  it('needs admin:database: read:database or another scope is 403', async () => {
    const asReader = await query('SELECT 1', reader);
    expect(asReader.status).toBe(403);
    expect(asReader.body.error).toMatchObject({ code: 'AUTH_INSUFFICIENT_SCOPE', metadata: { required_scope: 'admin:database' } });
    const other = await query('SELECT 1', await t.token({ scope: 'read:transparency' }));
    expect(other.status).toBe(403);
    expect((await requestJson(t, '/api/database/query', { method: 'POST', json: { sql: 'SELECT 1' } })).status).toBe(401);
  });
});

describe('the query role', () => {
  it('is a login role with no privilege outside the published views and no role to switch to', async () => {
    const db = t.database.db;
    const role = await db.raw("SELECT rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolbypassrls, rolcanlogin, rolconfig FROM pg_roles WHERE rolname = 'sunlight_query'");
    expect(role.rows[0]).toMatchObject({ rolsuper: false, rolinherit: false, rolcreaterole: false, rolcreatedb: false, rolbypassrls: false, rolcanlogin: true });
    expect(role.rows[0].rolconfig).toEqual(expect.arrayContaining(['default_transaction_read_only=on', 'search_path=published']));
    const memberships = await db.raw("SELECT count(*)::int AS n FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.member WHERE r.rolname = 'sunlight_query'");
    expect(memberships.rows[0].n).toBe(0);
    const readable = await db.raw(`
      SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'v', 'm', 'p', 'f') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
        AND (has_table_privilege('sunlight_query', c.oid, 'SELECT') OR has_any_column_privilege('sunlight_query', c.oid, 'SELECT'))`);
    expect(readable.rows.length).toBeGreaterThan(0);
    expect(readable.rows.filter((r: { name: string }) => !r.name.startsWith('published.'))).toEqual([]);
    const writable = await db.raw(`
      SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ('public', 'published') AND c.relkind IN ('r', 'v', 'p')
        AND (has_table_privilege('sunlight_query', c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE'))`);
    expect(writable.rows).toEqual([]);
  });
});

describe('GET /api/database/status', () => {
  it('answers migrations, table sizes and recent ingestion runs', async () => {
    const runId = randomUUID();
    await t.database.db('ingestion_runs').insert({ id: runId, workflow_id: 'ingest-test', status: 'completed', requested: ['texas'], force: false, finished_at: new Date() });
    await t.database.db('ingestion_results').insert([
      { run_id: runId, jurisdiction: 'texas', outcome: 'updated', duration_ms: 12 },
      { run_id: runId, jurisdiction: 'federal', outcome: 'unchanged', duration_ms: 3 },
    ]);
    const { status, body } = await requestJson(t, '/api/database/status', { token: admin });
    expect(status).toBe(200);
    expect(body.migrations.pending).toEqual([]);
    expect(body.migrations.applied.map((m: { name: string }) => m.name)).toContain('20261128100000_create_published_views');
    expect(body.migrations.applied[0].applied_at).toEqual(expect.any(String));
    const foia = body.tables.find((x: { name: string }) => x.name === 'foia_requests');
    expect(foia).toMatchObject({ schema: 'public', total_bytes: expect.any(Number) });
    expect(body.ingestion_runs[0]).toMatchObject({ id: runId, workflow_id: 'ingest-test', status: 'completed', requested: ['texas'], outcomes: { updated: 1, unchanged: 1 } });
    expect((await requestJson(t, '/api/database/status', { token: reader })).status).toBe(403);
  });
});
