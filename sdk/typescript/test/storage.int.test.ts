/**
 * Object storage through the SDK against the real API: streaming uploads (a ReadableStream is
 * sent as it is read), checksums, streaming downloads with ranges and ETags, HEAD, delete,
 * list and iterate.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { collect, NotFoundError, SunlightError, ValidationError, type SunlightClient } from '../src/index.js';
import { sdkFor } from './harness.js';

let t: TestApi;
let client: SunlightClient;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-sdk-storage-'));
  t = await startTestApi({ env: { DATA_DIR: dataDir } });
  ({ client } = sdkFor(t, { token: await t.token({ sub: 'sdk-archivist', scope: 'read:storage write:storage' }) }));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const hex = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');

describe('storage.put', () => {
  it('uploads a string, bytes and a Blob, and verifies a checksum', async () => {
    const a = await client.storage.put('notes/a.md', '# Notes\n', { contentType: 'text/markdown', checksum: true });
    expect(a).toMatchObject({ key: 'notes/a.md', size: 8, sha256: hex('# Notes\n'), etag: `"${hex('# Notes\n')}"` });
    const bytes = new Uint8Array([37, 80, 68, 70, 45]);
    expect((await client.storage.put('notes/b.pdf', bytes, { contentType: 'application/pdf', checksum: hex(bytes) })).size).toBe(5);
    expect((await client.storage.put('notes/c.csv', new Blob(['a,b\n1,2\n']), { contentType: 'text/csv' })).size).toBe(8);
    await expect(client.storage.put('notes/d.txt', 'x', { contentType: 'text/plain', checksum: hex('y') })).rejects.toBeInstanceOf(ValidationError);
    await expect(client.storage.head('notes/d.txt')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('streams a ReadableStream larger than the JSON limit', async () => {
    const size = 1_500_000;
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent >= size) return c.close();
        const n = Math.min(65_536, size - sent);
        sent += n;
        c.enqueue(new Uint8Array(n).fill(9));
      },
    });
    const stored = await client.storage.put('big/stream.bin', stream, { contentType: 'application/pdf' });
    expect(stored.size).toBe(size);
    expect(stored.sha256).toBe(hex(new Uint8Array(size).fill(9)));
  });

  it('throws a typed error for a type the API does not allow', async () => {
    await expect(client.storage.put('x.exe', 'MZ', { contentType: 'application/x-msdownload' })).rejects.toMatchObject({ status: 415 });
  });
});

describe('storage.get and storage.head', () => {
  it('streams the body with its headers, ranges and 304', async () => {
    const stored = await client.storage.put('read/digits.txt', '0123456789', { contentType: 'text/plain' });
    const whole = await client.storage.get('read/digits.txt');
    expect(whole).toMatchObject({ status: 200, contentType: 'text/plain', contentLength: 10, etag: stored.etag, sha256: stored.sha256, notModified: false });
    const chunks: Uint8Array[] = [];
    for await (const chunk of whole.body! as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe('0123456789');

    const part = await client.storage.get('read/digits.txt', { range: { start: 3, end: 5 } });
    expect(part.status).toBe(206);
    expect(part.contentRange).toBe('bytes 3-5/10');
    expect(await part.text()).toBe('345');
    const tail = await client.storage.get('read/digits.txt', { range: { start: 8 } });
    expect(await tail.text()).toBe('89');
    await expect(client.storage.get('read/digits.txt', { range: { start: 10 } })).rejects.toMatchObject({ status: 416 });

    const cached = await client.storage.get('read/digits.txt', { ifNoneMatch: stored.etag });
    expect(cached).toMatchObject({ status: 304, notModified: true, body: null });

    const head = await client.storage.head('read/digits.txt');
    expect(head).toMatchObject({ status: 200, contentLength: 10, etag: stored.etag, contentType: 'text/plain' });
    expect(head.lastModified).toBeInstanceOf(Date);
  });

  it("throws NotFoundError for a missing object and for another user's", async () => {
    await expect(client.storage.get('nothing/here.txt')).rejects.toBeInstanceOf(NotFoundError);
    await client.storage.put('private/mine.txt', 'mine', { contentType: 'text/plain' });
    const other = sdkFor(t, { token: await t.token({ sub: 'sdk-someone-else', scope: 'read:storage write:storage' }) }).client;
    await expect(other.storage.get('private/mine.txt')).rejects.toMatchObject({ status: 404 });
    await expect(other.storage.head('private/mine.txt')).rejects.toBeInstanceOf(SunlightError);
  });
});

describe('storage.delete, list and iterate', () => {
  it('lists by prefix page by page and deletes', async () => {
    for (const k of ['shelf/1.txt', 'shelf/2.txt', 'shelf/3.txt']) await client.storage.put(k, k, { contentType: 'text/plain' });
    const page = await client.storage.list({ prefix: 'shelf/', limit: 2 });
    expect(page.total).toBe(3);
    expect(page.data.map((o) => o.key)).toEqual(['shelf/1.txt', 'shelf/2.txt']);
    expect(page.next_cursor).not.toBeNull();
    expect((await collect(client.storage.iterate({ prefix: 'shelf/', limit: 1 }))).map((o) => o.key)).toEqual(['shelf/1.txt', 'shelf/2.txt', 'shelf/3.txt']);
    await client.storage.delete('shelf/2.txt');
    expect((await collect(client.storage.iterate({ prefix: 'shelf/' }))).map((o) => o.key)).toEqual(['shelf/1.txt', 'shelf/3.txt']);
    await expect(client.storage.delete('shelf/2.txt')).rejects.toBeInstanceOf(NotFoundError);
  });
});
