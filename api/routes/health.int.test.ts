import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/support/test-api.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.js';

let up: TestApi;
let redisDown: TestApi;
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  up = await startTestApi({ database });
  // Nothing listens on port 1: Redis is down for this instance, the rest is real.
  redisDown = await startTestApi({ database, env: { REDIS_URL: 'redis://127.0.0.1:1/0' } });
});
afterAll(async () => {
  await up?.close();
  await redisDown?.close();
  await database?.drop();
});

describe('GET /api/health', () => {
  it('answers 200 with every dependency up and its latency, without auth', async () => {
    const res = await up.request('/api/health');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe('ok');
    for (const name of ['postgres', 'redis', 'temporal']) {
      expect(body.checks[name].status).toBe('up');
      expect(body.checks[name].latency_ms).toBeGreaterThanOrEqual(0);
    }
  });

  it('answers 503 with the same body shape when a dependency is down', async () => {
    const res = await redisDown.request('/api/health');
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.status).toBe('unavailable');
    expect(body.checks.redis).toMatchObject({ status: 'down', error: expect.any(String) });
    expect(body.checks.postgres.status).toBe('up');
    expect(body.checks.temporal.status).toBe('up');
    expect(Object.keys(body).sort()).toEqual(['checked_at', 'checks', 'status', 'uptime_seconds']);
  });

  it('keeps serving authenticated routes when Redis is down (rate limiting falls back to memory)', async () => {
    const token = await redisDown.token({ scope: 'admin:metrics' });
    const res = await redisDown.request('/api/admin/metrics', { token });
    expect(res.status).toBe(200);
  });
});
