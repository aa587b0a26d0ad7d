import { z } from 'zod';
import type { CalendarService } from '../../../core/foia/calendar/calendar-service.js';
import { callerOf } from '../../http/caller.js';
import type { RouteRegistry } from '../../http/route-registry.js';

const TAGS = ['foia'];

const feedQuery = z.object({ feed_token: z.string().min(1).max(200).describe('The token POST /api/foia/calendar/feed-token issued') }).strict();

const issuedSchema = z.object({
  feed_token: z.string().describe('Shown once: Sunlight keeps only its SHA-256'),
  feed_path: z.string().describe('The feed’s path with the token; prefix the API’s address to subscribe'),
  created_at: z.string(),
});

/** The caller's calendar of due dates, and the token calendar apps subscribe with. */
export function registerFoiaCalendarRoutes(routes: RouteRegistry, deps: { calendar: CalendarService }): void {
  routes.add({
    method: 'post',
    path: '/api/foia/calendar/feed-token',
    scope: 'write:foia',
    tags: TAGS,
    summary: 'Issues a new calendar feed token (revoking the previous one)',
    description:
      'The token lets calendar apps fetch GET /api/foia/calendar.ics without a bearer token. It is returned only here; issuing another ' +
      'one revokes this one at once (the old feed URL then answers 404).',
    success: { status: 201, description: 'The new token' },
    response: issuedSchema,
    handler: async ({ principal }) => ({ status: 201, body: await deps.calendar.issueFeedToken(callerOf(principal)), headers: { 'Cache-Control': 'no-store' } }),
  });

  routes.add({
    method: 'delete',
    path: '/api/foia/calendar/feed-token',
    scope: 'write:foia',
    tags: TAGS,
    summary: 'Revokes the calendar feed token',
    success: { status: 204, description: 'Revoked (also when there was none)' },
    handler: async ({ principal }) => {
      await deps.calendar.revokeFeedToken(callerOf(principal));
      return { status: 204 };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/foia/calendar.ics',
    scope: null,
    tags: TAGS,
    summary: "The feed token owner's FOIA due dates as an iCalendar feed",
    description:
      'No bearer token: the feed_token authorises the feed (calendar apps cannot send headers). All-day events with stable UIDs: each request’s ' +
      'response due date while its clock runs, the requester’s last day to appeal a decision, and the deciding body’s due date for an appeal, ' +
      'each with the request’s subject, agency and the citation of the deadline. An unknown or revoked token answers 404.',
    query: feedQuery,
    success: { status: 200, description: 'An iCalendar (RFC 5545) document', contentType: 'text/calendar' },
    errors: [404],
    handler: async ({ query, res }) => {
      const body = await deps.calendar.feed(query.feed_token);
      res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
      res.setHeader('Content-Disposition', 'inline; filename="sunlight-foia.ics"');
      // The feed is one person's: never kept by shared caches.
      res.setHeader('Cache-Control', 'private, no-cache');
      res.status(200).send(body);
      return undefined;
    },
  });
}
