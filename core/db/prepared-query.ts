import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

interface PgConnection {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

interface KnexClientInternals {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<void>;
  positionBindings(sql: string): string;
  prepBindings(bindings: readonly unknown[]): unknown[];
}

/**
 * Runs a query as a named prepared statement on a pooled connection, so Postgres plans each
 * shape of a hot query once per connection rather than on every call (the keyword search's
 * union of three scored branches took about a millisecond to plan). `sql` uses knex's `?`
 * placeholders; the statement is named after a hash of its text, so each distinct text is its
 * own statement. For queries of a bounded number of shapes only: every shape stays prepared on
 * every connection of the pool.
 */
export async function preparedRaw<Row>(db: Knex, sql: string, bindings: readonly unknown[]): Promise<Row[]> {
  // A transaction holds its own connection: run there, unprepared, rather than on another one.
  if (db.isTransaction) return (await db.raw(sql, bindings as Knex.RawBinding[])).rows as Row[];
  const client = db.client as unknown as KnexClientInternals;
  const text = client.positionBindings(sql);
  const name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  const connection = await client.acquireConnection();
  try {
    const result = await connection.query({ name, text, values: client.prepBindings(bindings) });
    return result.rows as Row[];
  } finally {
    await client.releaseConnection(connection);
  }
}
