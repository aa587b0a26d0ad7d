import type { Request, Response } from 'express';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { AppError } from '../../../core/errors/app-error.js';
import type { StorageService, StoredObjectView } from '../../../core/storage/storage-service.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import type { Principal } from '../../../core/auth/token-verifier.js';
import { digestHeader, ifNoneMatchHits, parseContentDigest, parseRange } from './object-http.js';
import { listObjectsQuery, objectKeyParams, storedObjectListSchema, storedObjectSchema } from './storage-schemas.js';

const TAGS = ['storage'];

/** The caller's `sub`: every route here names a scope, so authentication has run. */
function callerOf(principal: Principal | undefined): string {
  if (!principal) throw new Error('Storage routes require an authenticated principal');
  return principal.sub;
}
const BASE = '/api/storage/objects';

/**
 * An object upload: its body is the object's bytes, streamed by the route itself, so the
 * JSON guard and the JSON parser must leave it alone (api/app.ts).
 */
export function isRawBodyRequest(req: Request): boolean {
  return req.method === 'PUT' && req.path.startsWith(`${BASE}/`);
}

const OBJECT_HEADERS = {
  ETag: 'Strong entity tag of the bytes (their SHA-256, quoted); send it in If-None-Match',
  'Last-Modified': 'When these bytes were stored',
  'Content-Length': 'Bytes in this response',
  'Accept-Ranges': 'bytes: single byte ranges are served (Range → 206)',
  'Repr-Digest': 'RFC 9530 digest of the whole object: sha-256=:<base64>:',
};

/**
 * The request's body as a stream of its own: a refused body (too large, wrong digest) fails this
 * stream, never the request itself, whose socket must stay up to carry the error response.
 */
function requestBody(req: Request): PassThrough {
  const body = new PassThrough();
  req.pipe(body);
  req.on('error', (err) => body.destroy(err));
  req.on('close', () => {
    if (!req.complete) body.destroy(Object.assign(new Error('The request body was cut off'), { code: 'ECONNRESET' }));
  });
  return body;
}

/**
 * After a refusal before the body's end: the rest is read and dropped, up to a bound, so the
 * client gets to read the error rather than a reset; the connection is then closed.
 */
function refuseRestOfBody(req: Request, res: Response): void {
  if (req.complete) return;
  res.setHeader('Connection', 'close');
  req.unpipe();
  let drained = 0;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) req.destroy();
  });
  req.resume();
}

/** Bytes of a refused upload read and dropped before the connection is cut. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/** The headers that describe an object, on GET and HEAD. */
function describeObject(res: Response, object: StoredObjectView): void {
  res.setHeader('Content-Type', object.content_type);
  res.setHeader('ETag', object.etag);
  res.setHeader('Last-Modified', new Date(object.updated_at).toUTCString());
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Repr-Digest', digestHeader(object.sha256));
  res.setHeader('Cache-Control', 'private, no-cache');
}

/** 304 with the validators when the client's copy is current. */
function notModified(req: Request, res: Response, object: StoredObjectView): boolean {
  if (!ifNoneMatchHits(req.header('if-none-match'), object.etag)) return false;
  res.setHeader('ETag', object.etag);
  res.setHeader('Last-Modified', new Date(object.updated_at).toUTCString());
  res.setHeader('Cache-Control', 'private, no-cache');
  res.status(304).end();
  return true;
}

/** The object's bytes as each allowed type (a JSON object is any JSON). */
function bytesOf(types: readonly string[]): Record<string, { schema?: z.ZodType; description: string }> {
  return Object.fromEntries(types.map((t) => [t, { ...(t.endsWith('json') ? { schema: z.unknown() } : {}), description: 'the bytes' }]));
}

function describeStorageUpload(allowedTypes: readonly string[], maxBytes: number): string {
  return (
    `The object's bytes, streamed (never buffered whole), with the object's own Content-Type: one of ${allowedTypes.join(', ')} ` +
    `(others are 415). At most ${maxBytes} bytes (STORAGE_MAX_BYTES; more is 413).`
  );
}

/** Object storage: `/api/storage/objects`, each user's own objects (another user's key is 404). */
export function registerStorageRoutes(routes: RouteRegistry, deps: { storage: StorageService; limits: { maxBytes: number; allowedTypes: readonly string[] } }): void {
  const { storage, limits } = deps;

  routes.add({
    method: 'put',
    path: `${BASE}/:key`,
    scope: 'write:storage',
    tags: TAGS,
    summary: 'Store an object (create or replace) from the streamed body',
    description:
      'Keys may contain `/`, percent-encoded in the path. The body is streamed to storage while its SHA-256 is computed; ' +
      'send `Content-Digest: sha-256=:<base64>:` (RFC 9530) to have it verified: a mismatch is 400 and nothing is stored. ' +
      'A replaced object keeps its created_at. 201 when created, 200 when replaced.',
    params: objectKeyParams,
    rawBody: { contentTypes: [...limits.allowedTypes], description: describeStorageUpload(limits.allowedTypes, limits.maxBytes) },
    requestHeaders: [{ name: 'Content-Digest', required: false, description: 'sha-256=:<base64 SHA-256 of the body>: (RFC 9530); verified, 400 on mismatch' }],
    success: { status: 201, description: 'The object was created: its key, size, SHA-256, ETag and dates' },
    alsoAnswers: [{ status: 200, description: 'The object was replaced' }],
    response: storedObjectSchema,
    responseHeaders: { ETag: OBJECT_HEADERS.ETag, Location: 'URL of the object' },
    errors: [415],
    handler: async ({ principal, params, req, res }) => {
      const expectedSha256 = parseContentDigest(req.header('content-digest'));
      const length = req.header('content-length');
      const { object, created } = await storage
        .put(callerOf(principal), params.key, requestBody(req), {
          contentType: req.header('content-type'),
          ...(length !== undefined && /^\d+$/.test(length) ? { contentLength: Number(length) } : {}),
          ...(expectedSha256 ? { expectedSha256 } : {}),
        })
        .catch((err: unknown) => {
          refuseRestOfBody(req, res);
          throw err;
        });
      return {
        status: created ? 201 : 200,
        body: object,
        headers: { ETag: object.etag, Location: `${BASE}/${encodeURIComponent(object.key)}`, 'Cache-Control': 'no-store' },
      };
    },
  });

  routes.add({
    method: 'get',
    path: BASE,
    scope: 'read:storage',
    tags: TAGS,
    summary: "List the caller's objects, in key order",
    description: 'prefix selects keys that start with it; cursor pagination (next_cursor).',
    query: listObjectsQuery,
    response: storedObjectListSchema,
    handler: async ({ principal, query }) => ({
      body: await storage.list(callerOf(principal), query),
      headers: { 'Cache-Control': 'private, no-cache' },
    }),
  });

  routes.add({
    method: 'get',
    path: `${BASE}/:key`,
    scope: 'read:storage',
    tags: TAGS,
    summary: 'Read an object: its bytes, streamed, with its Content-Type',
    description:
      '`If-None-Match` with the ETag answers 304 when unchanged; `Range: bytes=first-last` (or `first-`, `-suffix`) answers 206 with ' +
      'Content-Range, and 416 when the range starts past the end. Other Range forms (several ranges) are ignored: the whole object is sent.',
    params: objectKeyParams,
    requestHeaders: [
      { name: 'If-None-Match', required: false, description: 'An ETag of a copy the client holds: 304 when it is current' },
      { name: 'Range', required: false, description: 'One byte range: bytes=0-1023, bytes=1024- or bytes=-1024' },
    ],
    success: { status: 200, description: "The object's bytes, with the Content-Type it was stored with", contentType: 'application/octet-stream' },
    alternatives: bytesOf(limits.allowedTypes),
    alsoAnswers: [
      { status: 206, description: 'The byte range asked for; Content-Range says which' },
      { status: 304, description: 'Not modified: the ETag sent in If-None-Match is current', empty: true },
    ],
    responseHeaders: { ...OBJECT_HEADERS, 'Content-Range': 'On 206: bytes first-last/size' },
    errors: [416],
    handler: async ({ principal, params, req, res }) => {
      const { object, open } = await storage.get(callerOf(principal), params.key);
      if (notModified(req, res, object)) return undefined;
      const range = parseRange(req.header('range'), object.size);
      if (range.kind === 'unsatisfiable') {
        res.setHeader('Content-Range', `bytes */${object.size}`);
        throw new AppError(416, 'RANGE_NOT_SATISFIABLE', 'The range starts past the end of the object', { size: object.size });
      }
      const body = await open(range.kind === 'range' ? { start: range.start, end: range.end } : undefined);
      describeObject(res, object);
      if (range.kind === 'range') {
        res.status(206);
        res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
        res.setHeader('Content-Length', String(range.end - range.start + 1));
      } else {
        res.status(200);
        res.setHeader('Content-Length', String(object.size));
      }
      try {
        await pipeline(body, res);
      } catch (err) {
        // The client went away, or the backend failed midway: the response cannot be repaired.
        body.destroy();
        res.destroy();
        if (!res.writableEnded && (err as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') res.locals.log?.warn({ err: { message: (err as Error).message } }, 'object download failed');
      }
      return undefined;
    },
  });

  routes.add({
    method: 'head',
    path: `${BASE}/:key`,
    scope: 'read:storage',
    tags: TAGS,
    summary: "An object's headers (size, type, ETag, Last-Modified) without its bytes",
    params: objectKeyParams,
    requestHeaders: [{ name: 'If-None-Match', required: false, description: 'An ETag of a copy the client holds: 304 when it is current' }],
    success: { status: 200, description: 'The headers GET would send, no body', contentType: 'application/octet-stream' },
    alternatives: bytesOf(limits.allowedTypes),
    alsoAnswers: [{ status: 304, description: 'Not modified: the ETag sent in If-None-Match is current', empty: true }],
    responseHeaders: OBJECT_HEADERS,
    handler: async ({ principal, params, req, res }) => {
      const object = await storage.head(callerOf(principal), params.key);
      if (notModified(req, res, object)) return undefined;
      describeObject(res, object);
      res.setHeader('Content-Length', String(object.size));
      res.status(200).end();
      return undefined;
    },
  });

  routes.add({
    method: 'delete',
    path: `${BASE}/:key`,
    scope: 'write:storage',
    tags: TAGS,
    summary: 'Delete an object',
    params: objectKeyParams,
    success: { status: 204, description: 'Deleted' },
    handler: async ({ principal, params }) => {
      await storage.delete(callerOf(principal), params.key);
      return { status: 204 };
    },
  });
}
