import { ValidationError } from '../../../core/errors/app-error.js';

/** What a `Range` header asks of an object of `size` bytes (RFC 9110 §14). */
export type RangeRequest = { kind: 'none' } | { kind: 'unsatisfiable' } | { kind: 'range'; start: number; end: number };

/**
 * One byte range (`bytes=0-99`, `bytes=100-`, `bytes=-100`) of an object of `size` bytes.
 * A header that is not a single well-formed byte range is ignored (the whole object is sent,
 * as RFC 9110 allows); a well-formed one that starts past the end is unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'none' };
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'none' };
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  if (m[2] !== '' && Number(m[2]) < start) return { kind: 'none' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = m[2] === '' ? size - 1 : Number(m[2]);
  return { kind: 'range', start, end: Math.min(end, size - 1) };
}

/** True when `If-None-Match` names `etag` (weak comparison) or is `*`: the client's copy is current. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((t) => opaque(t) === opaque(etag));
}

/**
 * The SHA-256 a client sent in `Content-Digest` (RFC 9530: `sha-256=:<base64>:`), as lower-case
 * hex; undefined when the header is absent or names only other algorithms. A malformed sha-256
 * entry is a 400.
 */
export function parseContentDigest(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  for (const entry of header.split(',')) {
    const eq = entry.indexOf('=');
    if (eq < 0 || entry.slice(0, eq).trim().toLowerCase() !== 'sha-256') continue;
    const m = /^:([A-Za-z0-9+/]{43}=):$/.exec(entry.slice(eq + 1).trim());
    const bytes = m ? Buffer.from(m[1]!, 'base64') : undefined;
    if (!bytes || bytes.length !== 32) {
      throw new ValidationError('Malformed Content-Digest', [{ path: 'header.content-digest', message: 'Expected sha-256=:<base64 of the 32-byte SHA-256>:' }]);
    }
    return bytes.toString('hex');
  }
  return undefined;
}

/** `Repr-Digest` / `Content-Digest` value of a hex SHA-256. */
export const digestHeader = (sha256Hex: string): string => `sha-256=:${Buffer.from(sha256Hex, 'hex').toString('base64')}:`;
