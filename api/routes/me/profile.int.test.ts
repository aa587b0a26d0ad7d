/** GET|PUT /api/me/profile on the real API: validation, isolation, and letters signed with the profile. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFoiaLaw } from '../../../core/foia/testing/seed-foia-law.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { createRequest, FOIA_SCOPES } from '../foia/testing/foia-api-helpers.js';

let t: TestApi;
let database: TestDatabase;
let alice: string;
let bob: string;
let reader: string;

const PROFILE = {
  name: 'Jane Reporter',
  organization: 'The Daily Example',
  email: 'jane@example.org',
  phone: '+1 512 555 0100',
  address: '1 Main St\nAustin, TX 78701',
  follow_up_auto_send: true,
  notify_email: true,
  notify_webhook_url: 'https://93.184.216.34/hooks/sunlight',
};

const put = (token: string, json: unknown) => t.request('/api/me/profile', { method: 'PUT', token, json });

async function issues(res: Response): Promise<string[]> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(body.error.code).toBe('VALIDATION_ERROR');
  return body.error.metadata.issues.map((i: { path: string; message: string }) => `${i.path}: ${i.message}`);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedFoiaLaw(database.db);
  t = await startTestApi({ database });
  alice = await t.token({ sub: 'profile-alice', scope: FOIA_SCOPES });
  bob = await t.token({ sub: 'profile-bob', scope: FOIA_SCOPES });
  reader = await t.token({ sub: 'profile-alice', scope: 'read:foia' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await database?.drop();
});

describe('GET|PUT /api/me/profile', () => {
  it('is empty until written', async () => {
    const res = await t.request('/api/me/profile', { token: alice });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(await res.json()).toEqual({
      name: null, organization: null, email: null, phone: null, address: null, follow_up_auto_send: false, notify_email: false,
      notify_webhook_url: null, notify_webhook_secret: null, calendar_feed_token_created_at: null, updated_at: null,
    });
  });

  it('stores the whole profile, shows the webhook secret, and keeps it to its owner', async () => {
    const res = await put(alice, PROFILE);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ ...PROFILE, calendar_feed_token_created_at: null });
    expect(body.notify_webhook_secret).toMatch(/^whsec_[\w-]{40,}$/);
    expect(Date.parse(body.updated_at)).not.toBeNaN();
    expect(await (await t.request('/api/me/profile', { token: alice })).json()).toEqual(body);
    expect((await (await t.request('/api/me/profile', { token: bob })).json()).name).toBeNull();
  });

  it('refuses bad values with the field named, and never answers 500', async () => {
    expect(await issues(await put(alice, { ...PROFILE, email: 'not an address' }))).toEqual([expect.stringMatching(/^body\.email: /)]);
    expect(await issues(await put(alice, { ...PROFILE, phone: 'call me maybe' }))).toEqual([expect.stringMatching(/^body\.phone: A phone number/)]);
    expect(await issues(await put(alice, { ...PROFILE, nickname: 'J' }))).toEqual([expect.stringMatching(/^body: /)]);
    expect(await issues(await put(alice, { ...PROFILE, notify_email: 'yes' }))).toEqual([expect.stringMatching(/^body\.notify_email: /)]);
    expect(await issues(await put(alice, { ...PROFILE, email: null }))).toEqual(['body.email: Needed for notifications by e-mail (notify_email)']);
    expect(await issues(await put(alice, { ...PROFILE, notify_webhook_url: 'http://127.0.0.1:8080/hook' }))).toEqual([
      'body.notify_webhook_url: The URL points at a private or loopback address (WEBHOOK_ALLOW_PRIVATE allows it)',
    ]);
    expect(await issues(await put(alice, { ...PROFILE, notify_webhook_url: 'https://user:secret@93.184.216.34/' }))).toEqual(['body.notify_webhook_url: No credentials in the URL']);
    expect(await issues(await put(alice, { ...PROFILE, notify_webhook_url: 'ftp://93.184.216.34/' }))).toEqual([expect.stringMatching(/^body\.notify_webhook_url: /)]);
    // Nothing was changed by the refused writes.
    expect((await (await t.request('/api/me/profile', { token: alice })).json()).notify_webhook_url).toBe(PROFILE.notify_webhook_url);
  });

  it('needs write:foia to write and a token to read', async () => {
    expect((await put(reader, PROFILE)).status).toBe(403);
    expect((await t.request('/api/me/profile')).status).toBe(401);
  });

  it('clears what a PUT leaves out', async () => {
    const body = await (await put(alice, { name: 'Jane Reporter', email: 'jane@example.org' })).json();
    expect(body).toMatchObject({ name: 'Jane Reporter', organization: null, phone: null, follow_up_auto_send: false, notify_email: false, notify_webhook_url: null, notify_webhook_secret: null });
    await put(alice, PROFILE);
  });
});

describe('letters signed with the profile', () => {
  it('signs a request that names no requester with the profile, and keeps a request’s own requester', async () => {
    const unsigned = await createRequest(t, alice, { requester: null });
    const letter = await (await t.request(`/api/foia/requests/${unsigned.id}/letter`, { token: alice })).text();
    expect(letter).toContain('Sincerely,\n\nJane Reporter\nThe Daily Example\n1 Main St\nAustin, TX 78701\njane@example.org\n+1 512 555 0100\n');
    expect(letter).not.toContain('[Your name]');

    const own = await createRequest(t, alice, { requester: { name: 'Jane R. on assignment', email: 'desk@example.org' } });
    const ownLetter = await (await t.request(`/api/foia/requests/${own.id}/letter`, { token: alice })).text();
    expect(ownLetter).toContain('Sincerely,\n\nJane R. on assignment\ndesk@example.org\n');

    // Bob has no profile: the placeholders stay for him to fill in.
    const bobs = await createRequest(t, bob, { requester: null });
    expect(await (await t.request(`/api/foia/requests/${bobs.id}/letter`, { token: bob })).text()).toContain('[Your name]');
  });
});
