import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { migrationSource } from './migrations/index.js';

export type { Knex } from 'knex';

// Return int8 (bigint) counts as numbers: our counts never approach 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
// Return DATE columns as 'YYYY-MM-DD' strings, never shifted by the process time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export interface DatabaseOptions {
  url: string;
  poolMax?: number;
  applicationName?: string;
}

/** Creates a knex instance for Postgres. Each process creates one, in its wiring. */
export function createKnex(options: DatabaseOptions): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString: options.url, application_name: options.applicationName ?? 'sunlight' },
    pool: { min: 0, max: options.poolMax ?? 10 },
    migrations: { migrationSource, tableName: 'knex_migrations' },
  });
}

/** Applies every pending migration; returns the names applied. */
export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest()) as [number, string[]];
  return applied;
}

/** Rolls back every migration (used by the migration tests and `npm run migrate:down`). */
export async function migrateRollbackAll(db: Knex): Promise<string[]> {
  const [, rolled] = (await db.migrate.rollback(undefined, true)) as [number, string[]];
  return rolled;
}
