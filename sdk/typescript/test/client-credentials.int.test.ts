/**
 * The client-credentials grant against the real development identity provider the test API
 * trusts (`idp.issuerUrl` + `oauth/token`): tokens fetched, cached, refreshed before expiry,
 * fetched again once after a 401, and refused grants as typed errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevIdentityProvider } from '../../../core/idp/dev-identity-provider.js';
import { seedLawDatabase } from '../../../test/support/seed-law-database.js';
import { READER_CLIENT, startTestApi, TEST_AUDIENCE, TEST_CLIENT, type TestApi } from '../../../test/support/test-api.js';
import { AuthError, ScopeError, TokenRequestError } from '../src/index.js';
import { pathsOf, sdkFor, type Sent } from './harness.js';

let t: TestApi;
let tokenUrl: string;

beforeAll(async () => {
  t = await startTestApi();
  await seedLawDatabase(t.database.db);
  tokenUrl = new URL('oauth/token', t.idp.issuerUrl).toString();
});
afterAll(async () => {
  await t?.close();
});

const tokenRequests = (sent: Sent[]) => sent.filter((s) => s.url === tokenUrl);

/** The claims of a JWT (not verified: the API did that). */
const claims = (jwt: string): Record<string, unknown> => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));

describe('clientCredentials', () => {
  it('fetches a token with HTTP Basic client authentication and reuses it while it is fresh', async () => {
    const { client, sent } = sdkFor(t, { clientCredentials: { tokenUrl, clientId: READER_CLIENT.clientId, clientSecret: READER_CLIENT.clientSecret } });
    expect((await client.transparency.jurisdictions.list()).total).toBe(4);
    expect((await client.transparency.jurisdictions.get('texas')).slug).toBe('texas');
    expect((await client.transparency.rights.list({ jurisdiction: 'texas' })).total).toBe(2);
    const grants = tokenRequests(sent);
    expect(grants).toHaveLength(1);
    expect(grants[0]!.headers).toMatchObject({
      authorization: `Basic ${Buffer.from(`${READER_CLIENT.clientId}:${READER_CLIENT.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    });
    const token = (await client.token())!;
    expect(claims(token)).toMatchObject({ sub: 'reader-client@clients', scope: 'read:transparency', aud: TEST_AUDIENCE });
  });

  it('asks for the scopes and audience given, and a client limited to reading the law gets ScopeError elsewhere', async () => {
    const admin = sdkFor(t, {
      clientCredentials: { tokenUrl, clientId: TEST_CLIENT.clientId, clientSecret: TEST_CLIENT.clientSecret, scope: ['read:transparency', 'admin:metrics'], audience: TEST_AUDIENCE },
    }).client;
    const metrics = await admin.admin.metrics('day');
    expect(metrics.period).toBe('day');
    expect(claims((await admin.token())!)['scope']).toBe('read:transparency admin:metrics');

    const reader = sdkFor(t, { clientCredentials: { tokenUrl, clientId: READER_CLIENT.clientId, clientSecret: READER_CLIENT.clientSecret } }).client;
    const err = await reader.foia.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ScopeError);
    expect(err).toMatchObject({ requiredScope: 'read:foia', providedScopes: ['read:transparency'] });
  });

  it('fetches a new token once the current one is within the refresh margin of expiry', async () => {
    // The provider's tokens live 3600 s: a margin of 3599 s makes one fresh for one second only.
    const { client, sent } = sdkFor(t, {
      clientCredentials: { tokenUrl, clientId: READER_CLIENT.clientId, clientSecret: READER_CLIENT.clientSecret, refreshMarginSeconds: 3599 },
    });
    await client.transparency.jurisdictions.list();
    const first = (await client.token())!;
    await client.transparency.jurisdictions.list();
    expect(tokenRequests(sent)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await client.transparency.jurisdictions.list();
    expect(tokenRequests(sent)).toHaveLength(2);
    const second = (await client.token())!;
    expect(second).not.toBe(first);
    expect(Number(claims(second)['iat'])).toBeGreaterThan(Number(claims(first)['iat']));
  });

  it('fetches a token again once after a 401, then throws AuthError', async () => {
    // Another identity provider: its tokens are well formed but signed with keys the API does not trust.
    const stranger = await DevIdentityProvider.create({ audience: TEST_AUDIENCE, clients: [READER_CLIENT] });
    await stranger.start(0);
    try {
      const strangerUrl = new URL('oauth/token', stranger.issuerUrl).toString();
      const { client, sent } = sdkFor(t, { clientCredentials: { tokenUrl: strangerUrl, clientId: READER_CLIENT.clientId, clientSecret: READER_CLIENT.clientSecret } });
      const err = await client.transparency.jurisdictions.list().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AuthError);
      expect(err).toMatchObject({ status: 401, code: 'AUTH_MISSING_TOKEN' });
      expect(sent.filter((s) => s.url === strangerUrl)).toHaveLength(2);
      expect(pathsOf(t, sent)).toEqual(['GET /api/v2/transparency/jurisdictions', 'GET /api/v2/transparency/jurisdictions']);
    } finally {
      await stranger.stop();
    }
  });

  it('throws TokenRequestError (an AuthError) when the provider refuses the grant', async () => {
    const wrong = sdkFor(t, { clientCredentials: { tokenUrl, clientId: READER_CLIENT.clientId, clientSecret: 'wrong-secret' } }).client;
    const err = await wrong.transparency.jurisdictions.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TokenRequestError);
    expect(err).toBeInstanceOf(AuthError);
    expect(err).toMatchObject({ status: 401, code: 'invalid_client' });
    const greedy = sdkFor(t, { clientCredentials: { tokenUrl, clientId: READER_CLIENT.clientId, clientSecret: READER_CLIENT.clientSecret, scope: 'write:foia' } }).client;
    await expect(greedy.foia.list()).rejects.toMatchObject({ name: 'TokenRequestError', status: 400, code: 'invalid_scope' });
  });
});
