import type { Knex } from 'knex';

/**
 * The published database (`/api/database`): read-only views of the law database in a
 * schema of their own, `published`, with a comment on every view and column (the API's
 * descriptions). Nothing of a user (FOIA requests, conversations, objects, projects) is in
 * it. The first column of every view is unique and never null: the API pages by it.
 *
 * `sunlight_query` is the LOGIN role that the admin SQL console (`POST /api/database/query`)
 * and the table reader connect as, on a pool of their own: NOINHERIT, member of no role,
 * USAGE on `published` and SELECT on its views only, read-only by default, with a statement
 * timeout and `search_path = published`. Since it logs in as itself, `RESET ROLE` or
 * `SET ROLE` cannot reach a more privileged role. The views run with their owner's rights,
 * so the role needs no privilege on the tables behind them. Like the other roles it is
 * cluster-wide and created idempotently; `down` leaves it (other databases of the cluster
 * may grant it privileges) but takes its privileges here away.
 *
 * In production give it a password (`ALTER ROLE sunlight_query PASSWORD '…'`) and put it in
 * DATABASE_QUERY_URL.
 */
const QUERY_ROLE = 'sunlight_query';
const SCHEMA = 'published';

interface ViewSpec {
  name: string;
  description: string;
  from: string;
  /** [column name, expression, description] */
  columns: Array<[string, string, string]>;
}

const PROVENANCE = (alias: string): Array<[string, string, string]> => [
  ['source_path', `${alias}.source_path`, 'Path of the corpus file the record was read from'],
  ['source_kind', `${alias}.source_kind`, 'What kind of source states it: statute_text, summary, process_map or structured'],
  ['verified_date', `${alias}.verified_date`, 'Date the source was last verified'],
];

const VIEWS: ViewSpec[] = [
  {
    name: 'jurisdictions',
    description: 'The jurisdictions of the law database (the federal government, the states, the District of Columbia) with their public-records law',
    from: 'public.jurisdictions j LEFT JOIN public.laws l ON l.jurisdiction = j.slug',
    columns: [
      ['slug', 'j.slug', 'Identifier of the jurisdiction, e.g. texas or district-of-columbia'],
      ['name', 'j.name', 'Name of the jurisdiction'],
      ['type', 'j.type', 'federal, state or district'],
      ['law_name', 'l.name', 'Name of the public-records law'],
      ['law_citation', 'l.citation', 'Citation of the law'],
      ['effective_date', 'l.effective_date', 'Date the law took effect'],
      ['last_amended', 'l.last_amended', 'When the law was last amended, as the source states it'],
      ['constitutional_basis', 'l.constitutional_basis', 'Constitutional provision on access to records, where there is one'],
      ['current_version', 'j.current_version', 'Version of the ingested record'],
      ['ingested_at', 'j.ingested_at', 'When the record was last ingested'],
    ],
  },
  {
    name: 'statute_sections',
    description: 'Sections of the statute text of each law, one row per section or subsection',
    from: 'public.law_sections s',
    columns: [
      ['id', 's.id', 'Identifier of the section'],
      ['jurisdiction', 's.jurisdiction', 'Jurisdiction slug'],
      ['document_id', 's.document_id', 'Identifier of the statute document the section belongs to'],
      ['label', 's.label', 'Label of the section, e.g. 552(b)(6)'],
      ['section_number', 's.section_number', 'Number of the top-level section'],
      ['parent_label', 's.parent_label', 'Label of the enclosing section, if any'],
      ['heading', 's.heading', 'Heading of the section, if any'],
      ['text', 's.text', 'Text of the section'],
      ['depth', 's.depth', 'Nesting depth (0 for a top-level section)'],
      ['ordinal', 's.ordinal', 'Position of the section in its document'],
      ['citation', 's.citation', 'Citation of the section'],
      ...PROVENANCE('s'),
    ],
  },
  {
    name: 'rights',
    description: 'Rights of access the laws grant, each with its statutory text and analysis',
    from: 'public.rights r',
    columns: [
      ['id', 'r.id', 'Identifier of the right'],
      ['jurisdiction', 'r.jurisdiction', 'Jurisdiction slug'],
      ['category', 'r.category', 'Category of the right'],
      ['title', 'r.title', 'Short title of the right'],
      ['citation', 'r.citation', 'Citation of the provision granting it'],
      ['statutory_text', 'r.statutory_text', 'Words of the statute (or summary) stating the right'],
      ['text_source_kind', 'r.text_source_kind', 'Kind of source of statutory_text'],
      ['section_id', 'r.section_id', 'Statute section the right is in (statute_sections.id), if known'],
      ['conditions', 'r.conditions', 'Conditions on the right'],
      ['applies_to', 'r.applies_to', 'Who or what the right applies to'],
      ['analysis', 'r.analysis', 'Analysis of the right'],
      ['implementation_notes', 'r.implementation_notes', 'Notes on how agencies implement it'],
      ['request_tips', 'r.request_tips', 'Tips for requesters'],
      ['ordinal', 'r.ordinal', 'Position in the jurisdiction’s list'],
      ...PROVENANCE('r'),
    ],
  },
  {
    name: 'exemptions',
    description: 'Exemptions from disclosure, classified into common categories',
    from: 'public.exemptions e JOIN public.exemption_categories c ON c.key = e.category',
    columns: [
      ['id', 'e.id', 'Identifier of the exemption'],
      ['jurisdiction', 'e.jurisdiction', 'Jurisdiction slug'],
      ['category', 'e.category', 'Category key (exemption_categories.key)'],
      ['category_label', 'c.label', 'Label of the category'],
      ['raw_label', 'e.raw_label', 'The exemption’s label in the source'],
      ['classified_by', 'e.classified_by', 'How the category was assigned'],
      ['citation', 'e.citation', 'Citation of the exemption'],
      ['description', 'e.description', 'What the exemption covers'],
      ['scope', 'e.scope', 'Scope of the exemption'],
      ['notes', 'e.notes', 'Notes'],
      ['section_id', 'e.section_id', 'Statute section of the exemption (statute_sections.id), if known'],
      ['ordinal', 'e.ordinal', 'Position in the jurisdiction’s list'],
      ...PROVENANCE('e'),
    ],
  },
  {
    name: 'exemption_categories',
    description: 'The categories exemptions are classified into',
    from: 'public.exemption_categories c',
    columns: [
      ['key', 'c.key', 'Key of the category'],
      ['label', 'c.label', 'Label of the category'],
      ['description', 'c.description', 'What the category covers'],
    ],
  },
  {
    name: 'legal_facts',
    description: 'Reviewed legal facts (deadlines, fees, appeals…), each with its pinpoint citation and the words that state it',
    from: 'public.legal_facts f',
    columns: [
      ['id', 'f.id', 'Identifier of the fact'],
      ['jurisdiction', 'f.jurisdiction', 'Jurisdiction slug'],
      ['field', 'f.field', 'Which fact this is, e.g. response_deadline'],
      ['requester_class', 'f.requester_class', 'Requester class the fact is for (null: everyone)'],
      ['applies_to', 'f.applies_to', 'What the fact applies to, if narrower than the law'],
      ['value', 'f.value', 'The fact’s value (JSON)'],
      ['display', 'f.display', 'The value as words'],
      ['citation', 'f.citation', 'Pinpoint citation'],
      ['quote', 'f.quote', 'Words of the source that state the fact'],
      ['source_kind', 'f.source_kind', 'statute_text, dataset, summary or citation_only'],
      ['section_id', 'f.section_id', 'Statute section of the quote (statute_sections.id), if known'],
      ['verified', 'f.verified', 'Whether the quote was found in the cited section'],
      ['reviewed', 'f.reviewed', 'Date the fact was reviewed'],
      ['notes', 'f.notes', 'Reviewer’s notes'],
      ['source_path', 'f.source_path', 'Path of the reviewed facts file'],
      ['ordinal', 'f.ordinal', 'Position in the jurisdiction’s file'],
    ],
  },
  {
    name: 'response_deadlines',
    description: 'How long agencies have to respond to a request, per jurisdiction',
    from: 'public.response_requirements d',
    columns: [
      ['jurisdiction', 'd.jurisdiction', 'Jurisdiction slug'],
      ['initial_days', 'd.initial_days', 'Days to the first response'],
      ['initial_unit', 'd.initial_unit', 'business or calendar days'],
      ['no_fixed_deadline', 'd.no_fixed_deadline', 'True when the law sets no fixed number of days'],
      ['no_fixed_deadline_reason', 'd.no_fixed_deadline_reason', 'The law’s standard where it sets no number of days'],
      ['citation', 'd.citation', 'Citation of the deadline'],
      ['details', 'd.details', 'Extensions and other details (JSON)'],
      ...PROVENANCE('d'),
    ],
  },
  {
    name: 'holidays',
    description: 'Legal holidays per jurisdiction, which business-day deadlines skip',
    from: 'public.holidays h',
    columns: [
      ['id', 'h.id', 'Identifier of the holiday row'],
      ['jurisdiction', 'h.jurisdiction', 'Jurisdiction slug'],
      ['date', 'h.date', 'Date of the holiday'],
      ['name', 'h.name', 'Name of the holiday'],
      ['source_path', 'h.source_path', 'Where the holiday comes from'],
    ],
  },
];

const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/** CREATE ROLE IF NOT EXISTS, safe against a concurrent migration in another database. */
const CREATE_ROLE = `DO $$
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${QUERY_ROLE}') THEN
      CREATE ROLE ${QUERY_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS NOREPLICATION NOINHERIT CONNECTION LIMIT 40;
    END IF;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
  END $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(CREATE_ROLE);
  // Role defaults: the pool's connections start read-only, time-limited and inside `published`.
  await knex.raw(`ALTER ROLE ${QUERY_ROLE} SET default_transaction_read_only = on`);
  await knex.raw(`ALTER ROLE ${QUERY_ROLE} SET statement_timeout = '10s'`);
  await knex.raw(`ALTER ROLE ${QUERY_ROLE} SET idle_in_transaction_session_timeout = '30s'`);
  await knex.raw(`ALTER ROLE ${QUERY_ROLE} SET search_path = ${SCHEMA}`);

  await knex.raw(`CREATE SCHEMA ${SCHEMA}`);
  await knex.raw(`COMMENT ON SCHEMA ${SCHEMA} IS 'Read-only views of the public law database'`);
  await knex.raw(`REVOKE ALL ON SCHEMA ${SCHEMA} FROM PUBLIC`);
  for (const view of VIEWS) {
    const select = view.columns.map(([name, expr]) => `${expr} AS ${name}`).join(', ');
    await knex.raw(`CREATE VIEW ${SCHEMA}.${view.name} AS SELECT ${select} FROM ${view.from}`);
    await knex.raw(`COMMENT ON VIEW ${SCHEMA}.${view.name} IS ${literal(view.description)}`);
    for (const [name, , description] of view.columns) {
      await knex.raw(`COMMENT ON COLUMN ${SCHEMA}.${view.name}.${name} IS ${literal(description)}`);
    }
  }
  await knex.raw(`GRANT USAGE ON SCHEMA ${SCHEMA} TO ${QUERY_ROLE}`);
  await knex.raw(`GRANT SELECT ON ALL TABLES IN SCHEMA ${SCHEMA} TO ${QUERY_ROLE}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
}
