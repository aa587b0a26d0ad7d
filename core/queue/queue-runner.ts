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
    { connection, prefix, concurrency: options.concurrency ?? 1 },
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
