import type { TransparencyService } from '../../../core/transparency/transparency-service.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { factListSchema, listFactsQuery } from './fact-schemas.js';
import { jurisdictionParams, listJurisdictionsQuery } from './jurisdiction-schemas.js';
import { jurisdictionDetailSchema, jurisdictionListSchema } from './response-schemas.js';

/** The jurisdictions and each one's law in full. */
export function registerJurisdictionRoutes(routes: RouteRegistry, deps: { transparency: TransparencyService }): void {
  routes.add({
    method: 'get',
    path: '/api/v2/transparency/jurisdictions',
    scope: 'read:transparency',
    tags: ['transparency'],
    summary: 'All 52 jurisdictions with their law, initial deadline, counts and statute text availability',
    description:
      'One row per jurisdiction (federal, the 50 states, DC), ordered by name: law name and citation, the initial response ' +
      'deadline `{ days, unit, no_fixed_deadline, reason }`, counts of rights, exemptions and statute sections, and whether ' +
      'verbatim statute text is in the database (with its completeness note). All fit one page at the default limit of 100.',
    query: listJurisdictionsQuery,
    success: { status: 200, description: 'List envelope of jurisdictions' },
    response: jurisdictionListSchema,
    handler: async ({ query }) => {
      const { limit, cursor, has_statute_text, deadline_unit, no_fixed_deadline, ...rest } = query;
      const filter = { ...rest, hasStatuteText: has_statute_text, deadlineUnit: deadline_unit, noFixedDeadline: no_fixed_deadline };
      return { body: await deps.transparency.listJurisdictions(filter, { limit, cursor }) };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/v2/transparency/jurisdictions/:slug',
    scope: 'read:transparency',
    tags: ['transparency'],
    summary: "One jurisdiction's law in full",
    description:
      'The law (name, citation, dates, official resources), its documents, response requirements (deadlines, extensions, ' +
      'tolling), fees, appeals, requester requirements, agency obligations, oversight bodies, counts, and the discrepancies ' +
      'found between sources. Every part carries its provenance. 404 for an unknown slug.',
    params: jurisdictionParams,
    success: { status: 200, description: 'The jurisdiction' },
    response: jurisdictionDetailSchema,
    handler: async ({ params }) => ({ body: await deps.transparency.getJurisdiction(params.slug) }),
  });

  routes.add({
    method: 'get',
    path: '/api/v2/transparency/jurisdictions/:slug/facts',
    scope: 'read:transparency',
    tags: ['transparency'],
    summary: "One jurisdiction's reviewed legal facts, each with its citation and the words that state it",
    description:
      'The reviewed facts (data/legal-facts) that every other view publishes: initial response, acknowledgment, extension, ' +
      'deemed denial, administrative appeal, court review, attorney fees, who may request, fee waiver, search and copy fees, ' +
      'penalties, request recipient, expedited processing and other deadlines (with who must act). Each carries its pinpoint ' +
      '`citation`, the `quote` that states it, its `source_kind` (statute_text, summary, dataset, citation_only) and `verified` ' +
      '(the quote was found in the cited statute node). A field with no fact is not stated. 404 for an unknown slug.',
    params: jurisdictionParams,
    query: listFactsQuery,
    success: { status: 200, description: 'List envelope of facts' },
    response: factListSchema,
    handler: async ({ params, query }) => ({
      body: await deps.transparency.listJurisdictionFacts(params.slug, { fields: query.field, sourceKinds: query.source_kind }),
    }),
  });
}
