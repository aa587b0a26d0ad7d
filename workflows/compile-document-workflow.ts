import { CancellationScope, isCancellation, proxyActivities, setHandler } from '@temporalio/workflow';
import { rootMessage } from './failure-message.js';
import type { CompilationActivities } from '../workers/activities/compilation-activities.js';
import type { CompilationProgress, PartFailure } from '../core/documents/compilation-store.js';
import { compileProgressQuery, GATHER_ATTEMPTS, type CompileInput, type CompileOutcome } from './compile-document-contracts.js';

/** Reads of the law database and the caller's records: safe to retry; the last attempt reports instead of throwing. */
const gathering = proxyActivities<CompilationActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: GATHER_ATTEMPTS },
});

/** Rendering and storing the outputs: idempotent (the same keys are written again). */
const rendering = proxyActivities<CompilationActivities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumAttempts: 3 },
});

/** Status writes: small and idempotent, retried longer so a finished run is not lost. */
const bookkeeping = proxyActivities<CompilationActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 10 },
});

/** Parts gathered at once. */
const LANES = 3;

/**
 * One document compilation: each part gathered in an activity (a few at a time) and kept in
 * the database, then the packet rendered to each format and stored in the owner's object
 * storage. A part that cannot be gathered is reported in the packet and the result, not
 * fatal; only when no part could be gathered does the compilation fail. Cancelling the
 * workflow records the compilation as cancelled. Progress through `compileProgress`.
 */
export async function compileDocument(input: CompileInput): Promise<CompileOutcome> {
  const { compilationId, userId, request } = input;
  const progress: CompilationProgress = { done: 0, total: request.parts.length, step: 'starting' };
  setHandler(compileProgressQuery, () => progress);
  const partFailures: PartFailure[] = [];
  try {
    await bookkeeping.markCompilationRunning({ userId, compilationId, progress: { ...progress, step: 'gathering' } });
    const queue = request.parts.map((part, i) => ({ part, index: i + 1 }));
    const running = new Set<string>();
    const lane = async (): Promise<void> => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        running.add(`part ${next.index} (${next.part.kind.replace(/_/g, ' ')})`);
        progress.step = `gathering ${[...running].join(', ')}`;
        const result = await gathering.gatherCompilationPart({ userId, compilationId, index: next.index, part: next.part, total: request.parts.length });
        if (result.failure) partFailures.push({ index: next.index, kind: next.part.kind, reason: result.failure });
        running.delete(`part ${next.index} (${next.part.kind.replace(/_/g, ' ')})`);
        progress.done++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(LANES, request.parts.length) }, lane));
    partFailures.sort((a, b) => a.index - b.index);

    if (partFailures.length === request.parts.length) {
      const error = `No part could be compiled: ${partFailures.map((f) => `part ${f.index}: ${f.reason}`).join('; ')}`;
      progress.step = 'failed';
      await bookkeeping.finishCompilation({ userId, compilationId, end: { status: 'failed', error, partFailures }, progress });
      return { status: 'failed', outputs: [], partFailures, error };
    }

    progress.step = `rendering ${request.formats.join(', ')}`;
    const rendered = await rendering.renderCompilation({ userId, compilationId, request });
    progress.step = 'done';
    await bookkeeping.finishCompilation({ userId, compilationId, end: { status: 'completed', outputs: rendered.outputs, partFailures, fingerprint: rendered.fingerprint }, progress });
    return { status: 'completed', outputs: rendered.outputs, partFailures, error: null };
  } catch (err) {
    if (isCancellation(err)) {
      progress.step = 'cancelled';
      await CancellationScope.nonCancellable(() => bookkeeping.finishCompilation({ userId, compilationId, end: { status: 'cancelled' }, progress }));
      throw err;
    }
    const error = rootMessage(err);
    progress.step = 'failed';
    await bookkeeping.finishCompilation({ userId, compilationId, end: { status: 'failed', error, partFailures }, progress });
    return { status: 'failed', outputs: [], partFailures, error };
  }
}
