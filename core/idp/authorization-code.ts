import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { ALL_SCOPES, isScope } from '../auth/scopes.js';

/**
 * The pieces of the authorization-code grant with PKCE (RFC 6749 §4.1, RFC 7636, S256 only)
 * that the development identity provider serves: request validation, the redirect-URI rule,
 * the PKCE check and the in-memory, bounded stores of codes and refresh tokens.
 */

/** What a person may be granted unless configured otherwise: neither administrators' scopes nor the machines' workflows. */
export const DEFAULT_USER_SCOPES: string[] = ALL_SCOPES.filter((s) => !s.startsWith('admin:') && s !== 'execute:workflows');

export const CODE_TTL_SECONDS = 60;
export const REFRESH_TOKEN_TTL_SECONDS = 24 * 3600;
/** At most this many codes, and this many refresh tokens, are kept in memory. */
export const MAX_STORE_ENTRIES = 10_000;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A redirect URI is allowed when it is an absolute http(s) URL without a fragment or user
 * information whose origin is a loopback one (http://localhost, 127.0.0.1 or [::1], any port)
 * or one of `redirectOrigins`.
 */
export function isAllowedRedirectUri(uri: string, redirectOrigins: readonly string[] = []): boolean {
  if (uri.includes('#')) return false;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return true;
  return redirectOrigins.some((origin) => normalizeOrigin(origin) === url.origin);
}

function normalizeOrigin(origin: string): string | undefined {
  try {
    return new URL(origin).origin;
  } catch {
    return undefined;
  }
}

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
export function isValidCodeVerifier(verifier: string): boolean {
  return /^[A-Za-z0-9\-._~]{43,128}$/.test(verifier);
}

/** An S256 challenge is the base64url (unpadded) SHA-256 of the verifier: 43 characters. */
export function isValidCodeChallenge(challenge: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(challenge);
}

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** RFC 7636 §4.6 with S256, compared in constant time. */
export function verifyPkce(verifier: string, challenge: string): boolean {
  if (!isValidCodeVerifier(verifier)) return false;
  const expected = Buffer.from(challenge);
  const actual = Buffer.from(s256Challenge(verifier));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The parameters of one request (a query or a form body); a repeated parameter is an error (RFC 6749 §3.1). */
export type RawParams = Record<string, unknown>;

function param(raw: RawParams, name: string): { value?: string; repeated: boolean } {
  const value = raw[name];
  if (typeof value === 'string') return { value, repeated: false };
  return { repeated: value !== undefined };
}

export interface AuthorizationPolicy {
  publicClients: readonly string[];
  redirectOrigins: readonly string[];
  userScopes: readonly string[];
}

/** A valid authorization request, as the login page carries it. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  /** The `scope` parameter as sent (empty when none). */
  requestedScope: string;
  /** What will be granted: the scopes asked for that a person may have (all of those when none are asked for). */
  grantedScopes: string[];
}

export type AuthorizationValidation =
  | { ok: true; request: AuthorizationRequest }
  /** The client or the redirect URI cannot be trusted: shown on a page, never redirected (RFC 6749 §4.1.2.1). */
  | { ok: false; kind: 'page'; message: string }
  /** Reported to the client at its redirect URI. */
  | { ok: false; kind: 'redirect'; redirectUri: string; state: string | undefined; error: string; description: string };

/** Validates an authorization request (RFC 6749 §4.1.1 with RFC 7636's S256 challenge). */
export function validateAuthorizationRequest(raw: RawParams, policy: AuthorizationPolicy): AuthorizationValidation {
  const clientId = param(raw, 'client_id');
  if (clientId.repeated || !clientId.value) return { ok: false, kind: 'page', message: 'The request names no client (client_id).' };
  if (!policy.publicClients.includes(clientId.value)) return { ok: false, kind: 'page', message: 'The client is not registered with this identity provider.' };
  const redirect = param(raw, 'redirect_uri');
  if (redirect.repeated || !redirect.value) return { ok: false, kind: 'page', message: 'The request names no redirect URI (redirect_uri).' };
  if (!isAllowedRedirectUri(redirect.value, policy.redirectOrigins)) {
    return { ok: false, kind: 'page', message: 'The redirect URI is not allowed for this client.' };
  }
  const redirectUri = redirect.value;
  const stateParam = param(raw, 'state');
  const state = stateParam.value;
  const fail = (error: string, description: string): AuthorizationValidation => ({ ok: false, kind: 'redirect', redirectUri, state, error, description });
  if (stateParam.repeated) return fail('invalid_request', 'state is repeated');

  const responseType = param(raw, 'response_type');
  if (responseType.repeated || !responseType.value) return fail('invalid_request', 'response_type is required');
  if (responseType.value !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported');

  const method = param(raw, 'code_challenge_method');
  if (method.repeated || method.value !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
  const challenge = param(raw, 'code_challenge');
  if (challenge.repeated || !challenge.value || !isValidCodeChallenge(challenge.value)) {
    return fail('invalid_request', 'code_challenge is required: the base64url SHA-256 of the code verifier');
  }

  const scope = param(raw, 'scope');
  if (scope.repeated) return fail('invalid_request', 'scope is repeated');
  const requested = [...new Set((scope.value ?? '').split(' ').filter(Boolean))];
  const unknown = requested.filter((s) => !isScope(s));
  if (unknown.length > 0) return fail('invalid_scope', `Unknown scope: ${unknown.join(' ')}`);
  const grantedScopes = requested.length === 0 ? [...policy.userScopes] : requested.filter((s) => policy.userScopes.includes(s));
  if (grantedScopes.length === 0) return fail('invalid_scope', 'None of the scopes asked for may be granted to a person');

  return {
    ok: true,
    request: { clientId: clientId.value, redirectUri, state, codeChallenge: challenge.value, requestedScope: scope.value ?? '', grantedScopes },
  };
}

/** The redirect URI with the given parameters added (its own query parameters kept). */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

function hashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

interface StoreOptions {
  ttlSeconds?: number;
  maxEntries?: number;
  /** The clock, in milliseconds (tests inject one). */
  now?: () => number;
}

/**
 * A bounded in-memory map keyed by the SHA-256 of a secret (the secrets themselves are never
 * kept): expired entries are swept when it is full, and then the oldest are dropped.
 */
class ExpiringStore<T extends { expiresAt: number }> {
  readonly entries = new Map<string, T>();

  constructor(
    private readonly maxEntries: number,
    readonly now: () => number,
  ) {}

  put(key: string, entry: T): void {
    if (this.entries.size >= this.maxEntries) {
      const now = this.now();
      for (const [k, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(k);
      // Maps iterate in insertion order: the oldest go first.
      for (const k of this.entries.keys()) {
        if (this.entries.size < this.maxEntries) break;
        this.entries.delete(k);
      }
    }
    this.entries.set(key, entry);
  }

  /** The live entry, or none (an expired one is removed). */
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }
}

export interface CodeGrant {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  sub: string;
  /** The refresh tokens issued for this code share it; they are revoked together. */
  familyId: string;
}

export type CodeRedemption = { status: 'ok'; grant: CodeGrant } | { status: 'reused'; familyId: string } | { status: 'invalid' };

/**
 * One-time authorization codes (32 random bytes, base64url), valid for 60 s. A code is spent
 * on its first use, whatever the outcome; a spent code is remembered until it would have
 * expired so that a second use can revoke what the first one yielded (RFC 6749 §4.1.2).
 */
export class AuthorizationCodeStore {
  readonly #store: ExpiringStore<{ grant: CodeGrant; expiresAt: number; spent: boolean }>;
  readonly #ttlMs: number;

  constructor(options: StoreOptions = {}) {
    this.#store = new ExpiringStore(options.maxEntries ?? MAX_STORE_ENTRIES, options.now ?? Date.now);
    this.#ttlMs = (options.ttlSeconds ?? CODE_TTL_SECONDS) * 1000;
  }

  get size(): number {
    return this.#store.entries.size;
  }

  issue(grant: Omit<CodeGrant, 'familyId'>): string {
    const code = newSecret();
    this.#store.put(hashOf(code), { grant: { ...grant, familyId: randomUUID() }, expiresAt: this.#store.now() + this.#ttlMs, spent: false });
    return code;
  }

  redeem(code: string): CodeRedemption {
    const entry = this.#store.get(hashOf(code));
    if (!entry) return { status: 'invalid' };
    if (entry.spent) return { status: 'reused', familyId: entry.grant.familyId };
    entry.spent = true;
    return { status: 'ok', grant: entry.grant };
  }
}

export interface RefreshGrant {
  clientId: string;
  sub: string;
  scope: string;
  familyId: string;
}

/**
 * Refresh tokens, rotated on each use: using one spends it and yields the next of its family.
 * Presenting a spent one again means it leaked, so the whole family is revoked (OAuth 2.0
 * Security BCP, refresh token rotation).
 */
export class RefreshTokenStore {
  readonly #store: ExpiringStore<{ grant: RefreshGrant; expiresAt: number; spent: boolean }>;
  readonly #ttlMs: number;

  constructor(options: StoreOptions = {}) {
    this.#store = new ExpiringStore(options.maxEntries ?? MAX_STORE_ENTRIES, options.now ?? Date.now);
    this.#ttlMs = (options.ttlSeconds ?? REFRESH_TOKEN_TTL_SECONDS) * 1000;
  }

  get size(): number {
    return this.#store.entries.size;
  }

  issue(grant: RefreshGrant): string {
    const token = newSecret();
    this.#store.put(hashOf(token), { grant: { ...grant }, expiresAt: this.#store.now() + this.#ttlMs, spent: false });
    return token;
  }

  /** The grant of a live, unspent token, without spending it. */
  peek(token: string): RefreshGrant | undefined {
    const entry = this.#store.get(hashOf(token));
    return entry && !entry.spent ? entry.grant : undefined;
  }

  /** Spends `token` and returns its grant with the next refresh token; none when unknown, expired, spent (the family is then revoked) or another client's. */
  rotate(token: string, clientId: string): { grant: RefreshGrant; refreshToken: string } | undefined {
    const entry = this.#store.get(hashOf(token));
    if (!entry) return undefined;
    if (entry.spent) {
      this.revokeFamily(entry.grant.familyId);
      return undefined;
    }
    if (entry.grant.clientId !== clientId) return undefined;
    entry.spent = true;
    return { grant: entry.grant, refreshToken: this.issue(entry.grant) };
  }

  /** Revokes the family of `token` (RFC 7009); false when the token is unknown or, with `clientId`, another client's. */
  revoke(token: string, clientId?: string): boolean {
    const entry = this.#store.get(hashOf(token));
    if (!entry || (clientId !== undefined && entry.grant.clientId !== clientId)) return false;
    this.revokeFamily(entry.grant.familyId);
    return true;
  }

  revokeFamily(familyId: string): void {
    for (const [key, entry] of this.#store.entries) if (entry.grant.familyId === familyId) this.#store.entries.delete(key);
  }
}
