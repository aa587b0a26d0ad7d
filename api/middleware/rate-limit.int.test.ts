import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi({ env: { RATE_LIMIT_POINTS: '3', RATE_LIMIT_WINDOW_SECONDS: '3' } });
  // Warm the JWKS cache with another caller, so the burst below lands inside one window.
  await t.request('/api/admin/metrics', { token: await t.token({ scope: 'admin:metrics', sub: 'warm-up' }) });
});
afterAll(async () => {
  await t?.close();
});

describe('rate limiting per sub', () => {
  it('answers 429 RATE_LIMITED with Retry-After once the budget is spent, then resets', async () => {
    const sub = `rl-${Date.now()}`;
    const token = await t.token({ scope: 'admin:metrics', sub });
    const burst = await Promise.all(Array.from({ length: 5 }, () => t.request('/api/admin/metrics', { token })));
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429]);

    const limited = burst.find((r) => r.status === 429)!;
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3);
    expect((await limited.json()).error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests',
      status: 429,
      metadata: { retry_after_seconds: retryAfter },
    });

    // Another caller is not affected.
    const other = await t.token({ scope: 'admin:metrics', sub: `${sub}-other` });
    expect((await t.request('/api/admin/metrics', { token: other })).status).toBe(200);

    // After the window the budget is back.
    await new Promise((r) => setTimeout(r, retryAfter * 1000 + 250));
    expect((await t.request('/api/admin/metrics', { token })).status).toBe(200);
  });
});
