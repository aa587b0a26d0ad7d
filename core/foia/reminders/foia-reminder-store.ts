import type { Knex } from 'knex';
import { APPEALABLE_STATUSES } from '../foia-lifecycle.js';

/** The role the reminder job acts as (created by the migration; see ADR 0003). */
export const FOIA_REMINDER_ROLE = 'sunlight_reminder';

/** Where the reminder job records deadline notifications. */
export interface FoiaReminderStore {
  /**
   * Records a notification for every request whose clock runs and whose due date is at
   * most `withinDays` away (`due_soon`) or past (`overdue`); for every appealed request
   * whose deciding body's due date is that near (`appeal_due_soon`) or past
   * (`appeal_overdue`); and for every appealable decision whose requester's time to appeal
   * ends within `withinDays` (`appeal_window_closing`, before it ends only). "Today" is
   * `now`'s date in each request's time zone. Idempotent: at most one notification per
   * request, kind and due date. Returns how many were new.
   */
  recordDueReminders(input: { withinDays: number; now: Date }): Promise<number>;
}

/**
 * The Postgres store. It runs as `sunlight_reminder`, whose policies let it read the
 * deadline columns of every user's requests and insert notifications for their owners,
 * and nothing else.
 */
export function createPgFoiaReminderStore(db: Knex): FoiaReminderStore {
  return {
    recordDueReminders: ({ withinDays, now }) =>
      db.transaction(async (trx) => {
        await trx.raw(`SELECT set_config('role', ?, true)`, [FOIA_REMINDER_ROLE]);
        // No conflict target: naming one needs SELECT on the notifications, which this role
        // does not have. The only unique key besides the identity is (request, kind, due date).
        const result = await trx.raw<{ rowCount: number }>(
          `INSERT INTO foia_notifications (request_id, user_id, kind, due_date, days_until_due, created_at)
           SELECT id, user_id, CASE WHEN due_date < today THEN 'overdue' ELSE 'due_soon' END, due_date, due_date - today, ?::timestamptz
           FROM (
             SELECT id, user_id, due_date, (?::timestamptz AT TIME ZONE time_zone)::date AS today
             FROM foia_requests
             WHERE clock = 'running' AND due_date IS NOT NULL
           ) running
           WHERE due_date <= today + ?::int
           ON CONFLICT DO NOTHING`,
          [now.toISOString(), now.toISOString(), withinDays],
        );
        // The deciding body's deadline, while the appeal waits for its decision.
        const appeals = await trx.raw<{ rowCount: number }>(
          `INSERT INTO foia_notifications (request_id, user_id, kind, due_date, days_until_due, created_at)
           SELECT id, user_id, CASE WHEN appeal_due_date < today THEN 'appeal_overdue' ELSE 'appeal_due_soon' END, appeal_due_date, appeal_due_date - today, ?::timestamptz
           FROM (
             SELECT id, user_id, appeal_due_date, (?::timestamptz AT TIME ZONE time_zone)::date AS today
             FROM foia_requests
             WHERE status = 'appealed' AND appeal_due_date IS NOT NULL
           ) appealed
           WHERE appeal_due_date <= today + ?::int
           ON CONFLICT DO NOTHING`,
          [now.toISOString(), now.toISOString(), withinDays],
        );
        // The requester's own time to appeal a decision, before it runs out.
        const windows = await trx.raw<{ rowCount: number }>(
          `INSERT INTO foia_notifications (request_id, user_id, kind, due_date, days_until_due, created_at)
           SELECT id, user_id, 'appeal_window_closing', file_by, file_by - today, ?::timestamptz
           FROM (
             SELECT id, user_id, (appeal_deadline->'file_by'->>'date')::date AS file_by, (?::timestamptz AT TIME ZONE time_zone)::date AS today
             FROM foia_requests
             WHERE status IN (${APPEALABLE_STATUSES.map(() => '?').join(', ')}) AND appeal_deadline->'file_by'->>'date' IS NOT NULL
           ) decided
           WHERE file_by >= today AND file_by <= today + ?::int
           ON CONFLICT DO NOTHING`,
          [now.toISOString(), now.toISOString(), ...APPEALABLE_STATUSES, withinDays],
        );
        return result.rowCount + appeals.rowCount + windows.rowCount;
      }),
  };
}
