import type { RequestHandler } from 'express';
import type { Scope } from '../../core/auth/scopes.js';
import { bearerToken, type TokenVerifier } from '../../core/auth/token-verifier.js';
import { AppError, InsufficientScopeError, MissingTokenError, ValidationError } from '../../core/errors/app-error.js';
import type { AuthFailureLimit } from './rate-limit.js';
import '../http/locals.js';

/**
 * Verifies the bearer token and puts the caller in `res.locals.principal`. A refused token
 * counts against the client's address (`failures`); once an address has sent too many, its
 * refused tokens get 429 instead of 401 until the window ends (valid tokens still pass).
 */
export function authenticate(verifier: TokenVerifier, failures?: AuthFailureLimit): RequestHandler {
  return async (req, res, next) => {
    const ip = req.ip ?? 'unknown';
    // Node keeps the first of two Authorization headers and drops the other: which one was meant is not ours to guess.
    if (req.rawHeaders.filter((_, i) => i % 2 === 0 && req.rawHeaders[i]!.toLowerCase() === 'authorization').length > 1) {
      throw new ValidationError('Send one Authorization header', [{ path: 'headers.authorization', message: 'Given more than once' }]);
    }
    const token = bearerToken(req.header('authorization'));
    if (!token) throw new MissingTokenError();
    try {
      res.locals.principal = await verifier.verify(token);
    } catch (err) {
      // A valid token always passes (a shared address is not locked out); refused ones are counted, and past the budget answered 429.
      if (err instanceof AppError && err.status === 401 && failures) {
        await failures.check(ip);
        await failures.failed(ip);
      }
      throw err;
    }
    next();
  };
}

/** Refuses a caller whose token lacks `scope` (403 with the scopes it has). */
export function requireScope(scope: Scope): RequestHandler {
  return (_req, res, next) => {
    const principal = res.locals.principal;
    if (!principal) throw new MissingTokenError();
    if (!principal.scopes.includes(scope)) throw new InsufficientScopeError(scope, principal.scopes);
    next();
  };
}
