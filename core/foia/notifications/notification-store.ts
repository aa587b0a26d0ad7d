/**
 * The user's notifications (`foia_notifications`, under row-level security) as the API reads
 * them: the deadline reminders the reminder job records and the tracker's own events
 * (follow-ups drafted, letters sent or failed). Every function runs inside a transaction that
 * already acts as the user (`inUserTransaction`).
 */
import type { Knex } from 'knex';

/** The kinds of notification (the CHECK of `foia_notifications.kind`, set by migration 20261127090000). */
export const NOTIFICATION_KINDS = ['due_soon', 'overdue', 'appeal_window_closing', 'appeal_due_soon', 'appeal_overdue', 'follow_up', 'sent', 'send_failed'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface FoiaNotification {
  id: number;
  request_id: string;
  kind: NotificationKind;
  /** The date the notification is about: the response (or appeal) due date; for `follow_up`, the day the follow-up fell due. */
  due_date: string;
  /** Calendar days from the day it was recorded to `due_date` (in the request's zone); negative when past. */
  days_until_due: number;
  message: string | null;
  /** The letter it is about (a drafted follow-up, a sent letter), if any. */
  communication_id: string | null;
  read_at: string | null;
  created_at: string;
  /** The request's subject and agency, for display. */
  subject: string;
  agency_name: string;
}

export interface NotificationQuery {
  kind?: NotificationKind;
  unread?: boolean;
  limit: number;
  /** Position after which the page starts: unread (1) or read (0), `created_at` as Postgres text, id. */
  after?: { unread: 0 | 1; key: string; id: number };
}

export interface NotificationPage {
  /** One row more than `limit` when a next page exists. */
  rows: Array<{ notification: FoiaNotification; unread: 0 | 1; sortKey: string }>;
  total: number;
}

type Row = Omit<FoiaNotification, 'read_at' | 'created_at'> & { read_at: Date | null; created_at: Date; sort_key: string; unread: number };

const toNotification = ({ sort_key: _k, unread: _u, read_at, created_at, ...r }: Row): FoiaNotification => ({
  ...r,
  read_at: read_at ? read_at.toISOString() : null,
  created_at: created_at.toISOString(),
});

const UNREAD = 'CASE WHEN n.read_at IS NULL THEN 1 ELSE 0 END';

function joined(trx: Knex.Transaction) {
  return trx('foia_notifications as n').join('foia_requests as r', 'r.id', 'n.request_id');
}

function selectView(trx: Knex.Transaction, builder: Knex.QueryBuilder): Knex.QueryBuilder {
  return builder.select(
    'n.id', 'n.request_id', 'n.kind', 'n.due_date', 'n.days_until_due', 'n.message', 'n.communication_id', 'n.read_at', 'n.created_at', 'r.subject',
    trx.raw(`r.agency->>'name' AS agency_name`),
    trx.raw('n.created_at::text AS sort_key'),
    trx.raw(`${UNREAD} AS unread`),
  );
}

/** One page of the user's notifications: unread first, then newest first. */
export async function listNotifications(trx: Knex.Transaction, query: NotificationQuery): Promise<NotificationPage> {
  const filtered = () => {
    const b = joined(trx);
    if (query.kind) void b.where('n.kind', query.kind);
    if (query.unread === true) void b.whereNull('n.read_at');
    if (query.unread === false) void b.whereNotNull('n.read_at');
    return b;
  };
  const [countRow] = await filtered().count<Array<{ count: number }>>('* as count');
  const page = selectView(trx, filtered())
    .orderByRaw(`${UNREAD} DESC, n.created_at DESC, n.id DESC`)
    .limit(query.limit + 1);
  if (query.after) void page.whereRaw(`(${UNREAD}, n.created_at, n.id) < (?::int, ?::timestamptz, ?::bigint)`, [query.after.unread, query.after.key, query.after.id]);
  const rows = (await page) as Row[];
  return {
    rows: rows.map((r) => ({ notification: toNotification(r), unread: r.unread === 1 ? 1 : 0, sortKey: r.sort_key })),
    total: Number(countRow?.count ?? 0),
  };
}

/** One notification of the user, or null (absent, or someone else's). */
export async function findNotification(trx: Knex.Transaction, id: number): Promise<FoiaNotification | null> {
  const row = (await selectView(trx, joined(trx)).where('n.id', id).first()) as Row | undefined;
  return row ? toNotification(row) : null;
}

/** Marks one notification read (kept as first read); false when it is not the user's. */
export async function markNotificationRead(trx: Knex.Transaction, id: number, at: Date): Promise<boolean> {
  const updated = await trx('foia_notifications').where({ id }).update({ read_at: trx.raw('coalesce(read_at, ?::timestamptz)', [at.toISOString()]) });
  return updated > 0;
}

/** Marks every unread notification of the user read; returns how many. */
export async function markAllNotificationsRead(trx: Knex.Transaction, at: Date): Promise<number> {
  return trx('foia_notifications').whereNull('read_at').update({ read_at: at.toISOString() });
}

/** A notification the user's own actions record (a follow-up drafted, a letter sent). */
export interface NewNotification {
  request_id: string;
  kind: NotificationKind;
  due_date: string;
  days_until_due: number;
  message: string | null;
  communication_id: string | null;
  created_at: string;
}

/**
 * Records a notification of the transaction's user; false when it exists already (one per
 * request, kind and due date; one per letter and kind for a notification about a letter), so
 * a repeated call records nothing.
 */
export async function insertNotification(trx: Knex.Transaction, userId: string, n: NewNotification): Promise<boolean> {
  const result = await trx.raw<{ rowCount: number }>(
    `INSERT INTO foia_notifications (request_id, user_id, kind, due_date, days_until_due, message, communication_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?::timestamptz) ON CONFLICT DO NOTHING`,
    [n.request_id, userId, n.kind, n.due_date, n.days_until_due, n.message, n.communication_id, n.created_at],
  );
  return result.rowCount > 0;
}
