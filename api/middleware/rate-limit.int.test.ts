import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi({ env: { RATE_LIMIT_POINTS: '3', RATE_LIMIT_WINDOW_SECONDS: '2' } });
});
afterAll(async () => {
  await t?.close();
});

describe('rate limiting per sub', () => {
  it('answers 429 RATE_LIMITED with Retry-After once the budget is spent, then resets', async () => {
    const sub = `rl-${Date.now()}`;
    const token = await t.token({ scope: 'admin:metrics', sub });
    for (let i = 0; i < 3; i++) expect((await t.request('/api/admin/metrics', { token })).status).toBe(200);
    const limited = await t.request('/api/admin/metrics', { token });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);
    const body = await limited.json();
    expect(body.error).toMatchObject({ code: 'RATE_LIMITED', status: 429, metadata: { retry_after_seconds: retryAfter } });

    // Another user is not affected.
    const other = await t.token({ scope: 'admin:metrics', sub: `${sub}-other` });
    expect((await t.request('/api/admin/metrics', { token: other })).status).toBe(200);

    await new Promise((r) => setTimeout(r, retryAfter * 1000 + 200));
    expect((await t.request('/api/admin/metrics', { token })).status).toBe(200);
  });
});
