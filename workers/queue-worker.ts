import { loadProcessConfig } from '../core/config/load-env-file.js';
import { createKnex } from '../core/db/knex.js';
import { FOIA_QUEUE, FoiaDeadlineReminderJob } from '../core/foia/reminders/foia-deadline-reminder-job.js';
import { createPgFoiaReminderStore } from '../core/foia/reminders/foia-reminder-store.js';
import { createLogger } from '../core/logger/logger.js';
import { createQueueConnection } from '../core/queue/queue-connection.js';
import { keepScheduled, startQueueRunner } from '../core/queue/queue-runner.js';
import { WEBHOOK_QUEUE, webhookBackoffStrategy } from '../core/integrations/webhook-delivery-job.js';
import { webhookDeliveryJob } from '../core/integrations/webhook-queue.js';
import { createMailer } from '../core/mail/mailer.js';
import { createPgFoiaLawStore } from '../core/foia/foia-law-store.js';
import { createLetterQueue } from '../core/foia/communications/letter-queue.js';
import { FOIA_MAIL_QUEUE, mailBackoffStrategy, SendLetterJob } from '../core/foia/communications/send-letter-job.js';
import { FoiaNotificationDeliveryJob, NOTIFICATION_DELIVERY_EVERY_MS } from '../core/foia/notifications/notification-delivery-job.js';
import { createPgNotificationDeliveryStore } from '../core/foia/notifications/notification-delivery-store.js';
import { FoiaFollowUpJob } from '../core/foia/follow-ups/follow-up-job.js';
import { createPgFollowUpStore } from '../core/foia/follow-ups/follow-up-store.js';
import { createFollowUpDrafter } from '../core/foia/follow-ups/follow-up-drafter.js';

/** How often the worker checks that Redis still holds the reminder schedule. */
const SCHEDULE_CHECK_MS = 60_000;

/**
 * Entry point of the BullMQ worker process: runs the small repeatable jobs (the FOIA deadline
 * reminders, notification delivery and follow-ups). Start with `npx tsx workers/queue-worker.ts`.
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
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl });
  // Follow-ups are queued for sending only when sending is configured; else they stay drafts.
  const letters = config.mail.smtpUrl ? createLetterQueue({ redisUrl: config.redis.url, prefix: config.queue.prefix, logger, connectionName: 'sunlight-queue-worker-letters' }) : undefined;
  const deliveries = new FoiaNotificationDeliveryJob({
    store: createPgNotificationDeliveryStore(db),
    mailer,
    from: config.mail.from,
    webhooks: { signingKey: config.integrations.webhookSigningKey, allowPrivate: config.integrations.allowPrivateWebhooks },
    logger: logger.child({ module: 'foia-notification-delivery' }),
  });
  const followUps = new FoiaFollowUpJob({
    store: createPgFollowUpStore(db),
    drafter: createFollowUpDrafter({ db, law: createPgFoiaLawStore(db) }),
    days: config.foia.followUpDays,
    ...(letters ? { enqueueSend: (data: { userId: string; requestId: string; communicationId: string }) => letters.enqueue(data) } : {}),
    db,
    logger: logger.child({ module: 'foia-follow-ups' }),
  });
  const runner = startQueueRunner({ connection, prefix: config.queue.prefix, queueName: FOIA_QUEUE, jobs: [reminders, deliveries, followUps], logger });
  const keeper = await keepScheduled(runner.queue, reminders, { withinDays: config.foia.reminderWithinDays }, config.foia.reminderEverySeconds * 1000, {
    checkEveryMs: SCHEDULE_CHECK_MS,
    logger,
  });
  const deliveryKeeper = await keepScheduled(runner.queue, deliveries, deliveries.parse({}), NOTIFICATION_DELIVERY_EVERY_MS, { checkEveryMs: SCHEDULE_CHECK_MS, logger });
  const followUpKeeper = await keepScheduled(runner.queue, followUps, {}, config.foia.reminderEverySeconds * 1000, { checkEveryMs: SCHEDULE_CHECK_MS, logger });
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
  // Outgoing letters (POST /api/foia/requests/{id}/send, automatic follow-ups), a few at a time.
  const letterRunner = startQueueRunner({
    connection,
    prefix: config.queue.prefix,
    queueName: FOIA_MAIL_QUEUE,
    jobs: [new SendLetterJob({ db, law: createPgFoiaLawStore(db), mailer, from: config.mail.from, logger: logger.child({ module: 'foia-mail' }) })],
    logger,
    concurrency: 2,
    backoffStrategy: mailBackoffStrategy(),
  });
  logger.info({ queues: [FOIA_QUEUE, WEBHOOK_QUEUE, FOIA_MAIL_QUEUE], everySeconds: config.foia.reminderEverySeconds }, 'queue worker running');

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'queue worker stopping');
    keeper.stop();
    deliveryKeeper.stop();
    followUpKeeper.stop();
    Promise.all([runner.close(), webhooks.close(), letterRunner.close()])
      .then(async () => {
        mailer.close();
        await letters?.close();
      })
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
