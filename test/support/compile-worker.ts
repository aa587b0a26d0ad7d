import { NativeConnection, type Worker } from '@temporalio/worker';
import { inject } from 'vitest';
import { createLogger } from '../../core/logger/logger.js';
import { compilationDepsOver, type CompilationActivityDeps } from '../../workers/activities/compilation-activities.js';
import { createTemporalWorker, type WorkerOptions } from '../../workers/create-worker.js';
import { integrationDepsOver } from '../../workers/activities/integration-activities.js';
import type { WebhookDeliveryData } from '../../core/integrations/webhook-delivery-job.js';
import { installTemporalRuntime } from '../../workers/temporal-runtime.js';
import { corpusDir, legalFactsDir } from './corpus-dir.js';
import type { TestApi } from './test-api.js';

/** A task queue of this test file's own: test files share one Temporal server. */
export const ownTaskQueue = (prefix: string): string => `${prefix}-${process.pid}-${Date.now().toString(36)}`;

export interface RunningWorker {
  worker: Worker;
  close(): Promise<void>;
}

/**
 * A Temporal worker running beside a test API, on the API's task queue (start the API with a
 * TEMPORAL_TASK_QUEUE of its own, `ownTaskQueue`), whose compilations and integration runs
 * write to the API's own object storage. `adjust` may wrap the compilation's dependencies
 * (e.g. to hold a part back).
 */
export async function startCompileWorker(
  t: TestApi,
  options: {
    linkBase?: string;
    adjust?: (deps: Omit<CompilationActivityDeps, 'logger'>) => Omit<CompilationActivityDeps, 'logger'>;
    /** The corpus the worker ingests from (default: the real one) and a search index to write. */
    ingestion?: { corpusDir: string; legalFactsDir: string };
    indexing?: WorkerOptions['indexing'];
    /** Where integration runs hand their webhook events. */
    enqueueWebhook?: (data: WebhookDeliveryData) => Promise<void>;
    /** Indexing into users' collections (the vector store API), e.g. over the API's own services. */
    collectionIndexing?: WorkerOptions['collectionIndexing'];
  } = {},
): Promise<RunningWorker> {
  if (t.config.temporal.taskQueue === 'sunlight') throw new Error('Start the test API with a TEMPORAL_TASK_QUEUE of its own (ownTaskQueue)');
  installTemporalRuntime(createLogger({ level: 'warn' }));
  const connection = await NativeConnection.connect({ address: inject('temporalAddress') });
  const deps = compilationDepsOver(t.database.db, { storage: t.container.deps.storage, linkBase: options.linkBase ?? '' });
  const worker = await createTemporalWorker({
    connection,
    namespace: 'default',
    taskQueue: t.config.temporal.taskQueue,
    logger: createLogger({ level: 'silent' }),
    ingestion: { db: t.database.db, ...(options.ingestion ?? { corpusDir: corpusDir(), legalFactsDir: legalFactsDir() }) },
    ...(options.indexing ? { indexing: options.indexing } : {}),
    compilation: options.adjust ? options.adjust(deps) : deps,
    integrations: integrationDepsOver(t.database.db, { storage: t.container.deps.storage, ...(options.enqueueWebhook ? { enqueueWebhook: options.enqueueWebhook } : {}) }),
    ...(options.collectionIndexing ? { collectionIndexing: options.collectionIndexing } : {}),
  });
  const running = worker.run();
  return {
    worker,
    async close() {
      worker.shutdown();
      await running.catch(() => undefined);
      await connection.close();
    },
  };
}
