import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/support/test-api.js';

let t: TestApi;
let failing: TestApi;
beforeAll(async () => {
  t = await startTestApi({ env: { BODY_LIMIT: '1kb' } });
  failing = await startTestApi({
    override: () => ({
      adminMetrics: {
        getMetrics: async () => {
          throw new Error('relation "secret_table" does not exist: SELECT password FROM secret_table');
        },
      },
    }),
  });
});
afterAll(async () => {
  await t?.close();
  await failing?.close();
});

describe('error envelope', () => {
  it('answers unknown routes with 404 NOT_FOUND and a request id header', async () => {
    const res = await t.request('/api/nowhere');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Route not found', status: 404 } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a well-formed caller request id and replaces a malformed one', async () => {
    const kept = await t.request('/api/nowhere', { headers: { 'x-request-id': 'trace-123.abc' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-123.abc');
    const replaced = await t.request('/api/nowhere', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });

  it('answers malformed JSON with 400 VALIDATION_ERROR', async () => {
    const token = await t.token({ scope: 'write:projects' });
    const res = await t.request('/api/projects', { method: 'POST', token, body: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.status).toBe(400);
    expect(body.error.metadata.issues[0].path).toBe('body');
  });

  it('answers query validation failures with 400 and field details', async () => {
    const token = await t.token({ scope: 'admin:metrics' });
    const res = await t.request('/api/admin/metrics?period=fortnight', { token });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.metadata.issues[0].path).toBe('query.period');
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const token = await t.token({ scope: 'write:projects' });
    const res = await t.request('/api/projects', { method: 'POST', token, json: { name: 'x'.repeat(4096) } });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body exceeds the limit of 1kb', status: 413 });
  });

  it('answers a non-JSON body with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const token = await t.token({ scope: 'write:projects' });
    const res = await t.request('/api/projects', { method: 'POST', token, body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
    expect((await res.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an unexpected failure with a generic 500: no message, stack or SQL, but the request id', async () => {
    const token = await failing.token({ scope: 'admin:metrics' });
    const res = await failing.request('/api/admin/metrics', { token });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toMatch(/secret_table|SELECT|password|at .*\.ts/);
    const body = JSON.parse(text);
    expect(body).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', status: 500, metadata: { request_id: res.headers.get('x-request-id') } },
    });
    // The details are in the log, under the same request id.
    const logged = failing.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(logged.requestId).toBe(res.headers.get('x-request-id'));
    expect(logged.level).toBe('error');
  });

  it('does not log 4xx as errors', async () => {
    await t.request('/api/nowhere');
    const levels = t.logs.map((l) => JSON.parse(l)).filter((l) => l.status === 404).map((l) => l.level);
    expect(levels.length).toBeGreaterThan(0);
    expect(levels.every((l) => l === 'info')).toBe(true);
  });

  it('sends the usual security headers', async () => {
    const res = await t.request('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
