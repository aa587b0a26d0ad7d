import { executeChild, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import { rootMessage } from './failure-message.js';
import type { IngestionActivities } from '../workers/activities/ingestion-activities.js';
import {
  ingestionProgressQuery,
  type IngestCorpusInput,
  type IngestCorpusResult,
  type IngestionProgress,
  type JurisdictionResult,
} from './ingestion-contracts.js';
import { ingestJurisdiction } from './ingest-jurisdiction-workflow.js';

const acts = proxyActivities<IngestionActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumAttempts: 5, nonRetryableErrorTypes: ['UnknownJurisdiction'] },
});

/**
 * Ingests the corpus: one child workflow per jurisdiction, a few at a time. A jurisdiction
 * that fails is recorded with its error while the others complete. Progress is readable
 * at any time through `ingestionProgress`. 52 children keep the history far below the
 * limits, so no continue-as-new is needed.
 */
export async function ingestCorpus(input: IngestCorpusInput = {}): Promise<IngestCorpusResult> {
  const force = input.force ?? false;
  const progress: IngestionProgress = { runId: null, total: 0, done: 0, running: [], results: [], finished: false };
  setHandler(ingestionProgressQuery, () => progress);

  const { workflowId } = workflowInfo();
  const run = await acts.startIngestionRun({ workflowId, requested: input.jurisdictions?.length ? input.jurisdictions : null, force });
  progress.runId = run.runId;
  progress.total = run.jurisdictions.length;

  const queue = [...run.jurisdictions];
  const lane = async (): Promise<void> => {
    for (let slug = queue.shift(); slug !== undefined; slug = queue.shift()) {
      progress.running.push(slug);
      const started = Date.now();
      let result: JurisdictionResult & { changeSummary: unknown };
      try {
        result = await executeChild(ingestJurisdiction, {
          args: [{ runId: run.runId, jurisdiction: slug, force }],
          workflowId: `${workflowId}-${slug}`,
        });
      } catch (err) {
        result = { jurisdiction: slug, outcome: 'failed', version: null, error: rootMessage(err), counts: null, changeSummary: null };
      }
      await acts.recordJurisdictionResult({ ...result, runId: run.runId, durationMs: Date.now() - started });
      progress.running = progress.running.filter((s) => s !== slug);
      progress.results.push({ ...result, changeSummary: undefined } as JurisdictionResult);
      progress.done++;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(input.concurrency ?? 4, 8)) }, lane));

  const status = progress.results.some((r) => r.outcome === 'failed') ? 'completed_with_errors' : 'completed';
  const tally = (o: JurisdictionResult['outcome']) => progress.results.filter((r) => r.outcome === o).length;
  await acts.finishIngestionRun({
    runId: run.runId,
    status,
    summary: { created: tally('created'), updated: tally('updated'), unchanged: tally('unchanged'), failed: tally('failed') },
  });
  progress.finished = true;
  return { runId: run.runId, status, results: progress.results };
}
