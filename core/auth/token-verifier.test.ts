import { generateKeyPair, SignJWT, type JWTVerifyGetKey } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier } from './token-verifier.js';

const ISSUER = 'https://idp.test/';
const AUDIENCE = 'https://api.test';
let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let publicKey: Awaited<ReturnType<typeof generateKeyPair>>['publicKey'];

beforeAll(async () => {
  ({ privateKey, publicKey } = await generateKeyPair('RS256'));
});

const sign = (claims: { sub?: string; scope?: string; expiresIn?: number } = {}) =>
  new SignJWT({ scope: claims.scope ?? 'read:foia' })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(claims.sub ?? 'user-1')
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + (claims.expiresIn ?? 600))
    .sign(privateKey);

/** A verifier whose key lookups (one per signature check) are counted, on a clock the test moves. */
function verifier(options: { cacheMaxAgeMs?: number; cacheMaxEntries?: number } = {}) {
  const state = { lookups: 0, clock: Date.now() };
  const keyResolver: JWTVerifyGetKey = async () => {
    state.lookups++;
    return publicKey;
  };
  const v = createTokenVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUrl: 'https://idp.test/jwks', cooldownMs: 1000, clockToleranceSeconds: 5, keyResolver, now: () => state.clock, ...options });
  return { v, state };
}

describe('remembering verified tokens', () => {
  it('checks a token once, then answers from memory until the cache age passes', async () => {
    const { v, state } = verifier({ cacheMaxAgeMs: 60_000 });
    const token = await sign({ scope: 'read:foia write:foia' });
    expect(await v.verify(token)).toEqual({ sub: 'user-1', scopes: ['read:foia', 'write:foia'], azp: null });
    expect(await v.verify(token)).toEqual({ sub: 'user-1', scopes: ['read:foia', 'write:foia'], azp: null });
    expect(state.lookups).toBe(1);
    state.clock += 60_001;
    await v.verify(token);
    expect(state.lookups).toBe(2);
  });

  it('never remembers a token past its exp', async () => {
    const { v, state } = verifier({ cacheMaxAgeMs: 60_000 });
    const token = await sign({ expiresIn: 10 });
    await v.verify(token);
    state.clock += 11_000; // past exp on the cache's clock (jose, on the real one, still accepts it)
    await v.verify(token);
    expect(state.lookups).toBe(2);
  });

  it('checks a refused token every time, and a remembered principal cannot be changed by a caller', async () => {
    const { v, state } = verifier();
    const token = await sign();
    const [h, p, s] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'admin' })).toString('base64url')}.${s}`;
    await expect(v.verify(forged)).rejects.toThrow();
    await expect(v.verify(forged)).rejects.toThrow();
    expect(state.lookups).toBe(2);
    const first = await v.verify(token);
    first.scopes.push('admin:metrics');
    expect((await v.verify(token)).scopes).toEqual(['read:foia']);
  });

  it('forgets the oldest token beyond its size, and remembers nothing with an age of 0', async () => {
    const small = verifier({ cacheMaxEntries: 2 });
    const tokens = await Promise.all(['a', 'b', 'c'].map((sub) => sign({ sub })));
    for (const t of tokens) await small.v.verify(t);
    await small.v.verify(tokens[2]!);
    expect(small.state.lookups).toBe(3);
    await small.v.verify(tokens[0]!);
    expect(small.state.lookups).toBe(4);

    const none = verifier({ cacheMaxAgeMs: 0 });
    await none.v.verify(tokens[0]!);
    await none.v.verify(tokens[0]!);
    expect(none.state.lookups).toBe(2);
  });
});
