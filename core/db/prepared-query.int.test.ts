import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.js';
import { createKnex } from './knex.js';
import { preparedRaw } from './prepared-query.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('preparedRaw', () => {
  it('runs a query with knex placeholders (arrays included) as a named statement, planned once per connection', async () => {
    const sql = 'SELECT x, ? AS tag FROM unnest(?::int[]) x WHERE x > ? ORDER BY x';
    // One connection, so pg_prepared_statements (which lists the session's own) sees both calls.
    const db = createKnex({ url: database.url, poolMax: 1 });
    try {
      const first = await preparedRaw<{ x: number; tag: string }>(db, sql, ['a', [1, 2, 3], 1]);
      const again = await preparedRaw<{ x: number; tag: string }>(db, sql, ['b', [5, 6], 0]);
      expect(first).toEqual([{ x: 2, tag: 'a' }, { x: 3, tag: 'a' }]);
      expect(again).toEqual([{ x: 5, tag: 'b' }, { x: 6, tag: 'b' }]);
      const prepared = await db.raw(`SELECT name FROM pg_prepared_statements WHERE statement LIKE 'SELECT x, $1 AS tag%'`);
      expect(prepared.rows).toEqual([{ name: expect.stringMatching(/^s_[0-9a-f]{20}$/) }]);
    } finally {
      await db.destroy();
    }
  });

  it('runs inside a transaction on the transaction’s own connection', async () => {
    await database.db.raw('CREATE TABLE prepared_probe (n int)');
    await database.db.transaction(async (trx) => {
      await trx('prepared_probe').insert({ n: 7 });
      expect(await preparedRaw<{ n: number }>(trx, 'SELECT n FROM prepared_probe WHERE n = ?', [7])).toEqual([{ n: 7 }]);
    });
  });
});
