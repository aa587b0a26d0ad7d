import type { RequestHandler } from 'express';
import type { Scope } from '../../core/auth/scopes.js';
import { bearerToken, type TokenVerifier } from '../../core/auth/token-verifier.js';
import { InsufficientScopeError, MissingTokenError, ValidationError } from '../../core/errors/app-error.js';
import '../http/locals.js';

/** Verifies the bearer token and puts the caller in `res.locals.principal`. */
export function authenticate(verifier: TokenVerifier): RequestHandler {
  return async (req, res, next) => {
    // Node keeps the first of two Authorization headers and drops the other: which one was meant is not ours to guess.
    if (req.rawHeaders.filter((_, i) => i % 2 === 0 && req.rawHeaders[i]!.toLowerCase() === 'authorization').length > 1) {
      throw new ValidationError('Send one Authorization header', [{ path: 'headers.authorization', message: 'Given more than once' }]);
    }
    const token = bearerToken(req.header('authorization'));
    if (!token) throw new MissingTokenError();
    res.locals.principal = await verifier.verify(token);
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
