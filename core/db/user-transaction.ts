import type { Knex } from 'knex';

/** The role the API's per-user tables grant to; their row-level security policies compare `app.user_id`. */
export const APP_ROLE = 'sunlight_app';

/**
 * Runs `fn` in one transaction as the application role with `app.user_id` = `userId`: row-level
 * security then shows and accepts only that user's rows (FOIA requests, conversations, stored
 * objects). The connection may be a superuser: the transaction drops to the role first, in one
 * round trip for both settings.
 */
export function inUserTransaction<T>(db: Knex, userId: string, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    await trx.raw(`SELECT set_config('role', ?, true), set_config('app.user_id', ?, true)`, [APP_ROLE, userId]);
    return fn(trx);
  });
}
