import { timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';
import type { Logger } from '../logger/logger.js';
import { DEFAULT_CLIENT_SCOPES } from '../auth/scopes.js';

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
}

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
 * advertises. A token carries only the scopes asked for and allowed to the client. Never
 * started when NODE_ENV=production (the launchers refuse).
 */
export class DevIdentityProvider {
  readonly #issuer = new OAuth2Issuer(true);
  // The discovery document advertises `/oauth/token`, the route below answers it (before the library's own).
  readonly #service = new OAuth2Service(this.#issuer, { jwks: '/.well-known/jwks.json', token: '/oauth/token' });
  #server: http.Server | undefined;
  /** The key new tokens are signed with; older keys stay published for tokens in flight. */
  #currentKid: string | undefined;

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
    // Browser clients (the API docs page's "Authorize", the console) call the token endpoint from another origin.
    app.use('/oauth/token', (req, res, next) => {
      res.set('Access-Control-Allow-Origin', '*').set('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept, X-Requested-With').set('Access-Control-Allow-Methods', 'POST, OPTIONS');
      if (req.method === 'OPTIONS') res.status(204).end();
      else next();
    });
    app.post('/oauth/token', express.urlencoded({ extended: false, limit: '16kb' }), express.json({ limit: '16kb' }), (req, res, next) => {
      this.#clientCredentials((req.body ?? {}) as Record<string, unknown>, req.header('authorization'))
        .then(({ status, body }) => {
          // RFC 6749 §5.1: token responses are not cached.
          res.set('Cache-Control', 'no-store').set('Pragma', 'no-cache');
          if (status === 401) res.set('WWW-Authenticate', 'Basic realm="sunlight-dev-idp"');
          res.status(status).json(body);
        })
        .catch(next);
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

  async #clientCredentials(body: Record<string, unknown>, authorization: string | undefined): Promise<{ status: number; body: Record<string, unknown> }> {
    const str = (k: string): string | undefined => (typeof body[k] === 'string' ? (body[k] as string) : undefined);
    if (str('grant_type') !== 'client_credentials') {
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Only client_credentials is supported' } };
    }
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

function secretsEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
