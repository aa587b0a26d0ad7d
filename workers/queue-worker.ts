import { loadProcessConfig } from '../core/config/load-env-file.js';
import { createKnex } from '../core/db/knex.js';
import { FOIA_QUEUE, FoiaDeadlineReminderJob } from '../core/foia/reminders/foia-deadline-reminder-job.js';
import { createPgFoiaReminderStore } from '../core/foia/reminders/foia-reminder-store.js';
import { createLogger } from '../core/logger/logger.js';
import { createQueueConnection } from '../core/queue/queue-connection.js';
import { keepScheduled, startQueueRunner } from '../core/queue/queue-runner.js';
import { WEBHOOK_QUEUE, webhookBackoffStrategy } from '../core/integrations/webhook-delivery-job.js';
import { webhookDeliveryJob } from '../core/integrations/webhook-queue.js';

/** How often the worker checks that Redis still holds the reminder schedule. */
const SCHEDULE_CHECK_MS = 60_000;

/**
 * Entry point of the BullMQ worker process: runs the small repeatable jobs (today the FOIA
 * deadline reminders). Start with `npx tsx workers/queue-worker.ts`.
 */
async function main(): Promise<void> {
  const config = loadProcessConfig();
  const logger = createLogger({ level: config.log.level, format: config.log.format, name: 'sunlight-queue-worker' });
  const db = createKnex({ url: config.database.url, poolMax: 2, applicationName: 'sunlight-queue-worker' });
  const connection = createQueueConnection(config.redis.url, 'sunlight-queue-worker');
  const reminders = new FoiaDeadlineReminderJob({
    store: createPgFoiaReminderStore(db),
    logger: logger.child({ module: 'foia-reminders' }),
  });
  const runner = startQueueRunner({ connection, prefix: config.queue.prefix, queueName: FOIA_QUEUE, jobs: [reminders], logger });
  const keeper = await keepScheduled(runner.queue, reminders, { withinDays: config.foia.reminderWithinDays }, config.foia.reminderEverySeconds * 1000, {
    checkEveryMs: SCHEDULE_CHECK_MS,
    logger,
  });
  const webhookSettings = { signingKey: config.integrations.webhookSigningKey, allowPrivate: config.integrations.allowPrivateWebhooks, retry: config.integrations.webhookRetry };
  const webhooks = startQueueRunner({
    connection,
    prefix: config.queue.prefix,
    queueName: WEBHOOK_QUEUE,
    jobs: [webhookDeliveryJob(db, webhookSettings, logger)],
    logger,
    concurrency: 8,
    backoffStrategy: webhookBackoffStrategy(webhookSettings.retry),
  });
  logger.info({ queues: [FOIA_QUEUE, WEBHOOK_QUEUE], everySeconds: config.foia.reminderEverySeconds }, 'queue worker running');

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'queue worker stopping');
    keeper.stop();
    Promise.all([runner.close(), webhooks.close()])
      .then(() => db.destroy())
      .then(() => connection.quit())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        logger.error({ err }, 'error while stopping');
        process.exit(1);
      });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`queue worker failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
