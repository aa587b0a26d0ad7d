import type { Knex } from 'knex';
import { createNoLoginRole } from './roles.js';

/**
 * The FOIA tracker beyond due dates (issue 18): the requester's profile, a request's
 * communications (letters sent, replies received, notes), the agency directory, and
 * notifications that are read and delivered.
 *
 * Per-user rows are under row-level security like the requests (ADR 0003). Three jobs read
 * across users, each as its own NOLOGIN role with column grants and narrow policies:
 *  - `sunlight_reminder` (exists): also reads which requests are overdue and when they were
 *    last followed up, and which notifications wait for delivery and where to;
 *  - `sunlight_stats`: owns `foia_agency_statistics()`, which returns aggregates of the
 *    requests addressed to one directory agency, never a row;
 *  - the calendar feed: `foia_calendar_feed_user()` maps a feed token's hash to its user and
 *    nothing else (owned by `sunlight_stats`, which may read only that column).
 * The directory's shared entries (`owner_id IS NULL`) are written by ingestion (the table
 * owner; RLS is not forced on this table) and read by everyone; users add their own.
 */
const APP_ROLE = 'sunlight_app';
const REMINDER_ROLE = 'sunlight_reminder';
const STATS_ROLE = 'sunlight_stats';

const MINE = `user_id = current_setting('app.user_id', true)`;

/** The notification kinds: the deadline reminders, and the tracker's events. */
const NOTIFICATION_KINDS = ['due_soon', 'overdue', 'appeal_window_closing', 'appeal_due_soon', 'appeal_overdue', 'follow_up', 'sent', 'send_failed'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(createNoLoginRole(STATS_ROLE));

  await knex.raw(`
    CREATE TABLE user_profiles (
      user_id text PRIMARY KEY CHECK (user_id <> ''),
      name text,
      organization text,
      email text,
      phone text,
      address text,
      follow_up_auto_send boolean NOT NULL DEFAULT false,
      notify_email boolean NOT NULL DEFAULT false,
      notify_webhook_url text,
      calendar_feed_token_hash text UNIQUE,
      calendar_feed_token_created_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);

  await knex.raw(`
    CREATE TABLE foia_agencies (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_id text CHECK (owner_id <> ''),
      jurisdiction text NOT NULL,
      name text NOT NULL,
      kind text NOT NULL DEFAULT 'records' CHECK (kind IN ('records', 'oversight')),
      email text,
      portal_url text,
      postal_address text,
      phone text,
      records_officer_title text,
      records_officer_citation text,
      notes text,
      based_on uuid REFERENCES foia_agencies (id) ON DELETE SET NULL,
      source text NOT NULL CHECK (source IN ('corpus', 'user')),
      source_ref text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE UNIQUE INDEX foia_agencies_directory_name ON foia_agencies (jurisdiction, lower(name)) WHERE owner_id IS NULL');
  await knex.raw('CREATE INDEX foia_agencies_jurisdiction_idx ON foia_agencies (jurisdiction, lower(name))');
  await knex.raw('CREATE INDEX foia_agencies_owner_idx ON foia_agencies (owner_id) WHERE owner_id IS NOT NULL');
  // A request names its directory agency in agency.directory_id; statistics group by it.
  await knex.raw(`CREATE INDEX foia_requests_directory_agency_idx ON foia_requests (((agency->>'directory_id')::uuid)) WHERE agency->>'directory_id' IS NOT NULL`);

  await knex.raw(`
    CREATE TABLE foia_communications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      request_id uuid NOT NULL REFERENCES foia_requests (id) ON DELETE CASCADE,
      user_id text NOT NULL,
      direction text NOT NULL CHECK (direction IN ('outgoing', 'incoming', 'note')),
      kind text NOT NULL CHECK (kind IN ('request', 'follow_up', 'appeal', 'reply', 'note')),
      channel text NOT NULL CHECK (channel IN ('email', 'portal', 'mail', 'fax', 'phone', 'in_person', 'other')),
      occurred_at timestamptz NOT NULL,
      subject text,
      body text NOT NULL DEFAULT '',
      from_address text,
      to_address text,
      status_to text,
      cc_address text,
      send_key text CHECK (char_length(send_key) BETWEEN 1 AND 255),
      delivery text NOT NULL DEFAULT 'none' CHECK (delivery IN ('none', 'draft', 'queued', 'sending', 'sent', 'failed')),
      message_id text,
      sent_at timestamptz,
      delivery_error text,
      delivery_attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX foia_communications_request_idx ON foia_communications (request_id, occurred_at, id)');
  // POST …/send with an Idempotency-Key answers with the letter that key first queued.
  await knex.raw('CREATE UNIQUE INDEX foia_communications_send_key ON foia_communications (user_id, send_key) WHERE send_key IS NOT NULL');
  await knex.raw(`CREATE INDEX foia_communications_follow_up_idx ON foia_communications (request_id, occurred_at DESC) WHERE direction = 'outgoing'`);

  await knex.raw('ALTER TABLE foia_request_attachments ADD COLUMN communication_id uuid REFERENCES foia_communications (id) ON DELETE SET NULL');
  await knex.raw('CREATE INDEX foia_request_attachments_communication_idx ON foia_request_attachments (communication_id) WHERE communication_id IS NOT NULL');

  await knex.raw('ALTER TABLE foia_notifications DROP CONSTRAINT foia_notifications_kind_check');
  await knex.raw(`ALTER TABLE foia_notifications ADD CONSTRAINT foia_notifications_kind_check CHECK (kind IN (${NOTIFICATION_KINDS.map((k) => `'${k}'`).join(', ')}))`);
  await knex.raw('ALTER TABLE foia_notifications ADD COLUMN read_at timestamptz');
  await knex.raw('ALTER TABLE foia_notifications ADD COLUMN message text');
  await knex.raw('ALTER TABLE foia_notifications ADD COLUMN communication_id uuid REFERENCES foia_communications (id) ON DELETE SET NULL');
  await knex.raw('ALTER TABLE foia_notifications ADD COLUMN emailed_at timestamptz');
  await knex.raw('ALTER TABLE foia_notifications ADD COLUMN webhooked_at timestamptz');
  await knex.raw('ALTER TABLE foia_notifications ADD COLUMN delivery_error text');
  // One reminder per request, kind and due date, as before; a notification about a letter is once per letter and kind.
  await knex.raw('ALTER TABLE foia_notifications DROP CONSTRAINT foia_notifications_once');
  await knex.raw('CREATE UNIQUE INDEX foia_notifications_once ON foia_notifications (request_id, kind, due_date) WHERE communication_id IS NULL');
  await knex.raw('CREATE UNIQUE INDEX foia_notifications_per_letter ON foia_notifications (communication_id, kind) WHERE communication_id IS NOT NULL');
  await knex.raw('CREATE INDEX foia_notifications_unread_idx ON foia_notifications (user_id, (read_at IS NULL) DESC, created_at DESC, id DESC)');

  await rowLevelSecurity(knex);
  await functions(knex);
  await grants(knex);
}

async function rowLevelSecurity(knex: Knex): Promise<void> {
  for (const table of ['user_profiles', 'foia_communications']) {
    await knex.raw(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
    await knex.raw(`ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`);
    await knex.raw(`CREATE POLICY ${table}_owner ON ${table} TO ${APP_ROLE} USING (${MINE}) WITH CHECK (${MINE})`);
  }
  // A communication belongs to a request of the same user.
  await knex.raw(`
    CREATE POLICY foia_communications_request ON foia_communications AS RESTRICTIVE TO ${APP_ROLE}
    USING (true) WITH CHECK (EXISTS (SELECT 1 FROM foia_requests r WHERE r.id = request_id AND r.user_id = foia_communications.user_id))`);

  // The directory: shared entries for everyone to read, the user's own to read and write.
  await knex.raw('ALTER TABLE foia_agencies ENABLE ROW LEVEL SECURITY');
  const ownAgency = `owner_id = current_setting('app.user_id', true)`;
  await knex.raw(`CREATE POLICY foia_agencies_read ON foia_agencies FOR SELECT TO ${APP_ROLE} USING (owner_id IS NULL OR ${ownAgency})`);
  await knex.raw(`CREATE POLICY foia_agencies_insert ON foia_agencies FOR INSERT TO ${APP_ROLE} WITH CHECK (${ownAgency} AND source = 'user')`);
  await knex.raw(`CREATE POLICY foia_agencies_update ON foia_agencies FOR UPDATE TO ${APP_ROLE} USING (${ownAgency}) WITH CHECK (${ownAgency} AND source = 'user')`);
  await knex.raw(`CREATE POLICY foia_agencies_delete ON foia_agencies FOR DELETE TO ${APP_ROLE} USING (${ownAgency})`);

  // The jobs: follow-ups read overdue requests and their last outgoing letter; delivery reads
  // notifications waiting to go out and the addresses they go to, and marks them delivered.
  await knex.raw(`CREATE POLICY foia_communications_reminder_read ON foia_communications FOR SELECT TO ${REMINDER_ROLE} USING (direction = 'outgoing')`);
  await knex.raw(`CREATE POLICY foia_notifications_reminder_read ON foia_notifications FOR SELECT TO ${REMINDER_ROLE} USING (true)`);
  await knex.raw(`CREATE POLICY foia_notifications_reminder_deliver ON foia_notifications FOR UPDATE TO ${REMINDER_ROLE} USING (true) WITH CHECK (true)`);
  await knex.raw(`CREATE POLICY user_profiles_reminder_read ON user_profiles FOR SELECT TO ${REMINDER_ROLE} USING (true)`);
  await knex.raw(`CREATE POLICY foia_requests_stats_read ON foia_requests FOR SELECT TO ${STATS_ROLE} USING (true)`);
  await knex.raw(`CREATE POLICY user_profiles_stats_read ON user_profiles FOR SELECT TO ${STATS_ROLE} USING (true)`);
}

async function functions(knex: Knex): Promise<void> {
  // Aggregates of the requests addressed to one directory agency. Medians and shares are
  // given only from three requests up, so no figure describes one person's request.
  await knex.raw(`
    CREATE FUNCTION foia_agency_statistics(agency_id uuid, as_of date)
    RETURNS TABLE (
      requests bigint,
      answered bigint,
      completed bigint,
      median_days_to_first_response numeric,
      median_days_to_completion numeric,
      share_overdue numeric,
      share_fully_granted numeric
    )
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
      WITH r AS (
        SELECT status, submitted_at, acknowledged_at, completed_at, due_date, clock, time_zone
        FROM foia_requests
        WHERE agency->>'directory_id' IS NOT NULL AND (agency->>'directory_id')::uuid = agency_id
          AND submitted_at IS NOT NULL
      ), d AS (
        SELECT
          EXTRACT(EPOCH FROM (coalesce(acknowledged_at, completed_at) - submitted_at)) / 86400 AS first_days,
          EXTRACT(EPOCH FROM (completed_at - submitted_at)) / 86400 AS done_days,
          (due_date IS NOT NULL AND (
             (completed_at IS NOT NULL AND (completed_at AT TIME ZONE time_zone)::date > due_date)
             OR (completed_at IS NULL AND clock = 'running' AND as_of > due_date))) AS overdue,
          status
        FROM r
      ), n AS (SELECT count(*) AS total FROM d)
      SELECT
        n.total,
        (SELECT count(*) FROM d WHERE first_days IS NOT NULL),
        (SELECT count(*) FROM d WHERE done_days IS NOT NULL),
        CASE WHEN (SELECT count(*) FROM d WHERE first_days IS NOT NULL) >= 3
          THEN round((SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY first_days) FROM d WHERE first_days IS NOT NULL)::numeric, 1) END,
        CASE WHEN (SELECT count(*) FROM d WHERE done_days IS NOT NULL) >= 3
          THEN round((SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY done_days) FROM d WHERE done_days IS NOT NULL)::numeric, 1) END,
        CASE WHEN n.total >= 3 THEN round((SELECT count(*) FROM d WHERE overdue)::numeric / n.total, 3) END,
        CASE WHEN (SELECT count(*) FROM d WHERE done_days IS NOT NULL) >= 3
          THEN round((SELECT count(*) FROM d WHERE status = 'fulfilled')::numeric / (SELECT count(*) FROM d WHERE done_days IS NOT NULL), 3) END
      FROM n
    $$`);

  // The user a calendar feed token (by its SHA-256) belongs to; nothing else of the profile.
  await knex.raw(`
    CREATE FUNCTION foia_calendar_feed_user(token_hash text)
    RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
      SELECT user_id FROM user_profiles WHERE calendar_feed_token_hash = token_hash
    $$`);

  for (const fn of ['foia_agency_statistics(uuid, date)', 'foia_calendar_feed_user(text)']) {
    await knex.raw(`ALTER FUNCTION ${fn} OWNER TO ${STATS_ROLE}`);
    await knex.raw(`REVOKE ALL ON FUNCTION ${fn} FROM PUBLIC`);
    await knex.raw(`GRANT EXECUTE ON FUNCTION ${fn} TO ${APP_ROLE}`);
  }
}

async function grants(knex: Knex): Promise<void> {
  await knex.raw(`GRANT USAGE ON SCHEMA public TO ${STATS_ROLE}`);
  await knex.raw(`GRANT SELECT, INSERT, UPDATE ON user_profiles TO ${APP_ROLE}`);
  await knex.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON foia_agencies TO ${APP_ROLE}`);
  // No DELETE: the thread is a record of what happened.
  await knex.raw(`GRANT SELECT, INSERT, UPDATE ON foia_communications TO ${APP_ROLE}`);
  await knex.raw(`GRANT UPDATE (read_at) ON foia_notifications TO ${APP_ROLE}`);
  // Logging a communication files the request's attachments under it (row-level security still applies).
  await knex.raw(`GRANT UPDATE (communication_id) ON foia_request_attachments TO ${APP_ROLE}`);
  await knex.raw(`GRANT INSERT (request_id, user_id, kind, due_date, days_until_due, created_at, message, communication_id) ON foia_notifications TO ${APP_ROLE}`);
  await knex.raw(`CREATE POLICY foia_notifications_owner_write ON foia_notifications FOR INSERT TO ${APP_ROLE} WITH CHECK (${MINE})`);
  await knex.raw(`CREATE POLICY foia_notifications_owner_read_mark ON foia_notifications FOR UPDATE TO ${APP_ROLE} USING (${MINE}) WITH CHECK (${MINE})`);

  await knex.raw(`GRANT SELECT (id, user_id, jurisdiction, status, clock, due_date, time_zone, submitted_at, appeal_due_date, appeal_deadline, appealed_at, completed_at) ON foia_requests TO ${REMINDER_ROLE}`);
  await knex.raw(`GRANT SELECT (request_id, user_id, direction, kind, occurred_at) ON foia_communications TO ${REMINDER_ROLE}`);
  await knex.raw(`GRANT SELECT ON foia_notifications TO ${REMINDER_ROLE}`);
  await knex.raw(`GRANT UPDATE (emailed_at, webhooked_at, delivery_error) ON foia_notifications TO ${REMINDER_ROLE}`);
  await knex.raw(`GRANT INSERT (message, communication_id) ON foia_notifications TO ${REMINDER_ROLE}`);
  await knex.raw(`GRANT SELECT (user_id, name, email, notify_email, notify_webhook_url, follow_up_auto_send) ON user_profiles TO ${REMINDER_ROLE}`);

  await knex.raw(`GRANT SELECT (agency, status, submitted_at, acknowledged_at, completed_at, due_date, clock, time_zone) ON foia_requests TO ${STATS_ROLE}`);
  await knex.raw(`GRANT SELECT (user_id, calendar_feed_token_hash) ON user_profiles TO ${STATS_ROLE}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS foia_calendar_feed_user(text)');
  await knex.raw('DROP FUNCTION IF EXISTS foia_agency_statistics(uuid, date)');
  await knex.raw('DROP POLICY IF EXISTS foia_notifications_owner_write ON foia_notifications');
  await knex.raw('DROP POLICY IF EXISTS foia_notifications_owner_read_mark ON foia_notifications');
  await knex.raw('DROP POLICY IF EXISTS foia_notifications_reminder_read ON foia_notifications');
  await knex.raw('DROP POLICY IF EXISTS foia_notifications_reminder_deliver ON foia_notifications');
  await knex.raw('DROP POLICY IF EXISTS foia_requests_stats_read ON foia_requests');
  await knex.raw(`REVOKE UPDATE (read_at) ON foia_notifications FROM ${APP_ROLE}`);
  await knex.raw(`REVOKE UPDATE (communication_id) ON foia_request_attachments FROM ${APP_ROLE}`);
  await knex.raw(`REVOKE SELECT (jurisdiction, status, submitted_at, appeal_due_date, appeal_deadline, appealed_at, completed_at) ON foia_requests FROM ${REMINDER_ROLE}`);
  await knex.raw(`REVOKE SELECT, UPDATE ON foia_notifications FROM ${REMINDER_ROLE}`);
  await knex.raw(`REVOKE ALL ON foia_requests FROM ${STATS_ROLE}`);
  await knex.raw('DROP INDEX IF EXISTS foia_notifications_per_letter');
  await knex.raw('DROP INDEX IF EXISTS foia_notifications_once');
  await knex.raw(`DELETE FROM foia_notifications a USING foia_notifications b
    WHERE a.request_id = b.request_id AND a.kind = b.kind AND a.due_date = b.due_date AND a.id > b.id`);
  await knex.raw('ALTER TABLE foia_notifications ADD CONSTRAINT foia_notifications_once UNIQUE (request_id, kind, due_date)');
  for (const column of ['read_at', 'message', 'communication_id', 'emailed_at', 'webhooked_at', 'delivery_error']) {
    await knex.raw(`ALTER TABLE foia_notifications DROP COLUMN IF EXISTS ${column}`);
  }
  await knex.raw(`DELETE FROM foia_notifications WHERE kind NOT IN ('due_soon', 'overdue')`);
  await knex.raw('ALTER TABLE foia_notifications DROP CONSTRAINT foia_notifications_kind_check');
  await knex.raw(`ALTER TABLE foia_notifications ADD CONSTRAINT foia_notifications_kind_check CHECK (kind IN ('due_soon', 'overdue'))`);
  await knex.raw('ALTER TABLE foia_request_attachments DROP COLUMN IF EXISTS communication_id');
  await knex.raw('DROP INDEX IF EXISTS foia_requests_directory_agency_idx');
  await knex.raw('DROP TABLE IF EXISTS foia_communications');
  await knex.raw('DROP TABLE IF EXISTS foia_agencies');
  await knex.raw('DROP TABLE IF EXISTS user_profiles');
}
