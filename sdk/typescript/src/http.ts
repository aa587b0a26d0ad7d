/**
 * The transport under every method: URL and query building, the bearer token (fetched again
 * once after a 401), a timeout per attempt, retries with exponential backoff for 429 and
 * 503 on idempotent methods (honouring `Retry-After`), and typed errors.
 */
import type { TokenSource } from './auth.js';
import { ConnectionError, errorFromResponse, parseRetryAfter, TimeoutError } from './errors.js';

/** A raw request body, as fetch takes it. */
export type RawBody = NonNullable<RequestInit['body']>;

export type HttpMethod = 'GET' | 'HEAD' | 'PUT' | 'DELETE' | 'POST' | 'PATCH';

/** Methods a retry cannot repeat the effect of: only these are retried on 429 and 503. */
export const IDEMPOTENT_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

/** Options every method takes as its last argument. */
export interface CallOptions {
  /** Aborts the request (and closes a stream). */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
  /** Overrides the client's `retries` for this call. */
  retries?: number;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;
export type QueryInput = Record<string, QueryValue> | object;

export interface HttpRequest {
  method: HttpMethod;
  /** The path from the API root, e.g. `/api/foia/requests` (path parameters already encoded). */
  path: string;
  query?: QueryInput | undefined;
  /** A JSON body (serialised here). */
  json?: unknown;
  /**
   * A raw body (object uploads), sent as it is with `contentType`. A ReadableStream is sent
   * once: its request is never retried (nor re-sent after a 401 with a fresh token).
   */
  body?: RawBody;
  /** The body's media type (default application/json). */
  contentType?: string;
  accept?: string;
  /** False for public routes (health, the API description): no token is sent. */
  auth?: boolean;
  headers?: Record<string, string>;
  /** Statuses besides 2xx whose body is a normal answer (health: 503 with the same report). */
  okStatuses?: number[];
}

export interface TransportOptions {
  baseUrl: string;
  tokens: TokenSource | undefined;
  fetch: typeof fetch;
  timeoutMs: number;
  retries: number;
  retryBaseDelayMs: number;
  maxRetryDelayMs: number;
  userAgent: string;
  headers: Record<string, string>;
  /** For tests: how to wait between retries, and the jitter source. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

/** An answer whose status was accepted, with its body not yet read. */
export interface OpenResponse {
  response: Response;
  /** Stops the timeout and the link to the caller's signal once the body has been read. */
  release(): void;
  /** Stops the timeout only (a stream may last longer; the caller's signal still closes it). */
  stopTimer(): void;
  /** Aborts the request (closes the connection). */
  abort(reason?: unknown): void;
  /** Whether the attempt's timeout fired (while the body was read). */
  timedOut(): boolean;
  timeoutMs: number;
}

/** Builds `baseUrl + path` with the query: lists become repeated parameters, booleans `true`/`false`. */
export function buildUrl(baseUrl: string, path: string, query?: QueryInput): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values as Array<string | number | boolean>) url.searchParams.append(key, String(v));
  }
  return url.toString();
}

/** Encodes one path segment (ids may hold `:`, `(`, `/` …). */
export const segment = (value: string): string => encodeURIComponent(value);

/**
 * How long to wait before retry number `attempt` (0-based): `Retry-After` when the answer
 * has one, else `baseMs · 2^attempt` with jitter (between half and all of it), never more
 * than `maxMs`. Undefined when `Retry-After` asks for longer than `maxMs` (not worth waiting).
 */
export function retryDelayMs(attempt: number, retryAfterSeconds: number | undefined, opts: { baseMs: number; maxMs: number; random?: () => number }): number | undefined {
  if (retryAfterSeconds !== undefined) {
    const ms = Math.ceil(retryAfterSeconds * 1000);
    return ms > opts.maxMs ? undefined : ms;
  }
  const exp = opts.baseMs * 2 ** attempt;
  const jitter = 0.5 + (opts.random ?? Math.random)() / 2;
  return Math.min(opts.maxMs, Math.round(exp * jitter));
}

/** The `Idempotency-Key` header of a request that starts something, when a key is given. */
export function idempotencyHeaders(key: string | undefined): Record<string, string> | undefined {
  return key === undefined ? undefined : { 'idempotency-key': key };
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function readErrorBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!(res.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export class Transport {
  constructor(readonly options: TransportOptions) {}

  /**
   * Sends the request with retries and token refresh, and resolves once an accepted answer's
   * headers have arrived; the caller reads the body, then calls `release`. Any other answer
   * is read and thrown as its typed error.
   */
  async open(req: HttpRequest, call: CallOptions = {}): Promise<OpenResponse> {
    const o = this.options;
    const retries = Math.max(0, call.retries ?? o.retries);
    const idempotent = IDEMPOTENT_METHODS.has(req.method);
    const auth = req.auth !== false && o.tokens !== undefined;
    const url = buildUrl(o.baseUrl, req.path, req.query);
    const body: RawBody | undefined = req.json === undefined ? req.body : JSON.stringify(req.json);
    const replayable = !(body instanceof ReadableStream);
    let freshToken = false;
    let refreshed = false;
    let retried = 0;
    for (;;) {
      const headers: Record<string, string> = {
        accept: req.accept ?? 'application/json',
        'user-agent': o.userAgent,
        ...o.headers,
        ...req.headers,
        ...call.headers,
      };
      if (body !== undefined) headers['content-type'] = req.contentType ?? 'application/json';
      if (auth) headers['authorization'] = `Bearer ${await o.tokens!.get(freshToken, call.signal)}`;
      const open = await this.#attempt(url, { method: req.method, headers, body }, call);
      const { response: res } = open;
      if (res.ok || req.okStatuses?.includes(res.status)) return open;

      if (res.status === 401 && auth && o.tokens!.refreshable && !refreshed && replayable) {
        // The token may have expired or been revoked since it was fetched: once, with a new one.
        refreshed = true;
        freshToken = true;
        await this.#discard(open);
        continue;
      }
      freshToken = false;
      if ((res.status === 429 || res.status === 503) && idempotent && replayable && retried < retries) {
        const delay = retryDelayMs(retried, parseRetryAfter(res.headers.get('retry-after')), {
          baseMs: o.retryBaseDelayMs,
          maxMs: o.maxRetryDelayMs,
          random: o.random,
        });
        if (delay !== undefined) {
          retried++;
          await this.#discard(open);
          await (o.sleep ?? abortableSleep)(delay, call.signal);
          continue;
        }
      }
      let errorBody: unknown;
      try {
        errorBody = await readErrorBody(res);
      } catch (err) {
        throw this.#failure(err, open, call);
      } finally {
        open.release();
      }
      throw errorFromResponse(res, errorBody);
    }
  }

  /** Sends the request and reads the answer as JSON. */
  async json<T>(req: HttpRequest, call?: CallOptions): Promise<{ data: T; response: Response }> {
    return this.#read(req, call, async (res) => (res.status === 204 ? undefined : await res.json()) as T);
  }

  /** Sends the request and reads the answer as text. */
  async text(req: HttpRequest, call?: CallOptions): Promise<{ data: string; response: Response }> {
    return this.#read(req, call, (res) => res.text());
  }

  /** Sends the request and reads the answer as bytes (a PDF, say). */
  async bytes(req: HttpRequest, call?: CallOptions): Promise<{ data: Uint8Array; response: Response }> {
    return this.#read(req, call, async (res) => new Uint8Array(await res.arrayBuffer()));
  }

  /** Reads the body within the same timeout as the request; a failure while reading is typed as the request's would be. */
  async #read<T>(req: HttpRequest, call: CallOptions | undefined, read: (res: Response) => Promise<T>): Promise<{ data: T; response: Response }> {
    const open = await this.open(req, call);
    try {
      return { data: await read(open.response), response: open.response };
    } catch (err) {
      throw this.#failure(err, open, call ?? {});
    } finally {
      open.release();
    }
  }

  #failure(err: unknown, open: OpenResponse, call: CallOptions): unknown {
    if (open.timedOut()) return new TimeoutError(open.timeoutMs, 'The Sunlight API');
    if (call.signal?.aborted) return call.signal.reason;
    if (err instanceof SyntaxError) return new ConnectionError('The answer was not valid JSON', err);
    return err instanceof TypeError ? new ConnectionError('The answer could not be read', err) : err;
  }

  async #discard(open: OpenResponse): Promise<void> {
    try {
      await open.response.body?.cancel();
    } catch {
      // Nothing to free.
    } finally {
      open.release();
    }
  }

  async #attempt(url: string, init: { method: string; headers: Record<string, string>; body: RawBody | undefined }, call: CallOptions): Promise<OpenResponse> {
    const signal = call.signal;
    signal?.throwIfAborted();
    const timeoutMs = call.timeoutMs ?? this.options.timeoutMs;
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined =
      timeoutMs > 0 && Number.isFinite(timeoutMs)
        ? setTimeout(() => {
            timedOut = true;
            controller.abort(new TimeoutError(timeoutMs, 'The Sunlight API'));
          }, timeoutMs)
        : undefined;
    const stopTimer = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    };
    const release = () => {
      stopTimer();
      signal?.removeEventListener('abort', onAbort);
    };
    try {
      // A stream body needs half-duplex (fetch's rule for request streams).
      const duplex = init.body instanceof ReadableStream ? { duplex: 'half' } : {};
      const response = await this.options.fetch(url, { ...init, ...duplex, signal: controller.signal } as RequestInit);
      return { response, release, stopTimer, abort: (reason) => controller.abort(reason), timedOut: () => timedOut, timeoutMs };
    } catch (err) {
      release();
      if (timedOut) throw new TimeoutError(timeoutMs, 'The Sunlight API');
      if (signal?.aborted) throw signal.reason;
      throw new ConnectionError(`Could not reach the Sunlight API at ${new URL(url).origin}`, err);
    }
  }
}
