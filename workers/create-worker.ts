import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type NativeConnection, Worker } from '@temporalio/worker';
import type { Logger } from '../core/logger/logger.js';
import { createIndexingActivities, type IndexingDeps } from './activities/indexing-activities.js';
import { createIngestionActivities, type IngestionActivityDeps } from './activities/ingestion-activities.js';
import { createResearchActivities, researchDepsOver, type ResearchActivityDeps } from './activities/research-activities.js';
import { createSystemActivities } from './activities/system-activities.js';

/** Path of the workflows bundle entry, as TypeScript in development and JavaScript once built. */
export function workflowsPath(): string {
  const ts = fileURLToPath(new URL('../workflows/index.ts', import.meta.url));
  return fs.existsSync(ts) ? ts : fileURLToPath(new URL('../workflows/index.js', import.meta.url));
}

export interface WorkerOptions {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  logger: Logger;
  /** Dependencies of the ingestion activities (database, corpus directory). */
  ingestion: Omit<IngestionActivityDeps, 'logger'>;
  /** The search index ingestion writes (embeddings, vector store). Without it, indexing is skipped with a warning. */
  indexing?: IndexingDeps;
  /** Dependencies of the research activities; by default built over the ingestion's database. */
  research?: Omit<ResearchActivityDeps, 'logger'>;
}

/**
 * Builds the Temporal worker with every workflow and activity. Activities come from
 * factories over injected dependencies, so tests build the same worker over test services.
 */
export async function createTemporalWorker(options: WorkerOptions): Promise<Worker> {
  const activities = {
    ...createSystemActivities({ taskQueue: options.taskQueue, startedAt: new Date() }),
    ...createIngestionActivities({ ...options.ingestion, logger: options.logger }),
    ...createIndexingActivities({ db: options.ingestion.db, logger: options.logger, ...(options.indexing ? { indexing: options.indexing } : {}) }),
    ...createResearchActivities({ ...(options.research ?? researchDepsOver(options.ingestion.db)), logger: options.logger }),
  };
  return Worker.create({
    connection: options.connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    workflowsPath: workflowsPath(),
    activities,
    bundlerOptions: {
      // Our sources import './x.js' (NodeNext); let the bundler find the .ts beside it.
      webpackConfigHook: (config) => ({
        ...config,
        resolve: { ...config.resolve, extensionAlias: { '.js': ['.ts', '.js'] } },
      }),
    },
  });
}

