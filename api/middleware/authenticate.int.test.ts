import { generateKeyPair, SignJWT, exportJWK, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, TEST_AUDIENCE, type TestApi } from '../../test/support/test-api.js';

const PROTECTED = '/api/admin/metrics';
const issued: string[] = [];

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t?.close();
});

async function get(token: string | undefined, path = PROTECTED): Promise<{ status: number; body: any }> {
  if (token) issued.push(token);
  const res = await t.request(path, { token });
  return { status: res.status, body: await res.json() };
}

const missing = { error: { code: 'AUTH_MISSING_TOKEN', message: 'Authentication token is required', status: 401 } };
const expired = { error: { code: 'AUTH_TOKEN_EXPIRED', message: 'Token has expired', status: 401 } };

function b64(obj: unknown): string {
  return Buffer.from(JSON.stringify(obj)).toString('base64url');
}

describe('bearer authentication', () => {
  it('accepts a valid RS256 token with the scope', async () => {
    const res = await get(await t.token({ scope: 'admin:metrics' }));
    expect(res.status).toBe(200);
    expect(res.body.requests_total).toBeTypeOf('number');
  });

  it('answers 401 AUTH_MISSING_TOKEN without a token, or with a malformed header', async () => {
    expect(await get(undefined)).toEqual({ status: 401, body: missing });
    const basic = await t.request(PROTECTED, { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.status).toBe(401);
    expect(await basic.json()).toEqual(missing);
    expect(await get('not-a-jwt')).toEqual({ status: 401, body: missing });
  });

  it('answers 401 AUTH_TOKEN_EXPIRED for an expired token', async () => {
    expect(await get(await t.token({ scope: 'admin:metrics', ttlSeconds: -60 }))).toEqual({ status: 401, body: expired });
  });

  it('answers 403 AUTH_INSUFFICIENT_SCOPE with the required and provided scopes', async () => {
    const res = await get(await t.token({ scope: 'read:foia write:foia' }));
    expect(res).toEqual({
      status: 403,
      body: {
        error: {
          code: 'AUTH_INSUFFICIENT_SCOPE',
          message: 'Token does not have required scope',
          status: 403,
          metadata: { required_scope: 'admin:metrics', provided_scopes: ['read:foia', 'write:foia'] },
        },
      },
    });
  });

  it('treats an empty or missing scope claim as no scopes', async () => {
    for (const token of [
      await t.token({ scope: '' }),
      await t.idp.issueToken({ sub: 'no-scope', scope: 'x', omitClaims: ['scope'] }),
    ]) {
      const res = await get(token);
      expect(res.status).toBe(403);
      expect(res.body.error.metadata).toEqual({ required_scope: 'admin:metrics', provided_scopes: [] });
    }
  });

  it('applies auth and scope to every area of the interface (none answers 501 any more)', async () => {
    expect((await get(undefined, '/api/projects')).status).toBe(401);
    expect((await get(await t.token({ scope: 'read:foia' }), '/api/projects')).status).toBe(403);
    expect((await get(await t.token({ scope: 'read:projects' }), '/api/projects')).status).toBe(200);
    expect((await get(await t.token({ scope: 'read:projects' }), '/api/database/tables')).status).toBe(403);
    expect((await get(await t.token({ scope: 'read:database' }), '/api/database/tables')).status).toBe(200);
  });
});

describe('JWT attack set', () => {
  it('rejects alg none', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ iss: t.idp.issuerUrl, aud: TEST_AUDIENCE, sub: 'eve', scope: 'admin:metrics', iat: now, exp: now + 600 })}.`;
    expect(await get(token)).toEqual({ status: 401, body: missing });
  });

  it('rejects HS256 signed with the public key', async () => {
    const jwks = (await (await fetch(t.idp.jwksUrl)).json()) as { keys: JWK[] };
    const pub = jwks.keys[0]!;
    const secret = new TextEncoder().encode(JSON.stringify(pub));
    const token = await new SignJWT({ scope: 'admin:metrics' })
      .setProtectedHeader({ alg: 'HS256', kid: pub.kid! })
      .setIssuer(t.idp.issuerUrl)
      .setAudience(TEST_AUDIENCE)
      .setSubject('eve')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(secret);
    expect(await get(token)).toEqual({ status: 401, body: missing });
  });

  it('rejects a token signed by a key the issuer does not publish (unknown kid)', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT({ scope: 'admin:metrics' })
      .setProtectedHeader({ alg: 'RS256', kid: 'attacker-key' })
      .setIssuer(t.idp.issuerUrl)
      .setAudience(TEST_AUDIENCE)
      .setSubject('eve')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    expect(await get(token)).toEqual({ status: 401, body: missing });
  });

  it('rejects a token signed by a foreign key that claims a published kid', async () => {
    const jwks = (await (await fetch(t.idp.jwksUrl)).json()) as { keys: JWK[] };
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const forged = await importJWK({ ...(await exportJWK(privateKey)), alg: 'RS256' }, 'RS256');
    const token = await new SignJWT({ scope: 'admin:metrics' })
      .setProtectedHeader({ alg: 'RS256', kid: jwks.keys[0]!.kid! })
      .setIssuer(t.idp.issuerUrl)
      .setAudience(TEST_AUDIENCE)
      .setSubject('eve')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(forged);
    expect(await get(token)).toEqual({ status: 401, body: missing });
  });

  it('rejects a wrong issuer and the issuer without its trailing slash', async () => {
    const noSlash = t.idp.issuerUrl.replace(/\/$/, '');
    for (const iss of ['https://evil.example/', noSlash]) {
      expect(await get(await t.idp.issueToken({ sub: 'u', scope: 'admin:metrics', claims: { iss } }))).toEqual({ status: 401, body: missing });
    }
  });

  it('rejects a wrong audience', async () => {
    const token = await t.idp.issueToken({ sub: 'u', scope: 'admin:metrics', audience: 'https://other.api' });
    expect(await get(token)).toEqual({ status: 401, body: missing });
  });

  it('accepts an audience list that contains the API audience', async () => {
    const token = await t.idp.issueToken({ sub: 'u', scope: 'admin:metrics', audience: ['https://other.api', TEST_AUDIENCE] });
    expect((await get(token)).status).toBe(200);
  });

  it('rejects nbf in the future', async () => {
    const nbf = Math.floor(Date.now() / 1000) + 3600;
    expect(await get(await t.idp.issueToken({ sub: 'u', scope: 'admin:metrics', claims: { nbf } }))).toEqual({ status: 401, body: missing });
  });

  it('rejects a tampered payload', async () => {
    const token = await t.token({ scope: 'read:foia' });
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    payload.scope = 'admin:metrics';
    expect(await get(`${h}.${b64(payload)}.${s}`)).toEqual({ status: 401, body: missing });
  });

  it('rejects a token without sub', async () => {
    expect(await get(await t.idp.issueToken({ sub: 'x', scope: 'admin:metrics', omitClaims: ['sub'] }))).toEqual({ status: 401, body: missing });
  });

  it('follows key rotation: a token signed with a new key is accepted after a JWKS refetch', async () => {
    await get(await t.token({ scope: 'admin:metrics' })); // caches the current key set
    await t.idp.rotateKey();
    const res = await get(await t.token({ scope: 'admin:metrics' }));
    expect(res.status).toBe(200);
  });
});

describe('logs', () => {
  it('never contain a token', async () => {
    await get(await t.token({ scope: 'admin:metrics' }));
    await t.container.deps.recorder.flush();
    const all = t.logs.join('\n');
    expect(t.logs.length).toBeGreaterThan(10);
    for (const token of issued) {
      expect(all).not.toContain(token);
      const signature = token.split('.')[2];
      if (signature && signature.length > 10) expect(all).not.toContain(signature);
    }
    expect(all).not.toMatch(/eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/);
  });
});
