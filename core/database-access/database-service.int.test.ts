import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { queryRoleUrl } from '../config/config.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.js';
import { seedLawDatabase } from '../../test/support/seed-law-database.js';
import { createDatabaseService, type DatabaseService } from './database-service.js';
import { createPgDatabaseStatusStore } from './database-status-store.js';
import { createPgPublishedStore, createQueryPool } from './published-store.js';
import { createSqlConsole } from './sql-console.js';

let database: TestDatabase;
let pool: pg.Pool;
let service: DatabaseService;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedLawDatabase(database.db);
  pool = createQueryPool({ url: queryRoleUrl(database.url)!, max: 2 });
  // Batches of 3 rows: an export takes many keyset queries.
  service = createDatabaseService({
    published: createPgPublishedStore(pool),
    console: createSqlConsole(pool, { timeoutMs: 2000, maxRows: 10 }),
    status: createPgDatabaseStatusStore(database.db),
    batchSize: 3,
  });
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

async function collect(name: string, request: Parameters<DatabaseService['exportRows']>[1]) {
  const exp = await service.exportRows(name, request);
  const batches: Array<Array<Record<string, unknown>>> = [];
  for await (const b of exp.batches) batches.push(b);
  return batches;
}

describe('database service exports', () => {
  it('read a whole table in keyset batches, each row once, in order', async () => {
    const total = (await service.rows('statute_sections', { filters: {}, limit: 1 })).total;
    expect(total).toBeGreaterThan(6);
    const batches = await collect('statute_sections', { filters: {}, sort: '-label', columns: ['id', 'label'] });
    expect(batches.length).toBe(Math.ceil(total / 3));
    const rows = batches.flat();
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r['id'])).size).toBe(total);
    const labels = rows.map((r) => String(r['label']));
    expect(labels).toEqual([...labels].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it('stop at the limit and resume from a page cursor', async () => {
    expect((await collect('statute_sections', { filters: {}, limit: 4 })).flat()).toHaveLength(4);
    const page = await service.rows('statute_sections', { filters: {}, limit: 2 });
    const rest = (await collect('statute_sections', { filters: {}, cursor: page.next_cursor! })).flat();
    expect(rest).toHaveLength(page.total - 2);
    expect(rest.map((r) => r['id'])).not.toContain(page.data[0]!['id']);
  });

  it('run the console as the query role through the service', async () => {
    expect((await service.query('SELECT count(*) FROM statute_sections')).rows[0]).toEqual([expect.any(Number)]);
  });
});
