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
 * The one place errors become responses: typed errors keep their status and code;
 * anything else is a generic 500 with the request id (the details go to the log only).
 * 4xx are expected outcomes and are not logged as errors.
 */
export function errorHandler(options: { bodyLimit: string }): ErrorRequestHandler {
  return (err, _req, res, _next) => {
    const known = err instanceof AppError ? err : fromBodyParser(err, options.bodyLimit);
    const log = res.locals.log;
    const error = known ?? new InternalError(res.locals.requestId);
    if (!known) log?.error({ err }, 'unhandled error');
    else if (known.status >= 500) log?.warn({ code: known.code, err: known.cause ?? undefined }, known.message);
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(error.status).json(error.toEnvelope());
  };
}
