import type { Request, Response } from 'express';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../../core/errors/app-error.js';
import type { ByteRange } from '../../../core/storage/object-store.js';
import type { StoredObjectView } from '../../../core/storage/storage-service.js';
import { digestHeader, ifNoneMatchHits, parseContentDigest, parseRange } from './object-http.js';

/** The response headers of a stored object's bytes, for the API description. */
export const OBJECT_HEADERS = {
  ETag: 'Strong entity tag of the bytes (their SHA-256, quoted); send it in If-None-Match',
  'Last-Modified': 'When these bytes were stored',
  'Content-Length': 'Bytes in this response',
  'Accept-Ranges': 'bytes: single byte ranges are served (Range → 206)',
  'Repr-Digest': 'RFC 9530 digest of the whole object: sha-256=:<base64>:',
};

/** Request headers a download understands, for the API description. */
export const DOWNLOAD_REQUEST_HEADERS = [
  { name: 'If-None-Match', required: false, description: 'An ETag of a copy the client holds: 304 when it is current' },
  { name: 'Range', required: false, description: 'One byte range: bytes=0-1023, bytes=1024- or bytes=-1024' },
];

/** What a download answers besides 200, for the API description. */
export const DOWNLOAD_ALSO_ANSWERS = [
  { status: 206, description: 'The byte range asked for; Content-Range says which' },
  { status: 304, description: 'Not modified: the ETag sent in If-None-Match is current', empty: true },
];

/** The upload's declared length and checksum, as a store call takes them. */
export function uploadOptions(req: Request): { contentType: string | undefined; contentLength?: number; expectedSha256?: string } {
  const expectedSha256 = parseContentDigest(req.header('content-digest'));
  const length = req.header('content-length');
  return {
    contentType: req.header('content-type'),
    ...(length !== undefined && /^\d+$/.test(length) ? { contentLength: Number(length) } : {}),
    ...(expectedSha256 ? { expectedSha256 } : {}),
  };
}

/**
 * The request's body as a stream of its own: a refused body (too large, wrong digest) fails this
 * stream, never the request itself, whose socket must stay up to carry the error response.
 */
export function requestBody(req: Request): PassThrough {
  const body = new PassThrough();
  req.pipe(body);
  req.on('error', (err) => body.destroy(err));
  req.on('close', () => {
    if (!req.complete) body.destroy(Object.assign(new Error('The request body was cut off'), { code: 'ECONNRESET' }));
  });
  return body;
}

/** Bytes of a refused upload read and dropped before the connection is cut. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/**
 * After a refusal before the body's end: the rest is read and dropped, up to a bound, so the
 * client gets to read the error rather than a reset; the connection is then closed.
 */
export function refuseRestOfBody(req: Request, res: Response): void {
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

/** Types a browser would run as a page of the API's origin: sent as downloads, in a sandbox. */
const ACTIVE_TYPES = new Set(['text/html', 'application/xhtml+xml', 'image/svg+xml', 'text/xml', 'application/xml']);

/** The headers that describe an object, on GET and HEAD. */
export function describeObject(res: Response, object: StoredObjectView): void {
  res.setHeader('Content-Type', object.content_type);
  if (ACTIVE_TYPES.has(object.content_type.split(';')[0]!.trim())) {
    res.setHeader('Content-Disposition', 'attachment');
    res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'");
  }
  res.setHeader('ETag', object.etag);
  res.setHeader('Last-Modified', new Date(object.updated_at).toUTCString());
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Repr-Digest', digestHeader(object.sha256));
  res.setHeader('Cache-Control', 'private, no-cache');
}

/** 304 with the validators when the client's copy is current. */
export function notModified(req: Request, res: Response, object: StoredObjectView): boolean {
  if (!ifNoneMatchHits(req.header('if-none-match'), object.etag)) return false;
  res.setHeader('ETag', object.etag);
  res.setHeader('Last-Modified', new Date(object.updated_at).toUTCString());
  res.setHeader('Cache-Control', 'private, no-cache');
  res.status(304).end();
  return true;
}

/**
 * Sends a stored object's bytes: 304 when the client's copy is current, 206 for a byte range,
 * 416 for a range past the end, else 200 with the whole object, streamed.
 */
export async function sendObject(req: Request, res: Response, object: StoredObjectView, open: (range?: ByteRange) => Promise<Readable>, extraHeaders: Record<string, string> = {}): Promise<void> {
  if (notModified(req, res, object)) return;
  const range = parseRange(req.header('range'), object.size);
  if (range.kind === 'unsatisfiable') {
    res.setHeader('Content-Range', `bytes */${object.size}`);
    throw new AppError(416, 'RANGE_NOT_SATISFIABLE', 'The range starts past the end of the object', { size: object.size });
  }
  const body = await open(range.kind === 'range' ? { start: range.start, end: range.end } : undefined);
  describeObject(res, object);
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
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
}
