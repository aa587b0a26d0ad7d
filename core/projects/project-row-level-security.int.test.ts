import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, rolledBack } from '../../test/support/rolled-back.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.js';
import type { Knex } from '../db/knex.js';
import { APP_ROLE } from '../db/user-transaction.js';
import { createPgProjectStore, type ProjectStore } from './project-store.js';

/**
 * The projects' row-level security, by raw SQL as `sunlight_app` under different
 * `app.user_id`s: alice owns the project, ed is an editor, vera a viewer, mallory a stranger.
 */
let database: TestDatabase;
let store: ProjectStore;
let project: string;
let item: string;
const TABLES = ['projects', 'project_members', 'project_items'];

/** Runs `fn` as the application role for `user`, rolled back afterwards. */
const as = <T>(user: string | null, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> =>
  rolledBack(database.db, async (trx) => {
    await trx.raw(`SET LOCAL ROLE ${APP_ROLE}`);
    if (user) await trx.raw(`SELECT set_config('app.user_id', ?, true)`, [user]);
    return fn(trx);
  });

/** Expects `fn` to be refused by row-level security, inside a savepoint so the transaction goes on. */
async function refused(trx: Knex.Transaction, fn: () => Promise<unknown>, pattern = /row-level security/): Promise<void> {
  await trx.raw('SAVEPOINT s');
  await expect(fn()).rejects.toThrow(pattern);
  await trx.raw('ROLLBACK TO SAVEPOINT s');
}

const counts = (trx: Knex.Transaction) => Promise.all(TABLES.map((t) => countRows(trx, t)));
const searchRef = (query: string) => JSON.stringify({ query });

beforeAll(async () => {
  database = await createTestDatabase();
  store = createPgProjectStore(database.db);
  // Written through the store as alice, the way the API writes.
  const created = await store.asUser('alice', async (tx) => {
    const p = await tx.create({ name: 'Body cameras', description: null });
    await tx.putMember(p.id, 'ed', 'editor');
    await tx.putMember(p.id, 'vera', 'viewer');
    const i = await tx.addItem(p.id, { kind: 'saved_search', ref: { query: 'body camera' }, label: 'body camera' });
    return { project: p.id, item: i.id };
  });
  project = created.project;
  item = created.item;
  // Another user's project, which none of alice's people may see.
  await store.asUser('zoe', (tx) => tx.create({ name: "Zoe's", description: null }));
});
afterAll(async () => {
  await database?.drop();
});

describe('the schema', () => {
  it('enables and forces row-level security on every project table', async () => {
    const rows = await database.db('pg_class').select('relname', 'relrowsecurity', 'relforcerowsecurity').whereIn('relname', TABLES).andWhere('relkind', 'r');
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r, r.relname).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
  });

  it('runs the policy functions as a NOLOGIN role that owns no table and may only read the columns they need', async () => {
    const fns = await database.db.raw(`
      SELECT p.proname, p.prosecdef, r.rolname AS owner, r.rolcanlogin, r.rolsuper, r.rolbypassrls
      FROM pg_proc p JOIN pg_roles r ON r.oid = p.proowner WHERE p.proname IN ('project_role', 'project_memberships') ORDER BY 1`);
    expect(fns.rows).toEqual([
      { proname: 'project_memberships', prosecdef: true, owner: 'sunlight_projects', rolcanlogin: false, rolsuper: false, rolbypassrls: false },
      { proname: 'project_role', prosecdef: true, owner: 'sunlight_projects', rolcanlogin: false, rolsuper: false, rolbypassrls: false },
    ]);
    const owners = await database.db('pg_tables').whereIn('tablename', TABLES).pluck('tableowner');
    for (const o of owners) expect([APP_ROLE, 'sunlight_projects']).not.toContain(o);
    await rolledBack(database.db, async (trx) => {
      await trx.raw('SET LOCAL ROLE sunlight_projects');
      await refused(trx, () => trx('projects').select('name'), /permission denied/);
      await refused(trx, () => trx('project_items').select('id'), /permission denied/);
      await refused(trx, () => trx('project_members').update({ role: 'editor' }), /permission denied/);
    });
  });
});

describe('raw SQL as the application role', () => {
  it('shows nothing without app.user_id, and nothing to a non-member', async () => {
    expect(await as(null, counts)).toEqual([0, 0, 0]);
    expect(await as('mallory', counts)).toEqual([0, 0, 0]);
    expect(await as('mallory', (trx) => trx.raw('SELECT project_role(?::uuid) AS r, project_memberships() AS m', [project]))).toMatchObject({ rows: [{ r: null, m: [] }] });
    // The superuser connection sees every row: the filter is the role's policies.
    expect(await rolledBack(database.db, counts)).toEqual([2, 2, 1]);
  });

  it('shows members the project, its members and its items, and not other projects', async () => {
    for (const user of ['alice', 'ed', 'vera']) {
      expect(await as(user, counts), user).toEqual([1, 2, 1]);
      expect(await as(user, (trx) => trx('projects').pluck('id')), user).toEqual([project]);
    }
    expect(await as('zoe', counts)).toEqual([1, 0, 0]);
  });

  it("refuses a viewer's item insert by policy, and deletes none of theirs", async () => {
    await as('vera', async (trx) => {
      await refused(trx, () => trx('project_items').insert({ project_id: project, kind: 'saved_search', ref: searchRef('viewer'), label: 'x', added_by: 'vera' }));
      expect(await trx('project_items').where({ id: item }).del()).toBe(0);
      expect(await trx('projects').where({ id: project }).update({ name: 'renamed' })).toBe(0);
      expect(await trx('projects').where({ id: project }).del()).toBe(0);
      await refused(trx, () => trx('project_members').insert({ project_id: project, user_id: 'mallory', role: 'editor', added_by: 'vera' }));
      expect(await trx('project_members').where({ user_id: 'vera' }).update({ role: 'editor' })).toBe(0);
      expect(await trx('project_members').where({ user_id: 'ed' }).del()).toBe(0);
    });
    expect(await rolledBack(database.db, (trx) => trx('project_items').where({ id: item }).first())).toBeDefined();
  });

  it('lets an editor add and remove items in their own name, and nothing more', async () => {
    await as('ed', async (trx) => {
      await trx('project_items').insert({ project_id: project, kind: 'saved_search', ref: searchRef('editor'), label: 'x', added_by: 'ed' });
      await refused(trx, () => trx('project_items').insert({ project_id: project, kind: 'saved_search', ref: searchRef('forged'), label: 'x', added_by: 'alice' }));
      expect(await trx('project_items').where({ id: item }).del()).toBe(1);
      expect(await trx('projects').where({ id: project }).update({ name: 'renamed' })).toBe(0);
      expect(await trx('projects').where({ id: project }).del()).toBe(0);
      await refused(trx, () => trx('project_members').insert({ project_id: project, user_id: 'mallory', role: 'viewer', added_by: 'ed' }));
      expect(await trx('project_members').where({ user_id: 'vera' }).update({ role: 'editor' })).toBe(0);
    });
  });

  it('refuses a stranger every write, even naming the project', async () => {
    await as('mallory', async (trx) => {
      await refused(trx, () => trx('project_items').insert({ project_id: project, kind: 'saved_search', ref: searchRef('stranger'), label: 'x', added_by: 'mallory' }));
      await refused(trx, () => trx('project_members').insert({ project_id: project, user_id: 'mallory', role: 'editor', added_by: 'mallory' }));
      await refused(trx, () => trx('projects').insert({ owner_id: 'alice', name: 'In alice’s name' }));
      expect(await trx('projects').where({ id: project }).del()).toBe(0);
    });
  });

  it('lets the owner change membership, but not hand the project over or join it as a member', async () => {
    await as('alice', async (trx) => {
      expect(await trx('project_members').where({ user_id: 'vera' }).update({ role: 'editor' })).toBe(1);
      await trx('project_members').insert({ project_id: project, user_id: 'mallory', role: 'viewer', added_by: 'alice' });
      await refused(trx, () => trx('project_members').insert({ project_id: project, user_id: 'alice', role: 'editor', added_by: 'alice' }));
      await refused(trx, () => trx('projects').where({ id: project }).update({ owner_id: 'ed' }), /permission denied/);
      await trx.raw(`SELECT set_config('app.user_id', 'mallory', true)`);
      expect(await counts(trx)).toEqual([1, 3, 1]);
    });
  });

  it('removes a member’s access at once, in the same transaction', async () => {
    await as('alice', async (trx) => {
      expect(await trx('project_members').where({ user_id: 'vera' }).del()).toBe(1);
      await trx.raw(`SELECT set_config('app.user_id', 'vera', true)`);
      expect(await counts(trx)).toEqual([0, 0, 0]);
      await refused(trx, () => trx.raw('INSERT INTO project_items (project_id, kind, ref, label, added_by) VALUES (?, ?, ?::jsonb, ?, ?)', [project, 'saved_search', searchRef('late'), 'x', 'vera']));
    });
  });

  it('lets a member leave, but not remove others', async () => {
    await as('vera', async (trx) => {
      expect(await trx('project_members').where({ user_id: 'ed' }).del()).toBe(0);
      expect(await trx('project_members').where({ user_id: 'vera' }).del()).toBe(1);
      expect(await counts(trx)).toEqual([0, 0, 0]);
    });
  });
});

describe('through the store, committed', () => {
  it('a removed member sees nothing on their next transaction; the owner deleting the project removes everything', async () => {
    const p = await store.asUser('alice', async (tx) => {
      const created = await tx.create({ name: 'Short-lived', description: null });
      await tx.putMember(created.id, 'vera', 'viewer');
      await tx.putMember(created.id, 'ed', 'editor');
      await tx.addItem(created.id, { kind: 'saved_search', ref: { query: 'kept until the project goes' }, label: 'x' });
      return created.id;
    });
    expect(await store.asUser('vera', (tx) => tx.find(p))).toMatchObject({ id: p, role: 'viewer' });
    expect(await store.asUser('alice', (tx) => tx.removeMember(p, 'vera'))).toBe(true);
    expect(await store.asUser('vera', (tx) => tx.find(p))).toBeNull();
    expect(await store.asUser('vera', (tx) => tx.roleOf(p))).toBeNull();
    expect(await store.asUser('vera', (tx) => tx.list({ limit: 10, after: null }))).toMatchObject({ total: 1 });
    expect(await store.asUser('alice', (tx) => tx.remove(p))).toBe(true);
    const left = await rolledBack(database.db, (trx) => Promise.all(['project_members', 'project_items'].map((t) => trx(t).where({ project_id: p }).count('* as n'))));
    expect(left.map((r) => Number(r[0]?.['n']))).toEqual([0, 0]);
  });
});
