/**
 * Typed errors. Every error response of the API is one envelope,
 * `{ error: { code, message, status, metadata? } }`; `errorFromResponse` turns it into the
 * class for its status (and code), with the request id from the `X-Request-Id` header.
 */
import type { Compilation, ErrorEnvelope, PacketFormat, WorkflowRun } from './types.js';

export interface SunlightErrorInit {
  status: number;
  code: string;
  message: string;
  requestId?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
  cause?: unknown;
}

/** Base class of every error the SDK throws for a response it could not use. */
export class SunlightError extends Error {
  /** HTTP status (0 when no response was received: timeouts). */
  readonly status: number;
  /** The envelope's stable code (`NOT_FOUND`, `RATE_LIMITED`, …); `HTTP_<status>` when the body was not an envelope. */
  readonly code: string;
  /** The `X-Request-Id` of the response, to quote when reporting a problem. */
  readonly requestId: string | undefined;
  /** The envelope's details, as sent (`issues`, `required_scope`, `allowed_transitions`, …). */
  readonly metadata: Record<string, unknown> | undefined;

  constructor(init: SunlightErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.metadata = init.metadata;
  }
}

/** 400: the request failed validation (or was malformed); `issues` names the fields. */
export class ValidationError extends SunlightError {
  readonly issues: Array<{ path: string; message: string }>;
  constructor(init: SunlightErrorInit) {
    super(init);
    const issues = init.metadata?.['issues'];
    this.issues = Array.isArray(issues) ? (issues as Array<{ path: string; message: string }>) : [];
  }
}

/** 401: no token, an invalid one or an expired one (`AUTH_MISSING_TOKEN`, `AUTH_TOKEN_EXPIRED`); also a refused client-credentials grant. */
export class AuthError extends SunlightError {}

/** The identity provider refused the client-credentials grant (`code` is the OAuth error, e.g. `invalid_client`). */
export class TokenRequestError extends AuthError {}

/** 403 `AUTH_INSUFFICIENT_SCOPE`: the token lacks the operation's scope. */
export class ScopeError extends SunlightError {
  readonly requiredScope: string | undefined;
  readonly providedScopes: string[];
  constructor(init: SunlightErrorInit) {
    super(init);
    const required = init.metadata?.['required_scope'];
    const provided = init.metadata?.['provided_scopes'];
    this.requiredScope = typeof required === 'string' ? required : undefined;
    this.providedScopes = Array.isArray(provided) ? provided.filter((s): s is string => typeof s === 'string') : [];
  }
}

/** 404: no such resource for this caller (another user's resource is 404 too). */
export class NotFoundError extends SunlightError {}

/** 409: the change conflicts with the resource's state, e.g. a FOIA status transition not allowed from the current status. */
export class ConflictError extends SunlightError {
  /** The transitions allowed from the current status, when the API says (FOIA requests). */
  readonly allowedTransitions: string[] | undefined;
  constructor(init: SunlightErrorInit) {
    super(init);
    const allowed = init.metadata?.['allowed_transitions'];
    this.allowedTransitions = Array.isArray(allowed) ? allowed.filter((s): s is string => typeof s === 'string') : undefined;
  }
}

/** 412: `If-Match` did not match the current ETag: re-read and retry (see `foia.updateWithRetry`). */
export class PreconditionFailedError extends SunlightError {}

/** 429: rate limited; `retryAfterSeconds` from `Retry-After` (or the envelope). */
export class RateLimitedError extends SunlightError {
  readonly retryAfterSeconds: number | undefined;
  constructor(init: SunlightErrorInit & { retryAfterSeconds?: number | undefined }) {
    super(init);
    const fromMetadata = init.metadata?.['retry_after_seconds'];
    this.retryAfterSeconds = init.retryAfterSeconds ?? (typeof fromMetadata === 'number' ? fromMetadata : undefined);
  }
}

/** 501: the route is described but not built yet. */
export class NotImplementedError extends SunlightError {}

/** 503: a dependency is unavailable (e.g. the workflow engine for research mode); `retryAfterSeconds` when the API knows. */
export class ServiceUnavailableError extends SunlightError {
  readonly retryAfterSeconds: number | undefined;
  constructor(init: SunlightErrorInit & { retryAfterSeconds?: number | undefined }) {
    super(init);
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** No response within `timeoutMs` (status 0, code `TIMEOUT`). */
export class TimeoutError extends SunlightError {
  readonly timeoutMs: number;
  constructor(timeoutMs: number, what: string) {
    super({ status: 0, code: 'TIMEOUT', message: `${what} did not answer within ${timeoutMs} ms` });
    this.timeoutMs = timeoutMs;
  }
}

/**
 * `documents.wait` gave up: the compilation had not completed, failed or been cancelled within
 * `timeoutMs` (`status` 0, `code` `TIMEOUT`). `compilation` is the last state read; the
 * compilation goes on (cancel it with `documents.cancel`).
 */
export class CompilationTimeoutError extends TimeoutError {
  readonly compilation: Compilation;
  constructor(timeoutMs: number, compilation: Compilation) {
    super(timeoutMs, `Compilation ${compilation.id}`);
    this.message = `Compilation ${compilation.id} was still ${compilation.status} (${compilation.progress.step}) after ${timeoutMs} ms`;
    this.compilation = compilation;
  }
}

/**
 * `integrations.wait` gave up: the run had not completed, failed or been cancelled within
 * `timeoutMs` (`status` 0, `code` `TIMEOUT`). `run` is the last state read; the run goes on
 * (cancel it with `integrations.cancel`).
 */
export class WorkflowTimeoutError extends TimeoutError {
  readonly run: WorkflowRun;
  constructor(timeoutMs: number, run: WorkflowRun) {
    super(timeoutMs, `Workflow run ${run.id}`);
    this.message = `Workflow run ${run.id} (${run.type}) was still ${run.status}${run.progress ? ` (${run.progress.step})` : ''} after ${timeoutMs} ms`;
    this.run = run;
  }
}

/**
 * `documents.download` was asked for a format the compilation has no output of: it has not
 * completed (or failed, or was cancelled), or that format was not asked for (`status` 0,
 * `code` `OUTPUT_NOT_AVAILABLE`).
 */
export class OutputNotAvailableError extends SunlightError {
  readonly compilationId: string;
  readonly compilationStatus: Compilation['status'];
  readonly format: PacketFormat;
  constructor(compilation: Compilation, format: PacketFormat) {
    const formats = compilation.outputs.map((o) => o.format);
    const why =
      compilation.status !== 'completed'
        ? `it is ${compilation.status}${compilation.status === 'queued' || compilation.status === 'running' ? ' (documents.wait waits for it)' : ''}`
        : `it was compiled as ${formats.length > 0 ? formats.join(', ') : 'nothing'} only`;
    super({ status: 0, code: 'OUTPUT_NOT_AVAILABLE', message: `Compilation ${compilation.id} has no ${format} output: ${why}` });
    this.compilationId = compilation.id;
    this.compilationStatus = compilation.status;
    this.format = format;
  }
}

/** The request could not be sent or its answer not read (status 0, code `CONNECTION_ERROR`); `cause` says why. */
export class ConnectionError extends SunlightError {
  constructor(message: string, cause: unknown) {
    super({ status: 0, code: 'CONNECTION_ERROR', message, cause });
  }
}

/** `Retry-After` in seconds: a number of seconds, or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}

function isEnvelope(body: unknown): body is ErrorEnvelope {
  const error = (body as { error?: unknown } | null)?.error as Record<string, unknown> | undefined;
  return typeof error === 'object' && error !== null && typeof error['code'] === 'string' && typeof error['message'] === 'string';
}

/** The typed error for an error response whose body was read as `body` (parsed JSON, or text). */
export function errorFromResponse(res: Response, body: unknown): SunlightError {
  const requestId = res.headers.get('x-request-id') ?? undefined;
  const retryAfterSeconds = parseRetryAfter(res.headers.get('retry-after'));
  const envelope = isEnvelope(body) ? body.error : undefined;
  const init: SunlightErrorInit = {
    status: res.status,
    code: envelope?.code ?? `HTTP_${res.status}`,
    message: envelope?.message ?? (typeof body === 'string' && body.length > 0 ? body.slice(0, 500) : `HTTP ${res.status} ${res.statusText}`.trim()),
    requestId,
    metadata: envelope?.metadata,
  };
  return errorFromInit(init, retryAfterSeconds);
}

/** The typed error for an envelope's fields (also used for the chat stream's `error` event). */
export function errorFromInit(init: SunlightErrorInit, retryAfterSeconds?: number): SunlightError {
  switch (init.status) {
    case 400:
      return new ValidationError(init);
    case 401:
      return new AuthError(init);
    case 403:
      return init.code === 'AUTH_INSUFFICIENT_SCOPE' ? new ScopeError(init) : new SunlightError(init);
    case 404:
      return new NotFoundError(init);
    case 409:
      return new ConflictError(init);
    case 412:
      return new PreconditionFailedError(init);
    case 429:
      return new RateLimitedError({ ...init, retryAfterSeconds });
    case 501:
      return new NotImplementedError(init);
    case 503:
      return new ServiceUnavailableError({ ...init, retryAfterSeconds });
    default:
      return new SunlightError(init);
  }
}

/** The typed error an `error` event of the chat stream stands for. */
export function errorFromEnvelope(envelope: ErrorEnvelope, requestId?: string): SunlightError {
  const e = envelope.error;
  const retry = e.metadata?.['retry_after_seconds'];
  return errorFromInit({ status: e.status, code: e.code, message: e.message, metadata: e.metadata, requestId }, typeof retry === 'number' ? retry : undefined);
}
