import { parseArgs } from 'node:util';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { createTemporalClient } from '../core/temporal/temporal-client.js';
import {
  INGEST_CORPUS_WORKFLOW,
  ingestCorpusWorkflowId,
  ingestionProgressQuery,
  type IngestCorpusInput,
  type IngestCorpusResult,
  type IngestionProgress,
} from '../workflows/ingestion-contracts.js';
import { loadCliConfig } from './cli-config.js';

/**
 * `npm run ingest -- [--jurisdiction <slug>…] [--force]`: starts the `ingestCorpus`
 * workflow (the worker must be running, as under `make start`) and draws a progress bar
 * from its `ingestionProgress` query until it finishes. Exit code 1 when a jurisdiction failed.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      jurisdiction: { type: 'string', multiple: true, short: 'j' },
      force: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const config = loadCliConfig();
  const { client, connection } = createTemporalClient(config.temporal);
  const input: IngestCorpusInput = { jurisdictions: values.jurisdiction ?? [], force: values.force };
  try {
    const handle = await startOrAttach(client, config.temporal.taskQueue, input);
    const bar = values.quiet || !process.stderr.isTTY ? lineProgress : barProgress;
    let last: IngestionProgress | undefined;
    const poll = setInterval(() => {
      handle
        .query(ingestionProgressQuery)
        .then((p) => {
          last = p;
          bar(p);
        })
        .catch(() => undefined);
    }, 500);
    const result = (await handle.result()) as IngestCorpusResult;
    clearInterval(poll);
    if (last) bar({ ...last, done: result.results.length, running: [], finished: true });
    report(result);
    process.exitCode = result.status === 'completed' ? 0 : 1;
  } finally {
    await connection.close();
  }
}

async function startOrAttach(client: ReturnType<typeof createTemporalClient>['client'], taskQueue: string, input: IngestCorpusInput) {
  const workflowId = ingestCorpusWorkflowId(input.jurisdictions?.length ? input.jurisdictions.join('+') : 'all');
  try {
    return await client.workflow.start(INGEST_CORPUS_WORKFLOW, { taskQueue, workflowId, args: [input] });
  } catch (err) {
    // The same ingestion is already running: follow it instead of starting a second one.
    if (err instanceof WorkflowExecutionAlreadyStartedError) return client.workflow.getHandle(workflowId);
    throw err;
  }
}

function barProgress(p: IngestionProgress): void {
  const width = 30;
  const filled = p.total ? Math.round((p.done / p.total) * width) : 0;
  const failed = p.results.filter((r) => r.outcome === 'failed').length;
  const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${p.done}/${p.total}${failed ? ` (${failed} failed)` : ''} ${p.running.join(', ')}`;
  process.stderr.write(`\r${line.slice(0, 120).padEnd(120)}`);
  if (p.finished) process.stderr.write('\n');
}

let lastDone = -1;
function lineProgress(p: IngestionProgress): void {
  if (p.done === lastDone) return;
  lastDone = p.done;
  process.stderr.write(`ingested ${p.done}/${p.total}\n`);
}

function report(result: IngestCorpusResult): void {
  const by = (o: string) => result.results.filter((r) => r.outcome === o);
  console.log(
    `run ${result.runId}: ${by('created').length} created, ${by('updated').length} updated, ` +
      `${by('unchanged').length} unchanged, ${by('failed').length} failed`,
  );
  for (const r of by('failed')) console.log(`  FAILED ${r.jurisdiction}: ${r.error}`);
}

main().catch((err: unknown) => {
  console.error('ingest: failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
