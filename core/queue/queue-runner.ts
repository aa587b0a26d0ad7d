import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger/logger.js';
import type { QueueJob } from './queue-job.js';

/** A queue with a worker running its jobs. */
export interface QueueRunner {
  queue: Queue;
  worker: Worker;
  close(): Promise<void>;
}

export interface QueueRunnerOptions {
  connection: Redis;
  /** Namespace of every Redis key (one per deployment; tests use their own). */
  prefix: string;
  queueName: string;
  jobs: ReadonlyArray<QueueJob<unknown, unknown>>;
  logger: Logger;
  concurrency?: number;
  /** The delay before a retry, for jobs whose backoff is a custom type. */
  backoffStrategy?: (attemptsMade: number, type?: string) => number;
}

/** Starts a worker that dispatches each job of `queueName` to the job class of the same name. */
export function startQueueRunner(options: QueueRunnerOptions): QueueRunner {
  const { connection, prefix, queueName, logger } = options;
  const byName = new Map(options.jobs.map((j) => [j.name, j]));
  const queue = new Queue(queueName, { connection, prefix });
  const worker = new Worker(
    queueName,
    async (job: Job) => {
      const handler = byName.get(job.name);
      if (!handler) throw new Error(`No handler for job ${job.name} on queue ${queueName}`);
      return handler.perform(handler.parse(job.data));
    },
    { connection, prefix, concurrency: options.concurrency ?? 1, ...(options.backoffStrategy ? { settings: { backoffStrategy: options.backoffStrategy } } : {}) },
  );
  worker.on('failed', (job, err) =>
    logger.warn({ job: job?.name, id: job?.id, attemptsMade: job?.attemptsMade, err: { message: err.message } }, 'queue job failed'),
  );
  worker.on('error', (err) => logger.error({ err: { message: err.message } }, 'queue worker error'));
  return {
    queue,
    worker,
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}

/**
 * Schedules `job` to run every `everyMs`, with the job's own retry options. Idempotent: the
 * scheduler id is the job's name, so every process start upserts the same schedule.
 */
export async function scheduleRepeatable<T>(queue: Queue, job: QueueJob<T, unknown>, data: T, everyMs: number): Promise<void> {
  await queue.upsertJobScheduler(job.name, { every: everyMs }, { name: job.name, data, opts: job.options });
}

/** A running keeper of a repeatable schedule. */
export interface ScheduleKeeper {
  stop(): void;
}

/**
 * Keeps `job` scheduled: upserts the schedule now, then checks every `checkEveryMs` that it
 * is still there and restores it when not. Redis that restarts without persistence (or is
 * flushed) loses the schedule while the worker stays connected; without this the reminders
 * would stop silently until the worker restarted.
 */
export async function keepScheduled<T>(
  queue: Queue,
  job: QueueJob<T, unknown>,
  data: T,
  everyMs: number,
  opts: { checkEveryMs: number; logger: Logger },
): Promise<ScheduleKeeper> {
  await scheduleRepeatable(queue, job, data, everyMs);
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    queue
      .getJobScheduler(job.name)
      .then(async (scheduler) => {
        if (scheduler) return;
        await scheduleRepeatable(queue, job, data, everyMs);
        opts.logger.warn({ job: job.name }, 'the repeatable schedule was gone from Redis (restarted or flushed?); restored');
      })
      .catch((err: unknown) => opts.logger.warn({ job: job.name, err: { message: err instanceof Error ? err.message : String(err) } }, 'could not check the repeatable schedule; will retry'))
      .finally(() => (checking = false));
  }, opts.checkEveryMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
