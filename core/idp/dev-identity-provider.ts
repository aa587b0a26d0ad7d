import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';
import type { Logger } from '../logger/logger.js';
import { ALL_SCOPES, DEFAULT_CLIENT_SCOPES } from '../auth/scopes.js';
import {
  AuthorizationCodeStore,
  DEFAULT_USER_SCOPES,
  RefreshTokenStore,
  isValidCodeVerifier,
  redirectWith,
  validateAuthorizationRequest,
  verifyPkce,
  type AuthorizationRequest,
  type RawParams,
} from './authorization-code.js';
import { pageHeaders, renderLoginPage, renderMessagePage } from './login-page.js';

export interface DevClient {
  clientId: string;
  clientSecret: string;
  /** Scopes the client may be granted; every scope but the administrators' when omitted. */
  scopes?: string[];
}

export interface DevIdentityProviderOptions {
  /** Issuer URL with trailing slash. When the provider listens on port 0 it is derived at start. */
  issuer?: string;
  audience: string;
  clients: DevClient[];
  /** Where the signing keys persist, so tokens survive restarts and the token tool can sign. */
  keyFile?: string;
  logger?: Logger;
  /** People who may sign in at `/authorize`; with none, the page says so. */
  users?: Array<{ username: string; password: string }>;
  /** Clients without a secret (the web console) that sign people in with PKCE. */
  publicClients?: string[];
  /** Origins besides loopback ones that a public client may be redirected to. */
  redirectOrigins?: string[];
  /** Lifetime of people's access tokens (3600 s by default). */
  userTokenTtlSeconds?: number;
  /** Scopes a person may be granted: every scope but `admin:*` and `execute:workflows` by default. */
  userScopes?: string[];
}

type TokenResult = { status: number; body: Record<string, unknown> };

export interface IssueTokenOptions {
  sub: string;
  scope: string;
  ttlSeconds?: number;
  audience?: string | string[];
  azp?: string;
  /** Extra or overriding claims (e.g. `nbf`), for tests of the verifier. */
  claims?: Record<string, unknown>;
  /** Claims to leave out (e.g. `sub`), for tests of the verifier. */
  omitClaims?: string[];
}

/**
 * The local development identity provider: a real OAuth2 server (oauth2-mock-server)
 * publishing its JWKS at `/.well-known/jwks.json` and issuing RS256 access tokens, with a
 * client-credentials endpoint `POST /oauth/token` as RFC 6749 §4.4 describes it (a form body,
 * or JSON; the client's secret in the body or by HTTP Basic), which the discovery document
 * advertises. A token carries only the scopes asked for and allowed to the client.
 *
 * People sign in with the authorization-code grant and PKCE (RFC 6749 §4.1, RFC 7636, S256
 * only): a login page at `/authorize`, the code exchanged at `/oauth/token`, refresh tokens
 * rotated on each use, and revocation at `/oauth/revoke` (RFC 7009). Codes and refresh tokens
 * live in memory only. Never started when NODE_ENV=production (the launchers refuse).
 */
export class DevIdentityProvider {
  readonly #issuer = new OAuth2Issuer(true);
  // The discovery document advertises `/oauth/token`, the route below answers it (before the library's own).
  readonly #service = new OAuth2Service(this.#issuer, { jwks: '/.well-known/jwks.json', token: '/oauth/token' });
  #server: http.Server | undefined;
  /** The key new tokens are signed with; older keys stay published for tokens in flight. */
  #currentKid: string | undefined;
  readonly #codes = new AuthorizationCodeStore();
  readonly #refreshTokens = new RefreshTokenStore();

  private constructor(private readonly options: DevIdentityProviderOptions) {
    if (options.issuer) this.#issuer.url = options.issuer;
  }

  /** Loads (or creates and saves) the signing key. */
  static async create(options: DevIdentityProviderOptions): Promise<DevIdentityProvider> {
    const idp = new DevIdentityProvider(options);
    await idp.#loadKeys();
    return idp;
  }

  get issuerUrl(): string {
    const url = this.#issuer.url;
    if (!url) throw new Error('The identity provider has no issuer URL until it starts');
    return url;
  }

  get jwksUrl(): string {
    return new URL('.well-known/jwks.json', this.issuerUrl).toString();
  }

  /** Signs an access token for `sub` with the given space-separated scopes. A negative ttl yields an expired token. */
  async issueToken(opts: IssueTokenOptions): Promise<string> {
    const audience = opts.audience ?? this.options.audience;
    return this.#issuer.buildToken({
      kid: this.#currentKid,
      expiresIn: opts.ttlSeconds ?? 3600,
      scopesOrTransform: (_header, payload) => {
        payload['sub'] = opts.sub;
        payload['aud'] = audience;
        payload['scope'] = opts.scope;
        if (opts.azp) payload['azp'] = opts.azp;
        Object.assign(payload, opts.claims ?? {});
        for (const claim of opts.omitClaims ?? []) delete payload[claim];
      },
    });
  }

  /** Adds a new signing key and makes it the one used for new tokens (old keys stay published). */
  async rotateKey(): Promise<string> {
    const jwk = await this.#issuer.keys.generate('RS256');
    this.#currentKid = jwk.kid;
    this.#saveKeys();
    return jwk.kid;
  }

  /** Starts listening; with port 0 a free port is chosen and the issuer URL follows it. */
  async start(port: number, host = '127.0.0.1'): Promise<void> {
    const app = express();
    app.disable('x-powered-by');
    // Browser clients (the API docs page's "Authorize", the console) call the token and revocation endpoints from another origin.
    app.use(['/oauth/token', '/oauth/revoke'], (req, res, next) => {
      res.set('Access-Control-Allow-Origin', '*').set('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept, X-Requested-With').set('Access-Control-Allow-Methods', 'POST, OPTIONS');
      if (req.method === 'OPTIONS') res.status(204).end();
      else next();
    });
    // Our own discovery document (the library's advertises endpoints and grants this provider does not serve).
    app.get('/.well-known/openid-configuration', (_req, res) => {
      res.set('Access-Control-Allow-Origin', '*').json(this.#discoveryDocument());
    });
    app.get('/authorize', (req, res) => {
      const request = this.#authorizationRequest(req.query as RawParams, res);
      if (request) this.#sendLoginPage(res, 200, request);
    });
    app.post('/authorize', express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 20 }), (req, res) => {
      this.#signIn((req.body ?? {}) as RawParams, res);
    });
    const bodies = [express.urlencoded({ extended: false, limit: '16kb' }), express.json({ limit: '16kb' })];
    app.post('/oauth/token', ...bodies, (req, res, next) => {
      this.#token((req.body ?? {}) as Record<string, unknown>, req.header('authorization'))
        .then(({ status, body }) => {
          // RFC 6749 §5.1: token responses are not cached.
          res.set('Cache-Control', 'no-store').set('Pragma', 'no-cache');
          if (status === 401) res.set('WWW-Authenticate', 'Basic realm="sunlight-dev-idp"');
          res.status(status).json(body);
        })
        .catch(next);
    });
    app.post('/oauth/revoke', ...bodies, (req, res) => {
      const { status, body } = this.#revoke((req.body ?? {}) as Record<string, unknown>);
      res.set('Cache-Control', 'no-store').set('Pragma', 'no-cache');
      if (body) res.status(status).json(body);
      else res.status(status).end();
    });
    app.use(this.#service.requestHandler);
    // Errors as OAuth2 error bodies, never an HTML stack.
    app.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      const status = typeof (err as { status?: unknown }).status === 'number' && (err as { status: number }).status < 500 ? (err as { status: number }).status : 500;
      res.status(status).json({ error: status < 500 ? 'invalid_request' : 'server_error' });
    });
    this.#server = http.createServer(app);
    await new Promise<void>((resolve, reject) => {
      this.#server!.once('error', reject);
      this.#server!.listen(port, host, () => resolve());
    });
    const address = this.#server.address() as AddressInfo;
    if (!this.options.issuer || port === 0) this.#issuer.url = `http://${host}:${address.port}/`;
    this.options.logger?.info({ issuer: this.issuerUrl }, 'development identity provider listening');
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  #discoveryDocument(): Record<string, unknown> {
    const issuer = this.issuerUrl;
    const url = (p: string) => new URL(p, issuer).toString();
    return {
      issuer,
      authorization_endpoint: url('authorize'),
      token_endpoint: url('oauth/token'),
      revocation_endpoint: url('oauth/revoke'),
      jwks_uri: this.jwksUrl,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      scopes_supported: [...ALL_SCOPES],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      authorization_response_iss_parameter_supported: true,
    };
  }

  /** The validated request, or none when the response (an error page or an error redirect) has been sent. */
  #authorizationRequest(raw: RawParams, res: express.Response): AuthorizationRequest | undefined {
    if (!this.options.users?.length) {
      this.#sendPage(res, 503, 'Sign-in is not available', 'No users are configured for this development identity provider: set DEV_IDP_USERS (username:password, comma-separated).');
      return undefined;
    }
    const result = validateAuthorizationRequest(raw, {
      publicClients: this.options.publicClients ?? [],
      redirectOrigins: this.options.redirectOrigins ?? [],
      userScopes: this.options.userScopes ?? DEFAULT_USER_SCOPES,
    });
    if (result.ok) return result.request;
    // An unknown client or redirect URI: never redirect there (RFC 6749 §4.1.2.1).
    if (result.kind === 'page') this.#sendPage(res, 400, 'Sign-in request refused', result.message);
    else this.#redirect(res, result.redirectUri, { error: result.error, error_description: result.description, state: result.state });
    return undefined;
  }

  #signIn(raw: RawParams, res: express.Response): void {
    const request = this.#authorizationRequest(raw, res);
    if (!request) return;
    const username = typeof raw['username'] === 'string' ? raw['username'] : '';
    const password = typeof raw['password'] === 'string' ? raw['password'] : '';
    if (!this.#checkPassword(username, password)) {
      this.options.logger?.warn({ clientId: request.clientId }, 'development identity provider: sign-in failed');
      this.#sendLoginPage(res, 401, request, { username, error: 'The username or password is wrong.' });
      return;
    }
    const code = this.#codes.issue({
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      scope: request.grantedScopes.join(' '),
      sub: username,
    });
    this.options.logger?.info({ sub: username, clientId: request.clientId }, 'development identity provider: signed in');
    this.#redirect(res, request.redirectUri, { code, state: request.state });
  }

  #checkPassword(username: string, password: string): boolean {
    const user = this.options.users?.find((u) => u.username === username);
    // Compared even for an unknown user, so that the time taken does not tell.
    const matches = secretsEqual(user?.password ?? '\u0000no such user', password);
    return user !== undefined && matches;
  }

  #sendLoginPage(res: express.Response, status: number, request: AuthorizationRequest, extra: { username?: string; error?: string } = {}): void {
    res.status(status).set(pageHeaders(new URL(request.redirectUri).origin)).type('html').send(renderLoginPage({ request, ...extra }));
  }

  #sendPage(res: express.Response, status: number, title: string, message: string): void {
    res.status(status).set(pageHeaders()).type('html').send(renderMessagePage(title, message));
  }

  /** Sends the browser back to the client with the response's parameters (and `iss`, RFC 9207). */
  #redirect(res: express.Response, redirectUri: string, params: Record<string, string | undefined>): void {
    res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer').redirect(302, redirectWith(redirectUri, { ...params, iss: this.issuerUrl }));
  }

  async #token(body: Record<string, unknown>, authorization: string | undefined): Promise<TokenResult> {
    switch (body['grant_type']) {
      case 'client_credentials':
        return this.#clientCredentials(body, authorization);
      case 'authorization_code':
        return this.#authorizationCode(body);
      case 'refresh_token':
        return this.#refreshToken(body);
      default:
        return oauthError('unsupported_grant_type', 'Supported: authorization_code, refresh_token, client_credentials');
    }
  }

  /** The public client named in the body, or the error to answer with. */
  #publicClient(body: Record<string, unknown>): { clientId: string } | TokenResult {
    const clientId = body['client_id'];
    if (typeof clientId !== 'string' || clientId === '') return oauthError('invalid_request', 'client_id is required');
    if ((this.options.publicClients ?? []).includes(clientId)) return { clientId };
    if (this.options.clients.some((c) => c.clientId === clientId)) return oauthError('unauthorized_client', 'This grant is for public clients');
    return { status: 401, body: { error: 'invalid_client', error_description: 'Unknown client' } };
  }

  /** RFC 6749 §4.1.3 with RFC 7636 §4.5–4.6. */
  async #authorizationCode(body: Record<string, unknown>): Promise<TokenResult> {
    const client = this.#publicClient(body);
    if (!('clientId' in client)) return client;
    const { code, redirect_uri: redirectUri, code_verifier: verifier } = body;
    if (typeof code !== 'string' || !code || typeof redirectUri !== 'string' || !redirectUri || typeof verifier !== 'string') {
      return oauthError('invalid_request', 'code, redirect_uri and code_verifier are required');
    }
    if (!isValidCodeVerifier(verifier)) return oauthError('invalid_request', 'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~');
    const redemption = this.#codes.redeem(code);
    if (redemption.status === 'reused') {
      // A code used twice: what the first use yielded is revoked (RFC 6749 §4.1.2).
      this.#refreshTokens.revokeFamily(redemption.familyId);
      return oauthError('invalid_grant', 'The code has already been used');
    }
    if (redemption.status === 'invalid') return oauthError('invalid_grant', 'Unknown or expired code');
    const { grant } = redemption;
    if (grant.clientId !== client.clientId || grant.redirectUri !== redirectUri) {
      return oauthError('invalid_grant', 'The code was issued to another client or redirect URI');
    }
    if (!verifyPkce(verifier, grant.codeChallenge)) return oauthError('invalid_grant', 'The code verifier does not match the code challenge');
    const refreshToken = this.#refreshTokens.issue({ clientId: grant.clientId, sub: grant.sub, scope: grant.scope, familyId: grant.familyId });
    return this.#userTokens(grant.sub, grant.scope, grant.clientId, refreshToken);
  }

  /** RFC 6749 §6, the refresh token rotated: the one presented is spent, a new one returned. */
  async #refreshToken(body: Record<string, unknown>): Promise<TokenResult> {
    const client = this.#publicClient(body);
    if (!('clientId' in client)) return client;
    const token = body['refresh_token'];
    if (typeof token !== 'string' || !token) return oauthError('invalid_request', 'refresh_token is required');
    const requested = typeof body['scope'] === 'string' ? body['scope'].split(' ').filter(Boolean) : undefined;
    // A narrower scope may be asked for the access token; the refresh token keeps the original one.
    const current = this.#refreshTokens.peek(token);
    const refused = current ? (requested ?? []).filter((s) => !current.scope.split(' ').includes(s)) : [];
    if (refused.length > 0) return oauthError('invalid_scope', `Not granted originally: ${refused.join(' ')}`);
    const rotated = this.#refreshTokens.rotate(token, client.clientId);
    if (!rotated) return oauthError('invalid_grant', 'Unknown, expired, used or revoked refresh token');
    const scope = requested?.length ? [...new Set(requested)].join(' ') : rotated.grant.scope;
    return this.#userTokens(rotated.grant.sub, scope, client.clientId, rotated.refreshToken);
  }

  async #userTokens(sub: string, scope: string, clientId: string, refreshToken: string): Promise<TokenResult> {
    const expiresIn = this.options.userTokenTtlSeconds ?? 3600;
    const accessToken = await this.issueToken({ sub, scope, ttlSeconds: expiresIn, azp: clientId, claims: { jti: randomUUID() } });
    return { status: 200, body: { access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn, refresh_token: refreshToken, scope } };
  }

  /**
   * RFC 7009: revokes a refresh token and its family. Access tokens are self-contained JWTs
   * that expire on their own; like unknown tokens they are answered 200 (§2.2).
   */
  #revoke(body: Record<string, unknown>): { status: number; body?: Record<string, unknown> } {
    const { token, client_id: clientId } = body;
    if (typeof token !== 'string' || !token) return oauthError('invalid_request', 'token is required');
    if (clientId !== undefined && typeof clientId !== 'string') return oauthError('invalid_request', 'client_id must be a string');
    this.#refreshTokens.revoke(token, clientId || undefined);
    return { status: 200 };
  }

  async #clientCredentials(body: Record<string, unknown>, authorization: string | undefined): Promise<TokenResult> {
    const str = (k: string): string | undefined => (typeof body[k] === 'string' ? (body[k] as string) : undefined);
    // client_secret_basic (RFC 6749 §2.3.1, form-encoded id and secret) or client_secret_post.
    const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
    let clientId = str('client_id');
    let clientSecret = str('client_secret');
    if (basic) {
      const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
      const idx = decoded.indexOf(':');
      clientId = decodeURIComponent(decoded.slice(0, idx < 0 ? decoded.length : idx).replace(/\+/g, ' '));
      clientSecret = idx < 0 ? '' : decodeURIComponent(decoded.slice(idx + 1).replace(/\+/g, ' '));
    }
    const client = this.options.clients.find((c) => c.clientId === clientId);
    if (!client || !secretsEqual(client.clientSecret, clientSecret ?? '')) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Unknown client or wrong secret' } };
    }
    // The API's audience, whether named or not (RFC 8707's `resource` is read the same way).
    const audience = str('audience') ?? str('resource') ?? this.options.audience;
    if (audience !== this.options.audience) {
      return { status: 400, body: { error: 'invalid_target', error_description: 'Unknown audience' } };
    }
    const allowed = client.scopes ?? DEFAULT_CLIENT_SCOPES;
    const requested = str('scope')?.split(' ').filter(Boolean);
    const refused = (requested ?? []).filter((s) => !allowed.includes(s));
    if (refused.length > 0) {
      return { status: 400, body: { error: 'invalid_scope', error_description: `Not allowed for this client: ${refused.join(' ')}` } };
    }
    // Nothing asked: the client's scopes, except administrators' scopes, which are granted only when asked for.
    const scope = (requested ?? allowed.filter((s) => !s.startsWith('admin:'))).join(' ');
    const expiresIn = 3600;
    const token = await this.issueToken({ sub: `${client.clientId}@clients`, scope, ttlSeconds: expiresIn, azp: client.clientId });
    return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: expiresIn, scope } };
  }

  async #loadKeys(): Promise<void> {
    const file = this.options.keyFile;
    if (file && fs.existsSync(file)) {
      const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>[];
      for (const jwk of saved) this.#currentKid = (await this.#issuer.keys.add(jwk)).kid;
      if (saved.length > 0) return;
    }
    await this.rotateKey();
  }

  #saveKeys(): void {
    const file = this.options.keyFile;
    if (!file) return;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // The current key is written last: it is the one signing again after a reload.
    const keys = this.#issuer.keys.toJSON(true);
    const ordered = [...keys.filter((k) => k.kid !== this.#currentKid), ...keys.filter((k) => k.kid === this.#currentKid)];
    fs.writeFileSync(file, JSON.stringify(ordered, null, 2), { mode: 0o600 });
  }
}

/** Compared as digests, in constant time, so that neither the content nor the length shows. */
function secretsEqual(expected: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

function oauthError(error: string, description: string): TokenResult {
  return { status: 400, body: { error, error_description: description } };
}
