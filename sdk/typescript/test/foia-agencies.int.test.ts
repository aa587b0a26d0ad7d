/**
 * The FOIA agency directory through the SDK against the real API: shared entries (inserted as
 * ingestion writes them) listed, filtered and paged, the caller's own entries created from one,
 * changed by merge patch and deleted, the statistics of an entry, and the refusals (a directory
 * entry is read only; another user's entry is not found).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFoiaLaw } from '../../../core/foia/testing/seed-foia-law.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { collect, ConflictError, NotFoundError, type SunlightClient } from '../src/index.js';
import { pathsOf, sdkFor, type Sent } from './harness.js';

const SCOPES = 'read:foia write:foia';
const DIRECTORY = [
  { jurisdiction: 'texas', name: 'Invented County Records Office', kind: 'records', email: 'pir@example.gov', postal_address: '2 Test Street, Austin, TX 78701' },
  { jurisdiction: 'texas', name: 'Invented Attorney General', kind: 'oversight', email: null, postal_address: null },
  { jurisdiction: 'california', name: 'Invented City Clerk', kind: 'records', email: 'clerk@example.gov', postal_address: null },
];

let t: TestApi;
let client: SunlightClient;
let sent: Sent[];
let stranger: SunlightClient;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApi();
  await seedFoiaLaw(t.database.db);
  for (const row of DIRECTORY) {
    const [inserted] = await t.database.db('foia_agencies').insert({ ...row, source: 'corpus', source_ref: 'test-fixture' }).returning('id');
    ids[row.name] = inserted.id;
  }
  ({ client, sent } = sdkFor(t, { token: await t.token({ sub: 'sdk-agencies', scope: SCOPES }) }));
  stranger = sdkFor(t, { token: await t.token({ sub: 'sdk-agencies-stranger', scope: SCOPES }) }).client;
});
afterAll(async () => {
  await t?.close();
});

describe('foia.agencies', () => {
  it('lists the directory by name, filtered by jurisdiction (any spelling), kind and name, and pages through it', async () => {
    const tx = await client.foia.agencies.list({ jurisdiction: 'TX' });
    expect(tx.data.map((a) => a.name)).toEqual(['Invented Attorney General', 'Invented County Records Office']);
    expect(tx.data[1]).toMatchObject({ source: 'corpus', kind: 'records', email: 'pir@example.gov', jurisdiction: 'texas' });
    expect((await client.foia.agencies.list({ jurisdiction: 'texas', kind: 'oversight' })).data.map((a) => a.id)).toEqual([ids['Invented Attorney General']]);
    expect((await client.foia.agencies.list({ q: 'clerk' })).total).toBe(1);

    const before = sent.length;
    const all = await collect(client.foia.agencies.listAll({ limit: 2 }));
    expect(all.map((a) => a.name)).toEqual(['Invented Attorney General', 'Invented City Clerk', 'Invented County Records Office']);
    expect(pathsOf(t, sent.slice(before))).toHaveLength(2);
  });

  it('creates an own entry from a directory entry, changes it by merge patch, reads its statistics and deletes it', async () => {
    const base = ids['Invented County Records Office']!;
    const own = await client.foia.agencies.create({ based_on: base, email: 'openrecords@example.gov' });
    expect(own).toMatchObject({ source: 'user', based_on: base, name: 'Invented County Records Office', email: 'openrecords@example.gov', postal_address: '2 Test Street, Austin, TX 78701' });

    const changed = await client.foia.agencies.update(own.id, { notes: 'Ask for Maria.', postal_address: null });
    expect(changed).toMatchObject({ id: own.id, notes: 'Ask for Maria.', postal_address: null, email: 'openrecords@example.gov' });
    const patch = sent.filter((s) => s.method === 'PATCH').at(-1)!;
    expect(patch.headers['content-type']).toBe('application/merge-patch+json');

    const read = await client.foia.agencies.get(own.id);
    expect(read).toMatchObject({ ...changed, statistics: { requests: 0, median_days_to_first_response: null, share_overdue: null } });
    expect((await client.foia.agencies.list({ jurisdiction: 'texas' })).data.map((a) => a.id)).toContain(own.id);

    await expect(stranger.foia.agencies.get(own.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(stranger.foia.agencies.delete(own.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await stranger.foia.agencies.list({ jurisdiction: 'texas' })).data.map((a) => a.id)).not.toContain(own.id);

    await client.foia.agencies.delete(own.id);
    await expect(client.foia.agencies.get(own.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses to change or delete a directory entry', async () => {
    const shared = ids['Invented City Clerk']!;
    expect((await client.foia.agencies.get(shared)).statistics).toMatchObject({ requests: 0 });
    await expect(client.foia.agencies.update(shared, { email: 'me@example.org' })).rejects.toBeInstanceOf(ConflictError);
    await expect(client.foia.agencies.delete(shared)).rejects.toBeInstanceOf(ConflictError);
  });
});
