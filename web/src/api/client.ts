/**
 * The console's one client of the API: the TypeScript SDK, with the signed-in person's token.
 * The console is the SDK's first real client; it uses nothing the SDK does not offer.
 */
import { SunlightClient, SunlightError, ValidationError, ConflictError, RateLimitedError, ScopeError, AuthError, ConnectionError, TimeoutError } from '../../../sdk/typescript/src/index.js';
import type { Auth } from '../auth/oauth.js';

export function createClient(auth: Auth): SunlightClient {
  return new SunlightClient({
    baseUrl: location.origin,
    // Called before each request and again (for a fresh one) after a 401.
    token: async () => (await auth.token()) ?? '',
    retries: 1,
  });
}

/** An error from the API, in words a person can act on (never the raw envelope). */
export function errorText(err: unknown): string {
  if (err instanceof ValidationError) {
    const issues = err.issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message));
    return issues.length > 0 ? `Please check the form: ${issues.join('; ')}.` : err.message;
  }
  if (err instanceof ScopeError) return `Your account may not do this (it needs the "${err.requiredScope ?? 'right'}" permission).`;
  if (err instanceof AuthError) return 'Your session has ended. Please sign in again.';
  if (err instanceof ConflictError) return err.message;
  if (err instanceof RateLimitedError) return 'Too many requests in a short time. Please wait a moment and try again.';
  if (err instanceof TimeoutError) return 'The service took too long to answer. Please try again.';
  if (err instanceof ConnectionError) return 'The service could not be reached. Check your connection and try again.';
  if (err instanceof SunlightError) {
    if (err.status === 404) return 'Not found: it may have been removed, or the address is wrong.';
    if (err.status >= 500) return `Something went wrong on our side${err.requestId ? ` (reference ${err.requestId})` : ''}. Please try again.`;
    return err.message;
  }
  if (err instanceof Error) return err.message;
  return 'Something went wrong.';
}
