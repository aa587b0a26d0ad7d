import { ApplicationFailure, CancellationScope, executeChild, isCancellation, proxyActivities, setHandler } from '@temporalio/workflow';
import { rootMessage } from './failure-message.js';
import type { RunProgress, RunResult } from '../core/integrations/integration-types.js';
import type { IntegrationActivities } from '../workers/activities/integration-activities.js';
import { compileDocument } from './compile-document-workflow.js';
import { compileWorkflowId, type CompileOutcome } from './compile-document-contracts.js';
import { ingestCorpus } from './ingest-corpus-workflow.js';
import { integrationProgressQuery, type IntegrationRunInput, type IntegrationRunOutcome } from './integration-contracts.js';
import { researchQuestion } from './research-workflow.js';
import { researchWorkflowId } from './research-contracts.js';

/** Reads and writes of one step: bounded retries, the reason kept when they run out. */
const work = proxyActivities<IntegrationActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 3, nonRetryableErrorTypes: ['InvalidRunInput'] },
});

/** Status writes and the webhook's enqueueing: small, idempotent, retried longer. */
const bookkeeping = proxyActivities<IntegrationActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 10 },
});

async function compile(input: Extract<IntegrationRunInput, { type: 'compile' }>, progress: RunProgress): Promise<RunResult> {
  const { compilationId } = await work.prepareCompilation({ clientId: input.clientId, runId: input.runId, request: input.input });
  progress.step = `compiling (compilation ${compilationId})`;
  const outcome: CompileOutcome = await executeChild(compileDocument, {
    workflowId: compileWorkflowId(compilationId),
    args: [{ compilationId, userId: input.clientId, request: input.input }],
  });
  const links: Record<string, string> = { compilation: `/api/documents/compile/${compilationId}` };
  for (const o of outcome.outputs) links[o.format] = `/api/storage/objects/${encodeURIComponent(o.key)}`;
  const result = { compilation_id: compilationId, outputs: outcome.outputs, part_failures: outcome.partFailures, links };
  if (outcome.status === 'failed') throw ApplicationFailure.nonRetryable(outcome.error ?? 'The compilation failed', 'CompilationFailed', result);
  return result;
}

async function research(input: Extract<IntegrationRunInput, { type: 'research' }>, progress: RunProgress): Promise<RunResult> {
  const prepared = await work.prepareResearch({ clientId: input.clientId, runId: input.runId, question: input.input.question, jurisdictions: input.input.jurisdictions ?? [] });
  progress.step = 'researching';
  const outcome = await executeChild(researchQuestion, {
    workflowId: researchWorkflowId(prepared.messageId),
    args: [{ userId: input.clientId, conversationId: prepared.conversationId, messageId: prepared.messageId, question: input.input.question, jurisdictions: input.input.jurisdictions ?? [] }],
  });
  if (outcome.status === 'failed') throw ApplicationFailure.nonRetryable(outcome.error ?? 'The research failed', 'ResearchFailed');
  return work.readResearch({ clientId: input.clientId, conversationId: prepared.conversationId, messageId: prepared.messageId });
}

/**
 * One integration run of a machine client: the type's work (a child workflow for re-ingestion,
 * compilation and research; activities for exports and digests), its result or failure recorded
 * with the run, then the client's webhook notified through the delivery queue. Cancelling the
 * run cancels its child and records the run as cancelled (and notifies too).
 */
export async function integrationRun(input: IntegrationRunInput): Promise<IntegrationRunOutcome> {
  const { runId, clientId } = input;
  const progress: RunProgress = { step: 'starting' };
  setHandler(integrationProgressQuery, () => progress);
  let outcome: IntegrationRunOutcome;
  try {
    await bookkeeping.markRunStarted({ clientId, runId, progress: { step: input.type } });
    let result: RunResult;
    switch (input.type) {
      case 'reingest': {
        progress.step = 'ingesting';
        const ingestion = await executeChild(ingestCorpus, { workflowId: `ingest-corpus-run-${runId}`, args: [{ jurisdictions: input.input.jurisdictions, force: input.input.force }] });
        progress.step = 'summarising';
        result = await work.summariseReingest({ ingestionRunId: ingestion.runId, results: ingestion.results });
        break;
      }
      case 'compile':
        result = await compile(input, progress);
        break;
      case 'research':
        result = await research(input, progress);
        break;
      case 'export':
        progress.step = 'exporting';
        result = await work.exportLawDatabase({ clientId, runId, input: input.input });
        break;
      case 'foia-digest':
        progress.step = 'reading requests';
        result = await work.foiaDigest({ clientId, input: input.input });
        break;
    }
    progress.step = 'completed';
    await bookkeeping.finishRun({ clientId, runId, end: { status: 'completed', result } });
    outcome = { status: 'completed', error: null };
  } catch (err) {
    if (isCancellation(err)) {
      progress.step = 'cancelled';
      await CancellationScope.nonCancellable(async () => {
        await bookkeeping.finishRun({ clientId, runId, end: { status: 'cancelled' } });
        await bookkeeping.notifyWebhook({ clientId, runId });
      });
      throw err;
    }
    const error = rootMessage(err);
    const details = err instanceof ApplicationFailure ? err.details?.[0] : (err as { cause?: { details?: unknown[] } }).cause?.details?.[0];
    progress.step = 'failed';
    await bookkeeping.finishRun({ clientId, runId, end: { status: 'failed', error, result: (details as RunResult | undefined) ?? null } });
    outcome = { status: 'failed', error };
  }
  await bookkeeping.notifyWebhook({ clientId, runId });
  return outcome;
}
