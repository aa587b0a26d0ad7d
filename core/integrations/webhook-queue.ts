import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Knex } from 'knex';
import type { Logger } from '../logger/logger.js';
import { createPgRunStore } from './run-store.js';
import { WEBHOOK_QUEUE, webhookEnqueuer, WebhookDeliveryJob, type WebhookDeliveryData, type WebhookRetryPolicy } from './webhook-delivery-job.js';

export interface WebhookSettings {
  signingKey: string;
  allowPrivate: boolean;
  retry: WebhookRetryPolicy;
}

/** The delivery job over the run store (the queue worker performs it; the Temporal worker needs its options to enqueue). */
export function webhookDeliveryJob(db: Knex, settings: WebhookSettings, logger: Logger): WebhookDeliveryJob {
  return new WebhookDeliveryJob({ runs: createPgRunStore(db), signingKey: settings.signingKey, allowPrivate: settings.allowPrivate, retry: settings.retry, logger: logger.child({ module: 'webhooks' }) });
}

/** A producer of webhook deliveries on the queue (for the Temporal worker's `notifyWebhook`). */
export function webhookProducer(connection: Redis, prefix: string, job: WebhookDeliveryJob): { enqueue: (data: WebhookDeliveryData) => Promise<void>; close: () => Promise<void> } {
  const queue = new Queue(WEBHOOK_QUEUE, { connection, prefix });
  return { enqueue: webhookEnqueuer(queue, job), close: () => queue.close() };
}
