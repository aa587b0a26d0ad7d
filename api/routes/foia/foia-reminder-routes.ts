import type { FoiaService } from '../../../core/foia/foia-service.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { callerOf } from '../../http/caller.js';
import { foiaReminderListSchema, foiaRequestRemindersSchema } from './foia-response-schema.js';
import { reminderListQuery, requestIdParams } from './foia-route-schemas.js';

const TAGS = ['foia'];
const PRIVATE = { 'Cache-Control': 'private, no-cache' };

/** The deadline reminders the reminder job records (read only: the job writes them). */
export function registerFoiaReminderRoutes(routes: RouteRegistry, deps: { foia: FoiaService }): void {
  routes.add({
    method: 'get',
    path: '/api/foia/requests/:id/reminders',
    scope: 'read:foia',
    tags: TAGS,
    summary: "A request's deadline reminders, newest first, and when the next one will be recorded",
    description:
      'The reminder job records due_soon when the due date is FOIA_REMINDER_WITHIN_DAYS (3 by default) days away or less, and overdue once it has passed, ' +
      'each once per due date, while the clock runs; "today" is the date in the agency’s time zone. kind filters; cursor pagination. ' +
      'upcoming (beside the list envelope’s fields) is when the next due_soon reminder will be recorded, or null.',
    params: requestIdParams,
    query: reminderListQuery,
    response: foiaRequestRemindersSchema,
    examples: {
      response: {
        data: [
          { id: 12, request_id: '3f2b8c1e-5d4a-4e7b-9c1d-2a6f8e0b7c35', kind: 'due_soon', due_date: '2026-11-26', days_until_due: 2, created_at: '2026-11-24T15:00:00.000Z' },
        ],
        total: 1,
        next_cursor: null,
        upcoming: null,
      },
    },
    handler: async ({ principal, params, query }) => ({
      body: await deps.foia.reminders(callerOf(principal), params.id, query),
      headers: PRIVATE,
    }),
  });

  routes.add({
    method: 'get',
    path: '/api/foia/reminders',
    scope: 'read:foia',
    tags: TAGS,
    summary: "The caller's deadline reminders across all requests, newest first",
    description: "Each with its request's subject and agency name, for display. kind (due_soon | overdue) filters; cursor pagination.",
    query: reminderListQuery,
    response: foiaReminderListSchema,
    handler: async ({ principal, query }) => ({ body: await deps.foia.allReminders(callerOf(principal), query), headers: PRIVATE }),
  });
}
