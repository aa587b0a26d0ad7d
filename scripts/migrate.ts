import { createKnex, migrateLatest, migrateRollbackAll } from '../core/db/knex.js';
import { ensureDatabase } from './ensure-database.js';
import { loadCliConfig } from './cli-config.js';

/** `npm run migrate` (latest) and `npm run migrate:down` (roll everything back). */
async function main(): Promise<void> {
  const command = process.argv[2] ?? 'latest';
  const config = loadCliConfig();
  await ensureDatabase(config.database.url);
  const db = createKnex({ url: config.database.url, poolMax: 2 });
  try {
    if (command === 'latest') {
      const applied = await migrateLatest(db);
      console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
    } else if (command === 'rollback') {
      const rolled = await migrateRollbackAll(db);
      console.log(rolled.length ? `rolled back: ${rolled.join(', ')}` : 'nothing to roll back');
    } else {
      console.error('usage: migrate.ts latest|rollback');
      process.exitCode = 2;
    }
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error('migrate: failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
