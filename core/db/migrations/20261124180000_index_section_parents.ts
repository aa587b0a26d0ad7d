import type { Knex } from 'knex';

/**
 * A statute node's children by parent: the research assistant reads a list item with the
 * words that introduce its list ("… does not include:"), found through the parent's first child.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('law_sections', (t) => {
    t.index(['jurisdiction', 'parent_label', 'ordinal'], 'law_sections_parent_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('law_sections', (t) => {
    t.dropIndex(['jurisdiction', 'parent_label', 'ordinal'], 'law_sections_parent_index');
  });
}
