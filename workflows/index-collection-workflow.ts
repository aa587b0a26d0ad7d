import { ActivityCancellationType, CancellationScope, isCancellation, proxyActivities } from '@temporalio/workflow';
import type { CollectionIndexingActivities } from '../workers/activities/collection-indexing-activities.js';
import type { IndexProgress } from '../core/vectors/vector-collection-store.js';
import { rootMessage } from './failure-message.js';
import type { IndexCollectionInput, IndexCollectionOutcome } from './index-collection-contracts.js';

/** Reading the object and writing its pages: idempotent (the same items are written again). */
const extracting = proxyActivities<CollectionIndexingActivities>({
  startToCloseTimeout: '10 minutes',
  cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumAttempts: 3, nonRetryableErrorTypes: ['UnreadableDocument', 'ObjectGone'] },
});

/**
 * Embedding: long, so it heartbeats every batch (which is also how a cancellation reaches it);
 * a retry skips what an earlier attempt stored, by content hash. A cancelled run waits for the
 * activity to stop, so nothing is written after the run is recorded as cancelled.
 */
const embedding = proxyActivities<CollectionIndexingActivities>({
  startToCloseTimeout: '2 hours',
  cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumAttempts: 5, nonRetryableErrorTypes: ['EmbeddingModelMissing', 'VectorStoreError', 'ModelChanged'] },
});

/** Status writes: small and idempotent, retried longer so a finished run is not lost. */
const bookkeeping = proxyActivities<CollectionIndexingActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 10 },
});

/**
 * Indexes one stored object into a user collection: extract its text page by page (one item
 * per page), chunk, then embed the chunks whose content hash the vector store does not hold yet,
 * in batches with progress. Cancelling the workflow stops between batches and records the run
 * as cancelled; what was stored stays (a re-run skips it).
 */
export async function indexCollectionObject(input: IndexCollectionInput): Promise<IndexCollectionOutcome> {
  const { runId, userId } = input;
  let progress: IndexProgress = { step: 'extracting', pages: 0, chunks_total: 0, chunks_done: 0, chunks_embedded: 0, chunks_skipped: 0 };
  try {
    await bookkeeping.markIndexRunRunning({ userId, runId, progress });
    progress = await extracting.extractIntoCollection(input);
    progress = await embedding.embedCollectionObject(input);
    progress = { ...progress, step: 'done' };
    await bookkeeping.finishIndexRun({ userId, runId, status: 'completed', progress, error: null });
    return { status: 'completed', progress, error: null };
  } catch (err) {
    if (isCancellation(err)) {
      await CancellationScope.nonCancellable(() => bookkeeping.finishIndexRun({ userId, runId, status: 'cancelled', progress: null, error: null }));
      throw err;
    }
    const error = rootMessage(err);
    await bookkeeping.finishIndexRun({ userId, runId, status: 'failed', progress: null, error });
    return { status: 'failed', progress, error };
  }
}
