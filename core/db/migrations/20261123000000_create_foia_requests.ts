import type { Knex } from 'knex';
import { createNoLoginRole } from './roles.js';

/**
 * The FOIA dashboard: requests, their status history and deadline notifications, each row
 * owned by one user (the token's `sub`) and isolated by row-level security
 * (docs/adr/0003-foia-row-level-security.md).
 *
 * Two roles, both NOLOGIN, neither superuser nor owner nor BYPASSRLS:
 *  - `sunlight_app`: the API switches to it per transaction (`SET LOCAL ROLE`) and sets
 *    `app.user_id`; its policies show it only that user's rows.
 *  - `sunlight_reminder`: the deadline reminder job; it may read the few columns it needs
 *    of every request and insert notifications, nothing else.
 * Roles are cluster-wide, so they are created idempotently (several databases of the
 * cluster — the test template and its clones — use them) and `down` leaves them in place:
 * dropping them would fail while any other database still grants them privileges.
 */
const APP_ROLE = 'sunlight_app';
const REMINDER_ROLE = 'sunlight_reminder';

const STATUSES = [
  'draft', 'submitted', 'acknowledged', 'processing', 'fix_required', 'payment_required', 'fulfilled',
  'partially_fulfilled', 'denied', 'no_responsive_records', 'appealed', 'in_litigation', 'withdrawn',
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(createNoLoginRole(APP_ROLE));
  await knex.raw(createNoLoginRole(REMINDER_ROLE));

  await knex.raw(`
    CREATE TABLE foia_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL CHECK (user_id <> ''),
      jurisdiction text NOT NULL,
      time_zone text NOT NULL,
      agency jsonb NOT NULL CHECK (jsonb_typeof(agency) = 'object' AND agency->>'name' IS NOT NULL),
      subject text NOT NULL,
      description text NOT NULL,
      status text NOT NULL CHECK (status IN (${STATUSES.map((s) => `'${s}'`).join(', ')})),
      tracking_numbers text[] NOT NULL DEFAULT '{}',
      records_from date,
      records_to date,
      format_preference text,
      fee_waiver_requested boolean NOT NULL DEFAULT false,
      fee_waiver_justification text,
      expedited_requested boolean NOT NULL DEFAULT false,
      expedited_justification text,
      max_fee numeric(12, 2) CHECK (max_fee >= 0),
      estimated_fee numeric(12, 2) CHECK (estimated_fee >= 0),
      paid_fee numeric(12, 2) CHECK (paid_fee >= 0),
      submitted_at timestamptz,
      acknowledged_at timestamptz,
      due_date date,
      completed_at timestamptz,
      clock text NOT NULL DEFAULT 'not_started' CHECK (clock IN ('not_started', 'running', 'paused', 'stopped')),
      clock_paused_on date,
      deadline jsonb,
      notes text,
      tags text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1 CHECK (version >= 1)
    )`);
  // The list's two orders, per user, with the id as tie-breaker (keyset pagination).
  await knex.raw('CREATE INDEX foia_requests_user_updated_idx ON foia_requests (user_id, updated_at DESC, id DESC)');
  await knex.raw(`CREATE INDEX foia_requests_user_due_idx ON foia_requests (user_id, (coalesce(due_date, 'infinity'::date)), id)`);
  await knex.raw(`CREATE INDEX foia_requests_running_due_idx ON foia_requests (due_date) WHERE clock = 'running'`);

  await knex.raw(`
    CREATE TABLE foia_request_history (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      request_id uuid NOT NULL REFERENCES foia_requests (id) ON DELETE CASCADE,
      user_id text NOT NULL,
      from_status text,
      to_status text NOT NULL,
      at timestamptz NOT NULL,
      note text
    )`);
  await knex.raw('CREATE INDEX foia_request_history_request_idx ON foia_request_history (request_id, id)');

  await knex.raw(`
    CREATE TABLE foia_notifications (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      request_id uuid NOT NULL REFERENCES foia_requests (id) ON DELETE CASCADE,
      user_id text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('due_soon', 'overdue')),
      due_date date NOT NULL,
      days_until_due integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT foia_notifications_once UNIQUE (request_id, kind, due_date)
    )`);
  await knex.raw('CREATE INDEX foia_notifications_user_idx ON foia_notifications (user_id, created_at DESC)');

  await enableRowLevelSecurity(knex);
  await grantPrivileges(knex);
}

async function enableRowLevelSecurity(knex: Knex): Promise<void> {
  const mine = `user_id = current_setting('app.user_id', true)`;
  for (const table of ['foia_requests', 'foia_request_history', 'foia_notifications']) {
    await knex.raw(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
    // FORCE: the owner is filtered too, so a migration-owned connection cannot leak rows by accident.
    await knex.raw(`ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`);
    await knex.raw(`CREATE POLICY ${table}_owner ON ${table} TO ${APP_ROLE} USING (${mine}) WITH CHECK (${mine})`);
  }
  // The reminder job reads every user's requests (column grants below limit what it sees)…
  await knex.raw(`CREATE POLICY foia_requests_reminder_read ON foia_requests FOR SELECT TO ${REMINDER_ROLE} USING (true)`);
  // …and may record a notification only for the owner of the request it is about.
  await knex.raw(`
    CREATE POLICY foia_notifications_reminder_insert ON foia_notifications FOR INSERT TO ${REMINDER_ROLE}
    WITH CHECK (EXISTS (SELECT 1 FROM foia_requests r WHERE r.id = request_id AND r.user_id = foia_notifications.user_id))`);
}

async function grantPrivileges(knex: Knex): Promise<void> {
  await knex.raw(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}, ${REMINDER_ROLE}`);
  // No DELETE: a request is withdrawn, never erased by the API.
  await knex.raw(`GRANT SELECT, INSERT, UPDATE ON foia_requests TO ${APP_ROLE}`);
  await knex.raw(`GRANT SELECT, INSERT ON foia_request_history TO ${APP_ROLE}`);
  await knex.raw(`GRANT SELECT ON foia_notifications TO ${APP_ROLE}`);
  await knex.raw(`GRANT SELECT (id, user_id, clock, due_date, time_zone) ON foia_requests TO ${REMINDER_ROLE}`);
  await knex.raw(`GRANT INSERT (request_id, user_id, kind, due_date, days_until_due, created_at) ON foia_notifications TO ${REMINDER_ROLE}`);
}

export async function down(knex: Knex): Promise<void> {
  // Dropping the tables drops their policies and grants; the roles stay (see above).
  await knex.raw('DROP TABLE IF EXISTS foia_notifications');
  await knex.raw('DROP TABLE IF EXISTS foia_request_history');
  await knex.raw('DROP TABLE IF EXISTS foia_requests');
  await knex.raw(`DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
        REVOKE USAGE ON SCHEMA public FROM ${APP_ROLE}, ${REMINDER_ROLE};
      END IF;
    END $$`);
}
