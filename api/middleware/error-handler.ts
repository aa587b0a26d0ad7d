import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import {
  AppError,
  InternalError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../core/errors/app-error.js';
import '../http/locals.js';

/** Unknown routes: the 404 envelope. */
export const notFound: RequestHandler = () => {
  throw new NotFoundError('Route not found');
};

/** body-parser signals its failures with a `type`; map them to our errors. */
function fromBodyParser(err: unknown, bodyLimit: string): AppError | undefined {
  const type = (err as { type?: unknown } | null)?.type;
  switch (type) {
    case 'entity.parse.failed':
      return new ValidationError('Malformed JSON body', [{ path: 'body', message: 'Body is not valid JSON' }]);
    case 'entity.too.large':
      return new PayloadTooLargeError(bodyLimit);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new UnsupportedMediaTypeError('application/json; charset=utf-8');
    case 'request.aborted':
      return new ValidationError('Request body was not received completely');
    default:
      return undefined;
  }
}

/**
 * Any other error that carries a client status (http-errors from body-parser, a bad
 * `Content-Encoding`, Express's "Failed to decode param"): that status in the envelope, with
 * the status's own words rather than the error's (which may quote the input).
 */
function fromClientStatus(err: unknown): AppError | undefined {
  const e = err as { status?: unknown; statusCode?: unknown } | null;
  const status = typeof e?.status === 'number' ? e.status : typeof e?.statusCode === 'number' ? e.statusCode : undefined;
  if (status === undefined || status < 400 || status > 499) return undefined;
  const code = status === 400 ? 'BAD_REQUEST' : (STATUS_CODES[status] ?? 'CLIENT_ERROR').toUpperCase().replace(/[^A-Z]+/g, '_');
  return new AppError(status, code, STATUS_CODES[status] ?? 'Bad request');
}

/** RFC 6750's challenge: how to authenticate, and why a token given was refused. */
function bearerChallenge(error: AppError, tokenGiven: boolean): string | null {
  const realm = 'Bearer realm="sunlight"';
  if (error.status === 401) return tokenGiven ? `${realm}, error="invalid_token"` : realm;
  if (error.code === 'AUTH_INSUFFICIENT_SCOPE') return `${realm}, error="insufficient_scope", scope="${String(error.metadata?.['required_scope'] ?? '')}"`;
  return null;
}

/**
 * The one place errors become responses: typed errors keep their status and code;
 * anything else is a generic 500 with the request id (the details go to the log only).
 * 4xx are expected outcomes and are not logged as errors.
 */
export function errorHandler(options: { bodyLimit: string }): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const known = err instanceof AppError ? err : (fromBodyParser(err, options.bodyLimit) ?? fromClientStatus(err));
    const log = res.locals.log;
    const error = known ?? new InternalError(res.locals.requestId);
    if (!known) log?.error({ err }, 'unhandled error');
    else if (known.status >= 500) log?.warn({ code: known.code, err: known.cause ?? undefined }, known.message);
    if (res.headersSent) {
      res.end();
      return;
    }
    const retryAfter = error.metadata?.['retry_after_seconds'];
    if (error.status === 429 && typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
    const challenge = bearerChallenge(error, req.header('authorization') !== undefined);
    if (challenge) res.setHeader('WWW-Authenticate', challenge);
    res.status(error.status).json(error.toEnvelope());
  };
}
