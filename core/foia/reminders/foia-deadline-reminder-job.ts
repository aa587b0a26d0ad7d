import { z } from 'zod';
import type { JobsOptions } from 'bullmq';
import type { Logger } from '../../logger/logger.js';
import { QueueJob } from '../../queue/queue-job.js';
import type { FoiaReminderStore } from './foia-reminder-store.js';

/** The queue of FOIA jobs. */
export const FOIA_QUEUE = 'foia';

const dataSchema = z.object({ withinDays: z.number().int().min(0).max(90) });

export type FoiaDeadlineReminderData = z.infer<typeof dataSchema>;

/** What one run did. */
export interface FoiaDeadlineReminderResult {
  recorded: number;
  at: string;
}

/**
 * Repeatable job: records `due_soon` and `overdue` notifications for requests whose
 * response deadline is near or past. Safe to run any number of times (the store is
 * idempotent), so retries and overlapping schedules cannot duplicate notifications.
 */
export class FoiaDeadlineReminderJob extends QueueJob<FoiaDeadlineReminderData, FoiaDeadlineReminderResult> {
  static readonly jobName = 'foia.deadline-reminders';
  readonly name = FoiaDeadlineReminderJob.jobName;
  readonly queueName = FOIA_QUEUE;
  // A database blip should not cost a whole interval: retry a few times, backing off.
  override readonly options: JobsOptions;

  constructor(
    private readonly deps: { store: FoiaReminderStore; logger: Logger; now?: () => Date },
    options: { attempts?: number; backoffMs?: number } = {},
  ) {
    super();
    this.options = {
      attempts: options.attempts ?? 5,
      backoff: { type: 'exponential', delay: options.backoffMs ?? 5_000 },
      removeOnComplete: { count: 100 },
      removeOnFail: { count: 1_000 },
    };
  }

  parse(data: unknown): FoiaDeadlineReminderData {
    return dataSchema.parse(data);
  }

  async perform(data: FoiaDeadlineReminderData): Promise<FoiaDeadlineReminderResult> {
    const at = (this.deps.now ?? (() => new Date()))();
    const recorded = await this.deps.store.recordDueReminders({ withinDays: data.withinDays, now: at });
    this.deps.logger.info({ recorded, withinDays: data.withinDays }, 'foia deadline reminders recorded');
    return { recorded, at: at.toISOString() };
  }
}
