/**
 * Delivers notifications to the user: by e-mail (profile `notify_email`, to the profile's
 * address) and by a signed POST to the profile's webhook. Repeatable, on queue `foia`.
 *
 * Mark before delivering: each channel of a notification is claimed (`emailed_at` /
 * `webhooked_at` set where still null, committed) before the message goes out, so two runs
 * never both deliver it and a re-run delivers nothing twice. A failure clears the claim and
 * records `delivery_error`, and the next run tries again. A crash between the claim and the
 * delivery loses that one message (at most once, never twice); it stays in the list.
 * Notifications the user has read, or older than `maxAgeDays`, are not delivered.
 */
import type { JobsOptions } from 'bullmq';
import { z } from 'zod';
import type { Logger } from '../../logger/logger.js';
import { messageIdFor, type Mailer } from '../../mail/mailer.js';
import { QueueJob } from '../../queue/queue-job.js';
import { SIGNATURE_HEADER, signWebhook } from '../../integrations/webhook-signature.js';
import { webhookUrlProblem } from '../../integrations/webhook-url.js';
import { FOIA_QUEUE } from '../reminders/foia-deadline-reminder-job.js';
import type { DeliveryChannel, NotificationDeliveryStore, NotifiedRequest, PendingNotification } from './notification-delivery-store.js';
import { notificationEmail, notificationWebhookBody } from './notification-message.js';
import { notificationWebhookSecret } from './notification-webhook.js';

/** How often the worker runs the delivery (it is cheap when nothing waits). */
export const NOTIFICATION_DELIVERY_EVERY_MS = 60_000;

const dataSchema = z.object({
  limit: z.number().int().min(1).max(1000).default(200),
  maxAgeDays: z.number().int().min(1).max(90).default(7),
});
export type NotificationDeliveryData = z.infer<typeof dataSchema>;

export interface NotificationDeliveryResult {
  emailed: number;
  webhooked: number;
  failed: number;
}

const WEBHOOK_TIMEOUT_MS = 10_000;

export interface NotificationDeliveryDeps {
  store: NotificationDeliveryStore;
  mailer: Mailer;
  /** The From of notification e-mails (config MAIL_FROM). */
  from: string;
  webhooks: { signingKey: string; allowPrivate: boolean };
  logger: Logger;
  now?: () => Date;
  fetch?: typeof fetch;
}

export class FoiaNotificationDeliveryJob extends QueueJob<NotificationDeliveryData, NotificationDeliveryResult> {
  static readonly jobName = 'foia.notification-delivery';
  readonly name = FoiaNotificationDeliveryJob.jobName;
  readonly queueName = FOIA_QUEUE;
  override readonly options: JobsOptions = {
    // Per-message failures are recorded and retried by the next run; these retries cover a database blip.
    attempts: 3,
    backoff: { type: 'exponential', delay: 5_000 },
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 1_000 },
  };

  constructor(private readonly deps: NotificationDeliveryDeps) {
    super();
  }

  parse(data: unknown): NotificationDeliveryData {
    return dataSchema.parse(data ?? {});
  }

  async perform(data: NotificationDeliveryData): Promise<NotificationDeliveryResult> {
    const { store, logger } = this.deps;
    const at = (this.deps.now ?? (() => new Date()))();
    const pending = await store.pending({ since: new Date(at.getTime() - data.maxAgeDays * 86_400_000), limit: data.limit });
    const result: NotificationDeliveryResult = { emailed: 0, webhooked: 0, failed: 0 };
    for (const n of pending) {
      const channels: DeliveryChannel[] = [...(n.email && this.deps.mailer.enabled ? ['email' as const] : []), ...(n.webhook_url ? ['webhook' as const] : [])];
      if (channels.length === 0) continue;
      const request = await store.request(n.user_id, n.request_id);
      if (!request) continue; // deleted since: nothing to say
      const errors: string[] = [];
      for (const channel of channels) {
        if (!(await store.claim(n.id, channel, at))) continue;
        try {
          await (channel === 'email' ? this.email(n, request) : this.webhook(n, request));
          result[channel === 'email' ? 'emailed' : 'webhooked'] += 1;
        } catch (err) {
          await store.release(n.id, channel);
          errors.push(`${channel}: ${(err as Error).message}`);
          result.failed += 1;
          logger.warn({ notificationId: n.id, channel, err: { message: (err as Error).message } }, 'notification delivery failed; the next run retries');
        }
      }
      await store.recordError(n.id, errors.length > 0 ? errors.join('; ').slice(0, 1000) : null);
    }
    logger.info({ ...result, pending: pending.length }, 'foia notifications delivered');
    return result;
  }

  private async email(n: PendingNotification, request: NotifiedRequest): Promise<void> {
    const { subject, text } = notificationEmail(n, request);
    const sent = await this.deps.mailer.send({
      from: this.deps.from,
      to: [n.email!],
      subject,
      text,
      messageId: messageIdFor(`notification-${n.id}`, this.deps.from),
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
    if (sent.accepted.length === 0) throw new Error(`The mail server refused the recipient (${sent.response.slice(0, 200)})`);
  }

  private async webhook(n: PendingNotification, request: NotifiedRequest): Promise<void> {
    const url = n.webhook_url!;
    const problem = await webhookUrlProblem(url, { allowPrivate: this.deps.webhooks.allowPrivate });
    if (problem) throw new Error(`The webhook URL is refused: ${problem}`);
    const body = notificationWebhookBody(n, request);
    // The real time, not the job's `now`: receivers check the signature's age against their clock.
    const timestamp = Math.floor(Date.now() / 1000);
    let res: Response;
    try {
      res = await (this.deps.fetch ?? fetch)(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signWebhook(notificationWebhookSecret(this.deps.webhooks.signingKey, n.user_id), body, timestamp),
          'user-agent': 'Sunlight-Webhooks/1',
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
    } catch (err) {
      throw new Error((err as Error).name === 'TimeoutError' ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` : 'Could not connect to the receiver');
    }
    await res.body?.cancel().catch(() => undefined);
    if (res.status < 200 || res.status >= 300) throw new Error(`The receiver answered ${res.status}`);
  }
}
