import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestBody } from '../routes/foia/testing/foia-api-helpers.js';
import { startTestApi, type TestApi } from '../../test/support/test-api.js';

/*
 * Inputs a fuzzing pass turned into 500s: each must be a 400 (or the status its error
 * names) in the error envelope, and must leave the service answering.
 */
let t: TestApi;
let writer: string;
let chat: string;
let searcher: string;
beforeAll(async () => {
  t = await startTestApi();
  writer = await t.token({ sub: 'alice', scope: 'read:foia write:foia' });
  chat = await t.token({ sub: 'alice', scope: 'chat:assistant' });
  searcher = await t.token({ sub: 'alice', scope: 'read:transparency' });
});
afterAll(async () => {
  await t?.close();
});

async function expectEnvelope(res: Response, status: number): Promise<{ error: { code: string; message: string; metadata?: { issues?: Array<{ path: string }> } } }> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(text);
  expect(body.error).toMatchObject({ status, code: expect.any(String), message: expect.any(String) });
  expect(text).not.toMatch(/\bat \S+ \(|select |insert into/i);
  return body;
}

describe('text Postgres cannot store', () => {
  it.each([
    ['a search query', () => t.request('/api/v1/search', { method: 'POST', token: searcher, json: { query: 'police\u0000records' } }), 'body.query'],
    ['a FOIA field', () => t.request('/api/foia/requests', { method: 'POST', token: writer, json: requestBody({ subject: 'Use\u0000of force' }) }), 'body.subject'],
    ['a nested FOIA field', () => t.request('/api/foia/requests', { method: 'POST', token: writer, json: requestBody({ agency: { name: 'A\u0000PD' } }) }), 'body.agency.name'],
    ['a q filter', () => t.request('/api/foia/requests?q=a%00b', { token: writer }), 'query.q'],
    ['a chat message', () => t.request('/api/chat', { method: 'POST', token: chat, json: { message: 'Texas\u0000deadline?', stream: false } }), 'body.message'],
    ['a lone surrogate in a chat message', () => t.request('/api/chat', { method: 'POST', token: chat, json: { message: 'Texas \ud800 deadline?', stream: false } }), 'body.message'],
    ['a path id', () => t.request('/api/foia/requests/abc%00def', { token: writer }), 'path'],
  ])('refuses NUL or an unpaired surrogate in %s with 400 naming where', async (_what, send, where) => {
    const body = await expectEnvelope(await send(), 400);
    expect(body.error.metadata?.issues).toEqual([{ path: where, message: expect.stringMatching(/NUL/) }]);
  });

  it('never echoes the refused text', async () => {
    const res = await t.request('/api/chat', { method: 'POST', token: chat, json: { message: 'my secret source \u0000 is Bob', stream: false } });
    expect(await res.text()).not.toContain('secret source');
  });
});

describe('malformed requests', () => {
  it('answers 400 for bad percent-encoding in a path parameter', async () => {
    await expectEnvelope(await t.request('/api/foia/requests/%ff', { token: writer }), 400);
    await expectEnvelope(await t.request('/api/v1/documents/%E0%A4%A', { token: searcher }), 400);
  });

  it('answers 400 for a body that says gzip and is not, and accepts one that is', async () => {
    const headers = { 'content-type': 'application/json', 'content-encoding': 'gzip' };
    await expectEnvelope(await t.request('/api/foia/requests', { method: 'POST', token: writer, headers, body: JSON.stringify(requestBody()) }), 400);
    const gz = zlib.gzipSync(JSON.stringify(requestBody()));
    const ok = await t.request('/api/foia/requests', { method: 'POST', token: writer, headers, body: gz });
    expect(ok.status).toBe(201);
  });
});

describe('values the schema must bound', () => {
  it('refuses a fee the database cannot hold', async () => {
    const body = await expectEnvelope(await t.request('/api/foia/requests', { method: 'POST', token: writer, json: requestBody({ max_fee: 10_000_000_000 }) }), 400);
    expect(body.error.metadata?.issues?.map((i) => i.path)).toEqual(['body.max_fee']);
  });

  it('refuses record dates outside 1600–2999 and submission times before 1960', async () => {
    for (const date_range of [{ from: '0000-01-01' }, { to: '0001-01-01' }, { from: '1599-12-31' }]) {
      const body = await expectEnvelope(await t.request('/api/foia/requests', { method: 'POST', token: writer, json: requestBody({ date_range }) }), 400);
      expect(body.error.metadata?.issues?.[0]?.path).toMatch(/^body\.date_range\.(from|to)$/);
    }
    for (const submitted_at of ['0001-01-01T00:00:00Z', '1900-06-01T12:00:00Z']) {
      const body = await expectEnvelope(await t.request('/api/foia/requests', { method: 'POST', token: writer, json: requestBody({ status: 'submitted', submitted_at }) }), 400);
      expect(body.error.metadata?.issues?.map((i) => i.path)).toEqual(['body.submitted_at']);
    }
    const ok = await t.request('/api/foia/requests', { method: 'POST', token: writer, json: requestBody({ date_range: { from: '1776-07-04', to: '1800-01-01' } }) });
    expect(ok.status).toBe(201);
  });
});

describe('tokens and the Authorization header', () => {
  it('refuses a token whose sub holds a control character, or issued in the future', async () => {
    const nul = await t.idp.issueToken({ sub: 'alice\u0000admin', scope: 'read:foia' });
    await expectEnvelope(await t.request('/api/foia/requests', { token: nul }), 401);
    const iat = Math.floor(Date.now() / 1000) + 10 * 365 * 86_400;
    const future = await t.idp.issueToken({ sub: 'alice', scope: 'read:foia', claims: { iat } });
    await expectEnvelope(await t.request('/api/foia/requests', { token: future }), 401);
  });

  it('says how to authenticate on a 401 (RFC 6750), and why a token was refused', async () => {
    const none = await t.request('/api/foia/requests');
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="sunlight"');
    const bad = await t.request('/api/foia/requests', { token: 'not-a-jwt' });
    expect(bad.headers.get('www-authenticate')).toBe('Bearer realm="sunlight", error="invalid_token"');
    const scope = await t.request('/api/foia/requests', { token: chat });
    expect(scope.status).toBe(403);
    expect(scope.headers.get('www-authenticate')).toBe('Bearer realm="sunlight", error="insufficient_scope", scope="read:foia"');
  });

  it('refuses two Authorization headers with 400', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${t.baseUrl}/api/foia/requests`, { method: 'GET' }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      });
      req.setHeader('authorization', [`Bearer ${writer}`, `Bearer ${chat}`]);
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(400);
    expect(JSON.parse(body).error.metadata.issues).toEqual([{ path: 'headers.authorization', message: 'Given more than once' }]);
  });
});

describe('requests Node refuses before Express', () => {
  let slow: TestApi;
  beforeAll(async () => {
    slow = await startTestApi({ headersTimeoutMs: 1000, requestTimeoutMs: 1500 });
  });
  afterAll(async () => {
    await slow?.close();
  });

  /** Sends raw bytes and reads the whole reply. */
  function raw(api: TestApi, head: string, thenWaitMs = 0): Promise<string> {
    const { port } = new URL(api.baseUrl);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(head);
        if (thenWaitMs > 0) setTimeout(() => socket.write('{"subj'), thenWaitMs);
      });
      let text = '';
      socket.on('data', (c) => (text += c));
      socket.on('end', () => resolve(text));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
  }

  it('answers a 100 KB token with 431 in the envelope', async () => {
    const reply = await raw(t, `GET /api/foia/requests HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'a'.repeat(100_000)}\r\n\r\n`);
    expect(reply).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toEqual({ error: { code: 'HEADERS_TOO_LARGE', message: expect.any(String), status: 431 } });
  });

  it('cuts off a body that trickles in, with 408', async () => {
    const started = Date.now();
    const reply = await raw(slow, 'POST /api/foia/requests HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n', 200);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
  });
});
