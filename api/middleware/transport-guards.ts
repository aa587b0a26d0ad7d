import type { RequestHandler } from 'express';
import { HttpsRequiredError, UnsupportedMediaTypeError } from '../../core/errors/app-error.js';

/**
 * Production refuses plain HTTP. `req.secure` is true for a TLS socket, or for
 * `X-Forwarded-Proto: https` from a proxy that `trust proxy` names.
 */
export function httpsOnly(): RequestHandler {
  return (req, _res, next) => {
    if (!req.secure) throw new HttpsRequiredError();
    next();
  };
}

const JSON_TYPES = ['application/json', 'application/merge-patch+json'];

/** A request that carries a body must carry JSON. */
export function requireJsonBody(): RequestHandler {
  return (req, _res, next) => {
    const hasBody = Number(req.header('content-length') ?? 0) > 0 || req.header('transfer-encoding') !== undefined;
    if (hasBody) {
      const type = (req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!JSON_TYPES.includes(type)) throw new UnsupportedMediaTypeError();
    }
    next();
  };
}
