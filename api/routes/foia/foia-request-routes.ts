import { callerOf } from '../../http/caller.js';
import { createRequestSchema, patchDocumentSchema } from '../../../core/foia/foia-request-fields.js';
import type { FoiaAttachmentService, FoiaAttachmentView } from '../../../core/foia/attachments/attachment-service.js';
import type { FoiaRequestView, FoiaService } from '../../../core/foia/foia-service.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { etagOf, parseIfMatch } from './etag.js';
import { presentFoiaRequest } from './foia-presenter.js';
import { foiaRequestListSchema, foiaRequestResponseSchema } from './foia-response-schema.js';
import { listQuery, requestIdParams } from './foia-route-schemas.js';

const TAGS = ['foia'];
const BASE = '/api/foia/requests';


/**
 * One request as every single-request response shows it: with its history and its attachments.
 * The ETag is the request's version, for If-Match; it does not cover the attachments or the days
 * left (which change without a new version), so the response is never stored for revalidation.
 */
function one(view: FoiaRequestView, attachments: FoiaAttachmentView[], status = 200): { status: number; body: unknown; headers: Record<string, string> } {
  return { status, body: { ...presentFoiaRequest(view), attachments }, headers: { 'ETag': etagOf(view.version), 'Cache-Control': 'private, no-store' } };
}

/** Create, list, read and change FOIA requests. */
export function registerFoiaRequestRoutes(routes: RouteRegistry, deps: { foia: FoiaService; attachments: FoiaAttachmentService }): void {
  routes.add({
    method: 'post',
    path: BASE,
    scope: 'write:foia',
    tags: TAGS,
    summary: 'Create a FOIA request (a draft, or one already submitted: then its due date is computed)',
    description:
      'requester_class (nonresident, commercial, media, incarcerated, own_records) selects the law’s deadline for that class where it has one ' +
      '(Idaho: 21 days for nonresidents); it and the jurisdiction can change only while the request is a draft. requester ' +
      '{ name, email, phone, address, organization } signs the letter.',
    body: createRequestSchema,
    examples: {
      body: {
        jurisdiction: 'texas',
        agency: { name: 'Austin Police Department', email: 'records@example.gov' },
        subject: 'Use-of-force reports',
        description: 'All use-of-force reports filed in 2024, with their supervisor reviews.',
        status: 'submitted',
        submitted_at: '2025-11-21T10:00:00-06:00',
      },
    },
    success: { status: 201, description: 'The request with its history; ETag and Location headers' },
    responseHeaders: { ETag: 'Version of the new request, for If-Match', Location: 'URL of the new request' },
    response: foiaRequestResponseSchema,
    handler: async ({ principal, body }) => {
      const view = await deps.foia.create(callerOf(principal), body);
      const res = one(view, [], 201);
      return { ...res, headers: { ...res.headers, Location: `${BASE}/${view.id}` } };
    },
  });

  routes.add({
    method: 'get',
    path: BASE,
    scope: 'read:foia',
    tags: TAGS,
    summary: "List the caller's FOIA requests",
    description:
      'Filters: status and jurisdiction (comma-separated or repeated), overdue (true|false), q (text in subject, description, agency, notes, tracking numbers), tag. ' +
      'sort: due_date (soonest first, none last), -due_date, updated_at, -updated_at (default). Cursor pagination.',
    query: listQuery,
    response: foiaRequestListSchema,
    handler: async ({ principal, query }) => {
      const page = await deps.foia.list(callerOf(principal), query);
      return { body: { ...page, data: page.data.map(presentFoiaRequest) }, headers: { 'Cache-Control': 'private, no-cache' } };
    },
  });

  routes.add({
    method: 'get',
    path: `${BASE}/:id`,
    scope: 'read:foia',
    tags: TAGS,
    summary: 'One FOIA request with its history and attachments; ETag for optimistic concurrency',
    params: requestIdParams,
    response: foiaRequestResponseSchema,
    responseHeaders: { ETag: 'Version of the request, for If-Match' },
    handler: async ({ principal, params }) => {
      const caller = callerOf(principal);
      return one(await deps.foia.get(caller, params.id), await deps.attachments.list(caller, params.id));
    },
  });

  routes.add({
    method: 'patch',
    path: `${BASE}/:id`,
    scope: 'write:foia',
    tags: TAGS,
    summary: 'Change a FOIA request: JSON merge patch of editable fields and/or a status transition',
    description:
      'Content-Type application/merge-patch+json or application/json. A status change may carry its date in submitted_at, ' +
      'acknowledged_at, completed_at or appealed_at (default now) and a note; a refused transition is 409 with metadata.allowed_transitions. ' +
      'denied and partially_fulfilled can be appealed: appeal_deadline.file_by is the requester’s time to file (where the law gives one); ' +
      'on appealed, appeal_due_date is the deciding body’s deadline, or null with the reason in appeal_deadline.explanation. ' +
      'If-Match is optional: when sent, a stale ETag is 412; without it the patch applies to the current version.',
    params: requestIdParams,
    body: patchDocumentSchema,
    bodyContentType: 'application/merge-patch+json',
    examples: { body: { status: 'acknowledged', acknowledged_at: '2025-11-24T09:30:00-06:00', tracking_numbers: ['R-2025-0142'] } },
    requestHeaders: [{ name: 'If-Match', required: false, description: 'The ETag last read: a stale one is 412, so a change made meanwhile is never overwritten' }],
    responseHeaders: { ETag: 'Version of the request after the patch' },
    errors: [409, 412],
    response: foiaRequestResponseSchema,
    handler: async ({ principal, params, body, req }) => {
      const caller = callerOf(principal);
      return one(await deps.foia.patch(caller, params.id, body, parseIfMatch(req.header('if-match'))), await deps.attachments.list(caller, params.id));
    },
  });
}
