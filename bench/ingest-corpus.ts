/**
 * Full ingestion of the real corpus into a fresh database, then an unchanged re-ingestion,
 * on a Temporal dev server started for the purpose (the project's own `temporal` binary).
 * Prints timings and the law database's counts.
 *
 *   npx tsx bench/ingest-corpus.ts
 */
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { createKnex, migrateLatest } from '../core/db/knex.js';
import { createLogger } from '../core/logger/logger.js';
import { createTemporalWorker } from '../workers/create-worker.js';
import { installTemporalRuntime } from '../workers/temporal-runtime.js';
import type { IngestCorpusResult } from '../workflows/ingestion-contracts.js';
import { corpusDir, legalFactsDir } from '../test/support/corpus-dir.js';
import { adminDatabaseUrl, temporalCliPath, withDatabase } from '../test/support/test-env.js';

async function main(): Promise<void> {
  installTemporalRuntime(createLogger({ level: 'warn' }));
  const name = `sunlight_bench_${Date.now().toString(36)}`;
  const admin = createKnex({ url: adminDatabaseUrl(), poolMax: 1 });
  await admin.raw(`CREATE DATABASE ${name}`);
  const db = createKnex({ url: withDatabase(adminDatabaseUrl(), name), poolMax: 10 });
  const env = await TestWorkflowEnvironment.createLocal({
    server: { executable: { type: 'existing-path', path: temporalCliPath() }, ui: false, log: { format: 'json', level: 'error' } },
  });
  try {
    await migrateLatest(db);
    const worker = await createTemporalWorker({
      connection: env.nativeConnection,
      namespace: 'default',
      taskQueue: 'bench-ingest',
      logger: createLogger({ level: 'warn' }),
      ingestion: { db, corpusDir: corpusDir(), legalFactsDir: legalFactsDir() },
    });
    const running = worker.run();
    const run = async (label: string): Promise<void> => {
      const started = performance.now();
      const result = (await env.client.workflow.execute('ingestCorpus', {
        taskQueue: 'bench-ingest',
        workflowId: `bench-${Date.now()}`,
        args: [{}],
      })) as IngestCorpusResult;
      const tally: Record<string, number> = {};
      for (const r of result.results) tally[r.outcome] = (tally[r.outcome] ?? 0) + 1;
      console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`, tally);
      for (const r of result.results.filter((x) => x.outcome === 'failed')) console.log(`  failed ${r.jurisdiction}: ${r.error}`);
    };
    await run('full ingestion (clean database)');
    await run('unchanged re-ingestion');
    worker.shutdown();
    await running;
    await printCounts(db);
  } finally {
    await env.teardown();
    await db.destroy();
    await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
  }
}

async function printCounts(db: ReturnType<typeof createKnex>): Promise<void> {
  const one = async (sql: string) => (await db.raw(sql)).rows[0];
  console.log('counts:', {
    jurisdictions: (await one('SELECT count(*)::int AS n FROM jurisdictions')).n,
    documents: (await one('SELECT count(*)::int AS n FROM law_documents')).n,
    statute_sections: (await one("SELECT count(*)::int AS n FROM law_sections WHERE source_kind = 'statute_text'")).n,
    all_sections: (await one('SELECT count(*)::int AS n FROM law_sections')).n,
    rights: (await one('SELECT count(*)::int AS n FROM rights')).n,
    rights_min_per_jurisdiction: (await one('SELECT min(n)::int AS n FROM (SELECT count(*) AS n FROM rights GROUP BY jurisdiction) x')).n,
    rights_with_verbatim_statute_text: (await one("SELECT count(*)::int AS n FROM rights WHERE text_source_kind = 'statute_text'")).n,
    exemptions: (await one('SELECT count(*)::int AS n FROM exemptions')).n,
    exemption_categories_used: (await one('SELECT count(DISTINCT category)::int AS n FROM exemptions')).n,
    exemptions_linked_to_sections: (await one('SELECT count(*)::int AS n FROM exemptions WHERE section_id IS NOT NULL')).n,
    cross_references: (await one('SELECT count(*)::int AS n FROM cross_references')).n,
    computable_deadlines: (await one('SELECT count(*)::int AS n FROM response_requirements WHERE initial_days IS NOT NULL')).n,
    no_fixed_deadline: (await one('SELECT count(*)::int AS n FROM response_requirements WHERE no_fixed_deadline')).n,
    holidays: (await one('SELECT count(*)::int AS n FROM holidays')).n,
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
