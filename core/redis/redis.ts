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

/**
 * Resolves once the client is connected, or after `timeoutMs` whatever its state: a server
 * should not count its first requests in the fallback limiter while Redis is seconds away,
 * nor refuse to start when Redis is down.
 */
export async function redisReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(false), timeoutMs);
    const onReady = () => done(true);
    function done(ready: boolean) {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    }
    redis.once('ready', onReady);
  });
}
