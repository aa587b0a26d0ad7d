import { createPgFoiaLawStore } from '../../core/foia/foia-law-store.js';
import { FOIA_MAIL_QUEUE, mailBackoffStrategy, SendLetterJob } from '../../core/foia/communications/send-letter-job.js';
import { createLogger } from '../../core/logger/logger.js';
import { createMailer } from '../../core/mail/mailer.js';
import { createQueueConnection } from '../../core/queue/queue-connection.js';
import { startQueueRunner, type QueueRunner } from '../../core/queue/queue-runner.js';
import type { TestApi } from './test-api.js';
import { testRedisUrl } from './test-env.js';

export interface MailDeliveries {
  /** The job as the worker runs it (tests call `perform` directly to replay an attempt). */
  job: SendLetterJob;
  runner: QueueRunner;
  close(): Promise<void>;
}

/**
 * The outgoing-letter queue of the API `t` (started with `QUEUE_PREFIX: prefix` and
 * `SMTP_URL` pointing at a loopback SMTP sink), run in-process as the queue worker runs it,
 * with retries after `backoffMs` instead of minutes.
 */
export function startMailDeliveries(t: TestApi, prefix: string, connectionName: string, backoffMs = 100): MailDeliveries {
  const logger = createLogger({ level: 'silent' });
  const mailer = createMailer({ smtpUrl: t.config.mail.smtpUrl });
  const job = new SendLetterJob({ db: t.database.db, law: createPgFoiaLawStore(t.database.db), mailer, from: t.config.mail.from, logger });
  const connection = createQueueConnection(testRedisUrl(), connectionName);
  const runner = startQueueRunner({ connection, prefix, queueName: FOIA_MAIL_QUEUE, jobs: [job], logger, backoffStrategy: mailBackoffStrategy(backoffMs) });
  return {
    job,
    runner,
    async close() {
      await runner.close();
      mailer.close();
      await connection.quit();
    },
  };
}
