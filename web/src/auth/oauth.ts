/**
 * Signing in with the authorization-code grant and PKCE (RFC 6749 §4.1, RFC 7636) against the
 * identity provider the console's configuration names. Tokens live in sessionStorage (one
 * browser tab's session, gone when it closes); the access token is renewed with the refresh
 * token shortly before it expires, and when renewal fails the console asks to sign in again.
 */
import type { ConsoleConfig } from '../config.js';

interface Tokens {
  access: string;
  refresh: string | null;
  /** Epoch milliseconds. */
  expiresAt: number;
  scope: string;
}

const TOKENS = 'sunlight.tokens';
const PENDING = 'sunlight.pending-sign-in';
/** Renew this long before the access token expires. */
const MARGIN_MS = 30_000;

/** What the console knows about the signed-in person, read from the access token's claims. */
export interface Session {
  subject: string;
  scopes: string[];
  expiresAt: number;
}

type Listener = (session: Session | null) => void;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomString(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

async function challengeOf(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

function claimsOf(jwt: string): Record<string, unknown> {
  try {
    const payload = jwt.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The console's sign-in state: one per page. */
export class Auth {
  #tokens: Tokens | null = null;
  #renewing: Promise<string | null> | null = null;
  readonly #listeners = new Set<Listener>();

  constructor(private readonly config: ConsoleConfig) {
    const saved = sessionStorage.getItem(TOKENS);
    if (saved) {
      try {
        this.#tokens = JSON.parse(saved) as Tokens;
        this.#schedule();
      } catch {
        sessionStorage.removeItem(TOKENS);
      }
    }
  }

  get session(): Session | null {
    const t = this.#tokens;
    if (!t) return null;
    const claims = claimsOf(t.access);
    return { subject: typeof claims['sub'] === 'string' ? claims['sub'] : 'unknown', scopes: t.scope.split(' ').filter(Boolean), expiresAt: t.expiresAt };
  }

  #timer: ReturnType<typeof setTimeout> | undefined;

  /** Renews the session shortly before the access token expires, so that an open console stays signed in. */
  #schedule(): void {
    clearTimeout(this.#timer);
    const t = this.#tokens;
    if (!t?.refresh) return;
    const wait = Math.max(0, t.expiresAt - MARGIN_MS - Date.now());
    this.#timer = setTimeout(() => void this.token(), Math.min(wait, 2 ** 31 - 1));
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #set(tokens: Tokens | null): void {
    this.#tokens = tokens;
    this.#schedule();
    if (tokens) sessionStorage.setItem(TOKENS, JSON.stringify(tokens));
    else sessionStorage.removeItem(TOKENS);
    const session = this.session;
    for (const l of this.#listeners) l(session);
  }

  /** Sends the browser to the identity provider's sign-in page; `returnTo` is the console route to come back to. */
  async signIn(returnTo = location.hash || '#/map'): Promise<void> {
    const verifier = randomString(48);
    const state = randomString(16);
    sessionStorage.setItem(PENDING, JSON.stringify({ verifier, state, returnTo }));
    const url = new URL(this.config.authorize_url);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.config.client_id,
      redirect_uri: this.redirectUri,
      scope: this.config.scopes.join(' '),
      state,
      code_challenge: await challengeOf(verifier),
      code_challenge_method: 'S256',
    }).toString();
    location.assign(url.toString());
  }

  get redirectUri(): string {
    return `${location.origin}/`;
  }

  /**
   * Finishes a sign-in when the identity provider has sent the browser back with `code` (or
   * `error`) in the query; returns the route to show, or null when this page load is not a
   * sign-in's return. Throws with a message for the person when the sign-in failed.
   */
  async completeSignIn(): Promise<string | null> {
    const params = new URLSearchParams(location.search);
    if (!params.has('code') && !params.has('error')) return null;
    const pending = JSON.parse(sessionStorage.getItem(PENDING) ?? 'null') as { verifier: string; state: string; returnTo: string } | null;
    sessionStorage.removeItem(PENDING);
    history.replaceState(null, '', `${location.pathname}${pending?.returnTo ?? '#/map'}`);
    if (params.has('error')) throw new Error(`The sign-in was not completed (${params.get('error_description') ?? params.get('error')}).`);
    if (!pending || params.get('state') !== pending.state) throw new Error('The sign-in could not be matched to this page. Please sign in again.');
    await this.#grant({ grant_type: 'authorization_code', code: params.get('code') ?? '', redirect_uri: this.redirectUri, client_id: this.config.client_id, code_verifier: pending.verifier });
    return pending.returnTo;
  }

  async #grant(form: Record<string, string>): Promise<void> {
    const res = await fetch(this.config.token_url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok || typeof body['access_token'] !== 'string') {
      throw new Error(`The identity provider refused the sign-in (${typeof body['error_description'] === 'string' ? body['error_description'] : res.status}).`);
    }
    const expiresIn = typeof body['expires_in'] === 'number' ? body['expires_in'] : 300;
    this.#set({
      access: body['access_token'],
      refresh: typeof body['refresh_token'] === 'string' ? body['refresh_token'] : null,
      expiresAt: Date.now() + expiresIn * 1000,
      scope: typeof body['scope'] === 'string' ? body['scope'] : this.config.scopes.join(' '),
    });
  }

  /**
   * A valid access token: the current one, or a renewed one when it is about to expire (or
   * `fresh` is asked for after a 401). Null when nobody is signed in or renewal failed; the
   * session then ends and the console asks to sign in again.
   */
  async token(fresh = false): Promise<string | null> {
    const t = this.#tokens;
    if (!t) return null;
    if (!fresh && t.expiresAt - MARGIN_MS > Date.now()) return t.access;
    this.#renewing ??= this.#renew().finally(() => (this.#renewing = null));
    return this.#renewing;
  }

  async #renew(): Promise<string | null> {
    const refresh = this.#tokens?.refresh;
    if (!refresh) {
      this.#set(null);
      return null;
    }
    try {
      await this.#grant({ grant_type: 'refresh_token', refresh_token: refresh, client_id: this.config.client_id });
      return this.#tokens?.access ?? null;
    } catch {
      this.#set(null);
      return null;
    }
  }

  /** Forgets the tokens here and revokes the refresh token at the identity provider (best effort). */
  async signOut(): Promise<void> {
    const refresh = this.#tokens?.refresh;
    this.#set(null);
    if (refresh && this.config.revoke_url) {
      await fetch(this.config.revoke_url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: refresh, client_id: this.config.client_id }) }).catch(() => undefined);
    }
  }
}
