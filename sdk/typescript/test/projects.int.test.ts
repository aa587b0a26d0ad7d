/**
 * Research projects through the SDK against the real API: a project created, listed (every
 * page), renamed and deleted; items of the owner's own records and a saved search, re-run;
 * members added, changed and removed; and the refusals (a viewer's write, a stranger's read,
 * another user's record as an item).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLawDatabase } from '../../../test/support/seed-law-database.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { collect, NotFoundError, SunlightError, type SunlightClient } from '../src/index.js';
import { expectValidationIssue, pathsOf, sdkAs, type Sent } from './harness.js';

const SCOPES = 'read:projects write:projects read:foia write:foia read:transparency';

let t: TestApi;
let owner: SunlightClient;
let sent: Sent[];
let viewer: SunlightClient;
let stranger: SunlightClient;

beforeAll(async () => {
  t = await startTestApi();
  await seedLawDatabase(t.database.db);
  ({ client: owner, sent } = await sdkAs(t, 'sdk-projects', SCOPES));
  viewer = (await sdkAs(t, 'sdk-projects-viewer', SCOPES)).client;
  stranger = (await sdkAs(t, 'sdk-projects-stranger', SCOPES)).client;
});
afterAll(async () => {
  await t?.close();
});

describe('projects', () => {
  it('creates, lists every page, renames and deletes', async () => {
    const made = [];
    for (const name of ['One', 'Two', 'Three']) made.push(await owner.projects.create({ name }));
    expect(made[0]).toMatchObject({ name: 'One', role: 'owner', owner: 'sdk-projects', item_count: 0 });
    const before = sent.length;
    const all = await collect(owner.projects.listAll({ limit: 2 }));
    expect(all.map((p) => p.name)).toEqual(['Three', 'Two', 'One']);
    expect(pathsOf(t, sent.slice(before)).length).toBe(2);
    expect((await owner.projects.update(made[1]!.id, { name: 'Second', description: 'about two' })).name).toBe('Second');
    expect((await owner.projects.update(made[1]!.id, { description: null })).description).toBeNull();
    await owner.projects.delete(made[2]!.id);
    await expect(owner.projects.get(made[2]!.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(stranger.projects.get(made[0]!.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('adds items, re-runs a saved search, and shares the project with a viewer who can read but not write', async () => {
    const project = await owner.projects.create({ name: 'Shared' });
    const request = await owner.foia.create({ jurisdiction: 'texas', agency: { name: 'Records Office' }, subject: 'Jail logs', description: 'Logs.' });
    const item = await owner.projects.items.add(project.id, { kind: 'foia_request', ref: request.id });
    expect(item).toMatchObject({ kind: 'foia_request', label: 'Jail logs — Records Office', added_by: 'sdk-projects' });
    const search = await owner.projects.items.add(project.id, { kind: 'saved_search', ref: { query: 'public information', filters: { jurisdictions: ['texas'] } } });
    const run = await owner.projects.items.run(project.id, search.id, { limit: 2, mode: 'keyword' });
    expect(run.interpreted).toMatchObject({ mode: 'keyword', jurisdictions: ['texas'] });
    expect(run.data.length).toBeGreaterThan(0);
    expect(run.data.every((h) => h.jurisdiction === 'texas')).toBe(true);

    const theirs = await stranger.foia.create({ jurisdiction: 'texas', agency: { name: 'X' }, subject: 'Not yours', description: 'x' });
    await expectValidationIssue(owner.projects.items.add(project.id, { kind: 'foia_request', ref: theirs.id }), 'body.ref');

    expect(await owner.projects.members.put(project.id, 'sdk-projects-viewer', 'viewer')).toMatchObject({ sub: 'sdk-projects-viewer', role: 'viewer' });
    expect((await collect(viewer.projects.items.listAll(project.id, { limit: 1 }))).map((i) => i.kind)).toEqual(['saved_search', 'foia_request']);
    expect((await viewer.projects.items.get(project.id, item.id)).label).toBe('Jail logs — Records Office');
    expect((await viewer.projects.items.run(project.id, search.id, { mode: 'keyword' })).total).toBe(run.total);
    const refused = await viewer.projects.items.add(project.id, { kind: 'saved_search', ref: { query: 'fees' } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SunlightError);
    expect(refused).toMatchObject({ status: 403, code: 'PROJECT_FORBIDDEN' });
    await expect(viewer.projects.members.put(project.id, 'sdk-projects-stranger', 'editor')).rejects.toMatchObject({ status: 403 });
    expect((await collect(viewer.projects.members.listAll(project.id))).map((m) => `${m.sub}:${m.role}`)).toEqual(['sdk-projects:owner', 'sdk-projects-viewer:viewer']);
    expect((await viewer.projects.list({ role: 'member' })).data.map((p) => p.id)).toEqual([project.id]);

    await owner.projects.members.put(project.id, 'sdk-projects-viewer', 'editor');
    const added = await viewer.projects.items.add(project.id, { kind: 'saved_search', ref: { query: 'fees' } });
    await viewer.projects.items.remove(project.id, added.id);
    await owner.projects.members.remove(project.id, 'sdk-projects-viewer');
    await expect(viewer.projects.items.list(project.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await owner.projects.members.list(project.id)).total).toBe(1);
  });
});
