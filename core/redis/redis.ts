import { Redis } from 'ioredis';

export type { Redis } from 'ioredis';

/**
 * A Redis client for rate limiting and health checks. The offline queue is off so a
 * Redis outage fails fast instead of stalling requests.
 */
export function createRedis(url: string, options: { connectionName?: string } = {}): Redis {
  return new Redis(url, {
    connectionName: options.connectionName ?? 'sunlight',
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
}
