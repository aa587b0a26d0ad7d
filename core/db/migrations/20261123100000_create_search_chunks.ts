import type { Knex } from 'knex';

/**
 * The chunks of law records that the vector index holds, one row per chunk: what was
 * embedded (text, content hash) and with which model, so re-indexing embeds only new or
 * changed chunks and removes the ones that disappeared. `embedding_model` is null until
 * the chunk's vector is in the vector store.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('search_chunks', (t) => {
    t.text('id').primary();
    t.text('record_id').notNullable();
    t.integer('position').notNullable();
    t.text('type').notNullable().checkIn(['statute_section', 'summary', 'process_map', 'right', 'exemption']);
    t.text('jurisdiction').notNullable().references('jurisdictions.slug').onDelete('CASCADE');
    t.text('category');
    t.text('citation');
    t.specificType('heading_path', 'text[]').notNullable();
    t.text('text').notNullable();
    t.text('content_hash').notNullable();
    t.text('embedding_model');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['jurisdiction']);
    t.index(['record_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('search_chunks');
}
