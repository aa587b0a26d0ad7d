/**
 * The law database the chat evaluation runs against: freshly ingested from the real corpus
 * by the real `ingestCorpus` workflow (as bench/ingest-corpus.ts does), on a Temporal dev
 * server started for the purpose with the project's own `temporal` binary. The database is
 * kept under a fixed name so that labelling the questions and evaluating read the same
 * data; `fresh` drops and rebuilds it.
 */
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { createKnex, migrateLatest, type Knex } from '../../core/db/knex.js';
import { createLogger } from '../../core/logger/logger.js';
import { corpusDir, legalFactsDir } from '../../test/support/corpus-dir.js';
import { adminDatabaseUrl, temporalCliPath, withDatabase } from '../../test/support/test-env.js';
import { createTemporalWorker } from '../../workers/create-worker.js';
import { installTemporalRuntime } from '../../workers/temporal-runtime.js';
import type { IngestCorpusResult } from '../../workflows/ingestion-contracts.js';

/** The evaluation's database name. */
export const EVAL_DATABASE = 'sunlight_chat_eval';

/** An open evaluation database. */
export interface EvalDatabase {
  url: string;
  db: Knex;
  ingestSeconds: number;
  close(): Promise<void>;
}

async function ingest(db: Knex): Promise<void> {
  installTemporalRuntime(createLogger({ level: 'warn' }));
  const env = await TestWorkflowEnvironment.createLocal({
    server: { executable: { type: 'existing-path', path: temporalCliPath() }, ui: false, log: { format: 'json', level: 'error' } },
  });
  try {
    const taskQueue = 'chat-eval-ingest';
    const worker = await createTemporalWorker({
      connection: env.nativeConnection,
      namespace: 'default',
      taskQueue,
      logger: createLogger({ level: 'warn' }),
      ingestion: { db, corpusDir: corpusDir(), legalFactsDir: legalFactsDir() },
    });
    const result = (await worker.runUntil(
      env.client.workflow.execute('ingestCorpus', { taskQueue, workflowId: `chat-eval-${Date.now()}`, args: [{}] }),
    )) as IngestCorpusResult;
    const failed = result.results.filter((r) => r.outcome === 'failed');
    if (failed.length > 0) throw new Error(`ingestion failed: ${failed.map((f) => `${f.jurisdiction}: ${f.error}`).join('; ')}`);
  } finally {
    await env.teardown();
  }
}

/** Opens the evaluation database, ingesting it first when it is missing, empty or `fresh` is asked for. */
export async function openEvalDatabase(opts: { fresh?: boolean } = {}): Promise<EvalDatabase> {
  const admin = createKnex({ url: adminDatabaseUrl(), poolMax: 1 });
  try {
    if (opts.fresh) await admin.raw(`DROP DATABASE IF EXISTS "${EVAL_DATABASE}" WITH (FORCE)`);
    const exists = await admin.raw(`SELECT 1 FROM pg_database WHERE datname = ?`, [EVAL_DATABASE]);
    if (exists.rows.length === 0) await admin.raw(`CREATE DATABASE "${EVAL_DATABASE}"`);
  } finally {
    await admin.destroy();
  }
  const url = withDatabase(adminDatabaseUrl(), EVAL_DATABASE);
  const db = createKnex({ url, poolMax: 8 });
  await migrateLatest(db);
  const count = await db('jurisdictions').count<{ n: number }[]>('* as n').first();
  let ingestSeconds = 0;
  if (Number(count?.n ?? 0) === 0) {
    const started = performance.now();
    await ingest(db);
    ingestSeconds = (performance.now() - started) / 1000;
  }
  return { url, db, ingestSeconds, close: () => db.destroy() };
}
