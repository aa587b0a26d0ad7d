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

describe('refused tokens and public routes', () => {
  it('answers 429 to an address that keeps sending refused tokens, while valid tokens still pass', async () => {
    const api = await startTestApi({ env: { RATE_LIMIT_AUTH_FAILURES: '3', RATE_LIMIT_WINDOW_SECONDS: '30' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await api.request('/api/foia/requests', { token: `forged.${i}.token` })).status);
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
      const valid = await api.token({ scope: 'read:foia', sub: 'blocked-address-user' });
      // A valid token from the same address is not locked out (addresses are shared behind proxies and NAT).
      expect((await api.request('/api/foia/requests', { token: valid })).status).toBe(200);
      const again = await api.request('/api/foia/requests', { token: 'forged.again.token' });
      expect(again.status).toBe(429);
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await api.close();
    }
  });

  it('gives each public route its own budget per address, and never limits the health probe', async () => {
    const api = await startTestApi({ env: { RATE_LIMIT_POINTS: '2', RATE_LIMIT_WINDOW_SECONDS: '30' } });
    try {
      const docs = [];
      for (let i = 0; i < 3; i++) docs.push((await api.request('/api/openapi.json')).status);
      expect(docs).toEqual([200, 200, 429]);
      const health = [];
      for (let i = 0; i < 5; i++) health.push((await api.request('/api/health')).status);
      expect(health.every((s) => s !== 429)).toBe(true);
    } finally {
      await api.close();
    }
  });
});
