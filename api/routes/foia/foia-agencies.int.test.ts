import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFoiaLaw } from '../../../core/foia/testing/seed-foia-law.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { createRequest, FOIA_SCOPES, patchRequest } from './testing/foia-api-helpers.js';

/**
 * The agency directory on the real API and Postgres: the shared entries (inserted as
 * ingestion writes them, by the table's owner), users' own entries, requests that name an
 * entry, and the statistics, which aggregate every user's requests and show none of them.
 */
let t: TestApi;
const tokens: Record<string, string> = {};
const dir: Record<string, string> = {};

const DIRECTORY = [
  { key: 'caOffice', jurisdiction: 'california', name: 'Invented City Clerk', kind: 'records', email: 'clerk@example.gov', portal_url: 'https://clerk.example.gov/records', postal_address: '1 Test Plaza, Sacramento, CA 95814' },
  { key: 'caBoard', jurisdiction: 'california', name: 'Invented Records Board', kind: 'oversight', email: null, portal_url: null, postal_address: null },
  { key: 'txOffice', jurisdiction: 'texas', name: 'Invented County Records Office', kind: 'records', email: 'pir@example.gov', portal_url: null, postal_address: '2 Test Street, Austin, TX 78701' },
  { key: 'txAg', jurisdiction: 'texas', name: 'Invented Attorney General', kind: 'oversight', email: null, portal_url: null, postal_address: null },
];

const json = async (res: Response) => ({ status: res.status, body: await res.json() });
const get = async (who: string, path: string) => json(await t.request(path, { token: tokens[who]! }));
const post = async (who: string, path: string, body: unknown) => json(await t.request(path, { method: 'POST', token: tokens[who]!, json: body }));
const patch = async (who: string, path: string, body: unknown) =>
  json(await t.request(path, { method: 'PATCH', token: tokens[who]!, headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify(body) }));
const del = (who: string, path: string) => t.request(path, { method: 'DELETE', token: tokens[who]! });

beforeAll(async () => {
  t = await startTestApi();
  await seedFoiaLaw(t.database.db);
  for (const row of DIRECTORY) {
    const { key, ...values } = row;
    const [inserted] = await t.database.db('foia_agencies').insert({ ...values, source: 'corpus', source_ref: 'test-fixture' }).returning('id');
    dir[key] = inserted.id;
  }
  for (const who of ['alice', 'bob', 'carol', 'dave']) tokens[who] = await t.token({ sub: who, scope: FOIA_SCOPES });
  tokens['reader'] = await t.token({ sub: 'alice', scope: 'read:foia' });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/foia/agencies', () => {
  it('lists the directory by name, filtered by jurisdiction (any spelling), kind and name', async () => {
    const all = await get('alice', '/api/foia/agencies');
    expect(all.status).toBe(200);
    expect(all.body.data.map((a: { name: string }) => a.name)).toEqual(['Invented Attorney General', 'Invented City Clerk', 'Invented County Records Office', 'Invented Records Board']);
    expect(all.body.total).toBe(4);
    const tx = await get('alice', '/api/foia/agencies?jurisdiction=TX');
    expect(tx.body.data.map((a: { id: string }) => a.id)).toEqual([dir['txAg'], dir['txOffice']]);
    const oversight = await get('alice', '/api/foia/agencies?jurisdiction=California&kind=oversight');
    expect(oversight.body.data.map((a: { id: string }) => a.id)).toEqual([dir['caBoard']]);
    const q = await get('alice', '/api/foia/agencies?q=clerk');
    expect(q.body).toMatchObject({ total: 1, data: [{ id: dir['caOffice'], source: 'corpus', email: 'clerk@example.gov', records_officer_title: null }] });
    // LIKE wildcards in the search are characters.
    expect((await get('alice', '/api/foia/agencies?q=%25')).body.total).toBe(0);
  });

  it('pages with a cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await get('alice', `/api/foia/agencies?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.body.total).toBe(4);
      seen.push(...page.body.data.map((a: { name: string }) => a.name));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
  });

  it('answers bad input with a 400 in the error envelope', async () => {
    for (const path of ['/api/foia/agencies?jurisdiction=Atlantis', '/api/foia/agencies?cursor=nonsense', '/api/foia/agencies?kind=court', '/api/foia/agencies?limit=0', '/api/foia/agencies/not-a-uuid']) {
      const res = await get('alice', path);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await get('alice', '/api/foia/agencies/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('users’ own entries', () => {
  let aliceEntry: { id: string };

  it('adapts a directory entry with based_on: what the body leaves out is copied', async () => {
    const res = await post('alice', '/api/foia/agencies', { based_on: dir['caOffice'], email: 'deputy.clerk@example.gov', records_officer_title: 'Public Records Coordinator' });
    expect(res.status).toBe(201);
    aliceEntry = res.body;
    expect(res.body).toMatchObject({
      jurisdiction: 'california', name: 'Invented City Clerk', email: 'deputy.clerk@example.gov', portal_url: 'https://clerk.example.gov/records',
      postal_address: '1 Test Plaza, Sacramento, CA 95814', records_officer_title: 'Public Records Coordinator', records_officer_citation: null,
      based_on: dir['caOffice'], source: 'user', source_ref: null,
    });
    expect((await get('alice', '/api/foia/agencies?jurisdiction=california')).body.total).toBe(3);
  });

  it('refuses a new entry without a name and jurisdiction, or based on what is not a directory entry', async () => {
    const missing = await post('alice', '/api/foia/agencies', { email: 'x@example.gov' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.metadata.issues.map((i: { path: string }) => i.path).sort()).toEqual(['body.jurisdiction', 'body.name']);
    expect((await post('alice', '/api/foia/agencies', { based_on: aliceEntry.id })).status).toBe(400);
    expect((await post('alice', '/api/foia/agencies', { based_on: dir['caOffice'], jurisdiction: 'texas' })).status).toBe(400);
    expect((await post('alice', '/api/foia/agencies', { name: 'X', jurisdiction: 'texas', portal_url: 'ftp://example.gov' })).status).toBe(400);
    expect((await post('reader', '/api/foia/agencies', { name: 'X', jurisdiction: 'texas' })).status).toBe(403);
  });

  it('are invisible and untouchable to other users', async () => {
    expect((await get('bob', '/api/foia/agencies?jurisdiction=california')).body.total).toBe(2);
    expect((await get('bob', `/api/foia/agencies/${aliceEntry.id}`)).status).toBe(404);
    expect((await patch('bob', `/api/foia/agencies/${aliceEntry.id}`, { name: 'Hijacked' })).status).toBe(404);
    expect((await del('bob', `/api/foia/agencies/${aliceEntry.id}`)).status).toBe(404);
    expect((await post('bob', '/api/foia/agencies', { based_on: aliceEntry.id })).status).toBe(400);
    expect((await get('alice', `/api/foia/agencies/${aliceEntry.id}`)).body.name).toBe('Invented City Clerk');
  });

  it('are changed by their owner; a changed officer title loses the law’s citation', async () => {
    const res = await patch('alice', `/api/foia/agencies/${aliceEntry.id}`, { notes: 'Ask for Dana.', phone: '(916) 555-0100', postal_address: null });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ notes: 'Ask for Dana.', phone: '(916) 555-0100', postal_address: null, email: 'deputy.clerk@example.gov' });
    // An entry carrying the law's citation (as an adapted directory entry does) loses it with a new title.
    await t.database.db('foia_agencies').where({ id: aliceEntry.id }).update({ records_officer_title: 'custodian', records_officer_citation: 'Invented § 1' });
    expect((await patch('alice', `/api/foia/agencies/${aliceEntry.id}`, { notes: 'Still Dana.' })).body.records_officer_citation).toBe('Invented § 1');
    const retitled = await patch('alice', `/api/foia/agencies/${aliceEntry.id}`, { records_officer_title: 'Records Coordinator' });
    expect(retitled.body).toMatchObject({ records_officer_title: 'Records Coordinator', records_officer_citation: null });
    expect((await patch('alice', `/api/foia/agencies/${aliceEntry.id}`, {})).status).toBe(400);
    expect((await patch('alice', `/api/foia/agencies/${aliceEntry.id}`, { phone: 'call me' })).status).toBe(400);
  });

  it('refuses to change or delete a directory entry, pointing to based_on', async () => {
    const res = await patch('alice', `/api/foia/agencies/${dir['caOffice']}`, { email: 'mine@example.gov' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'CONFLICT', metadata: { based_on: dir['caOffice'] } });
    expect(res.body.error.message).toMatch(/POST \/api\/foia\/agencies.*based_on/);
    const gone = await del('alice', `/api/foia/agencies/${dir['caOffice']}`);
    expect(gone.status).toBe(409);
    expect((await get('alice', `/api/foia/agencies/${dir['caOffice']}`)).body.email).toBe('clerk@example.gov');
  });

  it('are deleted by their owner', async () => {
    const own = await post('alice', '/api/foia/agencies', { name: 'Scratch entry', jurisdiction: 'WA' });
    expect(own.body.jurisdiction).toBe('washington');
    expect((await del('alice', `/api/foia/agencies/${own.body.id}`)).status).toBe(204);
    expect((await get('alice', `/api/foia/agencies/${own.body.id}`)).status).toBe(404);
  });
});

describe('requests that name a directory entry', () => {
  it('take the entry’s contact details where they leave them empty', async () => {
    const r = await createRequest(t, tokens['alice']!, { jurisdiction: 'texas', agency: { name: 'County records', directory_id: dir['txOffice'], email: 'own@example.gov' } });
    expect(r.agency).toEqual({ name: 'County records', email: 'own@example.gov', portal_url: null, address: '2 Test Street, Austin, TX 78701', directory_id: dir['txOffice'] });
    const plain = await createRequest(t, tokens['alice']!, { jurisdiction: 'california', agency: { name: 'Clerk' } });
    const res = await patchRequest(t, tokens['alice']!, plain.id, { agency: { directory_id: dir['caOffice'] } });
    expect(res.status).toBe(200);
    expect((await res.json()).agency).toEqual({ name: 'Clerk', email: 'clerk@example.gov', portal_url: 'https://clerk.example.gov/records', address: '1 Test Plaza, Sacramento, CA 95814', directory_id: dir['caOffice'] });
  });

  it('refuse an entry of another jurisdiction, another user’s, or none', async () => {
    const bobs = await post('bob', '/api/foia/agencies', { name: 'Bob’s clerk', jurisdiction: 'california' });
    for (const directoryId of [dir['txOffice'], bobs.body.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await t.request('/api/foia/requests', {
        method: 'POST', token: tokens['alice']!,
        json: { jurisdiction: 'california', agency: { name: 'Clerk', directory_id: directoryId }, subject: 'S', description: 'D' },
      });
      expect(res.status, directoryId).toBe(400);
      expect((await res.json()).error.metadata.issues[0].path).toBe('body.agency.directory_id');
    }
    // A draft moved to another jurisdiction keeps an entry of the old one only by naming a new one.
    const draft = await createRequest(t, tokens['alice']!, { jurisdiction: 'california', agency: { name: 'Clerk', directory_id: dir['caOffice'] } });
    expect((await patchRequest(t, tokens['alice']!, draft.id, { jurisdiction: 'texas' })).status).toBe(400);
    expect((await patchRequest(t, tokens['alice']!, draft.id, { jurisdiction: 'texas', agency: { directory_id: dir['txOffice'] } })).status).toBe(200);
  });

  it('are addressed to the entry’s records officer only where the law names none', async () => {
    const own = await post('alice', '/api/foia/agencies', { based_on: dir['caOffice'], records_officer_title: 'Public Records Coordinator' });
    const ca = await createRequest(t, tokens['alice']!, { jurisdiction: 'california', agency: { name: 'Clerk', directory_id: own.body.id } });
    const caLetter = await (await t.request(`/api/foia/requests/${ca.id}/letter`, { token: tokens['alice']! })).text();
    expect(caLetter).toContain('Dear Public Records Coordinator:');
    const txOwn = await post('alice', '/api/foia/agencies', { based_on: dir['txOffice'], records_officer_title: 'Public Records Coordinator' });
    const tx = await createRequest(t, tokens['alice']!, { jurisdiction: 'texas', agency: { name: 'County', directory_id: txOwn.body.id } });
    const txLetter = await (await t.request(`/api/foia/requests/${tx.id}/letter`, { token: tokens['alice']! })).text();
    expect(txLetter).toContain('Dear Officer for Public Information:');
    expect(txLetter).not.toContain('Public Records Coordinator');
  });
});
