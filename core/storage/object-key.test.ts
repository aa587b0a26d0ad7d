import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { objectKeyProblem } from './object-key.js';
import { ChecksumMismatchError, MeteredHash, ObjectTooLargeError } from './object-store.js';
import { parseContentType } from './storage-service.js';

describe('objectKeyProblem', () => {
  it('accepts keys with slashes, spaces, dots in names and non-ASCII text', () => {
    for (const key of ['a', 'letters/2025/reply.pdf', 'notes/.hidden', 'a..b/c', 'réponse finale.pdf', 'x'.repeat(1024)]) expect(objectKeyProblem(key), key).toBeNull();
  });
  it('refuses traversal, control characters, leading slashes, empty segments and long keys', () => {
    for (const key of ['', '/a', '../a', 'a/..', 'a/./b', '.', 'a//b', 'a/', 'a\u0000b', 'a\nb', 'a\u007fb', 'a\\b', '\ud800', 'x'.repeat(1025)]) {
      expect(objectKeyProblem(key), JSON.stringify(key)).not.toBeNull();
    }
  });
});

describe('parseContentType', () => {
  it('keeps the media type and a charset, in lower case', () => {
    expect(parseContentType('Text/Plain; Charset=UTF-8')).toEqual({ mediaType: 'text/plain', value: 'text/plain; charset=utf-8' });
    expect(parseContentType('application/pdf; name="x.pdf"')).toEqual({ mediaType: 'application/pdf', value: 'application/pdf' });
  });
  it('refuses what is not a media type', () => {
    for (const h of [undefined, '', 'pdf', 'a/b/c', '/pdf', 'text/']) expect(parseContentType(h)).toBeNull();
  });
});

describe('MeteredHash', () => {
  const sink = () => new Writable({ write: (_c, _e, cb) => cb() });
  it('counts and hashes what passes through', async () => {
    const meter = new MeteredHash(100);
    await pipeline(Readable.from([Buffer.from('abc'), Buffer.from('def')]), meter, sink());
    expect(meter.byteCount).toBe(6);
    expect(meter.sha256).toBe(createHash('sha256').update('abcdef').digest('hex'));
  });
  it('fails past the limit and on a checksum mismatch', async () => {
    await expect(pipeline(Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), new MeteredHash(100), sink())).rejects.toBeInstanceOf(ObjectTooLargeError);
    await expect(pipeline(Readable.from([Buffer.from('abc')]), new MeteredHash(100, '0'.repeat(64)), sink())).rejects.toBeInstanceOf(ChecksumMismatchError);
  });
});
