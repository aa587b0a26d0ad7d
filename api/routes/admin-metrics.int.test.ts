import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
  // Warm up: the first health check opens the Temporal connection, which on a loaded
  // machine can exceed the check's timeout; the known mix below must start from a steady state.
  for (let i = 0; i < 20 && (await t.request('/api/health')).status !== 200; i++) await new Promise((r) => setTimeout(r, 250));
  await t.container.deps.recorder.flush();
  await t.database.db('api_requests').del();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/metrics', () => {
  it('computes the figures from a known request mix', async () => {
    const admin = await t.token({ scope: 'admin:metrics', sub: 'admin-1' });
    const reader = await t.token({ scope: 'read:projects', sub: 'reader-1' });
    // The known mix: 3 health 200s, 2 unknown-route 404s, 1 insufficient-scope 403, 1 invalid-query 400.
    for (let i = 0; i < 3; i++) await t.request('/api/health');
    await t.request('/api/nowhere');
    await t.request('/api/nowhere/else');
    await t.request('/api/admin/metrics', { token: reader });
    expect((await t.request('/api/projects?limit=0', { token: reader })).status).toBe(400);
    await t.container.deps.recorder.flush();

    const res = await t.request('/api/admin/metrics?period=hour', { token: admin });
    expect(res.status).toBe(200);
    const m = await res.json();
    expect(Object.keys(m)).toEqual(
      expect.arrayContaining([
        'requests_total',
        'requests_by_endpoint',
        'error_rate',
        'avg_response_time_ms',
        'p95_response_time_ms',
        'p99_response_time_ms',
      ]),
    );
    expect(m.requests_total).toBe(7);
    expect(m.requests_by_endpoint).toEqual({
      'GET /api/health': 3,
      'GET (unmatched)': 2,
      'GET /api/admin/metrics': 1,
      'GET /api/projects': 1,
    });
    expect(m.error_rate).toBeCloseTo(4 / 7, 4);
    expect(m.avg_response_time_ms).toBeGreaterThan(0);
    expect(m.p95_response_time_ms).toBeGreaterThanOrEqual(m.avg_response_time_ms * 0.5);
    expect(m.p99_response_time_ms).toBeGreaterThanOrEqual(m.p95_response_time_ms);
  });

  it('matches a percentile computed by hand over the recorded durations', async () => {
    const admin = await t.token({ scope: 'admin:metrics' });
    await t.container.deps.recorder.flush();
    const rows = await t.database.db('api_requests').select('duration_ms').orderBy('duration_ms');
    const durations = rows.map((r: { duration_ms: number }) => r.duration_ms);
    const m = await (await t.request('/api/admin/metrics?period=day', { token: admin })).json();
    // percentile_cont: linear interpolation between closest ranks.
    const rank = 0.95 * (durations.length - 1);
    const lo = durations[Math.floor(rank)]!;
    const hi = durations[Math.ceil(rank)]!;
    expect(m.p95_response_time_ms).toBeCloseTo(lo + (hi - lo) * (rank - Math.floor(rank)), 1);
    expect(m.requests_total).toBe(durations.length);
  });

  it('defaults to day, rejects an unknown period with 400, and answers null percentiles without data', async () => {
    const admin = await t.token({ scope: 'admin:metrics' });
    expect((await (await t.request('/api/admin/metrics', { token: admin })).json()).period).toBe('day');
    expect((await t.request('/api/admin/metrics?period=year', { token: admin })).status).toBe(400);
    await t.database.db('api_requests').del();
    const empty = await (await t.request('/api/admin/metrics?period=week', { token: admin })).json();
    expect(empty).toMatchObject({ requests_total: 0, error_rate: 0, p95_response_time_ms: null, p99_response_time_ms: null, avg_response_time_ms: null });
  });

  it('records an access audit row per authenticated request, without the token', async () => {
    const token = await t.token({ scope: 'read:projects', sub: 'audited-user' });
    await t.request('/api/projects', { token });
    await t.container.deps.recorder.flush();
    const rows = await t.database.db('api_requests').where({ sub: 'audited-user' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: 'GET', route: '/api/projects', status: 200 });
    expect(JSON.stringify(rows)).not.toContain(token.split('.')[2]);
  });

  it('exposes Prometheus metrics to admin:metrics', async () => {
    const admin = await t.token({ scope: 'admin:metrics' });
    const res = await t.request('/api/admin/metrics/prometheus', { token: admin });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('sunlight_http_requests_total{method="GET",route="/api/health",status="200"}');
    expect(text).toContain('sunlight_process_cpu_seconds_total');
  });
});
