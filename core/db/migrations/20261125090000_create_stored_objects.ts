import type { Knex } from 'knex';

/**
 * Object storage's metadata (`/api/storage/objects`): one row per object of a user (the
 * token's `sub`), isolated by row-level security exactly as FOIA requests are — the API
 * switches to `sunlight_app` per transaction and sets `app.user_id`; FORCE makes the policy
 * apply to the table's owner too. The bytes live in the object store under `blob_key`, a
 * fresh name for each version, so a row always points at a whole object.
 *
 * `sunlight_app` is created by 20261123000000_create_foia_requests, which always runs first.
 */
const APP_ROLE = 'sunlight_app';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE stored_objects (
      user_id text NOT NULL CHECK (user_id <> ''),
      -- Byte order ("C"), so the list's order and cursors do not depend on the database's locale.
      key text COLLATE "C" NOT NULL CHECK (char_length(key) BETWEEN 1 AND 1024),
      blob_key text NOT NULL UNIQUE,
      size bigint NOT NULL CHECK (size >= 0),
      sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      etag text NOT NULL,
      content_type text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, key)
    )`);
  const mine = `user_id = current_setting('app.user_id', true)`;
  await knex.raw('ALTER TABLE stored_objects ENABLE ROW LEVEL SECURITY');
  await knex.raw('ALTER TABLE stored_objects FORCE ROW LEVEL SECURITY');
  await knex.raw(`CREATE POLICY stored_objects_owner ON stored_objects TO ${APP_ROLE} USING (${mine}) WITH CHECK (${mine})`);
  await knex.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON stored_objects TO ${APP_ROLE}`);
}

export async function down(knex: Knex): Promise<void> {
  // Dropping the table drops its policy and grants; the role stays (see the FOIA migration).
  await knex.raw('DROP TABLE IF EXISTS stored_objects');
}
