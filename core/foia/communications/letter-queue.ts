/**
 * The producer side of the outgoing-letter queue (BullMQ `foia-mail`), behind a small port so
 * services enqueue without knowing BullMQ and tests can run the worker in-process. The job id
 * is the communication's id: enqueueing the same letter twice (a double click, a retried
 * request) adds one job.
 */
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../../logger/logger.js';
import { createQueueConnection } from '../../queue/queue-connection.js';
import { FOIA_MAIL_QUEUE, SEND_LETTER_OPTIONS, SendLetterJob, type SendLetterData } from './send-letter-job.js';

export interface LetterQueue {
  enqueue(data: SendLetterData): Promise<void>;
  close(): Promise<void>;
}

/** A letter queue on Redis at `redisUrl`; the connection opens on the first letter, not at start-up. */
export function createLetterQueue(options: { redisUrl: string; prefix: string; logger: Logger; connectionName?: string }): LetterQueue {
  let connection: Redis | undefined;
  let queue: Queue | undefined;
  const open = (): Queue => {
    if (queue) return queue;
    connection = createQueueConnection(options.redisUrl, options.connectionName ?? 'sunlight-letter-queue');
    connection.on('error', (err) => options.logger.warn({ err: { message: err.message } }, 'letter queue: redis connection error'));
    queue = new Queue(FOIA_MAIL_QUEUE, { connection, prefix: options.prefix });
    queue.on('error', (err) => options.logger.warn({ err: { message: err.message } }, 'letter queue error'));
    return queue;
  };
  return {
    async enqueue(data) {
      await open().add(SendLetterJob.jobName, data, { ...SEND_LETTER_OPTIONS, jobId: data.communicationId });
    },
    async close() {
      await queue?.close();
      connection?.disconnect();
    },
  };
}
