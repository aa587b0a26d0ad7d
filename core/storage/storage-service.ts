import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { AppError, NotFoundError, PayloadTooLargeError, ValidationError } from '../errors/app-error.js';
import { decodeCursor, encodeCursor, type ListEnvelope } from '../http/list-envelope.js';
import type { Logger } from '../logger/logger.js';
import { MAX_KEY_LENGTH, objectKeyProblem } from './object-key.js';
import { ChecksumMismatchError, ObjectTooLargeError, type ByteRange, type ObjectStore } from './object-store.js';
import type { StoredObjectRecord, StoredObjectStore } from './stored-object-store.js';

/** One object as the API shows it. */
export interface StoredObjectView {
  key: string;
  size: number;
  /** Lower-case hex SHA-256 of the bytes. */
  sha256: string;
  /** Strong ETag: the SHA-256, quoted. */
  etag: string;
  content_type: string;
  created_at: string;
  updated_at: string;
}

export interface StorageService {
  readonly maxBytes: number;
  readonly allowedTypes: readonly string[];
  /** Streams `body` into storage as the caller's object `key` (created or replaced). */
  put(userId: string, key: string, body: Readable, options: PutOptions): Promise<{ object: StoredObjectView; created: boolean }>;
  head(userId: string, key: string): Promise<StoredObjectView>;
  /** The object's metadata, and then its bytes (or the inclusive `range` of them) when asked for. */
  get(userId: string, key: string): Promise<{ object: StoredObjectView; open(range?: ByteRange): Promise<Readable> }>;
  delete(userId: string, key: string): Promise<void>;
  list(userId: string, query: { prefix?: string; limit: number; cursor?: string }): Promise<ListEnvelope<StoredObjectView>>;
}

/** Types only the service itself stores (a compiled packet's HTML): downloadable, never uploadable. */
export const SERVICE_WRITTEN_TYPES = ['text/html'] as const;

export interface PutOptions {
  contentType: string | undefined;
  contentLength?: number;
  expectedSha256?: string;
  /**
   * Also types outside the upload allow-list, for files the service writes itself (a compiled
   * packet's HTML): never set from a request.
   */
  serviceWritten?: boolean;
}

export interface StorageServiceOptions {
  objects: ObjectStore;
  metadata: StoredObjectStore;
  maxBytes: number;
  allowedTypes: readonly string[];
  logger?: Logger;
}

const TOKEN = /^[a-z0-9!#$%&'*+.^_`|~-]+$/;

/**
 * `text/plain; charset=UTF-8` → `{ mediaType: 'text/plain', value: 'text/plain; charset=utf-8' }`:
 * the media type to check against the allow-list and the value stored and sent back (only a
 * well-formed charset parameter is kept). Null when the header is missing or malformed.
 */
export function parseContentType(header: string | undefined): { mediaType: string; value: string } | null {
  if (!header) return null;
  const [type, ...params] = header.split(';').map((p) => p.trim());
  const mediaType = (type ?? '').toLowerCase();
  const [main, sub, ...rest] = mediaType.split('/');
  if (!main || !sub || rest.length > 0 || !TOKEN.test(main) || !TOKEN.test(sub)) return null;
  const charset = params
    .map((p) => /^charset\s*=\s*"?([A-Za-z0-9._:-]{1,40})"?$/i.exec(p)?.[1])
    .find((c) => c !== undefined);
  return { mediaType, value: charset ? `${mediaType}; charset=${charset.toLowerCase()}` : mediaType };
}

const present = (r: StoredObjectRecord): StoredObjectView => ({
  key: r.key,
  size: r.size,
  sha256: r.sha256,
  etag: r.etag,
  content_type: r.contentType,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** The list's position: the last key of the page, in an opaque cursor. */
const keyCursor = z.object({ k: z.string().min(1).max(MAX_KEY_LENGTH) });

function checkKey(key: string): void {
  const problem = objectKeyProblem(key);
  if (problem) throw new ValidationError('Invalid object key', [{ path: 'params.key', message: problem }]);
}

/** The caller's namespace in the object store: a digest of their `sub` (any text), then a fresh id per version. */
function blobKeyFor(userId: string): string {
  return `users/${createHash('sha256').update(userId, 'utf8').digest('hex').slice(0, 32)}/${randomUUID()}`;
}

/** A request body that stopped before its end (the client went away). */
function isAbortedBody(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'ECONNABORTED';
}

/**
 * Object storage: bytes in an ObjectStore (file system or S3), metadata in Postgres under
 * row-level security. Each stored version has its own blob, written in full before the
 * metadata points at it; a replaced or deleted version's blob is removed after the commit.
 */
export function createStorageService(options: StorageServiceOptions): StorageService {
  const { objects, metadata, maxBytes, allowedTypes, logger } = options;
  const removeBlob = async (blobKey: string): Promise<void> => {
    await objects.delete(blobKey).catch((err: unknown) => logger?.warn({ err: { message: (err as Error).message }, blobKey }, 'could not delete a stored blob'));
  };
  const find = async (userId: string, key: string): Promise<StoredObjectRecord> => {
    checkKey(key);
    const record = await metadata.asUser(userId, (tx) => tx.find(key));
    if (!record) throw new NotFoundError('No such object');
    return record;
  };

  return {
    maxBytes,
    allowedTypes,
    async put(userId, key, body, { contentType, contentLength, expectedSha256, serviceWritten }) {
      checkKey(key);
      const type = parseContentType(contentType);
      if (!type || (!allowedTypes.includes(type.mediaType) && !serviceWritten)) {
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be one of the allowed types', { allowed_types: [...allowedTypes] });
      }
      if (contentLength !== undefined && contentLength > maxBytes) throw new PayloadTooLargeError(`${maxBytes} bytes`);
      const blobKey = blobKeyFor(userId);
      let stored: { size: number; sha256: string };
      try {
        stored = await objects.put(blobKey, body, { maxBytes, contentType: type.value, ...(expectedSha256 ? { expectedSha256 } : {}) });
      } catch (err) {
        if (err instanceof ObjectTooLargeError) throw new PayloadTooLargeError(`${maxBytes} bytes`);
        if (err instanceof ChecksumMismatchError) {
          throw new ValidationError('The body does not match its Content-Digest', [{ path: 'header.content-digest', message: `The body's SHA-256 is not the one sent (nothing was stored)` }]);
        }
        if (isAbortedBody(err)) throw new ValidationError('Request body was not received completely');
        throw err;
      }
      try {
        const { record, created, replacedBlobKey } = await metadata.asUser(userId, (tx) =>
          tx.upsert({ key, blobKey, size: stored.size, sha256: stored.sha256, etag: `"${stored.sha256}"`, contentType: type.value }),
        );
        if (replacedBlobKey) await removeBlob(replacedBlobKey);
        return { object: present(record), created };
      } catch (err) {
        await removeBlob(blobKey);
        throw err;
      }
    },
    async head(userId, key) {
      return present(await find(userId, key));
    },
    async get(userId, key) {
      const record = await find(userId, key);
      return {
        object: present(record),
        async open(range) {
          const found = await objects.get(record.blobKey, range ? { range } : {});
          // Deleted or replaced between the metadata read and now.
          if (!found) throw new NotFoundError('No such object');
          return found.body;
        },
      };
    },
    async delete(userId, key) {
      checkKey(key);
      const removed = await metadata.asUser(userId, (tx) => tx.remove(key));
      if (!removed) throw new NotFoundError('No such object');
      await removeBlob(removed.blobKey);
    },
    async list(userId, query) {
      const after = decodeCursor(query.cursor, keyCursor)?.k ?? null;
      const { rows, total } = await metadata.asUser(userId, (tx) => tx.list({ prefix: query.prefix ?? '', after, limit: query.limit + 1 }));
      const page = rows.slice(0, query.limit);
      const more = rows.length > query.limit;
      return { data: page.map(present), total, next_cursor: more && page.length > 0 ? encodeCursor({ k: page[page.length - 1]!.key }) : null };
    },
  };
}
