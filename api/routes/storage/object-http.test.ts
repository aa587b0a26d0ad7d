import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { digestHeader, ifNoneMatchHits, parseContentDigest, parseRange } from './object-http.js';

describe('parseRange', () => {
  it('reads the three forms of a single byte range', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'range', start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'range', start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'range', start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'range', start: 0, end: 99 });
    expect(parseRange('bytes=50-5000', 100)).toEqual({ kind: 'range', start: 50, end: 99 });
  });
  it('calls a range past the end unsatisfiable', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-0', 0)).toEqual({ kind: 'unsatisfiable' });
  });
  it('ignores what it does not serve', () => {
    for (const h of [undefined, 'bytes=0-1,5-6', 'items=0-1', 'bytes=5-1', 'bytes=-', 'bytes=x-y']) expect(parseRange(h, 100)).toEqual({ kind: 'none' });
  });
});

describe('ifNoneMatchHits', () => {
  it('compares entity tags weakly, in lists, and takes *', () => {
    expect(ifNoneMatchHits('"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchHits('W/"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchHits('"x", "abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchHits('*', '"abc"')).toBe(true);
    expect(ifNoneMatchHits('"abd"', '"abc"')).toBe(false);
    expect(ifNoneMatchHits(undefined, '"abc"')).toBe(false);
  });
});

describe('parseContentDigest', () => {
  const hex = createHash('sha256').update('hello').digest('hex');
  it('reads sha-256 among other algorithms', () => {
    expect(parseContentDigest(digestHeader(hex))).toBe(hex);
    expect(parseContentDigest(`sha-512=:AAAA:, ${digestHeader(hex)}`)).toBe(hex);
    expect(parseContentDigest('sha-512=:AAAA:')).toBeUndefined();
    expect(parseContentDigest(undefined)).toBeUndefined();
  });
  it('refuses a malformed sha-256 value', () => {
    expect(() => parseContentDigest('sha-256=abc')).toThrow(/Content-Digest/);
    expect(() => parseContentDigest('sha-256=:AAAA:')).toThrow(/Content-Digest/);
  });
});
