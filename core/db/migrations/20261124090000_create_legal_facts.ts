import type { Knex } from 'knex';

/**
 * Reviewed legal facts (data/legal-facts/<slug>.json), stored per jurisdiction beside the
 * records ingestion derives, and replaced with them. Each row is one fact: its value, the
 * pinpoint citation, the words that state it, their source kind and whether the words were
 * found in the cited statute node at ingestion.
 *
 * FOIA requests gain what the facts make computable or printable: the requester's class
 * (a nonresident gets Idaho's 21 days), their name and contact for letters, and the
 * appeal's date and deadline.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('legal_facts', (t) => {
    t.text('id').primary();
    t.text('jurisdiction').notNullable().references('jurisdictions.slug').onDelete('CASCADE');
    t.text('field').notNullable();
    t.text('requester_class');
    t.text('applies_to');
    t.jsonb('value').notNullable();
    t.text('display').notNullable();
    t.text('citation').notNullable();
    t.text('quote');
    t.text('source_kind').notNullable().checkIn(['statute_text', 'dataset', 'summary', 'citation_only']);
    t.text('section_id').references('law_sections.id').onDelete('SET NULL');
    t.boolean('verified').notNullable();
    t.date('reviewed').notNullable();
    t.text('notes');
    t.text('source_path').notNullable();
    t.integer('ordinal').notNullable();
    t.index(['jurisdiction', 'field']);
    t.index(['field']);
  });
  // A reviewed exemption's supporting words: { quote, source_kind, verified, reviewed }.
  await knex.schema.alterTable('exemptions', (t) => {
    t.jsonb('review');
  });

  await knex.schema.alterTable('foia_requests', (t) => {
    t.text('requester_class').checkIn(['nonresident', 'commercial', 'media', 'incarcerated', 'own_records']);
    t.jsonb('requester');
    t.timestamp('appealed_at', { useTz: true });
    t.date('appeal_due_date');
    t.jsonb('appeal_deadline');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('foia_requests', (t) => {
    t.dropColumn('appeal_deadline');
    t.dropColumn('appeal_due_date');
    t.dropColumn('appealed_at');
    t.dropColumn('requester');
    t.dropColumn('requester_class');
  });
  await knex.schema.alterTable('exemptions', (t) => {
    t.dropColumn('review');
  });
  await knex.schema.dropTableIfExists('legal_facts');
}
