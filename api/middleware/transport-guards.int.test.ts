import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/support/test-api.js';

let prod: TestApi;
beforeAll(async () => {
  // Production settings over loopback: the JWKS is fetched over HTTPS only, so this
  // instance never verifies a token; what is tested here is the transport policy.
  prod = await startTestApi({
    env: {
      NODE_ENV: 'production',
      WEBHOOK_SIGNING_KEY: 'transport-guards-test-signing-key-0123456789',
      AUTH_JWKS_URL: 'https://idp.invalid/.well-known/jwks.json',
      TRUST_PROXY: 'loopback',
      CORS_ORIGINS: 'https://console.sunlight.example',
    },
  });
});
afterAll(async () => {
  await prod?.close();
});

describe('production transport policy', () => {
  it('refuses plain HTTP with the envelope', async () => {
    const res = await prod.request('/api/health');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: 'HTTPS_REQUIRED', message: 'HTTPS is required', status: 403 } });
  });

  it('accepts HTTPS terminated by a trusted proxy and sends HSTS', async () => {
    const res = await prod.request('/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect([200, 503]).toContain(res.status);
    expect(res.headers.get('strict-transport-security')).toContain('max-age=63072000');
  });

  it('answers CORS preflights for configured origins only', async () => {
    const ok = await prod.request('/api/health', {
      method: 'OPTIONS',
      headers: { origin: 'https://console.sunlight.example', 'access-control-request-method': 'GET', 'x-forwarded-proto': 'https' },
    });
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://console.sunlight.example');
    // Browser clients may send the headers the API reads: conditional requests, digests, idempotency keys.
    const allowed = (ok.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(',').map((h) => h.trim());
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'if-match', 'content-digest', 'idempotency-key']));
    const other = await prod.request('/api/health', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET', 'x-forwarded-proto': 'https' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
