/** The transport's retry, token refresh, timeout and error logic, over a scripted fetch (no network). */
import { describe, expect, it } from 'vitest';
import { staticToken, providerToken } from '../src/auth.js';
import { buildUrl, retryDelayMs, Transport, type TransportOptions } from '../src/http.js';
import {
  AuthError,
  ConflictError,
  NotFoundError,
  NotImplementedError,
  PreconditionFailedError,
  RateLimitedError,
  ScopeError,
  ServiceUnavailableError,
  SunlightClient,
  SunlightError,
  TimeoutError,
  ValidationError,
} from '../src/index.js';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

const envelope = (status: number, code: string, metadata?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error: { code, message: `${code} happened`, status, ...(metadata ? { metadata } : {}) } }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': `req-${status}`, ...headers },
  });

const ok = (body: unknown = { ok: true }) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A fetch answering the scripted responses in turn, recording each request. */
function scripted(...answers: Array<Response | (() => Response)>) {
  const calls: Call[] = [];
  const fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(input), method: init.method ?? 'GET', headers: Object.fromEntries(new Headers(init.headers).entries()), body: init.body as string | undefined });
    const next = answers.shift();
    if (!next) throw new Error('no more scripted answers');
    return typeof next === 'function' ? next() : next;
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

function transport(fetch: typeof globalThis.fetch, over: Partial<TransportOptions> = {}) {
  const sleeps: number[] = [];
  const t = new Transport({
    baseUrl: 'http://api.test/',
    tokens: staticToken('t0k'),
    fetch,
    timeoutMs: 1000,
    retries: 2,
    retryBaseDelayMs: 100,
    maxRetryDelayMs: 5000,
    userAgent: 'sunlight-sdk-typescript/test',
    headers: {},
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 1,
    ...over,
  });
  return { t, sleeps };
}

describe('retryDelayMs', () => {
  it('waits what Retry-After says, or base·2^attempt with jitter, capped', () => {
    expect(retryDelayMs(0, 3, { baseMs: 100, maxMs: 10_000 })).toBe(3000);
    expect(retryDelayMs(0, 0.2, { baseMs: 100, maxMs: 10_000 })).toBe(200);
    expect(retryDelayMs(0, undefined, { baseMs: 100, maxMs: 10_000, random: () => 1 })).toBe(100);
    expect(retryDelayMs(3, undefined, { baseMs: 100, maxMs: 10_000, random: () => 1 })).toBe(800);
    expect(retryDelayMs(3, undefined, { baseMs: 100, maxMs: 10_000, random: () => 0 })).toBe(400);
    expect(retryDelayMs(10, undefined, { baseMs: 100, maxMs: 10_000, random: () => 1 })).toBe(10_000);
  });

  it('gives up (undefined) when Retry-After asks for longer than the cap', () => {
    expect(retryDelayMs(0, 61, { baseMs: 100, maxMs: 60_000 })).toBeUndefined();
  });
});

describe('buildUrl', () => {
  it('repeats list parameters, writes booleans, skips undefined, keeps a base path', () => {
    expect(buildUrl('http://h/base/', '/api/x', { a: ['texas', 'federal'], b: true, c: undefined, d: 5, e: null })).toBe('http://h/base/api/x?a=texas&a=federal&b=true&d=5');
  });
});

describe('retries', () => {
  it('retries a GET after 429 and 503, waiting Retry-After or the backoff, then succeeds', async () => {
    const { fetch, calls } = scripted(envelope(429, 'RATE_LIMITED', { retry_after_seconds: 2 }, { 'retry-after': '2' }), envelope(503, 'SERVICE_UNAVAILABLE'), ok({ n: 1 }));
    const { t, sleeps } = transport(fetch);
    const { data } = await t.json<{ n: number }>({ method: 'GET', path: '/api/x' });
    expect(data).toEqual({ n: 1 });
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([2000, 200]);
  });

  it('stops after `retries` retries and throws the last error', async () => {
    const { fetch, calls } = scripted(envelope(503, 'SERVICE_UNAVAILABLE'), envelope(503, 'SERVICE_UNAVAILABLE'), envelope(503, 'SERVICE_UNAVAILABLE', undefined, { 'retry-after': '1' }));
    const { t, sleeps } = transport(fetch);
    const err = await t.json({ method: 'DELETE', path: '/api/x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceUnavailableError);
    expect(err).toMatchObject({ status: 503, retryAfterSeconds: 1, requestId: 'req-503' });
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([100, 200]);
  });

  it.each(['POST', 'PATCH'] as const)('never retries %s', async (method) => {
    const { fetch, calls } = scripted(envelope(429, 'RATE_LIMITED', { retry_after_seconds: 1 }, { 'retry-after': '1' }));
    const { t } = transport(fetch);
    const err = await t.json({ method, path: '/api/x', json: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterSeconds).toBe(1);
    expect(calls).toHaveLength(1);
  });

  it('does not wait when Retry-After is beyond maxRetryDelayMs, and not at all with retries: 0', async () => {
    const long = scripted(envelope(429, 'RATE_LIMITED', undefined, { 'retry-after': '3600' }));
    await expect(transport(long.fetch).t.json({ method: 'GET', path: '/api/x' })).rejects.toMatchObject({ retryAfterSeconds: 3600 });
    expect(long.calls).toHaveLength(1);
    const none = scripted(envelope(429, 'RATE_LIMITED', undefined, { 'retry-after': '1' }));
    await expect(transport(none.fetch).t.json({ method: 'GET', path: '/api/x' }, { retries: 0 })).rejects.toBeInstanceOf(RateLimitedError);
    expect(none.calls).toHaveLength(1);
  });

  it('does not retry other statuses', async () => {
    const { fetch, calls } = scripted(envelope(500, 'INTERNAL_ERROR', { request_id: 'r1' }));
    const err = await transport(fetch).t.json({ method: 'GET', path: '/api/x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SunlightError);
    expect(err).toMatchObject({ status: 500, code: 'INTERNAL_ERROR', metadata: { request_id: 'r1' } });
    expect(calls).toHaveLength(1);
  });
});

describe('tokens', () => {
  it('asks a token provider again once after a 401, for any method', async () => {
    const { fetch, calls } = scripted(envelope(401, 'AUTH_TOKEN_EXPIRED'), ok());
    let n = 0;
    const { t } = transport(fetch, { tokens: providerToken(() => `tok-${++n}`) });
    await t.json({ method: 'POST', path: '/api/x', json: { a: 1 } });
    expect(calls.map((c) => c.headers['authorization'])).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    expect(calls[1]!.body).toBe('{"a":1}');
  });

  it('throws AuthError after the second 401, and at once with a static token', async () => {
    const twice = scripted(envelope(401, 'AUTH_MISSING_TOKEN'), envelope(401, 'AUTH_MISSING_TOKEN'));
    await expect(transport(twice.fetch, { tokens: providerToken(() => 'x') }).t.json({ method: 'GET', path: '/a' })).rejects.toBeInstanceOf(AuthError);
    expect(twice.calls).toHaveLength(2);
    const once = scripted(envelope(401, 'AUTH_MISSING_TOKEN'));
    await expect(transport(once.fetch).t.json({ method: 'GET', path: '/a' })).rejects.toBeInstanceOf(AuthError);
    expect(once.calls).toHaveLength(1);
  });

  it('sends no token to public routes', async () => {
    const { fetch, calls } = scripted(ok());
    await transport(fetch).t.json({ method: 'GET', path: '/api/health', auth: false });
    expect(calls[0]!.headers['authorization']).toBeUndefined();
  });
});

describe('errors', () => {
  it.each([
    [envelope(400, 'VALIDATION_ERROR', { issues: [{ path: 'query.field', message: 'bad' }] }), ValidationError, { issues: [{ path: 'query.field', message: 'bad' }] }],
    [envelope(403, 'AUTH_INSUFFICIENT_SCOPE', { required_scope: 'write:foia', provided_scopes: ['read:foia'] }), ScopeError, { requiredScope: 'write:foia', providedScopes: ['read:foia'] }],
    [envelope(404, 'NOT_FOUND'), NotFoundError, { code: 'NOT_FOUND', requestId: 'req-404' }],
    [envelope(409, 'CONFLICT', { allowed_transitions: ['submitted', 'withdrawn'] }), ConflictError, { allowedTransitions: ['submitted', 'withdrawn'] }],
    [envelope(412, 'PRECONDITION_FAILED'), PreconditionFailedError, { status: 412 }],
    [envelope(501, 'NOT_IMPLEMENTED'), NotImplementedError, { status: 501 }],
  ])('maps %#: the envelope to its class with its details', async (res, cls, fields) => {
    const { fetch } = scripted(res);
    const err = await transport(fetch).t.json({ method: 'POST', path: '/api/x', json: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(cls);
    expect(err).toBeInstanceOf(SunlightError);
    expect(err).toMatchObject(fields);
  });

  it('keeps a 403 that is not about scope a plain SunlightError, and a non-envelope body readable', async () => {
    const { fetch } = scripted(envelope(403, 'HTTPS_REQUIRED'), new Response('<html>bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const { t } = transport(fetch);
    const https = await t.json({ method: 'GET', path: '/a' }).catch((e: unknown) => e);
    expect(https).not.toBeInstanceOf(ScopeError);
    expect(https).toMatchObject({ status: 403, code: 'HTTPS_REQUIRED' });
    await expect(t.json({ method: 'GET', path: '/a' })).rejects.toMatchObject({ status: 502, code: 'HTTP_502', message: '<html>bad gateway</html>' });
  });
});

describe('timeouts and aborts', () => {
  const hanging = (async (_url: string | URL | Request, init: RequestInit = {}) =>
    new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as typeof globalThis.fetch;

  it('gives up after timeoutMs with a TimeoutError', async () => {
    const started = Date.now();
    const err = await transport(hanging, { timeoutMs: 50 }).t.json({ method: 'GET', path: '/a' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ status: 0, code: 'TIMEOUT', timeoutMs: 50 });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("rejects with the caller's abort reason", async () => {
    const aborter = new AbortController();
    const pending = transport(hanging).t.json({ method: 'GET', path: '/a' }, { signal: aborter.signal });
    aborter.abort(new Error('user cancelled'));
    await expect(pending).rejects.toThrow('user cancelled');
  });
});

describe('SunlightClient', () => {
  it('sends its User-Agent, JSON content type, merge-patch for updates and If-Match', async () => {
    const etagged = () => new Response(JSON.stringify({ id: 'r1', status: 'draft' }), { status: 200, headers: { 'content-type': 'application/json', etag: 'W/"2"' } });
    const { fetch, calls } = scripted(etagged, etagged);
    const client = new SunlightClient({ baseUrl: 'http://api.test', token: 'abc', fetch });
    const current = await client.foia.get('r1');
    expect(current.etag).toBe('W/"2"');
    await client.foia.update('r1', { status: 'submitted' }, { ifMatch: current });
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'http://api.test/api/foia/requests/r1', headers: { authorization: 'Bearer abc', 'user-agent': expect.stringMatching(/^sunlight-sdk-typescript\/\d+\.\d+\.\d+/) } });
    expect(calls[1]).toMatchObject({ method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json', 'if-match': 'W/"2"' }, body: '{"status":"submitted"}' });
  });

  it('refuses a token and client credentials together, and a missing baseUrl', () => {
    expect(() => new SunlightClient({ baseUrl: 'http://x', token: 'a', clientCredentials: { tokenUrl: 'http://x/t', clientId: 'a', clientSecret: 'b' } })).toThrow(/either/);
    expect(() => new SunlightClient({ baseUrl: '' })).toThrow(/baseUrl/);
  });
});

describe('client credentials', () => {
  it('shares one grant between concurrent requests, and a caller abort does not cancel it for the others', async () => {
    const grants: string[] = [];
    const fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
      if (String(input).endsWith('/oauth/token')) {
        grants.push(String(init.body));
        await new Promise((resolve) => setTimeout(resolve, 30));
        return new Response(JSON.stringify({ access_token: `tok-${grants.length}`, token_type: 'Bearer', expires_in: 3600 }), { headers: { 'content-type': 'application/json' } });
      }
      return ok({ data: [], total: 0, next_cursor: null, auth: new Headers(init.headers).get('authorization') });
    }) as typeof globalThis.fetch;
    const client = new SunlightClient({ baseUrl: 'http://api.test', fetch, clientCredentials: { tokenUrl: 'http://idp.test/oauth/token', clientId: 'c', clientSecret: 's', scope: ['a', 'b'] } });
    const aborter = new AbortController();
    const cancelled = client.transparency.jurisdictions.list({}, { signal: aborter.signal });
    aborter.abort(new Error('gave up'));
    const [one, two] = await Promise.all([client.transparency.jurisdictions.list(), client.transparency.jurisdictions.list(), expect(cancelled).rejects.toThrow('gave up')]);
    expect(grants).toEqual(['grant_type=client_credentials&scope=a+b']);
    expect([one, two].map((p) => (p as unknown as { auth: string }).auth)).toEqual(['Bearer tok-1', 'Bearer tok-1']);
  });
});
