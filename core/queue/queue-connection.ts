import { Redis } from 'ioredis';

/**
 * A Redis connection for BullMQ. Unlike the API's client (core/redis), blocking worker
 * commands need `maxRetriesPerRequest: null` and an offline queue, so queues get their own.
 */
export function createQueueConnection(url: string, connectionName: string): Redis {
  return new Redis(url, { connectionName, maxRetriesPerRequest: null, enableOfflineQueue: true });
}
