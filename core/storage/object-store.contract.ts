import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidObjectKeyError } from './object-key.js';
import { ChecksumMismatchError, ObjectTooLargeError, type ObjectStore } from './object-store.js';

/**
 * What every ObjectStore does, run against each adapter (filesystem-object-store.int.test.ts,
 * s3-object-store.int.test.ts). `bigBody` is larger than one multipart part where the backend
 * has parts, so streaming uploads are exercised for real.
 */
export interface ObjectStoreHarness {
  store: ObjectStore;
  /** Bytes in a body that needs more than one part (S3) or many chunks (file system). */
  bigBody: number;
  cleanup(): Promise<void>;
}

const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

/** `total` bytes as 64 KiB chunks, never all in memory at once. */
async function* chunks(total: number, fill = 7): AsyncGenerator<Uint8Array> {
  const chunk = Buffer.alloc(64 * 1024, fill);
  for (let sent = 0; sent < total; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, total - sent));
}

export function describeObjectStoreContract(name: string, setup: () => Promise<ObjectStoreHarness>): void {
  describe(`object store contract: ${name}`, () => {
    let h: ObjectStoreHarness;
    let store: ObjectStore;
    const key = (suffix: string) => `contract/${randomBytes(4).toString('hex')}/${suffix}`;
    const options = { maxBytes: 64 * 1024 * 1024, contentType: 'application/pdf' };

    beforeAll(async () => {
      h = await setup();
      store = h.store;
    });
    afterAll(async () => {
      await h?.cleanup();
    });

    it('stores a body and reads it back with its size and SHA-256', async () => {
      const k = key('letter.pdf');
      const bytes = Buffer.from('%PDF-1.7 the agency’s reply\n');
      const put = await store.put(k, Readable.from([bytes]), options);
      expect(put).toEqual({ size: bytes.length, sha256: sha256(bytes) });
      expect(await store.head(k)).toEqual({ size: bytes.length });
      const got = await store.get(k);
      expect(got?.size).toBe(bytes.length);
      expect(await readAll(got!.body)).toEqual(bytes);
    });

    it('streams a large body from an async iterable, in parts', async () => {
      const k = key('big.bin');
      const put = await store.put(k, chunks(h.bigBody), options);
      const expected = Buffer.alloc(h.bigBody, 7);
      expect(put).toEqual({ size: h.bigBody, sha256: sha256(expected) });
      const got = await store.get(k);
      expect(sha256(await readAll(got!.body))).toBe(put.sha256);
    });

    it('stores an empty body', async () => {
      const k = key('empty.txt');
      expect(await store.put(k, Readable.from([]), options)).toEqual({ size: 0, sha256: sha256(Buffer.alloc(0)) });
      expect(await store.head(k)).toEqual({ size: 0 });
      expect((await readAll((await store.get(k))!.body)).length).toBe(0);
    });

    it('reads an inclusive byte range', async () => {
      const k = key('range.txt');
      await store.put(k, Readable.from([Buffer.from('0123456789')]), options);
      const got = await store.get(k, { range: { start: 2, end: 5 } });
      expect(got?.size).toBe(10);
      expect((await readAll(got!.body)).toString()).toBe('2345');
      const tail = await store.get(k, { range: { start: 9, end: 9 } });
      expect((await readAll(tail!.body)).toString()).toBe('9');
    });

    it('replaces an object whole', async () => {
      const k = key('replaced.txt');
      await store.put(k, Readable.from([Buffer.from('first version, longer')]), options);
      await store.put(k, Readable.from([Buffer.from('second')]), options);
      expect((await readAll((await store.get(k))!.body)).toString()).toBe('second');
      expect(await store.head(k)).toEqual({ size: 6 });
    });

    it('answers null for a missing object and deletes idempotently', async () => {
      const k = key('gone.txt');
      expect(await store.get(k)).toBeNull();
      expect(await store.head(k)).toBeNull();
      await store.put(k, Readable.from([Buffer.from('x')]), options);
      await store.delete(k);
      expect(await store.head(k)).toBeNull();
      expect(await store.get(k)).toBeNull();
      await expect(store.delete(k)).resolves.toBeUndefined();
    });

    it('refuses a body over the limit and stores nothing', async () => {
      const k = key('too-big.bin');
      await expect(store.put(k, chunks(200_000), { ...options, maxBytes: 100_000 })).rejects.toBeInstanceOf(ObjectTooLargeError);
      expect(await store.head(k)).toBeNull();
      // Exactly at the limit is fine.
      expect((await store.put(k, chunks(100_000), { ...options, maxBytes: 100_000 })).size).toBe(100_000);
    });

    it('verifies an expected SHA-256: a mismatch stores nothing, a match stores the body', async () => {
      const k = key('checked.txt');
      const bytes = Buffer.from('records released under § 552.221');
      await expect(store.put(k, Readable.from([bytes]), { ...options, expectedSha256: sha256(Buffer.from('something else')) })).rejects.toBeInstanceOf(ChecksumMismatchError);
      expect(await store.head(k)).toBeNull();
      expect(await store.put(k, Readable.from([bytes]), { ...options, expectedSha256: sha256(bytes) })).toEqual({ size: bytes.length, sha256: sha256(bytes) });
    });

    it('leaves nothing when the body fails midway (a dropped upload)', async () => {
      const k = key('dropped.bin');
      async function* failing(): AsyncGenerator<Uint8Array> {
        yield Buffer.alloc(64 * 1024, 1);
        yield Buffer.alloc(64 * 1024, 2);
        throw Object.assign(new Error('connection reset'), { code: 'ECONNRESET' });
      }
      await expect(store.put(k, failing(), options)).rejects.toThrow(/connection reset/);
      expect(await store.head(k)).toBeNull();
    });

    it('keeps keys with slashes, spaces and non-ASCII text apart', async () => {
      const a = key('a/b/c.txt');
      const b = key('a/b c/é—ü.txt');
      await store.put(a, Readable.from([Buffer.from('A')]), options);
      await store.put(b, Readable.from([Buffer.from('B')]), options);
      expect((await readAll((await store.get(a))!.body)).toString()).toBe('A');
      expect((await readAll((await store.get(b))!.body)).toString()).toBe('B');
    });

    it('refuses keys that could escape their namespace', async () => {
      for (const bad of ['../etc/passwd', '/absolute', 'a/../b', 'a//b', 'nul\u0000byte', 'x'.repeat(1025)]) {
        await expect(store.put(bad, Readable.from([Buffer.from('x')]), options), bad).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(store.get(bad), bad).rejects.toBeInstanceOf(InvalidObjectKeyError);
      }
    });
  });
}
