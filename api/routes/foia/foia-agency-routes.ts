import { z } from 'zod';
import { callerOf } from '../../http/caller.js';
import { createAgencySchema, patchAgencySchema } from '../../../core/foia/agencies/agency-fields.js';
import type { AgencyService } from '../../../core/foia/agencies/agency-service.js';
import { AGENCY_KINDS } from '../../../core/foia/agencies/agency-types.js';
import { jurisdictionField } from '../../../core/foia/foia-request-fields.js';
import { paginationShape } from '../../../core/http/list-envelope.js';
import type { RouteRegistry } from '../../http/route-registry.js';

const TAGS = ['foia'];
const BASE = '/api/foia/agencies';
const PRIVATE = { 'Cache-Control': 'private, no-cache' };

const agencyIdParams = z.object({ id: z.uuid({ message: 'Not an agency id' }) });

const listQuery = z
  .object({
    jurisdiction: jurisdictionField.optional().describe('A slug or common spelling (TX, Texas, US, DC)'),
    kind: z.enum(AGENCY_KINDS).optional().describe('records (receives requests) or oversight (reviews disputes)'),
    q: z.string().trim().min(1).max(200).optional().describe('Text in the name'),
    ...paginationShape,
  })
  .strict();

const agencySchema = z.object({
  id: z.uuid(),
  jurisdiction: z.string(),
  name: z.string(),
  kind: z.enum(AGENCY_KINDS),
  email: z.string().nullable(),
  portal_url: z.string().nullable(),
  postal_address: z.string().nullable(),
  phone: z.string().nullable(),
  records_officer_title: z.string().nullable().describe('The officer the law names to receive requests, in the law’s words; null when the law states none (or, on your own entry, your own words)'),
  records_officer_citation: z.string().nullable().describe('Where the law names that officer; null for a title you wrote'),
  notes: z.string().nullable(),
  based_on: z.uuid().nullable().describe('The directory entry your entry adapts'),
  source: z.enum(['corpus', 'user']).describe('corpus: the shared directory (read only); user: your own entry'),
  source_ref: z.string().nullable().describe('The corpus file and field a directory entry comes from'),
  created_at: z.string(),
  updated_at: z.string(),
});

const share = z.number().min(0).max(1).nullable();
const statisticsSchema = z
  .object({
    as_of: z.string().describe('YYYY-MM-DD, today in the agency’s time zone'),
    requests: z.number().int().describe('Requests submitted to the agency, by every user of Sunlight'),
    answered: z.number().int().describe('Of those, with a first response (acknowledged or completed)'),
    completed: z.number().int(),
    median_days_to_first_response: z.number().nullable(),
    median_days_to_completion: z.number().nullable(),
    share_overdue: share,
    share_fully_granted: share.describe('Fulfilled in full, of the completed requests'),
  })
  .describe('Aggregates only, never a request; medians and shares are null below three requests');

const listSchema = z.object({ data: z.array(agencySchema), total: z.number().int(), next_cursor: z.string().nullable() });

/** The agency directory: shared entries from the corpus, and each user's own. */
export function registerFoiaAgencyRoutes(routes: RouteRegistry, deps: { agencies: AgencyService }): void {
  routes.add({
    method: 'get',
    path: BASE,
    scope: 'read:foia',
    tags: TAGS,
    summary: 'The agency directory: shared entries and your own',
    description: 'Filters: jurisdiction, kind, q (text in the name). Sorted by name; cursor pagination.',
    query: listQuery,
    response: listSchema,
    handler: async ({ principal, query }) => ({ body: await deps.agencies.list(callerOf(principal), query), headers: PRIVATE }),
  });

  routes.add({
    method: 'get',
    path: `${BASE}/:id`,
    scope: 'read:foia',
    tags: TAGS,
    summary: 'One agency, with statistics of the requests addressed to it',
    description:
      'statistics aggregate every user’s requests that name this entry (agency.directory_id): medians of days from submission to first response and to completion, ' +
      'the share overdue and the share fulfilled in full. Below three requests a figure is null, so none describes one person’s request.',
    params: agencyIdParams,
    response: agencySchema.extend({ statistics: statisticsSchema }),
    handler: async ({ principal, params }) => ({ body: await deps.agencies.get(callerOf(principal), params.id), headers: PRIVATE }),
  });

  routes.add({
    method: 'post',
    path: BASE,
    scope: 'write:foia',
    tags: TAGS,
    summary: 'Add your own agency entry (only you see it)',
    description:
      'based_on adapts a directory entry: what the body leaves out is copied from it (the law’s citation for the officer title only while the title is unchanged).',
    body: createAgencySchema,
    examples: { body: { based_on: '3f2b8c1e-5d4a-4e7b-9c1d-2a6f8e0b7c35', email: 'openrecords@example.gov' } },
    success: { status: 201, description: 'Your new entry; Location header' },
    responseHeaders: { Location: 'URL of the new entry' },
    response: agencySchema,
    handler: async ({ principal, body }) => {
      const entry = await deps.agencies.create(callerOf(principal), body);
      return { status: 201, body: entry, headers: { Location: `${BASE}/${entry.id}` } };
    },
  });

  routes.add({
    method: 'patch',
    path: `${BASE}/:id`,
    scope: 'write:foia',
    tags: TAGS,
    summary: 'Change your own agency entry (merge patch)',
    description: 'Directory entries are shared and read only: 409, with the way to adapt one (POST with based_on).',
    params: agencyIdParams,
    body: patchAgencySchema,
    bodyContentType: 'application/merge-patch+json',
    errors: [409],
    response: agencySchema,
    handler: async ({ principal, params, body }) => ({ body: await deps.agencies.patch(callerOf(principal), params.id, body) }),
  });

  routes.add({
    method: 'delete',
    path: `${BASE}/:id`,
    scope: 'write:foia',
    tags: TAGS,
    summary: 'Delete your own agency entry',
    description: 'Directory entries cannot be deleted (409); nor can an entry your requests still name (409).',
    params: agencyIdParams,
    errors: [409],
    success: { status: 204, description: 'Deleted' },
    handler: async ({ principal, params }) => {
      await deps.agencies.remove(callerOf(principal), params.id);
      return { status: 204 };
    },
  });
}
