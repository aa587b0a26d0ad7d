/** The caller's notifications: the list (unread first), and marking them read. */
import { z } from 'zod';
import type { Knex } from 'knex';
import { inUserTransaction } from '../../db/user-transaction.js';
import { NotFoundError } from '../../errors/app-error.js';
import { decodeCursor, encodeCursor, type ListEnvelope } from '../../http/list-envelope.js';
import {
  findNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type FoiaNotification,
  type NotificationKind,
} from './notification-store.js';

/** Filters and page of the list, as the router passes them. */
export interface NotificationListParams {
  kind?: NotificationKind;
  unread?: boolean;
  limit: number;
  cursor?: string;
}

export interface NotificationService {
  list(userId: string, params: NotificationListParams): Promise<ListEnvelope<FoiaNotification>>;
  /** Marks one read and returns it; NotFoundError for someone else's (invisible under row-level security). */
  markRead(userId: string, id: number): Promise<FoiaNotification>;
  markAllRead(userId: string): Promise<{ marked: number }>;
}

const cursorSchema = z.object({ u: z.union([z.literal(0), z.literal(1)]), k: z.string().min(1), id: z.number().int().min(1) });

export function createNotificationService(deps: { db: Knex; now?: () => Date }): NotificationService {
  const now = deps.now ?? (() => new Date());
  return {
    async list(userId, params) {
      const cursor = decodeCursor(params.cursor, cursorSchema);
      const { rows, total } = await inUserTransaction(deps.db, userId, (trx) =>
        listNotifications(trx, {
          limit: params.limit,
          ...(params.kind ? { kind: params.kind } : {}),
          ...(params.unread !== undefined ? { unread: params.unread } : {}),
          ...(cursor ? { after: { unread: cursor.u, key: cursor.k, id: cursor.id } } : {}),
        }),
      );
      const page = rows.slice(0, params.limit);
      const last = page[page.length - 1];
      const next = rows.length > params.limit && last ? encodeCursor({ u: last.unread, k: last.sortKey, id: last.notification.id }) : null;
      return { data: page.map((r) => r.notification), total, next_cursor: next };
    },
    async markRead(userId, id) {
      const at = now();
      return inUserTransaction(deps.db, userId, async (trx) => {
        if (!(await markNotificationRead(trx, id, at))) throw new NotFoundError('Notification not found');
        const n = await findNotification(trx, id);
        if (!n) throw new NotFoundError('Notification not found');
        return n;
      });
    },
    async markAllRead(userId) {
      const at = now();
      return { marked: await inUserTransaction(deps.db, userId, (trx) => markAllNotificationsRead(trx, at)) };
    },
  };
}
