import type { RequestHandler } from 'express';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { RateLimitedError } from '../../core/errors/app-error.js';
import type { Logger } from '../../core/logger/logger.js';
import '../http/locals.js';

export interface RateLimitOptions {
  redis: Redis;
  points: number;
  windowSeconds: number;
  enabled: boolean;
  logger: Logger;
  keyPrefix?: string;
}

/** A fixed-window counter in Redis under the options' prefix (plus `suffix`), with an in-memory one of the same budget while Redis is down. */
function redisLimiter(options: RateLimitOptions, suffix: string): RateLimiterRedis {
  return new RateLimiterRedis({
    storeClient: options.redis,
    keyPrefix: `${options.keyPrefix ?? 'sunlight:rl'}${suffix}`,
    points: options.points,
    duration: options.windowSeconds,
    insuranceLimiter: new RateLimiterMemory({ points: options.points, duration: options.windowSeconds }),
  });
}

/**
 * Fixed-window rate limit per caller, counted in Redis so every API instance shares it:
 * keyed by the token's `sub`, or on public routes by client address and route (one tool
 * polling the API description does not use up another caller's budget behind the same
 * address). If Redis is down, an in-memory limiter with the same budget takes over (per
 * instance) rather than failing every request.
 */
export function rateLimit(options: RateLimitOptions): RequestHandler {
  if (!options.enabled) return (_req, _res, next) => next();
  const limiter = redisLimiter(options, '');
  return async (req, res, next) => {
    const sub = res.locals.principal?.sub;
    const key = sub ? `sub:${sub}` : `ip:${req.ip ?? 'unknown'}:${res.locals.routeTemplate ?? req.path}`;
    try {
      const state = await limiter.consume(key);
      setHeaders(res, options.points, state);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        options.logger.warn({ err: rejection }, 'rate limiter failed; request allowed');
        next();
        return;
      }
      setHeaders(res, options.points, rejection);
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      res.setHeader('Retry-After', String(retryAfter));
      throw new RateLimitedError(retryAfter);
    }
    next();
  };
}

function setHeaders(res: Parameters<RequestHandler>[1], limit: number, state: RateLimiterRes): void {
  res.setHeader('RateLimit-Limit', String(limit));
  res.setHeader('RateLimit-Remaining', String(Math.max(0, state.remainingPoints)));
  res.setHeader('RateLimit-Reset', String(Math.ceil(state.msBeforeNext / 1000)));
}

/** Counts refused tokens per client address, and refuses an address that has sent too many. */
export interface AuthFailureLimit {
  /** Throws 429 when the address has used up its budget of refused tokens. */
  check(ip: string): Promise<void>;
  /** Counts one refused token from the address. */
  failed(ip: string): Promise<void>;
}

/**
 * Refused tokens are not counted against any `sub` (there is none to trust): each client
 * address may send `points` of them per window; past that its refused tokens are answered
 * 429 with Retry-After until the window ends, so guessing or replaying tokens costs time.
 * Valid tokens are never slowed by it.
 */
export function authFailureLimit(options: RateLimitOptions): AuthFailureLimit {
  if (!options.enabled) return { check: async () => undefined, failed: async () => undefined };
  const limiter = redisLimiter(options, ':authfail');
  return {
    async check(ip) {
      // Consuming nothing reads the count through the same path (and the same fallback) as counting does.
      try {
        await limiter.consume(ip, 0);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw new RateLimitedError(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      }
    },
    async failed(ip) {
      await limiter.consume(ip).catch(() => undefined);
    },
  };
}
