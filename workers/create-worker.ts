import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ApplicationFailure } from '@temporalio/activity';
import { type NativeConnection, Worker } from '@temporalio/worker';
import { createIntegrationActivities, integrationDepsOver, type IntegrationActivityDeps } from './activities/integration-activities.js';
import { createCompilationActivities, createCompilationBookkeeping, type CompilationActivities, type CompilationActivityDeps } from './activities/compilation-activities.js';
import type { Knex } from 'knex';
import { createPgCompilationStore } from '../core/documents/compilation-store.js';
import type { Logger } from '../core/logger/logger.js';
import { createIndexingActivities, type IndexingDeps } from './activities/indexing-activities.js';
import { createIngestionActivities, type IngestionActivityDeps } from './activities/ingestion-activities.js';
import { createResearchActivities, researchDepsOver, type ResearchActivityDeps } from './activities/research-activities.js';
import { createSystemActivities } from './activities/system-activities.js';
import { createCollectionIndexingActivities, unconfiguredCollectionIndexing, type CollectionIndexingDeps } from './activities/collection-indexing-activities.js';
import { createPgVectorCollectionStore } from '../core/vectors/vector-collection-store.js';

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
  /** Dependencies of the document compilation activities (they need object storage). Without them, compilations fail with a clear reason. */
  compilation?: Omit<CompilationActivityDeps, 'logger'>;
  /** Dependencies of the integration activities; by default over the ingestion's database, with the compilation's storage and no webhook queue. */
  integrations?: Omit<IntegrationActivityDeps, 'logger'>;
  /** Indexing stored objects into users' collections (the vector store API). Without it, such runs fail with a clear reason. */
  collectionIndexing?: Omit<CollectionIndexingDeps, 'logger'>;
}

/**
 * Compilation on a worker built without object storage: the status writes work (so the
 * compilation ends as failed, with the reason), gathering and rendering refuse.
 */
function unconfiguredCompilation(db: Knex, logger: Logger): CompilationActivities {
  const bookkeeping = createCompilationBookkeeping({ compilations: createPgCompilationStore(db), logger });
  const refuse = async (): Promise<never> => {
    throw ApplicationFailure.nonRetryable('Document compilation is not configured on this worker (it needs object storage)', 'CompilationNotConfigured');
  };
  return { ...bookkeeping, gatherCompilationPart: refuse, renderCompilation: refuse };
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
    ...(options.compilation ? createCompilationActivities({ ...options.compilation, logger: options.logger }) : unconfiguredCompilation(options.ingestion.db, options.logger)),
    ...createIntegrationActivities({
      ...(options.integrations ?? integrationDepsOver(options.ingestion.db, options.compilation ? { storage: options.compilation.storage } : {})),
      logger: options.logger,
    }),
    ...(options.collectionIndexing
      ? createCollectionIndexingActivities({ ...options.collectionIndexing, logger: options.logger })
      : unconfiguredCollectionIndexing(createPgVectorCollectionStore(options.ingestion.db), options.logger)),
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

