import type { Knex } from 'knex';

/**
 * Document compilations (`/api/documents/compile`): one row per compilation of a user, its
 * request, status, progress and outputs (objects of the user's in object storage); and the
 * parts its workflow has gathered so far, one row each, which the rendering step reads (so the
 * workflow's history carries ids and counts, never a packet's text). Row-level security as on
 * the other per-user tables: the worker acts as the compilation's owner too.
 */
const APP_ROLE = 'sunlight_app';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE document_compilations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL CHECK (user_id <> ''),
      title text NOT NULL,
      request jsonb NOT NULL,
      idempotency_key text CHECK (char_length(idempotency_key) BETWEEN 1 AND 255),
      request_hash text NOT NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled')),
      progress jsonb NOT NULL,
      outputs jsonb NOT NULL DEFAULT '[]',
      part_failures jsonb NOT NULL DEFAULT '[]',
      fingerprint text,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      UNIQUE (user_id, idempotency_key)
    )`);
  await knex.raw('CREATE INDEX document_compilations_user_created ON document_compilations (user_id, created_at DESC, id DESC)');
  await knex.raw(`
    CREATE TABLE document_compilation_parts (
      compilation_id uuid NOT NULL REFERENCES document_compilations (id) ON DELETE CASCADE,
      user_id text NOT NULL CHECK (user_id <> ''),
      index integer NOT NULL CHECK (index >= 1),
      part jsonb NOT NULL,
      PRIMARY KEY (compilation_id, index)
    )`);
  const mine = `user_id = current_setting('app.user_id', true)`;
  for (const table of ['document_compilations', 'document_compilation_parts']) {
    await knex.raw(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
    await knex.raw(`ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`);
    await knex.raw(`CREATE POLICY ${table}_owner ON ${table} TO ${APP_ROLE} USING (${mine}) WITH CHECK (${mine})`);
    await knex.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO ${APP_ROLE}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS document_compilation_parts');
  await knex.raw('DROP TABLE IF EXISTS document_compilations');
}
