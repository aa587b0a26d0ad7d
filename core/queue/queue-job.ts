import type { JobsOptions } from 'bullmq';

/**
 * A small typed queue job (Outline's BaseTask): its name and queue, how it retries, how it
 * checks the data it is given, and what it does. Anything multi-step that must survive
 * failure is a Temporal workflow instead (ADR 0001).
 */
export abstract class QueueJob<TData, TResult> {
  /** Job name within the queue; the worker dispatches on it. */
  abstract readonly name: string;
  abstract readonly queueName: string;

  /** Retries and retention of this job; subclasses state their own. */
  readonly options: JobsOptions = {
    attempts: 3,
    backoff: { type: 'exponential', delay: 1_000 },
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 1_000 },
  };

  /** Checks the data from Redis (it may come from an older or newer deployment). */
  abstract parse(data: unknown): TData;

  /** Does the work; must be idempotent, since a retried or repeated run can follow a partial one. */
  abstract perform(data: TData): Promise<TResult>;
}
