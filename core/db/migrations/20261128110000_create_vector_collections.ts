import type { Knex } from 'knex';
import { createNoLoginRole } from './roles.js';

/**
 * The vector store API (issue 19): collections of a user's own documents. Postgres keeps
 * what a person reads back — collections, items (text, metadata, where an indexed item came
 * from), the chunks each item was cut into, and indexing runs — while the vectors live in the
 * vector store, one store collection per user collection (`user-{id}`).
 *
 * Every table is the owner's alone: row-level security, forced, for `sunlight_app` with
 * `app.user_id`, as on the other per-user tables. The worker indexes as the collection's owner.
 *
 * `sunlight_vector_admin` (NOLOGIN, neither superuser, owner nor BYPASSRLS) is what the
 * administrators' overview (`GET /api/admin/vectors`) reads as: every user's collections,
 * but only their descriptive columns and the keys that count items and chunks — never an
 * item's text or metadata.
 */
const APP_ROLE = 'sunlight_app';
const VECTOR_ADMIN_ROLE = 'sunlight_vector_admin';

const TABLES = ['vector_collections', 'vector_items', 'vector_item_chunks', 'vector_index_runs'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE vector_collections (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL CHECK (user_id <> ''),
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
      description text CHECK (char_length(description) <= 2000),
      embedding text NOT NULL CHECK (embedding IN ('server', 'vectors')),
      model_id text NOT NULL,
      dimension integer NOT NULL CHECK (dimension BETWEEN 1 AND 4096),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, name)
    )`);
  await knex.raw('CREATE INDEX vector_collections_user_created ON vector_collections (user_id, created_at DESC, id DESC)');
  await knex.raw(`
    CREATE TABLE vector_items (
      collection_id uuid NOT NULL REFERENCES vector_collections (id) ON DELETE CASCADE,
      user_id text NOT NULL CHECK (user_id <> ''),
      item_id text NOT NULL CHECK (char_length(item_id) BETWEEN 1 AND 300),
      text text,
      metadata jsonb NOT NULL DEFAULT '{}',
      object_key text,
      page integer,
      chunk_count integer NOT NULL CHECK (chunk_count >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (collection_id, item_id)
    )`);
  await knex.raw('CREATE INDEX vector_items_object ON vector_items (collection_id, object_key) WHERE object_key IS NOT NULL');
  await knex.raw(`
    CREATE TABLE vector_item_chunks (
      collection_id uuid NOT NULL,
      user_id text NOT NULL CHECK (user_id <> ''),
      item_id text NOT NULL,
      position integer NOT NULL CHECK (position >= 0),
      text text,
      content_hash text NOT NULL,
      PRIMARY KEY (collection_id, item_id, position),
      FOREIGN KEY (collection_id, item_id) REFERENCES vector_items (collection_id, item_id) ON DELETE CASCADE
    )`);
  await knex.raw(`
    CREATE TABLE vector_index_runs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      collection_id uuid NOT NULL REFERENCES vector_collections (id) ON DELETE CASCADE,
      user_id text NOT NULL CHECK (user_id <> ''),
      object_key text NOT NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled')),
      progress jsonb NOT NULL,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    )`);
  await knex.raw('CREATE INDEX vector_index_runs_collection ON vector_index_runs (collection_id, created_at DESC)');
  // At most one unfinished run per collection: the embedded index has one writer at a time.
  await knex.raw(`CREATE UNIQUE INDEX vector_index_runs_one_active ON vector_index_runs (collection_id) WHERE status IN ('queued', 'running')`);
  const mine = `user_id = current_setting('app.user_id', true)`;
  for (const table of TABLES) {
    await knex.raw(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
    await knex.raw(`ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`);
    await knex.raw(`CREATE POLICY ${table}_owner ON ${table} TO ${APP_ROLE} USING (${mine}) WITH CHECK (${mine})`);
    await knex.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO ${APP_ROLE}`);
  }
  await knex.raw(createNoLoginRole(VECTOR_ADMIN_ROLE));
  const adminColumns: Record<string, string> = {
    vector_collections: 'id, user_id, name, embedding, model_id, dimension, created_at, updated_at',
    vector_items: 'collection_id',
    vector_item_chunks: 'collection_id',
  };
  for (const [table, columns] of Object.entries(adminColumns)) {
    await knex.raw(`CREATE POLICY ${table}_admin_read ON ${table} FOR SELECT TO ${VECTOR_ADMIN_ROLE} USING (true)`);
    await knex.raw(`GRANT SELECT (${columns}) ON ${table} TO ${VECTOR_ADMIN_ROLE}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [...TABLES].reverse()) await knex.raw(`DROP TABLE IF EXISTS ${table}`);
  // The role is cluster-wide (other databases may use it): only its privileges here go, with the tables.
}
