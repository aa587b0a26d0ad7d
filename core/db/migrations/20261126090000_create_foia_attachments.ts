import type { Knex } from 'knex';

/**
 * Attachments of FOIA requests (the agency's letters, released records): each one an object of
 * its owner's in object storage (`stored_objects`), described here and tied to its request.
 * Row-level security as on the other per-user tables. Deleting the request deletes these rows
 * (the attachments route deletes the objects); deleting the object through the storage API
 * deletes its attachment row, so a listed attachment always has its bytes.
 */
const APP_ROLE = 'sunlight_app';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE foia_request_attachments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL CHECK (user_id <> ''),
      request_id uuid NOT NULL REFERENCES foia_requests (id) ON DELETE CASCADE,
      object_key text COLLATE "C" NOT NULL,
      filename text NOT NULL CHECK (char_length(filename) BETWEEN 1 AND 255),
      kind text NOT NULL CHECK (kind IN ('agency_letter', 'released_records', 'our_letter', 'correspondence', 'other')),
      description text CHECK (char_length(description) <= 2000),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, object_key),
      FOREIGN KEY (user_id, object_key) REFERENCES stored_objects (user_id, key) ON DELETE CASCADE
    )`);
  await knex.raw('CREATE INDEX foia_request_attachments_request ON foia_request_attachments (request_id, created_at, id)');
  const mine = `user_id = current_setting('app.user_id', true)`;
  await knex.raw('ALTER TABLE foia_request_attachments ENABLE ROW LEVEL SECURITY');
  await knex.raw('ALTER TABLE foia_request_attachments FORCE ROW LEVEL SECURITY');
  await knex.raw(`CREATE POLICY foia_request_attachments_owner ON foia_request_attachments TO ${APP_ROLE} USING (${mine}) WITH CHECK (${mine})`);
  await knex.raw(`GRANT SELECT, INSERT, DELETE ON foia_request_attachments TO ${APP_ROLE}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS foia_request_attachments');
}
