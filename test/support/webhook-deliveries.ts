import { WEBHOOK_QUEUE, webhookBackoffStrategy, type WebhookDeliveryData, type WebhookRetryPolicy } from '../../core/integrations/webhook-delivery-job.js';
import { webhookDeliveryJob, webhookProducer } from '../../core/integrations/webhook-queue.js';
import { createLogger } from '../../core/logger/logger.js';
import { createQueueConnection } from '../../core/queue/queue-connection.js';
import { startQueueRunner } from '../../core/queue/queue-runner.js';
import type { TestApi } from './test-api.js';
import { testRedisUrl } from './test-env.js';

/** Webhook retries, short: a receiver under test may refuse its first attempts. */
export const TEST_WEBHOOK_RETRY: WebhookRetryPolicy = { baseMs: 100, capMs: 400, forMs: 30_000 };

export interface WebhookDeliveries {
  /** Hands a run's webhook event to the queue (a worker's `enqueueWebhook`). */
  enqueue: (data: WebhookDeliveryData) => Promise<void>;
  close(): Promise<void>;
}

/**
 * The webhook delivery queue of the API `t` (started with `QUEUE_PREFIX: prefix` and
 * `WEBHOOK_ALLOW_PRIVATE: 'true'`), run as the queue worker runs it, with short retries.
 */
export function startWebhookDeliveries(t: TestApi, prefix: string, connectionName: string, retry: WebhookRetryPolicy = TEST_WEBHOOK_RETRY): WebhookDeliveries {
  const logger = createLogger({ level: 'silent' });
  const job = webhookDeliveryJob(t.database.db, { signingKey: t.config.integrations.webhookSigningKey, allowPrivate: true, retry }, logger);
  const connection = createQueueConnection(testRedisUrl(), connectionName);
  const producer = webhookProducer(connection, prefix, job);
  const runner = startQueueRunner({ connection, prefix, queueName: WEBHOOK_QUEUE, jobs: [job], logger, backoffStrategy: webhookBackoffStrategy(retry) });
  return {
    enqueue: producer.enqueue,
    async close() {
      await runner.close();
      await producer.close();
      await connection.quit();
    },
  };
}
