import { NativeConnection } from '@temporalio/worker';
import { createConfiguredStorage } from '../core/storage/create-object-store.js';
import { loadProcessConfig } from '../core/config/load-env-file.js';
import { createKnex } from '../core/db/knex.js';
import { createLogger } from '../core/logger/logger.js';
import { createEmbeddings } from '../core/search/embeddings/create-embeddings.js';
import { createVectorSearch } from '../core/search/vector-search.js';
import { createVectorStore, createVectorStoreProvider } from '../core/search/vector-store/create-vector-store.js';
import { createPgVectorCollectionStore } from '../core/vectors/vector-collection-store.js';
import { compilationDepsOver } from './activities/compilation-activities.js';
import { researchDepsOver } from './activities/research-activities.js';
import { integrationDepsOver } from './activities/integration-activities.js';
import { webhookDeliveryJob, webhookProducer } from '../core/integrations/webhook-queue.js';
import { createQueueConnection } from '../core/queue/queue-connection.js';
import { createTemporalWorker } from './create-worker.js';
import { installTemporalRuntime } from './temporal-runtime.js';

/** Entry point of the Temporal worker process (task queue TEMPORAL_TASK_QUEUE). */
async function main(): Promise<void> {
  const config = loadProcessConfig();
  const logger = createLogger({ level: config.log.level, format: config.log.format, name: 'sunlight-worker' });
  installTemporalRuntime(logger);
  const connection = await connectWithRetry(config.temporal.address, logger);
  const db = createKnex({ url: config.database.url, poolMax: config.database.poolMax, applicationName: 'sunlight-worker' });
  const embeddings = createEmbeddings(config.embeddings);
  const vectorStore = createVectorStore(config, embeddings);
  const vector = createVectorSearch({ embeddings, store: vectorStore });
  const storage = createConfiguredStorage(config.storage, db, logger);
  // Runs that name a webhook hand their event to the queue worker through Redis.
  const queueConnection = createQueueConnection(config.redis.url, 'sunlight-worker-webhooks');
  const webhooks = webhookProducer(queueConnection, config.queue.prefix, webhookDeliveryJob(db, { signingKey: config.integrations.webhookSigningKey, allowPrivate: config.integrations.allowPrivateWebhooks, retry: config.integrations.webhookRetry }, logger));
  const worker = await createTemporalWorker({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    logger,
    ingestion: { db, corpusDir: config.corpusDir, legalFactsDir: config.legalFactsDir },
    indexing: { embeddings, vectorStore },
    // Research uses the same hybrid search as the API: configured fusion, vector side included.
    research: researchDepsOver(db, { vector, fusion: config.search }),
    // Packets are written to the owner's object storage, with the API's own configuration.
    compilation: compilationDepsOver(db, { storage, linkBase: config.documents.linkBase, vector, fusion: config.search }),
    integrations: integrationDepsOver(db, { storage, enqueueWebhook: webhooks.enqueue }),
    // Users' collections: their objects, read from storage, into store collections of their own.
    collectionIndexing: { store: createPgVectorCollectionStore(db), vectors: createVectorStoreProvider(config, embeddings), embeddings, storage },
  });
  const stop = () => worker.shutdown();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  logger.info({ taskQueue: config.temporal.taskQueue, address: config.temporal.address }, 'worker running');
  await worker.run();
  await webhooks.close();
  await queueConnection.quit();
  await connection.close();
  await db.destroy();
  logger.info('worker stopped');
}

async function connectWithRetry(address: string, logger: ReturnType<typeof createLogger>): Promise<NativeConnection> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await NativeConnection.connect({ address });
    } catch (err) {
      if (attempt >= 30) throw err;
      logger.warn({ attempt, address }, 'temporal not reachable yet; retrying');
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

main().catch((err: unknown) => {
  console.error('worker failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
