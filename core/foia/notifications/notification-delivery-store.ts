/**
 * What the delivery job reads and writes. Finding and marking notifications runs as
 * `sunlight_reminder`, whose grants show every user's notifications and the profile columns
 * that say where they go, and let it set only `emailed_at`, `webhooked_at` and
 * `delivery_error`. What a message says of its request (subject, agency) is read as the user
 * the notification belongs to, under row-level security.
 */
import type { Knex } from 'knex';
import { inUserTransaction } from '../../db/user-transaction.js';
import { FOIA_REMINDER_ROLE } from '../reminders/foia-reminder-store.js';
import type { NotificationKind } from './notification-store.js';

export type DeliveryChannel = 'email' | 'webhook';

/** A notification waiting for at least one channel. */
export interface PendingNotification {
  id: number;
  user_id: string;
  request_id: string;
  kind: NotificationKind;
  due_date: string;
  days_until_due: number;
  message: string | null;
  communication_id: string | null;
  created_at: string;
  /** The address to e-mail, while e-mail is on and this one has not been e-mailed; else null. */
  email: string | null;
  /** The URL to POST to, while a webhook is set and this one has not been delivered to it; else null. */
  webhook_url: string | null;
}

/** What a message names of the request. */
export interface NotifiedRequest {
  subject: string;
  agency_name: string;
  due_date: string | null;
}

export interface NotificationDeliveryStore {
  /** Undelivered, unread notifications recorded since `since`, oldest first. */
  pending(input: { since: Date; limit: number }): Promise<PendingNotification[]>;
  /**
   * Marks the channel delivered before delivering (at most once): true when this call set
   * it, false when another run already has. `release` undoes it after a failure.
   */
  claim(id: number, channel: DeliveryChannel, at: Date): Promise<boolean>;
  release(id: number, channel: DeliveryChannel): Promise<void>;
  /** Records the run's failures (null: none). */
  recordError(id: number, error: string | null): Promise<void>;
  request(userId: string, requestId: string): Promise<NotifiedRequest | null>;
}

const COLUMN: Record<DeliveryChannel, 'emailed_at' | 'webhooked_at'> = { email: 'emailed_at', webhook: 'webhooked_at' };

export function createPgNotificationDeliveryStore(db: Knex): NotificationDeliveryStore {
  const asReminder = <T>(fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> =>
    db.transaction(async (trx) => {
      await trx.raw(`SELECT set_config('role', ?, true)`, [FOIA_REMINDER_ROLE]);
      return fn(trx);
    });
  return {
    pending: ({ since, limit }) =>
      asReminder(async (trx) => {
        const wantsEmail = 'p.notify_email AND p.email IS NOT NULL AND n.emailed_at IS NULL';
        const wantsWebhook = 'p.notify_webhook_url IS NOT NULL AND n.webhooked_at IS NULL';
        const { rows } = await trx.raw<{ rows: Array<Omit<PendingNotification, 'created_at'> & { created_at: Date }> }>(
          `SELECT n.id, n.user_id, n.request_id, n.kind, n.due_date, n.days_until_due, n.message, n.communication_id, n.created_at,
                  CASE WHEN ${wantsEmail} THEN p.email END AS email,
                  CASE WHEN ${wantsWebhook} THEN p.notify_webhook_url END AS webhook_url
           FROM foia_notifications n JOIN user_profiles p ON p.user_id = n.user_id
           WHERE n.read_at IS NULL AND n.created_at >= ?::timestamptz AND ((${wantsEmail}) OR (${wantsWebhook}))
           ORDER BY n.created_at, n.id
           LIMIT ?`,
          [since.toISOString(), limit],
        );
        return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
      }),
    claim: (id, channel, at) =>
      asReminder(async (trx) => (await trx('foia_notifications').where({ id }).whereNull(COLUMN[channel]).update({ [COLUMN[channel]]: at.toISOString() })) > 0),
    release: (id, channel) => asReminder(async (trx) => void (await trx('foia_notifications').where({ id }).update({ [COLUMN[channel]]: null }))),
    recordError: (id, error) => asReminder(async (trx) => void (await trx('foia_notifications').where({ id }).update({ delivery_error: error }))),
    request: (userId, requestId) =>
      inUserTransaction(db, userId, async (trx) => {
        const row = (await trx('foia_requests')
          .select('subject', trx.raw(`agency->>'name' AS agency_name`), 'due_date')
          .where({ id: requestId })
          .first()) as NotifiedRequest | undefined;
        return row ?? null;
      }),
  };
}
