import type { RequestHandler } from 'express';
import type { Scope } from '../../core/auth/scopes.js';
import { bearerToken, type TokenVerifier } from '../../core/auth/token-verifier.js';
import { InsufficientScopeError, MissingTokenError } from '../../core/errors/app-error.js';
import '../http/locals.js';

/** Verifies the bearer token and puts the caller in `res.locals.principal`. */
export function authenticate(verifier: TokenVerifier): RequestHandler {
  return async (req, res, next) => {
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
