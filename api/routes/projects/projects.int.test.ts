import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJson, startSeededApi, type SeededApi } from '../../../test/support/seeded-api.js';
import type { TestApi } from '../../../test/support/test-api.js';

/** Projects over the real API: alice owns, ed edits, vera views, mallory is a stranger. */
const SCOPES = 'read:projects write:projects';
let seeded: SeededApi;
let t: TestApi;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  seeded = await startSeededApi({ ownVectorIndex: true });
  t = seeded.t;
  for (const user of ['alice', 'ed', 'vera', 'mallory']) tokens[user] = await t.token({ sub: user, scope: `${SCOPES} read:foia write:foia read:storage write:storage` });
});
afterAll(async () => {
  await seeded?.close();
});

const call = (user: string, path: string, init: Parameters<TestApi['request']>[1] = {}) => requestJson(t, path, { token: tokens[user], ...init });
const send = async (user: string, method: string, path: string, json?: unknown) => {
  const res = await t.request(path, { method, token: tokens[user], ...(json === undefined ? {} : { json }) });
  return { status: res.status, body: res.status === 204 ? undefined : await res.json() };
};
const patch = async (user: string, id: string, body: unknown) => {
  const res = await t.request(`/api/projects/${id}`, { method: 'PATCH', token: tokens[user], headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
};

async function createProject(user = 'alice', name = 'Body cameras'): Promise<string> {
  const { status, body } = await send(user, 'POST', '/api/projects', { name });
  expect(status).toBe(201);
  return body.id as string;
}

/** A project of alice's with ed as editor and vera as viewer. */
async function sharedProject(name = 'Shared'): Promise<string> {
  const id = await createProject('alice', name);
  expect((await send('alice', 'PUT', `/api/projects/${id}/members/ed`, { role: 'editor' })).status).toBe(201);
  expect((await send('alice', 'PUT', `/api/projects/${id}/members/vera`, { role: 'viewer' })).status).toBe(201);
  return id;
}

const savedSearch = (query = 'records', filters?: unknown) => ({ kind: 'saved_search', ref: { query, ...(filters ? { filters } : {}) } });

describe('projects: create, list, get, update, delete', () => {
  it('creates a project with a Location, and shows it to its owner only', async () => {
    const res = await t.request('/api/projects', { method: 'POST', token: tokens['alice'], json: { name: '  Jail deaths ', description: 'Spring series' } });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(res.headers.get('location')).toBe(`/api/projects/${body.id}`);
    expect(body).toMatchObject({ name: 'Jail deaths', description: 'Spring series', owner: 'alice', role: 'owner', item_count: 0, member_count: 0, links: { items: `/api/projects/${body.id}/items` } });
    expect((await call('alice', `/api/projects/${body.id}`)).body).toEqual(body);
    const other = await call('mallory', `/api/projects/${body.id}`);
    expect(other).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
  });

  it('answers 400 with every problem for a bad body, id or query', async () => {
    const bad = await send('alice', 'POST', '/api/projects', { name: ' ', description: 'x'.repeat(4001), owner: 'bob' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.metadata.issues.map((i: { path: string }) => i.path).sort()).toEqual(['body', 'body.description', 'body.name']);
    expect((await call('alice', '/api/projects/not-a-uuid')).status).toBe(400);
    expect((await call('alice', '/api/projects?limit=0&role=admin')).status).toBe(400);
    expect((await call('alice', '/api/projects?cursor=bogus')).body.error.code).toBe('VALIDATION_ERROR');
    expect((await patch('alice', await createProject(), {})).status).toBe(400);
  });

  it('lists owned and shared projects with the list envelope, cursors and the role filter', async () => {
    const mine = await createProject('ed', 'Ed one');
    await createProject('ed', 'Ed two');
    const shared = await sharedProject('Shared with ed');
    const first = await call('ed', '/api/projects?limit=2');
    expect(first.body).toMatchObject({ total: 3 });
    expect(first.body.data.map((p: { name: string }) => p.name)).toEqual(['Shared with ed', 'Ed two']);
    const second = await call('ed', `/api/projects?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body).toMatchObject({ total: 3, next_cursor: null, data: [{ id: mine, role: 'owner' }] });
    const member = await call('ed', '/api/projects?role=member');
    expect(member.body).toMatchObject({ total: 1, data: [{ id: shared, role: 'editor', owner: 'alice', member_count: 2 }] });
    expect((await call('ed', '/api/projects?role=owner')).body.total).toBe(2);
  });

  it('lets only the owner rename, clear the description and delete', async () => {
    const id = await sharedProject('Renamable');
    for (const user of ['ed', 'vera']) {
      expect(await patch(user, id, { name: 'Taken over' })).toMatchObject({ status: 403, body: { error: { code: 'PROJECT_FORBIDDEN', metadata: { role: user === 'ed' ? 'editor' : 'viewer' } } } });
      expect((await send(user, 'DELETE', `/api/projects/${id}`)).status).toBe(403);
    }
    expect((await patch('mallory', id, { name: 'Taken over' })).status).toBe(404);
    expect((await send('mallory', 'DELETE', `/api/projects/${id}`)).status).toBe(404);
    expect((await patch('alice', id, { description: 'About cameras' })).body).toMatchObject({ name: 'Renamable', description: 'About cameras' });
    expect((await patch('alice', id, { name: 'Renamed', description: null })).body).toMatchObject({ name: 'Renamed', description: null });
    expect((await send('alice', 'DELETE', `/api/projects/${id}`)).status).toBe(204);
    for (const user of ['alice', 'ed']) expect((await call(user, `/api/projects/${id}`)).status).toBe(404);
  });

  it('needs the scopes', async () => {
    const reader = await t.token({ sub: 'alice', scope: 'read:projects' });
    const res = await t.request('/api/projects', { method: 'POST', token: reader, json: { name: 'x' } });
    expect(res.status).toBe(403);
    expect((await res.json()).error.metadata.required_scope).toBe('write:projects');
    const none = await t.token({ sub: 'alice', scope: 'read:foia' });
    expect((await t.request('/api/projects', { token: none })).status).toBe(403);
  });
});

describe('items', () => {
  it('adds each kind of the caller’s own records, capturing its title, and lists them newest first', async () => {
    const id = await createProject();
    const foia = await send('alice', 'POST', '/api/foia/requests', { jurisdiction: 'texas', agency: { name: 'Austin Police Department' }, subject: 'Body camera policy', description: 'The current policy.' });
    const conversation = await t.container.db.transaction(async (trx) => {
      await trx.raw(`SELECT set_config('role', 'sunlight_app', true), set_config('app.user_id', 'alice', true)`);
      return (await trx('chat_conversations').insert({ user_id: 'alice', title: 'Are recordings public?' }).returning('id'))[0].id as string;
    });
    const compilation = await t.container.db.transaction(async (trx) => {
      await trx.raw(`SELECT set_config('role', 'sunlight_app', true), set_config('app.user_id', 'alice', true)`);
      const request = { title: 'Packet', formats: ['pdf'], parts: [{ kind: 'jurisdiction_profile', jurisdiction: 'texas' }] };
      return (await trx('document_compilations').insert({ user_id: 'alice', title: 'Texas packet', request: JSON.stringify(request), request_hash: 'h', progress: JSON.stringify({ done: 0, total: 1, step: 'queued' }) }).returning('id'))[0].id as string;
    });
    const collection = await t.container.db.transaction(async (trx) => {
      await trx.raw(`SELECT set_config('role', 'sunlight_app', true), set_config('app.user_id', 'alice', true)`);
      return (await trx('vector_collections').insert({ user_id: 'alice', name: 'Released emails', embedding: 'vectors', model_id: 'own', dimension: 3 }).returning('id'))[0].id as string;
    });
    const put = await t.request(`/api/storage/objects/${encodeURIComponent('letters/reply.txt')}`, { method: 'PUT', token: tokens['alice'], body: 'reply', headers: { 'content-type': 'text/plain' } });
    expect(put.status).toBe(201);

    const added = [];
    for (const body of [
      { kind: 'foia_request', ref: foia.body.id },
      { kind: 'conversation', ref: conversation },
      { kind: 'compilation', ref: compilation },
      { kind: 'stored_object', ref: 'letters/reply.txt' },
      { kind: 'collection', ref: collection },
      savedSearch('body camera', { jurisdictions: ['texas'] }),
    ]) {
      const res = await t.request(`/api/projects/${id}/items`, { method: 'POST', token: tokens['alice'], json: body });
      expect(res.status, JSON.stringify(body)).toBe(201);
      const item = await res.json();
      expect(res.headers.get('location')).toBe(item.links.self);
      added.push(item);
    }
    expect(added.map((i) => i.label)).toEqual(['Body camera policy — Austin Police Department', 'Are recordings public?', 'Texas packet', 'letters/reply.txt', 'Released emails', 'body camera']);
    expect(added.map((i) => i.links.item)).toEqual([`/api/foia/requests/${foia.body.id}`, `/api/chat/conversations/${conversation}`, `/api/documents/compile/${compilation}`, '/api/storage/objects/letters%2Freply.txt', `/api/vectors/collections/${collection}`, null]);
    expect(added[5]).toMatchObject({ ref: { query: 'body camera', filters: { jurisdictions: ['texas'] } }, added_by: 'alice', links: { run: `${added[5].links.self}/run` } });

    const page = await call('alice', `/api/projects/${id}/items?limit=3`);
    expect(page.body.total).toBe(6);
    expect(page.body.data.map((i: { kind: string }) => i.kind)).toEqual(['saved_search', 'collection', 'stored_object']);
    const rest = await call('alice', `/api/projects/${id}/items?limit=3&cursor=${page.body.next_cursor}`);
    expect(rest.body).toMatchObject({ next_cursor: null, data: [{ kind: 'compilation' }, { kind: 'conversation' }, { kind: 'foia_request' }] });
    expect((await call('alice', `/api/projects/${id}/items?kind=stored_object`)).body).toMatchObject({ total: 1, data: [{ ref: 'letters/reply.txt' }] });
    expect((await call('alice', `/api/projects/${id}`)).body.item_count).toBe(6);
    expect((await send('alice', 'POST', `/api/projects/${id}/items`, { kind: 'foia_request', ref: foia.body.id })).body.error.code).toBe('CONFLICT');
  });

  it("refuses another user's ref and unknown refs alike, with a 400 on body.ref", async () => {
    const id = await createProject();
    const bobs = await send('mallory', 'POST', '/api/foia/requests', { jurisdiction: 'texas', agency: { name: 'Agency' }, subject: 'Mine', description: 'Mine.' });
    await t.request(`/api/storage/objects/secret.txt`, { method: 'PUT', token: tokens['mallory'], body: 'x', headers: { 'content-type': 'text/plain' } });
    for (const body of [
      { kind: 'foia_request', ref: bobs.body.id },
      { kind: 'foia_request', ref: '00000000-0000-4000-8000-000000000000' },
      { kind: 'conversation', ref: '00000000-0000-4000-8000-000000000000' },
      { kind: 'compilation', ref: '00000000-0000-4000-8000-000000000000' },
      { kind: 'collection', ref: '00000000-0000-4000-8000-000000000000' },
      { kind: 'stored_object', ref: 'secret.txt' },
    ]) {
      const res = await send('alice', 'POST', `/api/projects/${id}/items`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.metadata.issues).toEqual([{ path: 'body.ref', message: expect.stringMatching(/^No \w+ of yours has this (id|key)$/) }]);
    }
    const malformed = [
      { kind: 'foia_request', ref: 'nope' },
      { kind: 'stored_object', ref: '../etc/passwd' },
      { kind: 'collection', ref: 'x' },
      { kind: 'saved_search', ref: { query: '' } },
      { kind: 'saved_search', ref: { query: 'fees', filter: {} } },
      { kind: 'saved_search', ref: 'fees' },
    ];
    for (const body of malformed) expect((await send('alice', 'POST', `/api/projects/${id}/items`, body)).status, JSON.stringify(body)).toBe(400);
    const unknown = await send('alice', 'POST', `/api/projects/${id}/items`, savedSearch('fees', { jurisdictions: ['atlantis'] }));
    expect(unknown.body.error.metadata.issues[0].path).toBe('body.ref.filters.jurisdictions');
    expect((await call('alice', `/api/projects/${id}/items`)).body.total).toBe(0);
  });

  it('lets editors add and remove, viewers only read, strangers nothing', async () => {
    const id = await sharedProject();
    const byEd = await send('ed', 'POST', `/api/projects/${id}/items`, savedSearch('fees'));
    expect(byEd).toMatchObject({ status: 201, body: { added_by: 'ed' } });
    expect((await send('vera', 'POST', `/api/projects/${id}/items`, savedSearch('privacy'))).body.error).toMatchObject({ code: 'PROJECT_FORBIDDEN', status: 403 });
    expect((await send('vera', 'DELETE', `/api/projects/${id}/items/${byEd.body.id}`)).status).toBe(403);
    expect((await send('mallory', 'POST', `/api/projects/${id}/items`, savedSearch('privacy'))).status).toBe(404);
    expect((await send('mallory', 'DELETE', `/api/projects/${id}/items/${byEd.body.id}`)).status).toBe(404);
    expect((await call('mallory', `/api/projects/${id}/items`)).status).toBe(404);
    expect((await call('vera', `/api/projects/${id}/items/${byEd.body.id}`)).body).toMatchObject({ kind: 'saved_search', label: 'fees' });
    const byAlice = await send('alice', 'POST', `/api/projects/${id}/items`, savedSearch('privacy'));
    expect((await send('ed', 'DELETE', `/api/projects/${id}/items/${byAlice.body.id}`)).status).toBe(204);
    expect((await send('alice', 'DELETE', `/api/projects/${id}/items/${byEd.body.id}`)).status).toBe(204);
    expect((await send('alice', 'DELETE', `/api/projects/${id}/items/${byEd.body.id}`)).status).toBe(404);
    expect((await call('vera', `/api/projects/${id}/items`)).body).toEqual({ data: [], total: 0, next_cursor: null });
  });

  it('shows members the label of an item they cannot open through its own API', async () => {
    const id = await sharedProject();
    const foia = await send('alice', 'POST', '/api/foia/requests', { jurisdiction: 'texas', agency: { name: 'City' }, subject: 'Alice only', description: 'Records.' });
    await send('alice', 'POST', `/api/projects/${id}/items`, { kind: 'foia_request', ref: foia.body.id });
    const seen = await call('vera', `/api/projects/${id}/items`);
    expect(seen.body.data[0]).toMatchObject({ label: 'Alice only — City', links: { item: `/api/foia/requests/${foia.body.id}` } });
    expect((await call('vera', seen.body.data[0].links.item)).status).toBe(404);
  });

  it('re-runs a saved search as POST /api/v1/search answers it, for any member, with paging', async () => {
    const id = await sharedProject();
    const item = await send('ed', 'POST', `/api/projects/${id}/items`, { ...savedSearch('records'), label: 'All about records' });
    expect(item.body.label).toBe('All about records');
    const run = await send('vera', 'POST', `/api/projects/${id}/items/${item.body.id}/run`, { limit: 1, mode: 'keyword' });
    expect(run.status).toBe(200);
    const direct = await requestJson(t, '/api/v1/search', { method: 'POST', token: seeded.token, json: { query: 'records', limit: 1, mode: 'keyword' } });
    expect(run.body.data.map((h: { id: string }) => h.id)).toEqual(direct.body.data.map((h: { id: string }) => h.id));
    expect(run.body.total).toBe(direct.body.total);
    expect(run.body.total).toBeGreaterThan(1);
    const next = await send('vera', 'POST', `/api/projects/${id}/items/${item.body.id}/run`, { limit: 1, mode: 'keyword', cursor: run.body.next_cursor });
    expect(next.body.data[0].id).not.toBe(run.body.data[0].id);
    const empty = await t.request(`/api/projects/${id}/items/${item.body.id}/run`, { method: 'POST', token: tokens['vera'] });
    expect(empty.status).toBe(200);
    expect((await send('mallory', 'POST', `/api/projects/${id}/items/${item.body.id}/run`, {})).status).toBe(404);
    expect((await send('vera', 'POST', `/api/projects/${id}/items/${item.body.id}/run`, { limit: 500 })).status).toBe(400);
    const put = await t.request('/api/storage/objects/note.txt', { method: 'PUT', token: tokens['alice'], body: 'x', headers: { 'content-type': 'text/plain' } });
    expect(put.status).toBe(201);
    const object = await send('alice', 'POST', `/api/projects/${id}/items`, { kind: 'stored_object', ref: 'note.txt' });
    expect((await send('alice', 'POST', `/api/projects/${id}/items/${object.body.id}/run`, {})).body.error.code).toBe('NOT_A_SAVED_SEARCH');
  });
});

describe('members', () => {
  it('lists the owner first, then members; every member sees the list', async () => {
    const id = await sharedProject();
    const list = await call('vera', `/api/projects/${id}/members`);
    expect(list.body).toMatchObject({ total: 3, next_cursor: null });
    expect(list.body.data.map((m: { sub: string; role: string }) => `${m.sub}:${m.role}`)).toEqual(['alice:owner', 'ed:editor', 'vera:viewer']);
    const first = await call('alice', `/api/projects/${id}/members?limit=2`);
    expect(first.body.data.map((m: { sub: string }) => m.sub)).toEqual(['alice', 'ed']);
    const second = await call('alice', `/api/projects/${id}/members?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body).toMatchObject({ data: [{ sub: 'vera', added_by: 'alice' }], next_cursor: null });
    expect((await call('mallory', `/api/projects/${id}/members`)).status).toBe(404);
  });

  it('changes a role (200) and the change takes effect at once', async () => {
    const id = await sharedProject();
    expect((await send('vera', 'POST', `/api/projects/${id}/items`, savedSearch('fees'))).status).toBe(403);
    const changed = await send('alice', 'PUT', `/api/projects/${id}/members/vera`, { role: 'editor' });
    expect(changed).toMatchObject({ status: 200, body: { sub: 'vera', role: 'editor' } });
    expect((await send('vera', 'POST', `/api/projects/${id}/items`, savedSearch('fees'))).status).toBe(201);
    expect((await call('vera', `/api/projects/${id}`)).body.role).toBe('editor');
  });

  it('lets only the owner change membership; the owner cannot join their own project', async () => {
    const id = await sharedProject();
    expect((await send('ed', 'PUT', `/api/projects/${id}/members/mallory`, { role: 'editor' })).status).toBe(403);
    expect((await send('ed', 'DELETE', `/api/projects/${id}/members/vera`)).status).toBe(403);
    expect((await send('vera', 'PUT', `/api/projects/${id}/members/vera`, { role: 'editor' })).status).toBe(403);
    expect((await send('mallory', 'PUT', `/api/projects/${id}/members/mallory`, { role: 'editor' })).status).toBe(404);
    expect((await send('alice', 'PUT', `/api/projects/${id}/members/alice`, { role: 'editor' })).body.error.metadata.issues[0].path).toBe('params.sub');
    expect((await send('alice', 'PUT', `/api/projects/${id}/members/mallory`, { role: 'owner' })).status).toBe(400);
    expect((await send('alice', 'DELETE', `/api/projects/${id}/members/nobody`)).status).toBe(404);
  });

  it('removing a member removes their access at once; a member may leave', async () => {
    const id = await sharedProject();
    expect((await call('vera', `/api/projects/${id}/items`)).status).toBe(200);
    expect((await send('alice', 'DELETE', `/api/projects/${id}/members/vera`)).status).toBe(204);
    for (const path of [`/api/projects/${id}`, `/api/projects/${id}/items`, `/api/projects/${id}/members`]) expect((await call('vera', path)).status, path).toBe(404);
    expect((await call('vera', '/api/projects?role=member')).body.data.map((p: { id: string }) => p.id)).not.toContain(id);
    expect((await send('ed', 'DELETE', `/api/projects/${id}/members/ed`)).status).toBe(204);
    expect((await call('ed', `/api/projects/${id}`)).status).toBe(404);
    expect((await call('alice', `/api/projects/${id}`)).body.member_count).toBe(0);
  });
});
