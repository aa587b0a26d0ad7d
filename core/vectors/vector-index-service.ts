import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import { ConflictError, NotFoundError, ServiceUnavailableError, ValidationError } from '../errors/app-error.js';
import { isUuid } from '../http/uuid.js';
import type { Logger } from '../logger/logger.js';
import type { StorageService } from '../storage/storage-service.js';
import { INDEX_COLLECTION_WORKFLOW, indexCollectionWorkflowId, type IndexCollectionInput } from '../../workflows/index-collection-contracts.js';
import { INDEXABLE_TYPES, isIndexableType } from './extract-text.js';
import type { VectorCollectionService } from './vector-collection-service.js';
import type { IndexProgress, RunRecord, RunStatus, VectorCollectionStore } from './vector-collection-store.js';

/** An indexing run as the API shows it. */
export interface IndexRunView {
  id: string;
  collection_id: string;
  object_key: string;
  status: RunStatus;
  progress: IndexProgress;
  error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  links: { self: string; cancel: string };
}

export interface VectorIndexService {
  /** Starts indexing a stored object of the caller's into a collection (409 while another run is unfinished). */
  start(userId: string, collectionId: string, objectKey: string): Promise<IndexRunView>;
  get(userId: string, collectionId: string, runId: string): Promise<IndexRunView>;
  /** Asks the run to stop (between batches); 409 once it has ended. */
  cancel(userId: string, collectionId: string, runId: string): Promise<IndexRunView>;
  /** Deletes a collection, cancelling its unfinished run first. */
  deleteCollection(userId: string, collectionId: string): Promise<void>;
}

export interface VectorIndexServiceDeps {
  store: VectorCollectionStore;
  collections: VectorCollectionService;
  storage: StorageService;
  temporal: { client: Client; taskQueue: string };
  logger?: Logger;
}

const present = (r: RunRecord): IndexRunView => {
  const self = `/api/vectors/collections/${r.collectionId}/index/${r.id}`;
  return {
    id: r.id,
    collection_id: r.collectionId,
    object_key: r.objectKey,
    status: r.status,
    progress: r.progress,
    error: r.error,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    finished_at: r.finishedAt,
    links: { self, cancel: `${self}/cancel` },
  };
};

/**
 * Indexing stored objects into collections: a row per run (row-level security) and a Temporal
 * workflow per run (`vector-index-{run id}`), which writes the run's progress as it goes.
 */
export function createVectorIndexService(deps: VectorIndexServiceDeps): VectorIndexService {
  const { store, temporal } = deps;
  const withDeadline = <T>(fn: () => Promise<T>) => temporal.client.withDeadline(Date.now() + 5_000, fn);

  const findRun = async (userId: string, collectionId: string, runId: string): Promise<RunRecord> => {
    const run = isUuid(runId) ? await store.asUser(userId, (tx) => tx.findRun(collectionId, runId)) : null;
    if (!run) throw new NotFoundError('Indexing run not found', { id: runId });
    return run;
  };

  const requestCancel = async (userId: string, run: RunRecord): Promise<void> => {
    try {
      await withDeadline(() => temporal.client.workflow.getHandle(indexCollectionWorkflowId(run.id)).cancel());
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) throw new ServiceUnavailableError('The workflow engine is unreachable; try again shortly');
      // No workflow behind the row (it never started): the row is all there is.
      await store.asUser(userId, (tx) => tx.updateRun(run.id, { status: 'cancelled', finished: true }));
    }
  };

  return {
    async start(userId, collectionId, objectKey) {
      const c = await deps.collections.find(userId, collectionId);
      if (c.embedding !== 'server') throw new ValidationError('Request validation failed', [{ path: 'params.id', message: 'This collection holds your own vectors; only collections embedded by the server can index documents' }]);
      const { object } = await deps.storage.get(userId, objectKey).catch((err: unknown) => {
        if (err instanceof NotFoundError) throw new ValidationError('Request validation failed', [{ path: 'body.object_key', message: 'No stored object of yours has this key' }]);
        throw err;
      });
      if (!isIndexableType(object.content_type)) {
        throw new ValidationError('Request validation failed', [{ path: 'body.object_key', message: `Objects of type ${object.content_type} cannot be indexed (${INDEXABLE_TYPES.join(', ')})` }]);
      }
      const progress: IndexProgress = { step: 'queued', pages: 0, chunks_total: 0, chunks_done: 0, chunks_embedded: 0, chunks_skipped: 0 };
      const run = await store.asUser(userId, (tx) => tx.createRun(c.id, objectKey, progress));
      if (!run) throw new ConflictError('The collection is being indexed already; wait for the run or cancel it', { collection_id: c.id });
      const input: IndexCollectionInput = { runId: run.id, userId, collectionId: c.id, objectKey };
      try {
        await withDeadline(() => temporal.client.workflow.start(INDEX_COLLECTION_WORKFLOW, { taskQueue: temporal.taskQueue, workflowId: indexCollectionWorkflowId(run.id), args: [input] }));
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) {
          deps.logger?.warn({ err: { name: (err as Error).name, message: (err as Error).message }, runId: run.id }, 'could not start an indexing run');
          await store.asUser(userId, (tx) => tx.updateRun(run.id, { status: 'failed', error: 'The run could not be started: the workflow engine is unreachable', finished: true }));
          throw new ServiceUnavailableError('The workflow engine is unreachable; try again shortly');
        }
      }
      return present(run);
    },

    async get(userId, collectionId, runId) {
      const c = await deps.collections.find(userId, collectionId);
      return present(await findRun(userId, c.id, runId));
    },

    async cancel(userId, collectionId, runId) {
      const c = await deps.collections.find(userId, collectionId);
      const run = await findRun(userId, c.id, runId);
      if (run.status !== 'queued' && run.status !== 'running') throw new ConflictError(`The run has ended (${run.status})`, { status: run.status });
      await requestCancel(userId, run);
      return present(await findRun(userId, c.id, runId));
    },

    async deleteCollection(userId, collectionId) {
      const c = await deps.collections.find(userId, collectionId);
      const active = await store.asUser(userId, (tx) => tx.activeRun(c.id));
      if (active) {
        await requestCancel(userId, active);
        // The run stops between batches; wait briefly so it does not write after the drop.
        for (let i = 0; i < 50; i++) {
          const now = await store.asUser(userId, (tx) => tx.runById(active.id));
          if (!now || (now.status !== 'queued' && now.status !== 'running')) break;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await deps.collections.delete(userId, c.id);
    },
  };
}
