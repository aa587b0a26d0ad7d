import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { MissingTokenError, ServiceUnavailableError, TokenExpiredError } from '../errors/app-error.js';
import { parseScopeClaim } from './scopes.js';

/** Who is calling, from a verified access token. */
export interface Principal {
  /** The token's `sub`: the user (or machine client) every per-user row belongs to. */
  sub: string;
  scopes: string[];
  /** Authorized party / client id, when the token names one. */
  azp: string | null;
}

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  jwksUrl: string;
  /** Minimum time between JWKS refetches triggered by an unknown `kid`. */
  cooldownMs: number;
  clockToleranceSeconds: number;
  /** Test seam: a key resolver instead of the remote JWKS. */
  keyResolver?: JWTVerifyGetKey;
  /**
   * How long a verified token is remembered (default 60 s; 0 verifies every request), never
   * past its `exp`. A key withdrawn from the JWKS stops its tokens within this time.
   */
  cacheMaxAgeMs?: number;
  /** Most tokens remembered at once (default 10,000; the oldest are forgotten first). */
  cacheMaxEntries?: number;
  /** Test seam: the clock of the cache. */
  now?: () => number;
}

export interface TokenVerifier {
  verify(token: string): Promise<Principal>;
}

/**
 * Verifies RS256 bearer tokens against the issuer's JWKS. jose's remote key set caches
 * keys and refetches when a token names an unknown `kid` (key rotation), at most once
 * per cooldown, so a flood of forged kids cannot hammer the identity provider.
 *
 * A client sends the same token with every request until it expires, and checking its
 * signature is most of what authentication costs (about 0.2 ms of CPU a request, measured
 * under load in bench/search-compare.ts). So a verified token's principal is remembered,
 * keyed by the exact token, until `cacheMaxAgeMs` passes or the token expires, whichever
 * comes first. Only tokens that verified are remembered: a refused one is checked every time.
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const maxAgeMs = options.cacheMaxAgeMs ?? 60_000;
  const maxEntries = options.cacheMaxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const verified = new Map<string, { principal: Principal; until: number }>();
  const keys =
    options.keyResolver ??
    createRemoteJWKSet(new URL(options.jwksUrl), {
      cooldownDuration: options.cooldownMs,
      cacheMaxAge: 10 * 60_000,
      timeoutDuration: 5_000,
    });
  const remember = (token: string, principal: Principal, exp: number) => {
    if (maxAgeMs <= 0) return;
    if (verified.size >= maxEntries) verified.delete(verified.keys().next().value!);
    verified.set(token, { principal, until: Math.min(now() + maxAgeMs, exp * 1000) });
  };
  return {
    async verify(token: string): Promise<Principal> {
      const known = verified.get(token);
      if (known) {
        if (now() < known.until) return copyOf(known.principal);
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, keys, {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: ['RS256'],
          clockTolerance: options.clockToleranceSeconds,
          requiredClaims: ['exp', 'sub'],
        });
        if (!isIdentifier(payload.sub)) throw new MissingTokenError();
        // A token issued in the future is not one the issuer made (jose checks `nbf` and `exp`, not `iat`).
        if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + options.clockToleranceSeconds) throw new MissingTokenError();
        const azp = typeof payload['azp'] === 'string' ? payload['azp'] : typeof payload['client_id'] === 'string' ? payload['client_id'] : null;
        if (azp !== null && !isIdentifier(azp)) throw new MissingTokenError();
        const principal = { sub: payload.sub, scopes: parseScopeClaim(payload['scope']), azp };
        remember(token, principal, payload.exp!);
        return copyOf(principal);
      } catch (err) {
        throw mapVerificationError(err);
      }
    },
  };
}

/** A principal the caller may change without changing the one remembered. */
function copyOf(p: Principal): Principal {
  return { ...p, scopes: [...p.scopes] };
}

/**
 * A subject or client id the service can store and show: 1–255 characters, none of them a
 * control character (a `sub` holding U+0000 once blocked the access audit).
 */
function isIdentifier(value: unknown): value is string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses.
  return typeof value === 'string' && value.length > 0 && value.length <= 255 && !/[\u0000-\u001f\u007f]|[\uD800-\uDFFF]/.test(value);
}

function mapVerificationError(err: unknown): Error {
  if (err instanceof MissingTokenError) return err;
  if (err instanceof joseErrors.JWTExpired) return new TokenExpiredError();
  if (err instanceof joseErrors.JWKSTimeout) {
    return new ServiceUnavailableError('The identity provider could not be reached');
  }
  if (err instanceof joseErrors.JOSEError) return new MissingTokenError({ cause: err });
  // Network failures fetching the JWKS are not the caller's fault.
  if (err instanceof TypeError || (err instanceof Error && /fetch|ECONNREFUSED|ENOTFOUND/i.test(err.message))) {
    return new ServiceUnavailableError('The identity provider could not be reached');
  }
  return new MissingTokenError({ cause: err });
}

/** Extracts the token from an `Authorization: Bearer <token>` header; null when absent or malformed. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([^\s]+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
