import type { Knex } from 'knex';

/**
 * One row per API request: the access audit (who, which client, what, outcome) and the
 * source of the admin metrics. Never holds a token.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_requests', (t) => {
    t.bigIncrements('id').primary();
    t.text('request_id').notNullable();
    t.text('sub');
    t.text('azp');
    t.text('method').notNullable();
    t.text('route').notNullable();
    t.integer('status').notNullable();
    t.double('duration_ms').notNullable();
    t.timestamp('occurred_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.raw('CREATE INDEX api_requests_occurred_at_idx ON api_requests (occurred_at)');
  await knex.schema.raw('CREATE INDEX api_requests_sub_idx ON api_requests (sub, occurred_at) WHERE sub IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('api_requests');
}
