import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.js';
import { migrateLatest, migrateRollbackAll } from './knex.js';
import { MIGRATION_NAMES } from './migrations/index.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
});
afterAll(async () => {
  await database?.drop();
});

async function userTables(): Promise<string[]> {
  const res = await database.db.raw<{ rows: Array<{ tablename: string }> }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'knex_%' ORDER BY 1`,
  );
  return res.rows.map((r) => r.tablename);
}

describe('migrations', () => {
  it('are timestamped and in order', () => {
    expect(MIGRATION_NAMES.every((n) => /^\d{14}_[a-z0-9_]+$/.test(n))).toBe(true);
    expect([...MIGRATION_NAMES].sort()).toEqual(MIGRATION_NAMES);
  });

  it('go all the way up, all the way down, and up again', async () => {
    expect(await migrateLatest(database.db)).toEqual(MIGRATION_NAMES);
    const up = await userTables();
    expect(up).toContain('api_requests');
    expect(await migrateRollbackAll(database.db)).toEqual([...MIGRATION_NAMES].reverse());
    expect(await userTables()).toEqual([]);
    expect(await migrateLatest(database.db)).toEqual(MIGRATION_NAMES);
    expect(await userTables()).toEqual(up);
  });

  it('give every table a primary key', async () => {
    const res = await database.db.raw<{ rows: Array<{ tablename: string }> }>(`
      SELECT t.tablename FROM pg_tables t
      WHERE t.schemaname = 'public' AND NOT EXISTS (
        SELECT 1 FROM pg_constraint c JOIN pg_class k ON k.oid = c.conrelid
        WHERE c.contype = 'p' AND k.relname = t.tablename)`);
    expect(res.rows.map((r) => r.tablename).filter((n) => !n.startsWith('knex_'))).toEqual([]);
  });
});
