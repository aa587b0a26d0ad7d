import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';

const SCOPES = 'read:storage write:storage';
const MAX = 3 * 1024 * 1024;

let t: TestApi;
let dataDir: string;
let alice: string;
let bob: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-storage-api-'));
  t = await startTestApi({ env: { DATA_DIR: dataDir, STORAGE_MAX_BYTES: String(MAX) } });
  alice = await t.token({ sub: 'alice', scope: SCOPES });
  bob = await t.token({ sub: 'bob', scope: SCOPES });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();
const url = (key: string) => `/api/storage/objects/${encodeURIComponent(key)}`;

function put(key: string, body: NonNullable<RequestInit['body']>, init: { token?: string; type?: string; headers?: Record<string, string> } = {}) {
  return t.request(url(key), {
    method: 'PUT',
    token: init.token ?? alice,
    body,
    headers: { 'content-type': init.type ?? 'text/plain', ...init.headers },
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit & { token: string });
}

/** `total` bytes as a stream of 64 KiB chunks (sent chunked: no Content-Length). */
function streamOf(total: number, fill = 65): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const n = Math.min(64 * 1024, total - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(fill));
    },
  });
}

describe('PUT /api/storage/objects/{key}', () => {
  it('stores a body and returns its size, SHA-256, ETag and dates (201, then 200 on replace)', async () => {
    const res = await put('notes/first.md', '# Texas PIA\n', { type: 'text/markdown; charset=UTF-8' });
    expect(res.status).toBe(201);
    const body = await res.json();
    const hex = sha256('# Texas PIA\n').toString('hex');
    expect(body).toMatchObject({ key: 'notes/first.md', size: 12, sha256: hex, etag: `"${hex}"`, content_type: 'text/markdown; charset=utf-8' });
    expect(res.headers.get('etag')).toBe(`"${hex}"`);
    expect(res.headers.get('location')).toBe('/api/storage/objects/notes%2Ffirst.md');
    const again = await put('notes/first.md', '# Texas PIA, revised\n', { type: 'text/markdown' });
    expect(again.status).toBe(200);
    const replaced = await again.json();
    expect(replaced.created_at).toBe(body.created_at);
    expect(replaced.size).toBe(21);
  });

  it('streams a body larger than the JSON body limit, chunked, without buffering it', async () => {
    const size = 2 * 1024 * 1024 + 5;
    const res = await put('big/records.pdf', streamOf(size), { type: 'application/pdf' });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.size).toBe(size);
    expect(body.sha256).toBe(sha256(new Uint8Array(size).fill(65)).toString('hex'));
    const got = await t.request(url('big/records.pdf'), { token: alice });
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect((await got.arrayBuffer()).byteLength).toBe(size);
  });

  it('verifies Content-Digest: a mismatch is 400 and stores nothing; a match is stored', async () => {
    const wrong = `sha-256=:${sha256('something else').toString('base64')}:`;
    const res = await put('checked.txt', 'the released records', { headers: { 'content-digest': wrong } });
    expect(res.status).toBe(400);
    expect((await res.json()).error.metadata.issues[0].path).toBe('header.content-digest');
    expect((await t.request(url('checked.txt'), { method: 'HEAD', token: alice })).status).toBe(404);
    const malformed = await put('checked.txt', 'the released records', { headers: { 'content-digest': 'sha-256=:nope:' } });
    expect(malformed.status).toBe(400);
    const right = `sha-256=:${sha256('the released records').toString('base64')}:`;
    expect((await put('checked.txt', 'the released records', { headers: { 'content-digest': right } })).status).toBe(201);
  });

  it('refuses a body over the limit with 413, by Content-Length or while streaming, and stores nothing', async () => {
    const declared = await put('too/big-declared.bin', new Uint8Array(MAX + 1), { type: 'application/pdf' });
    expect(declared.status).toBe(413);
    expect((await declared.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    const streamed = await put('too/big-streamed.bin', streamOf(MAX + 100_000), { type: 'application/pdf' });
    expect(streamed.status).toBe(413);
    for (const key of ['too/big-declared.bin', 'too/big-streamed.bin']) expect((await t.request(url(key), { method: 'HEAD', token: alice })).status).toBe(404);
    // Nothing half-written left on disk either.
    const files = fs.readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.startsWith('.tmp-'));
    expect(files).toEqual([]);
  });

  it('refuses a type that is not allowed (415) and a missing one', async () => {
    const res = await put('tool.exe', 'MZ', { type: 'application/x-msdownload' });
    expect(res.status).toBe(415);
    const body = await res.json();
    expect(body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(body.error.metadata.allowed_types).toContain('application/pdf');
    const none = await t.request(url('untyped'), { method: 'PUT', token: alice, body: new Blob(['x']) });
    expect(none.status).toBe(415);
  });

  it('stores a JSON document as bytes (the JSON parser leaves object uploads alone)', async () => {
    const json = '{"agency": "Austin PD",   "pages": 12}';
    expect((await put('data/export.json', json, { type: 'application/json' })).status).toBe(201);
    const got = await t.request(url('data/export.json'), { token: alice });
    expect(await got.text()).toBe(json);
  });

  it('refuses bad keys with 400', async () => {
    for (const key of ['../escape', '/leading', 'a/../b', 'a//b', 'trailing/', 'ctl\u0001char', 'x'.repeat(1025)]) {
      const res = await put(key, 'x');
      expect(res.status, JSON.stringify(key)).toBe(400);
    }
    const nul = await t.request('/api/storage/objects/a%00b', { method: 'PUT', token: alice, body: 'x', headers: { 'content-type': 'text/plain' } });
    expect(nul.status).toBe(400);
    const badEncoding = await t.request('/api/storage/objects/a%ffb', { method: 'PUT', token: alice, body: 'x', headers: { 'content-type': 'text/plain' } });
    expect(badEncoding.status).toBe(400);
    expect((await put('x'.repeat(1024), 'at the limit')).status).toBe(201);
  });

  it('needs write:storage', async () => {
    const reader = await t.token({ sub: 'alice', scope: 'read:storage' });
    const res = await put('nope.txt', 'x', { token: reader });
    expect(res.status).toBe(403);
  });
});

describe('GET and HEAD /api/storage/objects/{key}', () => {
  const key = 'ranges/digits.txt';
  let etag: string;
  beforeAll(async () => {
    const res = await put(key, '0123456789');
    etag = (await res.json()).etag;
  });

  it('streams the object back with its type, ETag, Last-Modified and digest', async () => {
    const res = await t.request(url(key), { token: alice });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('0123456789');
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('etag')).toBe(etag);
    expect(res.headers.get('content-length')).toBe('10');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(new Date(res.headers.get('last-modified')!).getTime()).toBeGreaterThan(0);
    expect(res.headers.get('repr-digest')).toBe(`sha-256=:${sha256('0123456789').toString('base64')}:`);
  });

  it('answers If-None-Match with 304 when the ETag is current', async () => {
    const res = await t.request(url(key), { token: alice, headers: { 'if-none-match': etag } });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(etag);
    expect(await res.text()).toBe('');
    const stale = await t.request(url(key), { token: alice, headers: { 'if-none-match': '"0000"' } });
    expect(stale.status).toBe(200);
    expect((await t.request(url(key), { method: 'HEAD', token: alice, headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('serves byte ranges with 206 and Content-Range, 416 past the end', async () => {
    const cases: Array<[string, string, string]> = [
      ['bytes=2-5', '2345', 'bytes 2-5/10'],
      ['bytes=7-', '789', 'bytes 7-9/10'],
      ['bytes=-3', '789', 'bytes 7-9/10'],
      ['bytes=8-100', '89', 'bytes 8-9/10'],
    ];
    for (const [range, text, contentRange] of cases) {
      const res = await t.request(url(key), { token: alice, headers: { range } });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range')).toBe(contentRange);
      expect(await res.text()).toBe(text);
    }
    const past = await t.request(url(key), { token: alice, headers: { range: 'bytes=10-' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */10');
    expect((await past.json()).error.code).toBe('RANGE_NOT_SATISFIABLE');
    const several = await t.request(url(key), { token: alice, headers: { range: 'bytes=0-1,4-5' } });
    expect(several.status).toBe(200);
    expect(await several.text()).toBe('0123456789');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.request(url(key), { method: 'HEAD', token: alice });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('10');
    expect(res.headers.get('etag')).toBe(etag);
    expect(await res.text()).toBe('');
  });

  it("keeps each user's objects apart: another user's key is 404", async () => {
    for (const method of ['GET', 'HEAD', 'DELETE']) {
      const res = await t.request(url(key), { method, token: bob });
      expect(res.status, method).toBe(404);
    }
    // Bob may use the same key for his own object; Alice's stays as it was.
    expect((await put(key, 'bob’s own', { token: bob })).status).toBe(201);
    expect(await (await t.request(url(key), { token: alice })).text()).toBe('0123456789');
    expect(await (await t.request(url(key), { token: bob })).text()).toBe('bob’s own');
  });

  it('reads keys with slashes, spaces and non-ASCII text, percent-encoded', async () => {
    const odd = 'letters/2025/réponse finale?#&.pdf';
    expect((await put(odd, '%PDF', { type: 'application/pdf' })).status).toBe(201);
    const res = await t.request(`/api/storage/objects/${encodeURIComponent(odd)}`, { token: alice });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('%PDF');
    // Unencoded slashes are other routes entirely.
    expect((await t.request('/api/storage/objects/letters/2025', { token: alice })).status).toBe(404);
  });

  it('answers 404 for a missing object', async () => {
    expect((await t.request(url('missing.txt'), { token: alice })).status).toBe(404);
  });
});

describe('DELETE /api/storage/objects/{key}', () => {
  it('deletes with 204, then the object is gone', async () => {
    await put('trash/old.txt', 'old');
    const res = await t.request(url('trash/old.txt'), { method: 'DELETE', token: alice });
    expect(res.status).toBe(204);
    expect((await t.request(url('trash/old.txt'), { token: alice })).status).toBe(404);
    expect((await t.request(url('trash/old.txt'), { method: 'DELETE', token: alice })).status).toBe(404);
  });
});

describe('GET /api/storage/objects', () => {
  it('lists only the caller’s objects, by prefix, in key order, page by page', async () => {
    const lister = await t.token({ sub: 'lister', scope: SCOPES });
    const keys = ['list/a.txt', 'list/b.txt', 'list/c/d.txt', 'list/e.txt', 'other/x.txt'];
    for (const k of [...keys].reverse()) expect((await put(k, k, { token: lister })).status).toBe(201);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q = new URLSearchParams({ prefix: 'list/', limit: '2', ...(cursor ? { cursor } : {}) });
      const res = await t.request(`/api/storage/objects?${q}`, { token: lister });
      expect(res.status).toBe(200);
      const page = await res.json();
      expect(page.total).toBe(4);
      seen.push(...page.data.map((o: { key: string }) => o.key));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(seen).toEqual(['list/a.txt', 'list/b.txt', 'list/c/d.txt', 'list/e.txt']);
    expect(pages).toBe(2);
    const all = await (await t.request('/api/storage/objects', { token: lister })).json();
    expect(all.total).toBe(5);
    const others = await (await t.request('/api/storage/objects?prefix=list/', { token: bob })).json();
    expect(others).toEqual({ data: [], total: 0, next_cursor: null });
    const bad = await t.request('/api/storage/objects?cursor=bm9wZQ', { token: lister });
    expect(bad.status).toBe(400);
  });
});

describe('a client that goes away mid-upload', () => {
  it('leaves nothing stored', async () => {
    const { port } = new URL(t.baseUrl);
    await new Promise<void>((resolve) => {
      const req = http.request({ host: '127.0.0.1', port, method: 'PUT', path: url('dropped.bin'), headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/pdf', 'content-length': '1000000' } });
      req.on('error', () => resolve());
      req.write(Buffer.alloc(100_000, 1), () => setTimeout(() => { req.destroy(); resolve(); }, 100));
    });
    await new Promise((r) => setTimeout(r, 200));
    expect((await t.request(url('dropped.bin'), { method: 'HEAD', token: alice })).status).toBe(404);
  });
});
