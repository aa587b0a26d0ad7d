import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, rolledBack } from '../../test/support/rolled-back.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.js';
import type { Knex } from '../db/knex.js';
import { editableFieldsSchema } from './foia-request-fields.js';
import { createPgFoiaRequestStore, FOIA_APP_ROLE, type FoiaRequestStore } from './foia-request-store.js';
import type { FoiaRequestValues } from './foia-request-types.js';
import { FOIA_REMINDER_ROLE } from './reminders/foia-reminder-store.js';

let database: TestDatabase;
let store: FoiaRequestStore;
const ids: Record<string, string> = {};

function values(subject: string): FoiaRequestValues {
  const fields = editableFieldsSchema.parse({ jurisdiction: 'texas', agency: { name: 'Agency' }, subject, description: 'Records.' });
  return {
    ...fields, time_zone: 'America/Chicago', status: 'submitted', submitted_at: '2025-11-21T22:00:00.000Z', acknowledged_at: null,
    completed_at: null, due_date: '2025-12-09', clock: 'running', clock_paused_on: null, deadline: null, appealed_at: null,
    appeal_due_date: null, appeal_deadline: null, updated_at: new Date().toISOString(),
  };
}

/** Runs `fn` in a transaction on the raw connection, rolled back afterwards. */
const raw = <T>(fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> => rolledBack(database.db, fn);
const count = countRows;

beforeAll(async () => {
  database = await createTestDatabase();
  store = createPgFoiaRequestStore(database.db);
  for (const user of ['alice', 'bob']) {
    ids[user] = await store.asUser(user, async (tx) => {
      const r = await tx.insert({ ...values(`${user}'s request`), created_at: new Date().toISOString() });
      await tx.addHistory(r.id, { from: null, to: 'submitted', at: r.updated_at, note: null });
      return r.id;
    });
  }
  await database.db('foia_notifications').insert({ request_id: ids['alice'], user_id: 'alice', kind: 'due_soon', due_date: '2025-12-09', days_until_due: 2 });
});
afterAll(async () => {
  await database?.drop();
});

describe('the database roles', () => {
  it('are neither superuser, nor BYPASSRLS, nor able to log in, nor owners of the tables', async () => {
    const roles = await database.db('pg_roles').select('rolname', 'rolsuper', 'rolbypassrls', 'rolcanlogin').whereIn('rolname', [FOIA_APP_ROLE, FOIA_REMINDER_ROLE]);
    expect(roles).toHaveLength(2);
    for (const r of roles) expect(r).toMatchObject({ rolsuper: false, rolbypassrls: false, rolcanlogin: false });
    const tables = await database.db('pg_tables').select('tablename', 'tableowner').where('tablename', 'like', 'foia_%');
    expect(tables.map((t: { tablename: string }) => t.tablename).sort()).toEqual(['foia_agencies', 'foia_communications', 'foia_notifications', 'foia_request_attachments', 'foia_request_history', 'foia_requests']);
    for (const t of tables) expect([FOIA_APP_ROLE, FOIA_REMINDER_ROLE]).not.toContain(t.tableowner);
  });

  it('enable and force row-level security on every FOIA table', async () => {
    const rows = await database.db('pg_class').select('relname', 'relrowsecurity', 'relforcerowsecurity').where('relname', 'like', 'foia_%').andWhere('relkind', 'r');
    expect(rows).toHaveLength(6);
    // The directory's shared entries are written by ingestion as the table's owner: there row-level
    // security is enabled, not forced (its owner_id policies are tested below).
    for (const r of rows) expect(r, r.relname).toMatchObject({ relrowsecurity: true, relforcerowsecurity: r.relname !== 'foia_agencies' });
  });

  it('enable and force row-level security on every table that holds a user’s or a client’s rows', async () => {
    const owned = await database.db('information_schema.columns').distinct('table_name').where({ table_schema: 'public' }).whereIn('column_name', ['user_id', 'client_id']);
    const names = owned.map((r: { table_name: string }) => r.table_name).sort();
    expect(names).toEqual(expect.arrayContaining(['stored_objects', 'document_compilations', 'document_compilation_parts', 'integration_runs', 'webhook_deliveries', 'chat_conversations', 'project_members']));
    const rows = await database.db('pg_class').select('relname', 'relrowsecurity', 'relforcerowsecurity').whereIn('relname', names).andWhere('relkind', 'r');
    for (const r of rows) expect(r, r.relname).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
  });
});

describe('raw SQL as the application role', () => {
  it('sees nothing without app.user_id', async () => {
    const seen = await raw(async (trx) => {
      await trx.raw(`SET LOCAL ROLE ${FOIA_APP_ROLE}`);
      return [await count(trx, 'foia_requests'), await count(trx, 'foia_request_history'), await count(trx, 'foia_notifications')];
    });
    expect(seen).toEqual([0, 0, 0]);
    // The superuser connection itself sees both users' rows: the filter is the role's policy.
    expect(await raw((trx) => count(trx, 'foia_requests'))).toBe(2);
  });

  it("sees only the set user's rows, in every table", async () => {
    const seen = await raw(async (trx) => {
      await trx.raw(`SET LOCAL ROLE ${FOIA_APP_ROLE}`);
      await trx.raw(`SELECT set_config('app.user_id', 'bob', true)`);
      const rows = await trx('foia_requests').select('id', 'user_id');
      return { rows, history: await count(trx, 'foia_request_history'), notifications: await count(trx, 'foia_notifications') };
    });
    expect(seen.rows).toEqual([{ id: ids['bob'], user_id: 'bob' }]);
    expect(seen.history).toBe(1);
    expect(seen.notifications).toBe(0); // the one notification is alice's
  });

  it("cannot write another user's rows, nor delete any", async () => {
    await raw(async (trx) => {
      await trx.raw(`SET LOCAL ROLE ${FOIA_APP_ROLE}`);
      await trx.raw(`SELECT set_config('app.user_id', 'bob', true)`);
      expect(await trx('foia_requests').where({ id: ids['alice'] }).update({ subject: 'hijacked' })).toBe(0);
      await trx.raw('SAVEPOINT s');
      await expect(trx.raw(`UPDATE foia_requests SET user_id = 'alice' WHERE id = ?`, [ids['bob']!])).rejects.toThrow(/row-level security/);
      await trx.raw('ROLLBACK TO SAVEPOINT s');
      await expect(trx('foia_requests').where({ id: ids['bob'] }).del()).rejects.toThrow(/permission denied/);
    });
    await raw(async (trx) => {
      await trx.raw(`SET LOCAL ROLE ${FOIA_APP_ROLE}`);
      await trx.raw(`SELECT set_config('app.user_id', 'bob', true)`);
      await expect(
        trx('foia_request_history').insert({ request_id: ids['alice'], user_id: 'alice', to_status: 'withdrawn', at: new Date() }),
      ).rejects.toThrow(/row-level security/);
    });
  });
});

describe('the store', () => {
  it("finds the caller's request and not another user's", async () => {
    expect(await store.asUser('alice', (tx) => tx.find(ids['alice']!))).toMatchObject({ user_id: 'alice' });
    expect(await store.asUser('bob', (tx) => tx.find(ids['alice']!))).toBeNull();
    expect(await store.asUser('mallory', (tx) => tx.history(ids['alice']!))).toEqual([]);
  });

  it('leaves the pooled connection as it found it', async () => {
    await store.asUser('alice', (tx) => tx.find(ids['alice']!));
    const res = await database.db.raw(`SELECT current_user AS u, current_setting('app.user_id', true) AS s`);
    expect(res.rows[0].u).not.toBe(FOIA_APP_ROLE);
    expect(res.rows[0].s ?? '').toBe('');
  });
});

describe('the reminder role', () => {
  it("reads every user's deadline columns, and nothing else", async () => {
    await raw(async (trx) => {
      await trx.raw(`SET LOCAL ROLE ${FOIA_REMINDER_ROLE}`);
      expect(await trx('foia_requests').select('user_id').orderBy('user_id')).toEqual([{ user_id: 'alice' }, { user_id: 'bob' }]);
      await trx.raw('SAVEPOINT s');
      await expect(trx('foia_requests').select('subject')).rejects.toThrow(/permission denied/);
      await trx.raw('ROLLBACK TO SAVEPOINT s');
      await expect(trx('foia_request_history').select('id')).rejects.toThrow(/permission denied/);
    });
  });

  it('records notifications only for the owner of the request', async () => {
    await raw(async (trx) => {
      await trx.raw(`SET LOCAL ROLE ${FOIA_REMINDER_ROLE}`);
      await trx('foia_notifications').insert({ request_id: ids['bob'], user_id: 'bob', kind: 'overdue', due_date: '2025-12-09', days_until_due: -1 });
      await expect(
        trx('foia_notifications').insert({ request_id: ids['bob'], user_id: 'alice', kind: 'due_soon', due_date: '2025-12-09', days_until_due: 1 }),
      ).rejects.toThrow(/row-level security/);
    });
  });
});

describe('the agency directory (owner_id)', () => {
  it("shows the shared entries and the user's own, and lets a user write only their own", async () => {
    const [shared] = await database.db('foia_agencies').insert({ jurisdiction: 'texas', name: 'Shared entry', source: 'corpus' }).returning('id');
    const [alices] = await database.db('foia_agencies').insert({ jurisdiction: 'texas', name: 'Alice entry', source: 'user', owner_id: 'alice' }).returning('id');
    try {
      await raw(async (trx) => {
        await trx.raw(`SET LOCAL ROLE ${FOIA_APP_ROLE}`);
        await trx.raw(`SELECT set_config('app.user_id', 'bob', true)`);
        expect(await trx('foia_agencies').pluck('id')).toEqual([shared.id]);
        expect(await trx('foia_agencies').where({ id: alices.id }).update({ name: 'hijacked' })).toBe(0);
        expect(await trx('foia_agencies').where({ id: shared.id }).update({ name: 'hijacked' })).toBe(0);
        expect(await trx('foia_agencies').where({ id: shared.id }).del()).toBe(0);
        for (const row of [{ owner_id: 'alice', source: 'user' }, { owner_id: 'bob', source: 'corpus' }, { owner_id: null, source: 'corpus' }]) {
          await trx.raw('SAVEPOINT s');
          await expect(trx('foia_agencies').insert({ jurisdiction: 'texas', name: `Forged ${row.source}`, ...row }), JSON.stringify(row)).rejects.toThrow(/row-level security/);
          await trx.raw('ROLLBACK TO SAVEPOINT s');
        }
        await trx('foia_agencies').insert({ jurisdiction: 'texas', name: 'Bob entry', source: 'user', owner_id: 'bob' });
        await trx.raw(`SELECT set_config('app.user_id', 'alice', true)`);
        expect((await trx('foia_agencies').pluck('name')).sort()).toEqual(['Alice entry', 'Shared entry']);
      });
      expect(await database.db('foia_agencies').where({ id: shared.id }).first()).toMatchObject({ name: 'Shared entry' });
    } finally {
      await database.db('foia_agencies').whereIn('id', [shared.id, alices.id]).del();
    }
  });
});
