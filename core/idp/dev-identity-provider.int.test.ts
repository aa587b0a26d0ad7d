import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevIdentityProvider } from './dev-identity-provider.js';
import { CONSOLE_CLIENT_ID, READER_CLIENT, startTestApi, TEST_AUDIENCE, TEST_CLIENT, TEST_USER, type TestApi } from '../../test/support/test-api.js';
import { repoRoot } from '../../test/support/test-env.js';

const run = promisify(execFile);
let t: TestApi;
let keyFile: string;

beforeAll(async () => {
  keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-idp-')), 'keys.json');
  t = await startTestApi({ idpKeyFile: keyFile });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(path.dirname(keyFile), { recursive: true, force: true });
});

async function tokenTool(args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/token.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'development', AUTH_ISSUER: t.idp.issuerUrl, AUTH_AUDIENCE: TEST_AUDIENCE, DEV_IDP_KEY_FILE: keyFile },
  });
  return stdout.trim().split('\n').at(-1)!;
}

describe('npm run token', () => {
  it('prints a token the running service accepts, with the given sub and scopes', async () => {
    const token = await tokenTool(['--sub', 'cli-user', '--scope', 'admin:metrics read:foia']);
    const res = await t.request('/api/admin/metrics', { token });
    expect(res.status).toBe(200);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload).toMatchObject({ sub: 'cli-user', scope: 'admin:metrics read:foia', iss: t.idp.issuerUrl, aud: TEST_AUDIENCE });
  }, 30_000);

  it('prints an already-expired token for a negative ttl', async () => {
    const token = await tokenTool(['--sub', 'cli-user', '--scope', 'admin:metrics', '--ttl', '-60']);
    const res = await t.request('/api/admin/metrics', { token });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('AUTH_TOKEN_EXPIRED');
  }, 30_000);

  it('keeps its signing key private to the owner', () => {
    expect(fs.statSync(keyFile).mode & 0o077).toBe(0);
  });
});

describe('POST /oauth/token (client credentials)', () => {
  const tokenUrl = () => new URL('oauth/token', t.idp.issuerUrl).toString();
  const post = (body: unknown) => fetch(tokenUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('issues a token for a registered machine client that the API accepts', async () => {
    const res = await post({ ...toBody(TEST_CLIENT), audience: TEST_AUDIENCE, grant_type: 'client_credentials', scope: 'admin:metrics' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'admin:metrics' });
    const api = await t.request('/api/admin/metrics', { token: body.access_token });
    expect(api.status).toBe(200);
    const payload = JSON.parse(Buffer.from(body.access_token.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ sub: 'test-client@clients', azp: 'test-client' });
  });

  it('refuses a wrong secret, an unknown audience and another grant type', async () => {
    expect((await post({ ...toBody(TEST_CLIENT), client_secret: 'nope', audience: TEST_AUDIENCE, grant_type: 'client_credentials' })).status).toBe(401);
    expect((await post({ ...toBody(TEST_CLIENT), audience: 'https://other', grant_type: 'client_credentials' })).status).toBe(400);
    expect((await post({ ...toBody(TEST_CLIENT), audience: TEST_AUDIENCE, grant_type: 'password' })).status).toBe(400);
  });

  it('takes the standard form-encoded request, with the secret by HTTP Basic or in the body', async () => {
    const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(tokenUrl(), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields).toString() });
    const basic = `Basic ${Buffer.from(`${TEST_CLIENT.clientId}:${TEST_CLIENT.clientSecret}`).toString('base64')}`;
    const viaBasic = await form({ grant_type: 'client_credentials', scope: 'read:foia' }, { authorization: basic });
    expect(viaBasic.status).toBe(200);
    expect(viaBasic.headers.get('cache-control')).toBe('no-store');
    const token = (await viaBasic.json()).access_token;
    expect((await t.request('/api/foia/requests', { token })).status).toBe(200);
    const viaBody = await form({ grant_type: 'client_credentials', ...toBody(TEST_CLIENT), audience: TEST_AUDIENCE });
    expect(viaBody.status).toBe(200);
    const wrong = await form({ grant_type: 'client_credentials' }, { authorization: `Basic ${Buffer.from('test-client:nope').toString('base64')}` });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'invalid_client', error_description: 'Unknown client or wrong secret' });
    const garbage = await fetch(tokenUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' });
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toEqual({ error: 'invalid_request' });
  });

  it('grants only the scopes asked for and allowed; admin scopes only when asked for', async () => {
    const grant = async (client: { clientId: string; clientSecret: string }, scope?: string) =>
      post({ ...toBody(client), audience: TEST_AUDIENCE, grant_type: 'client_credentials', ...(scope ? { scope } : {}) });
    const plain = await (await grant(TEST_CLIENT)).json();
    expect(plain.scope.split(' ')).not.toContain('admin:metrics');
    expect(plain.scope.split(' ')).toContain('read:transparency');
    const reader = await grant(READER_CLIENT, 'read:transparency write:foia');
    expect(reader.status).toBe(400);
    expect(await reader.json()).toEqual({ error: 'invalid_scope', error_description: 'Not allowed for this client: write:foia' });
    const limited = await (await grant(READER_CLIENT)).json();
    expect(limited.scope).toBe('read:transparency');
    expect((await t.request('/api/admin/metrics', { token: limited.access_token })).status).toBe(403);
  });

  it('lets a browser on another origin call it (CORS preflight)', async () => {
    const pre = await fetch(tokenUrl(), { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  });

  it('advertises the token endpoint the API accepts tokens from in its discovery document', async () => {
    const discovery = await (await fetch(new URL('.well-known/openid-configuration', t.idp.issuerUrl))).json();
    expect(discovery.token_endpoint).toBe(tokenUrl());
    expect(discovery.jwks_uri).toBe(t.idp.jwksUrl);
  });

  it('publishes its keys at /.well-known/jwks.json', async () => {
    const jwks = await (await fetch(t.idp.jwksUrl)).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    expect(jwks.keys[0].d).toBeUndefined();
  });
});

describe('a person signed in at the test identity provider', () => {
  it('gets a token the API accepts', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const redirectUri = 'http://127.0.0.1:9/callback';
    const authorize = await fetch(new URL('authorize', t.idp.issuerUrl), {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        response_type: 'code',
        client_id: CONSOLE_CLIENT_ID,
        redirect_uri: redirectUri,
        scope: 'read:foia',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        ...TEST_USER,
      }),
    });
    const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
    const tokens = await fetch(new URL('oauth/token', t.idp.issuerUrl), {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: CONSOLE_CLIENT_ID, code_verifier: verifier }),
    });
    const { access_token: token } = await tokens.json();
    expect((await t.request('/api/foia/requests', { token })).status).toBe(200);
    expect((await t.request('/api/admin/metrics', { token })).status).toBe(403);
  });
});

function toBody(c: { clientId: string; clientSecret: string }) {
  return { client_id: c.clientId, client_secret: c.clientSecret };
}

describe('signing people in: authorization code with PKCE, refresh and revocation', () => {
  const AUDIENCE = 'https://api.sunlight.test';
  const USER = { username: 'reporter', password: 'correct horse battery staple' };
  const CLIENT_ID = 'sunlight-console';
  const REDIRECT_URI = 'http://localhost:5173/callback?tab=foia';
  let idp: DevIdentityProvider;
  const at = (p: string) => new URL(p, idp.issuerUrl).toString();
  const form = (p: string, fields: Record<string, string>) =>
    fetch(at(p), { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

  beforeAll(async () => {
    idp = await DevIdentityProvider.create({ audience: AUDIENCE, clients: [], users: [USER], publicClients: [CLIENT_ID] });
    await idp.start(0);
  });
  afterAll(async () => {
    await idp?.stop();
  });

  function pkce() {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  }

  function authorizeParams(challenge: string, extra: Record<string, string> = {}): Record<string, string> {
    return {
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      scope: 'read:foia write:foia admin:metrics',
      state: 'state-123',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...extra,
    };
  }

  /** Signs in and returns the code the browser is redirected back with. */
  async function signIn(challenge: string): Promise<string> {
    const res = await form('authorize', { ...authorizeParams(challenge), ...USER });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://localhost:5173/callback');
    expect(location.searchParams.get('tab')).toBe('foia');
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.get('iss')).toBe(idp.issuerUrl);
    return location.searchParams.get('code')!;
  }

  const exchange = (code: string, verifier: string) =>
    form('oauth/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, code_verifier: verifier });
  const refresh = (refreshToken: string) => form('oauth/token', { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CLIENT_ID });

  it('runs the whole flow: login page, wrong then right password, code, tokens the JWKS verifies', async () => {
    const { verifier, challenge } = pkce();
    const page = await fetch(at(`authorize?${new URLSearchParams(authorizeParams(challenge))}`), { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' http://localhost:5173");
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<form method="post" action="authorize">/);
    expect(html).toContain('<label for="username">');
    expect(html).toContain('<label for="password">');
    expect(html).toContain('Sign in</button>');
    expect(html).toContain(`value="${challenge}"`);
    expect(html).toContain('Create and change the caller&#39;s own FOIA requests');
    // admin:metrics was asked for but is not a person's to grant: not listed.
    expect(html).not.toContain('Read service metrics');

    const wrong = await form('authorize', { ...authorizeParams(challenge), username: USER.username, password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toMatch(/role="alert"[^>]*>The username or password is wrong/);
    expect(wrongHtml).toContain(`value="${USER.username}"`);
    expect(wrongHtml).not.toContain('wrong-password');

    const code = await signIn(challenge);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await exchange(code, verifier);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const tokens = await res.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'read:foia write:foia' });
    expect(typeof tokens.refresh_token).toBe('string');
    const { payload } = await jwtVerify(tokens.access_token, createRemoteJWKSet(new URL(idp.jwksUrl)), { issuer: idp.issuerUrl, audience: AUDIENCE });
    expect(payload).toMatchObject({ sub: USER.username, scope: 'read:foia write:foia', azp: CLIENT_ID });

    // A code is good once.
    const again = await exchange(code, verifier);
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe('invalid_grant');
  });

  it('refuses a wrong code verifier, and the code afterwards', async () => {
    const { verifier, challenge } = pkce();
    const code = await signIn(challenge);
    const wrong = await exchange(code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await (await exchange(code, verifier)).json()).error).toBe('invalid_grant');
  });

  it('rotates refresh tokens; a used one is refused and revokes its family; revocation ends the session', async () => {
    const { verifier, challenge } = pkce();
    const first = await (await exchange(await signIn(challenge), verifier)).json();
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(200);
    const second = await res.json();
    expect(second).toMatchObject({ token_type: 'Bearer', scope: 'read:foia write:foia' });
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    const third = await (await refresh(second.refresh_token)).json();
    // The old one again: refused, and the family (third's too) revoked.
    const reused = await refresh(first.refresh_token);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await refresh(third.refresh_token)).status).toBe(400);

    const { verifier: v2, challenge: c2 } = pkce();
    const session = await (await exchange(await signIn(c2), v2)).json();
    const revoked = await form('oauth/revoke', { token: session.refresh_token, client_id: CLIENT_ID, token_type_hint: 'refresh_token' });
    expect(revoked.status).toBe(200);
    expect(revoked.headers.get('access-control-allow-origin')).toBe('*');
    const after = await refresh(session.refresh_token);
    expect(after.status).toBe(400);
    expect((await after.json()).error).toBe('invalid_grant');
    // Unknown tokens are fine (RFC 7009 §2.2); a request without a token is not.
    expect((await form('oauth/revoke', { token: 'never-issued' })).status).toBe(200);
    expect((await form('oauth/revoke', {})).status).toBe(400);
  });

  it('refuses an unknown client or a foreign redirect URI with a page, never a redirect', async () => {
    const { challenge } = pkce();
    for (const params of [authorizeParams(challenge, { redirect_uri: 'https://evil.test/cb' }), authorizeParams(challenge, { client_id: 'unknown' })]) {
      const res = await fetch(at(`authorize?${new URLSearchParams(params)}`), { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('<h1>');
      const posted = await form('authorize', { ...params, ...USER });
      expect(posted.status).toBe(400);
      expect(posted.headers.get('location')).toBeNull();
    }
  });

  it('sends other request errors back to the client with the state', async () => {
    const { challenge } = pkce();
    const cases: Array<[Record<string, string>, string]> = [
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: '' }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: 'read:foia no:such-scope' }, 'invalid_scope'],
      [{ scope: 'admin:metrics' }, 'invalid_scope'],
    ];
    for (const [extra, error] of cases) {
      const res = await fetch(at(`authorize?${new URLSearchParams(authorizeParams(challenge, extra))}`), { redirect: 'manual' });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location')!);
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('state')).toBe('state-123');
    }
  });

  it('refuses the grants of people to confidential or unknown clients and malformed requests', async () => {
    const { verifier, challenge } = pkce();
    const code = await signIn(challenge);
    const noClient = await form('oauth/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    expect(await noClient.json()).toMatchObject({ error: 'invalid_request' });
    const shortVerifier = await exchange(code, 'too-short');
    expect(await shortVerifier.json()).toMatchObject({ error: 'invalid_request' });
    const unknown = await form('oauth/token', { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'someone' });
    expect(unknown.status).toBe(401);
    const otherRedirect = await form('oauth/token', { grant_type: 'authorization_code', code, redirect_uri: 'http://localhost:5173/other', client_id: CLIENT_ID, code_verifier: verifier });
    expect(await otherRedirect.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('advertises the endpoints, grants and PKCE method in its discovery document', async () => {
    const res = await fetch(at('.well-known/openid-configuration'));
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const discovery = await res.json();
    expect(discovery).toMatchObject({
      issuer: idp.issuerUrl,
      authorization_endpoint: at('authorize'),
      token_endpoint: at('oauth/token'),
      revocation_endpoint: at('oauth/revoke'),
      jwks_uri: idp.jwksUrl,
      code_challenge_methods_supported: ['S256'],
    });
    expect(discovery.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token', 'client_credentials']));
  });

  it('says so when no users are configured', async () => {
    const empty = await DevIdentityProvider.create({ audience: AUDIENCE, clients: [], publicClients: [CLIENT_ID] });
    await empty.start(0);
    try {
      const res = await fetch(new URL(`authorize?${new URLSearchParams(authorizeParams(pkce().challenge))}`, empty.issuerUrl), { redirect: 'manual' });
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('No users are configured');
    } finally {
      await empty.stop();
    }
  });
});
