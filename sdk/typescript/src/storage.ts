/** Object storage: the caller's files (`read:storage`, `write:storage`), streamed both ways. */
import { segment, type CallOptions, type RawBody, type Transport } from './http.js';
import { paginateQuery } from './pagination.js';
import type { StoredObject, StoredObjectList, StoredObjectListQuery } from './types.js';

/** What `put` accepts: bytes, text, a Blob (a File too) or a stream (sent as it is read, never buffered). */
export type ObjectBody = Blob | ReadableStream<Uint8Array> | Uint8Array | ArrayBuffer | string;

export interface PutObjectOptions extends CallOptions {
  /** The object's media type; one the API allows (PDF, Markdown, text, JSON, CSV, images, office documents, e-mail). */
  contentType: string;
  /**
   * The body's SHA-256 (lower-case hex, or base64), sent as `Content-Digest: sha-256=:…:`; the
   * API verifies it and refuses a mismatch (`ValidationError`, nothing stored). `true` computes
   * it here (not for streams).
   */
  checksum?: string | true;
}

export interface GetObjectOptions extends CallOptions, DownloadOptions {}

/** An object's headers: what GET and HEAD say about it. */
export interface ObjectHeaders {
  /** HTTP status: 200, 206 for a range, 304 when `ifNoneMatch` was current. */
  status: number;
  contentType: string | null;
  /** Bytes in this answer (the range's, for 206). */
  contentLength: number | null;
  etag: string | null;
  lastModified: Date | null;
  /** `bytes first-last/size` on 206. */
  contentRange: string | null;
  /** The object's SHA-256, hex, from Repr-Digest. */
  sha256: string | null;
  notModified: boolean;
}

/** A download: the headers, and the body as a stream to read once (null for 304). */
export interface ObjectDownload extends ObjectHeaders {
  body: ReadableStream<Uint8Array> | null;
  /** Reads the whole body (for small objects). */
  bytes(): Promise<Uint8Array>;
  text(): Promise<string>;
}

const hexOf = (bytes: ArrayBuffer): string => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

function base64OfHex(hex: string): string {
  const bytes = new Uint8Array(hex.match(/../g)!.map((h) => Number.parseInt(h, 16)));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

async function sha256Hex(body: Exclude<ObjectBody, ReadableStream<Uint8Array>>): Promise<string> {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body instanceof Blob ? await body.arrayBuffer() : body;
  return hexOf(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

function headersOf(res: Response): ObjectHeaders {
  const h = res.headers;
  const length = h.get('content-length');
  const modified = h.get('last-modified');
  const digest = /sha-256=:([A-Za-z0-9+/=]+):/.exec(h.get('repr-digest') ?? '')?.[1];
  return {
    status: res.status,
    contentType: h.get('content-type'),
    contentLength: length === null ? null : Number(length),
    etag: h.get('etag'),
    lastModified: modified ? new Date(modified) : null,
    contentRange: h.get('content-range'),
    sha256: digest ? hexOf(Uint8Array.from(atob(digest), (c) => c.charCodeAt(0)).buffer) : null,
    notModified: res.status === 304,
  };
}

/**
 * `Content-Digest: sha-256=:…:` for a body: `checksum` is its SHA-256 in hex or base64, or
 * `true` to compute it here (not for streams); no header when it is undefined.
 */
export async function contentDigestHeader(body: ObjectBody, checksum: string | true | undefined): Promise<Record<string, string>> {
  if (checksum === undefined) return {};
  if (checksum === true && body instanceof ReadableStream) throw new TypeError('A stream cannot be hashed before it is sent (checksum or sha256: true); pass its SHA-256');
  const hex = checksum === true ? await sha256Hex(body as Exclude<ObjectBody, ReadableStream<Uint8Array>>) : checksum;
  return { 'content-digest': `sha-256=:${/^[0-9a-f]{64}$/i.test(hex) ? base64OfHex(hex.toLowerCase()) : hex}:` };
}

/** What a download may ask for: a byte range, and the ETag of a copy already held. */
export interface DownloadOptions {
  /** Inclusive byte offsets (`{ start: 0, end: 1023 }`; `end` omitted: to the end). */
  range?: { start: number; end?: number };
  /** An ETag the caller holds: when it is current the answer is `notModified` with no body. */
  ifNoneMatch?: string;
}

/**
 * GETs an object's bytes at `path` (storage objects, FOIA attachments): the headers at once,
 * the body as a stream. The call's timeout covers only the wait for the headers.
 */
export async function openDownload(http: Transport, path: string, options: DownloadOptions = {}, call: CallOptions = {}): Promise<ObjectDownload> {
  const { range, ifNoneMatch } = options;
  const headers: Record<string, string> = { ...call.headers };
  if (range) headers['range'] = `bytes=${range.start}-${range.end ?? ''}`;
  if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
  const open = await http.open({ method: 'GET', path, accept: '*/*', headers, okStatuses: [304] }, { ...call, headers });
  open.stopTimer();
  const res = open.response;
  const body = res.status === 304 ? null : res.body;
  const read = async () => {
    try {
      return new Uint8Array(await res.arrayBuffer());
    } finally {
      open.release();
    }
  };
  return { ...headersOf(res), body, bytes: read, text: async () => new TextDecoder().decode(await read()) };
}

export class StorageApi {
  constructor(private readonly http: Transport) {}

  /** Stores `body` as the object `key` (created or replaced); keys may contain `/`. */
  async put(key: string, body: ObjectBody, options: PutObjectOptions): Promise<StoredObject> {
    const { contentType, checksum, ...call } = options;
    const headers: Record<string, string> = { ...call.headers, ...(await contentDigestHeader(body, checksum)) };
    return (
      await this.http.json<StoredObject>(
        { method: 'PUT', path: `/api/storage/objects/${segment(key)}`, body: body as RawBody, contentType, headers },
        { ...call, headers },
      )
    ).data;
  }

  /**
   * Opens the object `key` for reading: its headers at once, its bytes as a stream (`body`).
   * Read or cancel the body; the call's timeout covers only the wait for the headers.
   */
  async get(key: string, options: GetObjectOptions = {}): Promise<ObjectDownload> {
    const { range, ifNoneMatch, ...call } = options;
    return openDownload(this.http, `/api/storage/objects/${segment(key)}`, { range, ifNoneMatch }, call);
  }

  /** The object's headers without its bytes (`NotFoundError` when there is none). */
  async head(key: string, options: Omit<GetObjectOptions, 'range'> = {}): Promise<ObjectHeaders> {
    const { ifNoneMatch, ...call } = options;
    const headers: Record<string, string> = { ...call.headers, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) };
    const open = await this.http.open({ method: 'HEAD', path: `/api/storage/objects/${segment(key)}`, accept: '*/*', headers, okStatuses: [304] }, { ...call, headers });
    open.release();
    return headersOf(open.response);
  }

  async delete(key: string, call?: CallOptions): Promise<void> {
    await this.http.json<undefined>({ method: 'DELETE', path: `/api/storage/objects/${segment(key)}` }, call);
  }

  /** One page of the caller's objects in key order (`prefix`, `limit`, `cursor`). */
  async list(query: StoredObjectListQuery = {}, call?: CallOptions): Promise<StoredObjectList> {
    return (await this.http.json<StoredObjectList>({ method: 'GET', path: '/api/storage/objects', query }, call)).data;
  }

  /** Every object (under `prefix`), page after page. */
  iterate(query: Omit<StoredObjectListQuery, 'cursor'> = {}, call?: CallOptions): AsyncGenerator<StoredObject, void, undefined> {
    return paginateQuery((q: StoredObjectListQuery) => this.list(q, call), query);
  }
}
