import { z } from 'zod';
import type { ListEnvelope } from '../../../core/http/list-envelope.js';
import { paginationShape } from '../../../core/http/list-envelope.js';
import type { NotificationService } from '../../../core/foia/notifications/notification-service.js';
import { NOTIFICATION_KINDS, type FoiaNotification } from '../../../core/foia/notifications/notification-store.js';
import { callerOf } from '../../http/caller.js';
import type { RouteRegistry } from '../../http/route-registry.js';

const TAGS = ['foia'];
const PRIVATE = { 'Cache-Control': 'private, no-cache' };

const listQuery = z
  .object({
    kind: z.enum(NOTIFICATION_KINDS).optional().describe('Only notifications of this kind'),
    unread: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional()
      .describe('true: only unread ones; false: only read ones'),
    ...paginationShape,
  })
  .strict();

const idParams = z.object({ id: z.coerce.number({ message: 'Not a notification id' }).int().min(1).max(Number.MAX_SAFE_INTEGER) });

const notificationSchema = z.object({
  id: z.number().int(),
  request_id: z.uuid(),
  kind: z
    .enum(NOTIFICATION_KINDS)
    .describe(
      'due_soon / overdue: the response due date is near or past; appeal_due_soon / appeal_overdue: the same for the appeal decision; ' +
        'follow_up: a follow-up letter was drafted (or queued) on an overdue request; sent / send_failed: a letter went out or could not',
    ),
  due_date: z.string().describe('YYYY-MM-DD: the due date it is about; for follow_up, the day the follow-up fell due'),
  days_until_due: z.number().int().describe('Days from the day it was recorded to due_date, in the agency’s zone; negative when past'),
  message: z.string().nullable(),
  communication_id: z.uuid().nullable().describe('The letter it is about, in the request’s communications'),
  read_at: z.string().nullable(),
  created_at: z.string(),
  subject: z.string().describe('The request’s subject'),
  agency_name: z.string(),
});

const listSchema = z.object({
  data: z.array(notificationSchema),
  total: z.number().int().describe('Notifications in the whole (filtered) list'),
  next_cursor: z.string().nullable(),
});

type Mirrors<S extends z.ZodType, T> = [z.output<S>] extends [T] ? ([T] extends [z.output<S>] ? true : false) : false;
const _mirrors: Mirrors<typeof listSchema, ListEnvelope<FoiaNotification>> = true;
void _mirrors;

/** The caller's notifications: deadline reminders and the tracker's events, unread first. */
export function registerFoiaNotificationRoutes(routes: RouteRegistry, deps: { notifications: NotificationService }): void {
  routes.add({
    method: 'get',
    path: '/api/foia/notifications',
    scope: 'read:foia',
    tags: TAGS,
    summary: "The caller's notifications, unread first, then newest first",
    description: "Each with its request's subject and agency name. kind and unread filter; cursor pagination.",
    query: listQuery,
    response: listSchema,
    handler: async ({ principal, query }) => ({ body: await deps.notifications.list(callerOf(principal), query), headers: PRIVATE }),
  });

  routes.add({
    method: 'post',
    path: '/api/foia/notifications/read-all',
    scope: 'write:foia',
    tags: TAGS,
    summary: "Marks all the caller's notifications read",
    response: z.object({ marked: z.number().int().describe('How many were unread') }),
    handler: async ({ principal }) => ({ body: await deps.notifications.markAllRead(callerOf(principal)) }),
  });

  routes.add({
    method: 'post',
    path: '/api/foia/notifications/:id/read',
    scope: 'write:foia',
    tags: TAGS,
    summary: 'Marks one notification read',
    description: 'Idempotent: read_at keeps the first time it was read. Another user’s notification is 404.',
    params: idParams,
    response: notificationSchema,
    handler: async ({ principal, params }) => ({ body: await deps.notifications.markRead(callerOf(principal), params.id) }),
  });
}
