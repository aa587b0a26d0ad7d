import type { Request } from 'express';
import { z } from 'zod';
import { SERVICE_WRITTEN_TYPES, type StorageService } from '../../../core/storage/storage-service.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { callerOf } from '../../http/caller.js';
import { describeObject, DOWNLOAD_ALSO_ANSWERS, DOWNLOAD_REQUEST_HEADERS, notModified, OBJECT_HEADERS, refuseRestOfBody, requestBody, sendObject, uploadOptions } from './object-streaming.js';
import { listObjectsQuery, objectKeyParams, storedObjectListSchema, storedObjectSchema } from './storage-schemas.js';

const TAGS = ['storage'];

const BASE = '/api/storage/objects';

/**
 * An object upload: its body is the object's bytes, streamed by the route itself, so the
 * JSON guard and the JSON parser must leave it alone (api/app.ts).
 */
export function isRawBodyRequest(req: Request): boolean {
  return req.method === 'PUT' && req.path.startsWith(`${BASE}/`);
}

/** The object's bytes as each allowed type (a JSON object is any JSON). */
export function bytesOf(types: readonly string[]): Record<string, { schema?: z.ZodType; description: string }> {
  return Object.fromEntries(types.map((t) => [t, { ...(t.endsWith('json') ? { schema: z.unknown() } : {}), description: 'the bytes' }]));
}

export function describeStorageUpload(allowedTypes: readonly string[], maxBytes: number): string {
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
      const { object, created } = await storage
        .put(callerOf(principal), params.key, requestBody(req), uploadOptions(req))
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
    requestHeaders: DOWNLOAD_REQUEST_HEADERS,
    success: { status: 200, description: "The object's bytes, with the Content-Type it was stored with", contentType: 'application/octet-stream' },
    alternatives: bytesOf([...limits.allowedTypes, ...SERVICE_WRITTEN_TYPES]),
    alsoAnswers: DOWNLOAD_ALSO_ANSWERS,
    responseHeaders: { ...OBJECT_HEADERS, 'Content-Range': 'On 206: bytes first-last/size' },
    errors: [416],
    handler: async ({ principal, params, req, res }) => {
      const { object, open } = await storage.get(callerOf(principal), params.key);
      await sendObject(req, res, object, open);
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
    alternatives: bytesOf([...limits.allowedTypes, ...SERVICE_WRITTEN_TYPES]),
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
