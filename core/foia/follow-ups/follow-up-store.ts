/**
 * Where the follow-up job finds overdue requests: as `sunlight_reminder`, whose grants show the
 * deadline columns of every user's requests and when letters went out, and nothing else.
 * Drafting then happens as the request's owner (follow-up-drafter.ts).
 */
import type { Knex } from 'knex';
import { FOIA_REMINDER_ROLE } from '../reminders/foia-reminder-store.js';

/** An overdue request: its clock runs and its due date has passed in its own zone. */
export interface OverdueRequest {
  id: string;
  user_id: string;
  jurisdiction: string;
  time_zone: string;
  due_date: string;
  /** The later of the last outgoing letter and the submission, as an instant; null when neither is known. */
  last_contact_at: string | null;
}

export interface FollowUpStore {
  overdue(now: Date): Promise<OverdueRequest[]>;
}

export function createPgFollowUpStore(db: Knex): FollowUpStore {
  return {
    overdue: (now) =>
      db.transaction(async (trx) => {
        await trx.raw(`SELECT set_config('role', ?, true)`, [FOIA_REMINDER_ROLE]);
        const { rows } = await trx.raw<{ rows: Array<Omit<OverdueRequest, 'last_contact_at'> & { last_contact_at: Date | null }> }>(
          `SELECT r.id, r.user_id, r.jurisdiction, r.time_zone, r.due_date,
                  greatest(r.submitted_at, (SELECT max(c.occurred_at) FROM foia_communications c WHERE c.request_id = r.id AND c.direction = 'outgoing')) AS last_contact_at
           FROM foia_requests r
           WHERE r.clock = 'running' AND r.due_date IS NOT NULL AND r.due_date < (?::timestamptz AT TIME ZONE r.time_zone)::date
           ORDER BY r.due_date, r.id`,
          [now.toISOString()],
        );
        return rows.map((r) => ({ ...r, last_contact_at: r.last_contact_at ? r.last_contact_at.toISOString() : null }));
      }),
  };
}
