/**
 * Where the bearer token comes from: a static token, a function the caller supplies, or the
 * OAuth 2.0 client-credentials grant (RFC 6749 §4.4) at the identity provider, cached until
 * shortly before it expires.
 */
import { ConnectionError, TimeoutError, TokenRequestError } from './errors.js';

/** Supplies a bearer token; called before each request (cache inside it if fetching one is costly), and again after a 401. */
export type TokenProvider = () => string | Promise<string>;

/** The client-credentials grant at `tokenUrl` (for the development identity provider: `<issuer>oauth/token`). */
export interface ClientCredentialsOptions {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Scopes to ask for (space-separated, or a list); the client's default scopes when left out. */
  scope?: string | string[];
  /** The API's audience, when the identity provider wants it named. */
  audience?: string;
  /** Fetch a new token this many seconds before the current one expires (default 60). */
  refreshMarginSeconds?: number;
}

export interface TokenSource {
  /** A token to send; `fresh` asks for a new one (after a 401). */
  get(fresh: boolean, signal?: AbortSignal): Promise<string>;
  /** Whether asking again can give another token (a 401 is then retried once). */
  readonly refreshable: boolean;
}

export function staticToken(token: string): TokenSource {
  return { get: async () => token, refreshable: false };
}

export function providerToken(provider: TokenProvider): TokenSource {
  return { get: async () => provider(), refreshable: true };
}

/** `promise`, or the signal's reason when it aborts first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

interface TokenResponse {
  access_token?: unknown;
  expires_in?: unknown;
  error?: unknown;
  error_description?: unknown;
}

/** RFC 6749 §2.3.1: the id and secret are form-encoded before they are joined for HTTP Basic. */
function basicCredentials(clientId: string, clientSecret: string): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  const raw = `${enc(clientId)}:${enc(clientSecret)}`;
  const bytes = new TextEncoder().encode(raw);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `Basic ${btoa(binary)}`;
}

export interface ClientCredentialsDeps {
  fetch: typeof fetch;
  timeoutMs: number;
  userAgent: string;
  now?: () => number;
}

/** Tokens by the client-credentials grant: one request at a time, cached until `expires_in` minus the margin. */
export class ClientCredentialsTokenSource implements TokenSource {
  readonly refreshable = true;
  #token: { value: string; refreshAt: number } | undefined;
  #pending: Promise<string> | undefined;
  /** How many tokens were fetched (for diagnostics and tests). */
  fetched = 0;

  constructor(
    private readonly options: ClientCredentialsOptions,
    private readonly deps: ClientCredentialsDeps,
  ) {}

  get(fresh: boolean, signal?: AbortSignal): Promise<string> {
    const now = this.deps.now?.() ?? Date.now();
    if (fresh) this.#token = undefined;
    if (this.#token && now < this.#token.refreshAt) return Promise.resolve(this.#token.value);
    // One grant at a time, shared by concurrent requests; a caller's abort stops its own wait, not the grant.
    this.#pending ??= this.#fetch().finally(() => {
      this.#pending = undefined;
    });
    return signal ? untilAborted(this.#pending, signal) : this.#pending;
  }

  async #fetch(): Promise<string> {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    const scope = Array.isArray(this.options.scope) ? this.options.scope.join(' ') : this.options.scope;
    if (scope) form.set('scope', scope);
    if (this.options.audience) form.set('audience', this.options.audience);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.deps.timeoutMs);
    let res: Response;
    let body: TokenResponse;
    try {
      res = await this.deps.fetch(this.options.tokenUrl, {
        method: 'POST',
        headers: {
          authorization: basicCredentials(this.options.clientId, this.options.clientSecret),
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          'user-agent': this.deps.userAgent,
        },
        body: form.toString(),
        signal: controller.signal,
      });
      const text = await res.text();
      try {
        body = JSON.parse(text) as TokenResponse;
      } catch {
        body = {};
      }
    } catch (err) {
      if (timedOut) throw new TimeoutError(this.deps.timeoutMs, 'The token endpoint');
      throw new ConnectionError(`Could not reach the token endpoint ${this.options.tokenUrl}`, err);
    } finally {
      clearTimeout(timer);
    }
    if (!res.ok || typeof body.access_token !== 'string') {
      const code = typeof body.error === 'string' ? body.error : `HTTP_${res.status}`;
      const description = typeof body.error_description === 'string' ? body.error_description : 'no access_token in the answer';
      throw new TokenRequestError({ status: res.status, code, message: `The identity provider refused the client-credentials grant: ${description}` });
    }
    this.fetched++;
    const now = this.deps.now?.() ?? Date.now();
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in);
    const margin = this.options.refreshMarginSeconds ?? 60;
    // Without expires_in the token is kept until a 401 says otherwise.
    const refreshAt = Number.isFinite(expiresIn) && expiresIn > 0 ? now + (expiresIn - margin) * 1000 : Number.POSITIVE_INFINITY;
    this.#token = { value: body.access_token, refreshAt };
    return body.access_token;
  }
}
