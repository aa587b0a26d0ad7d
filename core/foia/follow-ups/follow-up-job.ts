/**
 * Repeatable job on queue `foia`: follows up overdue requests on their jurisdiction's schedule
 * (follow-up-schedule.ts). It finds them as `sunlight_reminder`, then drafts each follow-up as
 * the request's owner; when the owner asked for automatic sending, the agency has an e-mail
 * address and sending is configured, the follow-up is queued and handed to the send job.
 * Idempotent: the drafted letter is itself the last contact, so a re-run (or an overlapping
 * run, which waits on the request's row lock) finds nothing due until the next interval.
 */
import type { JobsOptions } from 'bullmq';
import { z } from 'zod';
import { inUserTransaction } from '../../db/user-transaction.js';
import type { Knex } from 'knex';
import type { Logger } from '../../logger/logger.js';
import { QueueJob } from '../../queue/queue-job.js';
import { updateDelivery } from '../communications/communication-store.js';
import { localDate } from '../request-deadline.js';
import { FOIA_QUEUE } from '../reminders/foia-deadline-reminder-job.js';
import type { FollowUpDrafter } from './follow-up-drafter.js';
import { followUpInterval, followUpIsDue, type FollowUpDays } from './follow-up-schedule.js';
import type { FollowUpStore } from './follow-up-store.js';

/** The send job's port: enqueue one communication for sending (job id = communication id). */
export type EnqueueSend = (data: { userId: string; requestId: string; communicationId: string }) => Promise<void>;

const dataSchema = z.object({}).strict();
export type FollowUpJobData = z.infer<typeof dataSchema>;

export interface FollowUpJobResult {
  drafted: number;
  queued: number;
  at: string;
}

export interface FollowUpJobDeps {
  store: FollowUpStore;
  drafter: FollowUpDrafter;
  days: FollowUpDays;
  /** Present when sending is configured (SMTP_URL and the send job); absent, follow-ups stay drafts. */
  enqueueSend?: EnqueueSend;
  /** To put a follow-up back to `draft` when it could not be enqueued. */
  db: Knex;
  logger: Logger;
  now?: () => Date;
}

export class FoiaFollowUpJob extends QueueJob<FollowUpJobData, FollowUpJobResult> {
  static readonly jobName = 'foia.follow-ups';
  readonly name = FoiaFollowUpJob.jobName;
  readonly queueName = FOIA_QUEUE;
  override readonly options: JobsOptions = {
    attempts: 5,
    backoff: { type: 'exponential', delay: 5_000 },
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 1_000 },
  };

  constructor(private readonly deps: FollowUpJobDeps) {
    super();
  }

  parse(data: unknown): FollowUpJobData {
    return dataSchema.parse(data ?? {});
  }

  async perform(): Promise<FollowUpJobResult> {
    const { store, drafter, days, logger } = this.deps;
    const at = (this.deps.now ?? (() => new Date()))();
    const result: FollowUpJobResult = { drafted: 0, queued: 0, at: at.toISOString() };
    for (const r of await store.overdue(at)) {
      const interval = followUpInterval(r.jurisdiction, days);
      const lastContactOn = r.last_contact_at ? localDate(new Date(r.last_contact_at), r.time_zone) : r.due_date;
      if (!followUpIsDue({ dueDate: r.due_date, lastContactOn, interval, today: localDate(at, r.time_zone) })) continue;
      const recorded = await drafter.recordFollowUp(r.user_id, r.id, { now: at, interval, autoSend: this.deps.enqueueSend !== undefined });
      if (!recorded) continue;
      result.drafted += 1;
      if (recorded.queued && this.deps.enqueueSend) {
        try {
          await this.deps.enqueueSend({ userId: r.user_id, requestId: r.id, communicationId: recorded.communicationId });
          result.queued += 1;
        } catch (err) {
          // Left queued with no job it would never go out: back to a draft the user can send.
          await inUserTransaction(this.deps.db, r.user_id, (trx) => updateDelivery(trx, recorded.communicationId, { delivery: 'draft', delivery_error: 'Could not be queued for sending' }));
          logger.warn({ requestId: r.id, err: { message: (err as Error).message } }, 'follow-up could not be queued; kept as a draft');
        }
      }
    }
    logger.info(result, 'foia follow-ups drafted');
    return result;
  }
}
