import type { Principal } from '../../core/auth/token-verifier.js';
import { ValidationError } from '../../core/errors/app-error.js';

/** The caller's `sub`, whose rows a route reads and writes: a route that names a scope has authenticated. */
export function callerOf(principal: Principal | undefined): string {
  if (!principal) throw new Error('This route requires an authenticated principal');
  return principal.sub;
}

/** `Idempotency-Key`, when sent: 1–255 visible ASCII characters (else 400). */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(header)) throw new ValidationError('Request validation failed', [{ path: 'headers.idempotency-key', message: '1 to 255 visible ASCII characters' }]);
  return header;
}
