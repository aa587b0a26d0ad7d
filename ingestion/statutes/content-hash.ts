import { createHash } from 'node:crypto';

/** sha256 of a file's text (UTF-8 bytes), hex: the `contentHash` of a parsed document. */
export function contentHash(raw: string): string {
  return createHash('sha256').update(raw, 'utf8').digest('hex');
}
