import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READER_CLIENT, startTestApi, TEST_AUDIENCE, TEST_CLIENT, type TestApi } from '../../test/support/test-api.js';
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

function toBody(c: { clientId: string; clientSecret: string }) {
  return { client_id: c.clientId, client_secret: c.clientSecret };
}
