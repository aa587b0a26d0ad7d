import type { Knex } from '../../core/db/knex.js';

/** Runs `fn` in a transaction on `db` and rolls it back afterwards, answering what `fn` returned. */
export async function rolledBack<T>(db: Knex, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db
    .transaction(async (trx) => {
      result = await fn(trx);
      throw new Error('rollback');
    })
    .catch((err: unknown) => {
      if (!(err instanceof Error && err.message === 'rollback')) throw err;
    });
  return result as T;
}

/** Rows of `table` visible to the transaction's role and settings. */
export async function countRows(trx: Knex.Transaction, table: string): Promise<number> {
  const res = (await trx.raw(`SELECT count(*) AS n FROM ${table}`)) as { rows: Array<{ n: number }> };
  return Number(res.rows[0]!.n);
}
