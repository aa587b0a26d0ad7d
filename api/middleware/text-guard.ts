import type { RequestHandler } from 'express';
import { ValidationError } from '../../core/errors/app-error.js';
import { hasUnstorableText } from '../../core/text/unstorable-text.js';

/*
 * Text Postgres cannot store would fail deep in a query as a 500: refused at the edge as a
 * 400 naming where it was, never echoing the text.
 */
const MESSAGE = 'Must not contain NUL characters or unpaired UTF-16 surrogates';
/** Deeper bodies than this are not walked further (the schemas refuse them anyway). */
const MAX_DEPTH = 32;

/** The path of the first string (or object key) in `value` that cannot be stored, or null. */
export function unstorablePath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return hasUnstorableText(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = unstorablePath(item, `${path}.${i}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (hasUnstorableText(key)) return path;
    const found = unstorablePath(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses a request whose path, query or JSON body holds unstorable text, and a path whose
 * percent-encoding is not UTF-8 (`/api/foia/requests/%ff`).
 */
export function refuseUnstorableText(): RequestHandler {
  return (req, _res, next) => {
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      throw new ValidationError('Malformed percent-encoding in the path', [{ path: 'path', message: 'Percent-encoded bytes must be UTF-8' }]);
    }
    const where = (hasUnstorableText(path) ? 'path' : null) ?? unstorablePath(req.query, 'query') ?? unstorablePath(req.body, 'body');
    if (where) throw new ValidationError('Request contains text that cannot be stored', [{ path: where, message: MESSAGE }]);
    next();
  };
}
