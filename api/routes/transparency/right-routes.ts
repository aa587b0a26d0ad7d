import type { TransparencyService } from '../../../core/transparency/transparency-service.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { ITEM_FIELDS, idParams, listRightsQuery } from './provision-schemas.js';
import { rightDetailSchema, rightListSchema } from './response-schemas.js';

/** Rights of access: search and one right. */
export function registerRightRoutes(routes: RouteRegistry, deps: { transparency: TransparencyService }): void {
  const { transparency } = deps;
  routes.add({
    method: 'get',
    path: '/api/v2/transparency/rights',
    scope: 'read:transparency',
    tags: ['transparency'],
    summary: 'Search rights of access across jurisdictions',
    description:
      `Filter by jurisdiction and category, search with \`q\` (ranked full text over citation, title, text and analysis). ${ITEM_FIELDS} ` +
      '`text` is the verbatim statute text when `source_kind` is `statute_text`, else the best available source. ' +
      'Unknown jurisdictions or categories are a 400 naming them.',
    query: listRightsQuery,
    success: { status: 200, description: 'List envelope of rights' },
    response: rightListSchema,
    handler: async ({ query }) => {
      const { limit, cursor, jurisdiction, category, q } = query;
      return { body: await transparency.listRights({ q, jurisdictions: jurisdiction, categories: category }, { limit, cursor }) };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/v2/transparency/rights/:id',
    scope: 'read:transparency',
    tags: ['transparency'],
    summary: 'One right of access with its statute text, evidence and cross-references',
    params: idParams,
    success: { status: 200, description: 'The right' },
    response: rightDetailSchema,
    handler: async ({ params }) => ({ body: await transparency.getRight(params.id) }),
  });
}
