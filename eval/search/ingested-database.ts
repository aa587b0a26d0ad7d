/**
 * A law database ingested from the real corpus, for the search evaluation and the latency
 * benchmark: a fresh database named for the run (dropped afterwards unless kept), migrated
 * and filled by the real `ingestCorpus` workflow on a Temporal dev server started for the
 * purpose with the project's own `temporal` binary.
 */
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { createKnex, migrateLatest, type Knex } from '../../core/db/knex.js';
import { createLogger } from '../../core/logger/logger.js';
import { corpusDir, legalFactsDir } from '../../test/support/corpus-dir.js';
import { adminDatabaseUrl, temporalCliPath, withDatabase } from '../../test/support/test-env.js';
import type { IndexingDeps } from '../../workers/activities/indexing-activities.js';
import { createTemporalWorker } from '../../workers/create-worker.js';
import { installTemporalRuntime } from '../../workers/temporal-runtime.js';
import type { IngestCorpusResult } from '../../workflows/ingestion-contracts.js';

/** An ingested database and how to let it go. */
export interface IngestedDatabase {
  url: string;
  db: Knex;
  /** Seconds the ingestion took (0 when an existing database was reused). */
  ingestSeconds: number;
  release(): Promise<void>;
}

async function ingestInto(db: Knex, indexing: IndexingDeps | undefined): Promise<IngestCorpusResult> {
  installTemporalRuntime(createLogger({ level: 'warn' }));
  const env = await TestWorkflowEnvironment.createLocal({
    server: { executable: { type: 'existing-path', path: temporalCliPath() }, ui: false, log: { format: 'json', level: 'error' } },
  });
  try {
    const worker = await createTemporalWorker({
      connection: env.nativeConnection,
      namespace: 'default',
      taskQueue: 'search-eval-ingest',
      logger: createLogger({ level: 'warn' }),
      ingestion: { db, corpusDir: corpusDir(), legalFactsDir: legalFactsDir() },
      ...(indexing ? { indexing } : {}),
    });
    const running = worker.run();
    const result = (await env.client.workflow.execute('ingestCorpus', {
      taskQueue: 'search-eval-ingest',
      workflowId: `search-eval-${Date.now()}`,
      args: [{}],
    })) as IngestCorpusResult;
    worker.shutdown();
    await running;
    return result;
  } finally {
    await env.teardown();
  }
}

/** A fresh name for a scripts' database. */
export function freshDatabaseName(): string {
  return `sunlight_search_${Date.now().toString(36)}`;
}

/** The database name in a Postgres URL. */
export function databaseNameOf(url: string): string {
  return new URL(url).pathname.replace(/^\//, '');
}

/**
 * With `reuseUrl`, the database there (already ingested and indexed) is used as it is.
 * Otherwise database `name` is created and ingested, with the search index when `indexing`
 * is given; `keep` leaves it in place for the next run.
 */
export async function ingestedDatabase(opts: { reuseUrl?: string; name: string; keep?: boolean; indexing?: IndexingDeps }): Promise<IngestedDatabase> {
  if (opts.reuseUrl) {
    const db = createKnex({ url: opts.reuseUrl, poolMax: 10 });
    return { url: opts.reuseUrl, db, ingestSeconds: 0, release: () => db.destroy() };
  }
  const name = opts.name;
  const admin = createKnex({ url: adminDatabaseUrl(), poolMax: 1 });
  await admin.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.raw(`CREATE DATABASE "${name}"`);
  const url = withDatabase(adminDatabaseUrl(), name);
  const db = createKnex({ url, poolMax: 10 });
  const started = performance.now();
  await migrateLatest(db);
  const result = await ingestInto(db, opts.indexing);
  const failed = result.results.filter((r) => r.outcome === 'failed');
  if (failed.length > 0) throw new Error(`ingestion failed for ${failed.map((f) => `${f.jurisdiction}: ${f.error}`).join('; ')}`);
  return {
    url,
    db,
    ingestSeconds: (performance.now() - started) / 1000,
    async release() {
      await db.destroy();
      if (!opts.keep) await admin.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.destroy();
    },
  };
}
