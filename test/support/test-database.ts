import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createKnex, type Knex } from '../../core/db/knex.js';
import { adminDatabaseUrl, withDatabase } from './test-env.js';

export interface TestDatabase {
  name: string;
  url: string;
  db: Knex;
  drop(): Promise<void>;
}

async function withAdmin(sql: string): Promise<void> {
  const admin = createKnex({ url: adminDatabaseUrl(), poolMax: 1 });
  try {
    await admin.raw(sql);
  } finally {
    await admin.destroy();
  }
}

/**
 * A database of its own for one test file: cloned from the run's migrated template, or
 * empty (no migrations) for the migration tests.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const name = `sunlight_t_${inject('runId')}_${randomBytes(4).toString('hex')}`;
  const template = options.empty ? '' : ` TEMPLATE "${inject('templateDatabase')}"`;
  await withAdmin(`CREATE DATABASE "${name}"${template}`);
  const url = withDatabase(adminDatabaseUrl(), name);
  const db = createKnex({ url, poolMax: 5 });
  return {
    name,
    url,
    db,
    async drop() {
      await db.destroy();
      await withAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
