import type { Knex } from 'knex';

/**
 * The transparency law database. Current records live in ordinary tables, replaced per
 * jurisdiction in one transaction on each changed ingestion; every version's full snapshot
 * is kept in `law_record_versions`. Every record carries its provenance: source path,
 * source kind (statute_text | summary | process_map | structured) and verified date.
 */
function provenance(t: Knex.CreateTableBuilder): void {
  t.text('source_path').notNullable();
  t.text('source_kind').notNullable();
  t.date('verified_date');
}

function searchVector(knex: Knex, table: string, a: string, b: string, c: string): Knex.Raw {
  return knex.raw(`ALTER TABLE ?? ADD COLUMN search tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', coalesce(${a}, '')), 'A') ||
      setweight(to_tsvector('english', coalesce(${b}, '')), 'B') ||
      setweight(to_tsvector('english', coalesce(${c}, '')), 'C')) STORED`, [table]);
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jurisdictions', (t) => {
    t.text('slug').primary();
    t.text('name').notNullable();
    t.text('type').notNullable().checkIn(['federal', 'state', 'district']);
    t.integer('current_version');
    t.text('source_hash');
    t.timestamp('ingested_at', { useTz: true });
  });

  await knex.schema.createTable('laws', (t) => {
    t.text('jurisdiction').primary().references('jurisdictions.slug').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('citation');
    t.date('effective_date');
    t.text('last_amended');
    t.text('constitutional_basis');
    t.jsonb('official_resources').notNullable().defaultTo('[]');
    t.jsonb('statute_source');
    t.jsonb('discrepancies').notNullable().defaultTo('[]');
    provenance(t);
  });

  await knex.schema.createTable('law_documents', (t) => {
    t.text('id').primary();
    t.text('jurisdiction').notNullable().references('jurisdictions.slug').onDelete('CASCADE');
    t.text('kind').notNullable().checkIn(['statute_text', 'summary', 'process_map']);
    t.text('title').notNullable();
    t.text('citation');
    t.text('source_path').notNullable();
    t.text('content_hash').notNullable();
    t.date('retrieved_date');
    t.text('completeness');
    t.jsonb('header').notNullable().defaultTo('{}');
    t.index(['jurisdiction', 'kind']);
  });

  await knex.schema.createTable('law_sections', (t) => {
    t.text('id').primary();
    t.text('document_id').notNullable().references('law_documents.id').onDelete('CASCADE');
    t.text('jurisdiction').notNullable().references('jurisdictions.slug').onDelete('CASCADE');
    t.text('label').notNullable();
    t.text('section_number').notNullable();
    t.specificType('path', 'text[]').notNullable();
    t.text('parent_label');
    t.text('heading');
    t.text('text').notNullable();
    t.integer('depth').notNullable();
    t.integer('ordinal').notNullable();
    t.text('citation');
    t.text('content_hash').notNullable();
    provenance(t);
    t.unique(['jurisdiction', 'label']);
    t.index(['document_id', 'ordinal']);
  });
  await searchVector(knex, 'law_sections', 'citation', 'heading', 'text');
  await knex.raw('CREATE INDEX law_sections_search_idx ON law_sections USING gin (search)');

  await knex.schema.createTable('exemption_categories', (t) => {
    t.text('key').primary();
    t.text('label').notNullable();
    t.text('description').notNullable();
  });

  await knex.schema.createTable('exemptions', (t) => {
    t.text('id').primary();
    t.text('jurisdiction').notNullable().references('jurisdictions.slug').onDelete('CASCADE');
    t.text('category').notNullable().references('exemption_categories.key');
    t.text('raw_label').notNullable();
    t.text('classified_by').notNullable();
    t.text('citation');
    t.text('description').notNullable();
    t.text('scope');
    t.text('notes');
    t.text('section_id').references('law_sections.id').onDelete('SET NULL');
    t.integer('ordinal').notNullable();
    provenance(t);
    t.index(['jurisdiction', 'category']);
    t.index(['category']);
  });
  await searchVector(knex, 'exemptions', 'citation', 'raw_label', 'description');
  await knex.raw('CREATE INDEX exemptions_search_idx ON exemptions USING gin (search)');

  await knex.schema.createTable('rights', (t) => {
    t.text('id').primary();
    t.text('jurisdiction').notNullable().references('jurisdictions.slug').onDelete('CASCADE');
    t.text('category').notNullable();
    t.text('title').notNullable();
    t.text('citation');
    t.text('statutory_text').notNullable();
    t.text('text_source_kind').notNullable();
    t.text('text_source_path').notNullable();
    t.text('section_id').references('law_sections.id').onDelete('SET NULL');
    t.text('conditions');
    t.text('applies_to').notNullable();
    t.text('analysis').notNullable();
    t.text('implementation_notes');
    t.text('request_tips');
    t.jsonb('evidence').notNullable().defaultTo('[]');
    t.integer('ordinal').notNullable();
    provenance(t);
    t.index(['jurisdiction', 'category']);
    t.index(['category']);
  });
  await searchVector(knex, 'rights', 'citation', 'title', "statutory_text || ' ' || analysis");
  await knex.raw('CREATE INDEX rights_search_idx ON rights USING gin (search)');

  await knex.schema.createTable('cross_references', (t) => {
    t.bigIncrements('id').primary();
    t.text('jurisdiction').notNullable().references('jurisdictions.slug').onDelete('CASCADE');
    t.text('from_type').notNullable().checkIn(['section', 'right', 'exemption']);
    t.text('from_id').notNullable();
    t.text('to_section_id').notNullable().references('law_sections.id').onDelete('CASCADE');
    t.text('citation_text').notNullable();
    t.unique(['from_type', 'from_id', 'to_section_id']);
    t.index(['to_section_id']);
  });

  await knex.schema.createTable('response_requirements', (t) => {
    t.text('jurisdiction').primary().references('jurisdictions.slug').onDelete('CASCADE');
    t.integer('initial_days');
    t.text('initial_unit').checkIn(['business', 'calendar']);
    t.boolean('no_fixed_deadline').notNullable();
    t.text('no_fixed_deadline_reason');
    t.text('citation');
    t.jsonb('details').notNullable();
    provenance(t);
  });

  for (const name of ['fees', 'appeals', 'requester_requirements']) {
    await knex.schema.createTable(name, (t) => {
      t.text('jurisdiction').primary().references('jurisdictions.slug').onDelete('CASCADE');
      t.jsonb('details').notNullable();
      provenance(t);
    });
  }

  await knex.schema.createTable('agency_obligations', (t) => {
    t.text('id').primary();
    t.text('jurisdiction').notNullable().references('jurisdictions.slug').onDelete('CASCADE');
    t.text('statement').notNullable();
    t.text('citation');
    t.integer('ordinal').notNullable();
    provenance(t);
  });

  await knex.schema.createTable('oversight_bodies', (t) => {
    t.text('id').primary();
    t.text('jurisdiction').notNullable().references('jurisdictions.slug').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('role');
    t.text('url');
    t.text('citation');
    t.jsonb('details').notNullable();
    provenance(t);
  });

  await knex.schema.createTable('holidays', (t) => {
    t.bigIncrements('id').primary();
    t.text('jurisdiction').notNullable().references('jurisdictions.slug').onDelete('CASCADE');
    t.date('date').notNullable();
    t.text('name').notNullable();
    t.text('source_path').notNullable();
    t.unique(['jurisdiction', 'date', 'name']);
  });

  await knex.schema.createTable('ingestion_runs', (t) => {
    t.uuid('id').primary();
    t.text('workflow_id').notNullable();
    t.specificType('requested', 'text[]');
    t.boolean('force').notNullable().defaultTo(false);
    t.text('status').notNullable().checkIn(['running', 'completed', 'completed_with_errors', 'failed']);
    t.jsonb('summary');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
  });

  await knex.schema.createTable('ingestion_results', (t) => {
    t.uuid('run_id').notNullable().references('ingestion_runs.id').onDelete('CASCADE');
    t.text('jurisdiction').notNullable();
    t.text('outcome').notNullable().checkIn(['created', 'updated', 'unchanged', 'failed']);
    t.integer('version');
    t.text('error');
    t.jsonb('change_summary');
    t.double('duration_ms');
    t.timestamp('finished_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['run_id', 'jurisdiction']);
  });

  await knex.schema.createTable('law_record_versions', (t) => {
    t.bigIncrements('id').primary();
    t.text('jurisdiction').notNullable().references('jurisdictions.slug').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.text('source_hash').notNullable();
    t.jsonb('sources').notNullable();
    t.jsonb('snapshot').notNullable();
    t.jsonb('change_summary').notNullable();
    t.uuid('run_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['jurisdiction', 'version']);
  });

  /** Intermediate results of one ingestion, handed between activities without crossing Temporal's payload limit. */
  await knex.schema.createTable('ingestion_staging', (t) => {
    t.uuid('run_id').notNullable();
    t.text('jurisdiction').notNullable();
    t.text('step').notNullable();
    t.jsonb('payload').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['run_id', 'jurisdiction', 'step']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const name of [
    'ingestion_staging',
    'law_record_versions',
    'ingestion_results',
    'ingestion_runs',
    'holidays',
    'oversight_bodies',
    'agency_obligations',
    'requester_requirements',
    'appeals',
    'fees',
    'response_requirements',
    'cross_references',
    'rights',
    'exemptions',
    'exemption_categories',
    'law_sections',
    'law_documents',
    'laws',
    'jurisdictions',
  ]) {
    await knex.schema.dropTableIfExists(name);
  }
}
