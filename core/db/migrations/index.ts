import type { Knex } from 'knex';
import * as m20261122230000 from './20261122230000_create_api_requests.js';
import * as m20261122233000 from './20261122233000_create_law_database.js';
import * as m20261123000000 from './20261123000000_create_foia_requests.js';
import * as m20261123100000 from './20261123100000_create_search_chunks.js';
import * as m20261123200000 from './20261123200000_create_chat_conversations.js';
import * as m20261124090000 from './20261124090000_create_legal_facts.js';
import * as m20261124180000 from './20261124180000_index_section_parents.js';
import * as m20261125090000 from './20261125090000_create_stored_objects.js';
import * as m20261126090000 from './20261126090000_create_foia_attachments.js';
import * as m20261126100000 from './20261126100000_create_document_compilations.js';
import * as m20261126110000 from './20261126110000_create_integration_runs.js';
import * as m20261127090000 from './20261127090000_create_foia_tracker.js';
import * as m20261128090000 from './20261128090000_create_projects.js';
import * as m20261128100000 from './20261128100000_create_published_views.js';
import * as m20261128110000 from './20261128110000_create_vector_collections.js';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/**
 * Every migration, in order. Listed statically (not discovered from the file system) so
 * the same list runs under tsx, vitest and compiled JavaScript. Add new files at the end;
 * never edit a landed one.
 */
const MIGRATIONS: ReadonlyArray<readonly [string, Migration]> = [
  ['20261122230000_create_api_requests', m20261122230000],
  ['20261122233000_create_law_database', m20261122233000],
  ['20261123000000_create_foia_requests', m20261123000000],
  ['20261123100000_create_search_chunks', m20261123100000],
  ['20261123200000_create_chat_conversations', m20261123200000],
  ['20261124090000_create_legal_facts', m20261124090000],
  ['20261124180000_index_section_parents', m20261124180000],
  ['20261125090000_create_stored_objects', m20261125090000],
  ['20261126090000_create_foia_attachments', m20261126090000],
  ['20261126100000_create_document_compilations', m20261126100000],
  ['20261126110000_create_integration_runs', m20261126110000],
  ['20261127090000_create_foia_tracker', m20261127090000],
  ['20261128090000_create_projects', m20261128090000],
  ['20261128100000_create_published_views', m20261128100000],
  ['20261128110000_create_vector_collections', m20261128110000],
];

export const migrationSource: Knex.MigrationSource<readonly [string, Migration]> = {
  getMigrations: async () => [...MIGRATIONS],
  getMigrationName: (m) => m[0],
  getMigration: async (m) => m[1],
};

export const MIGRATION_NAMES = MIGRATIONS.map(([name]) => name);
