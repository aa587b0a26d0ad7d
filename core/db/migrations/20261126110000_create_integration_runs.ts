import type { Knex } from 'knex';

/**
 * Integration workflow runs (`/api/integrations/workflows`) and their webhook deliveries. A run
 * belongs to the client that started it (the token's `sub`): row-level security as on the other
 * per-user tables, with `app.user_id` the client's `sub`, so another client's run is not found.
 * Each delivery attempt of a run's webhook is a row of its own (the delivery log).
 */
const APP_ROLE = 'sunlight_app';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE integration_runs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      client_id text NOT NULL CHECK (client_id <> ''),
      authorized_party text,
      type text NOT NULL,
      input jsonb NOT NULL,
      idempotency_key text CHECK (char_length(idempotency_key) BETWEEN 1 AND 255),
      request_hash text NOT NULL,
      webhook_url text,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled')),
      progress jsonb,
      result jsonb,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (client_id, idempotency_key)
    )`);
  await knex.raw('CREATE INDEX integration_runs_client_created ON integration_runs (client_id, created_at DESC, id DESC)');
  await knex.raw(`
    CREATE TABLE webhook_deliveries (
      id bigserial PRIMARY KEY,
      run_id uuid NOT NULL REFERENCES integration_runs (id) ON DELETE CASCADE,
      client_id text NOT NULL CHECK (client_id <> ''),
      event_id text NOT NULL,
      attempt integer NOT NULL CHECK (attempt >= 1),
      url text NOT NULL,
      status_code integer,
      outcome text NOT NULL CHECK (outcome IN ('delivered', 'failed', 'refused')),
      error text,
      latency_ms double precision NOT NULL,
      attempted_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX webhook_deliveries_run ON webhook_deliveries (run_id, id)');
  const mine = `client_id = current_setting('app.user_id', true)`;
  for (const table of ['integration_runs', 'webhook_deliveries']) {
    await knex.raw(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
    await knex.raw(`ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`);
    await knex.raw(`CREATE POLICY ${table}_owner ON ${table} TO ${APP_ROLE} USING (${mine}) WITH CHECK (${mine})`);
    await knex.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO ${APP_ROLE}`);
  }
  await knex.raw(`GRANT USAGE ON SEQUENCE webhook_deliveries_id_seq TO ${APP_ROLE}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS webhook_deliveries');
  await knex.raw('DROP TABLE IF EXISTS integration_runs');
}
