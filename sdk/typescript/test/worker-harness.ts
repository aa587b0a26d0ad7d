/**
 * The API with a Temporal worker beside it, for the SDK tests of work the API hands on
 * (compilations, integration runs): a test API over a seeded law database, with a data directory
 * and a task queue of the test file's own, a worker writing into the API's object storage whose
 * comparisons can be held back (`holdComparisons`), and, when asked, a webhook delivery queue on
 * Redis (a prefix of its own; private webhook URLs allowed, for loopback receivers). The worker
 * also indexes stored objects into users' collections (the vector store API), over the API's
 * data directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEmbeddings } from '../../../core/search/embeddings/create-embeddings.js';
import { createVectorStoreProvider } from '../../../core/search/vector-store/create-vector-store.js';
import { createPgVectorCollectionStore } from '../../../core/vectors/vector-collection-store.js';
import { ownTaskQueue, startCompileWorker } from '../../../test/support/compile-worker.js';
import { seedLawDatabase } from '../../../test/support/seed-law-database.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { createTestDatabase } from '../../../test/support/test-database.js';
import { startWebhookDeliveries } from '../../../test/support/webhook-deliveries.js';

export { startWebhookDeliveries, type WebhookDeliveries } from '../../../test/support/webhook-deliveries.js';

export interface WorkerHarness {
  t: TestApi;
  /** The API's data directory, the test file's own (removed by `close`). */
  dataDir: string;
  /** A new directory in `dataDir` whose name starts with `prefix`. */
  tempDir(prefix: string): string;
  /** Holds every comparison the worker gathers (a compilation that cannot finish) until the returned function is called. */
  holdComparisons(): () => void;
  /** Stops everything started, in reverse order (releasing held comparisons first). */
  close(): Promise<void>;
}

/** `fn`, waiting first for what `gate` answers (nothing: at once). */
function gated<A extends unknown[], R>(fn: (...args: A) => Promise<R>, gate: () => Promise<void> | null): (...args: A) => Promise<R> {
  return async (...args) => {
    await gate();
    return fn(...args);
  };
}

/**
 * Starts the API and its worker for a test file called `name` (e.g. `sdk-docs`: its task queue,
 * data directory and queue prefix are named after it); `webhooks` adds the webhook delivery queue.
 */
export async function startWorkerHarness(name: string, options: { webhooks?: boolean } = {}): Promise<WorkerHarness> {
  const stops: Array<() => unknown> = [];
  let hold: Promise<void> | null = null;
  const close = async (): Promise<void> => {
    hold = null;
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  try {
    const database = await createTestDatabase();
    stops.push(() => database.drop());
    await seedLawDatabase(database.db);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sunlight-${name}-`));
    stops.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const prefix = ownTaskQueue(`sunlight-${name}`);
    const webhookEnv: Record<string, string> = options.webhooks ? { WEBHOOK_ALLOW_PRIVATE: 'true', QUEUE_PREFIX: prefix } : {};
    const t = await startTestApi({ database, env: { DATA_DIR: dataDir, TEMPORAL_TASK_QUEUE: ownTaskQueue(name), ...webhookEnv } });
    stops.push(() => t.close());
    const deliveries = options.webhooks ? startWebhookDeliveries(t, prefix, `${name}-test`) : undefined;
    if (deliveries) stops.push(() => deliveries.close());
    const embeddings = createEmbeddings(t.config.embeddings);
    const worker = await startCompileWorker(t, {
      collectionIndexing: { store: createPgVectorCollectionStore(t.database.db), vectors: createVectorStoreProvider(t.config, embeddings), embeddings, storage: t.container.deps.storage },
      ...(deliveries ? { enqueueWebhook: deliveries.enqueue } : {}),
      adjust: (deps) => ({ ...deps, transparency: { ...deps.transparency, compareFields: gated(deps.transparency.compareFields.bind(deps.transparency), () => hold) } }),
    });
    stops.push(() => worker.close());
    return {
      t,
      dataDir,
      tempDir: (prefix) => fs.mkdtempSync(path.join(dataDir, prefix)),
      holdComparisons() {
        let release!: () => void;
        hold = new Promise<void>((resolve) => (release = resolve));
        return () => {
          hold = null;
          release();
        };
      },
      close,
    };
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
}
