import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/support/test-api.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.js';
import { seedLawDatabase } from '../../test/support/seed-law-database.js';

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

describe('GET /api/health/live and /api/health/ready', () => {
  it('is alive without asking any dependency, even with Redis down', async () => {
    const res = await redisDown.request('/api/health/live');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'alive', uptime_seconds: expect.any(Number) });
  });

  it('is not ready while the law database is empty, ready once it holds law, and not ready while an ingestion runs', async () => {
    const empty = await up.request('/api/health/ready');
    expect(empty.status).toBe(503);
    expect(await empty.json()).toMatchObject({ status: 'not_ready', reasons: ['law_database_empty'], law_database: { jurisdictions: 0, ingesting: false } });

    await seedLawDatabase(database.db);
    const ready = await up.request('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', reasons: [], law_database: { ingesting: false } });

    await database.db('ingestion_runs').insert({ id: '00000000-0000-4000-8000-000000000001', workflow_id: 'ingest-test', status: 'running' });
    const ingesting = await (await up.request('/api/health/ready')).json();
    expect(ingesting).toMatchObject({ status: 'not_ready', reasons: ['ingesting'] });

    // A run left "running" by a worker that died long ago does not keep the service out of rotation.
    await database.db('ingestion_runs').update({ started_at: database.db.raw("now() - interval '3 hours'") });
    expect((await up.request('/api/health/ready')).status).toBe(200);
  });

  it('is not ready when a dependency is down', async () => {
    const body = await (await redisDown.request('/api/health/ready')).json();
    expect(body.reasons).toContain('dependency_down');
  });
});
