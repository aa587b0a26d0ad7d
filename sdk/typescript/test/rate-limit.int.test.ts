/**
 * Rate limiting and retries against the real API started with a budget of two requests per
 * caller per two-second window: RateLimitedError with Retry-After, a GET retried after its
 * 429 and then answered, and POST never retried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { RateLimitedError } from '../src/index.js';
import { pathsOf, sdkFor } from './harness.js';

let t: TestApi;

beforeAll(async () => {
  t = await startTestApi({ env: { RATE_LIMIT_POINTS: '2', RATE_LIMIT_WINDOW_SECONDS: '2' } });
});
afterAll(async () => {
  await t?.close();
});

/** A client for a caller of its own (the budget is per `sub`). */
const callerClient = async (sub: string, options: { retries?: number; maxRetryDelayMs?: number } = {}) =>
  sdkFor(t, { token: await t.token({ sub, scope: 'read:transparency read:foia write:foia' }), ...options });

const draft = { jurisdiction: 'texas', agency: { name: 'Austin Police Department' }, subject: 'Budget', description: 'The 2024 budget.' };

describe('rate limiting', () => {
  it('throws RateLimitedError with the Retry-After seconds once the budget is spent', async () => {
    const { client, sent } = await callerClient('sdk-rl-error', { retries: 0 });
    await client.transparency.jurisdictions.list();
    await client.foia.list();
    const err = await client.transparency.jurisdictions.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err).toMatchObject({ status: 429, code: 'RATE_LIMITED', requestId: expect.any(String) });
    const retryAfter = (err as RateLimitedError).retryAfterSeconds!;
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);
    expect(sent.map((s) => s.status)).toEqual([200, 200, 429]);
  });

  it('retries a GET after its 429, waiting Retry-After, and returns the answer', async () => {
    const { client, sent } = await callerClient('sdk-rl-retry');
    await client.transparency.jurisdictions.list();
    await client.transparency.jurisdictions.list();
    const started = Date.now();
    const page = await client.foia.list();
    expect(page).toMatchObject({ data: [], total: 0 });
    expect(sent.map((s) => s.status)).toEqual([200, 200, 429, 200]);
    // Retry-After is whole seconds (at least 1): the SDK waited for it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('never retries a POST: the 429 is thrown at once', async () => {
    const { client, sent } = await callerClient('sdk-rl-post');
    await client.foia.create(draft);
    await client.foia.create(draft);
    const started = Date.now();
    await expect(client.foia.create(draft)).rejects.toBeInstanceOf(RateLimitedError);
    expect(Date.now() - started).toBeLessThan(900);
    expect(pathsOf(t, sent)).toEqual(['POST /api/foia/requests', 'POST /api/foia/requests', 'POST /api/foia/requests']);
    expect(sent.map((s) => s.status)).toEqual([201, 201, 429]);
  });

  it('throws at once when Retry-After is longer than maxRetryDelayMs', async () => {
    const { client, sent } = await callerClient('sdk-rl-cap', { maxRetryDelayMs: 100 });
    await client.foia.list();
    await client.foia.list();
    const started = Date.now();
    await expect(client.foia.list()).rejects.toMatchObject({ name: 'RateLimitedError', retryAfterSeconds: expect.any(Number) });
    expect(Date.now() - started).toBeLessThan(900);
    expect(sent).toHaveLength(3);
  });
});
