import type { TransparencyService } from '../../../core/transparency/transparency-service.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { ITEM_FIELDS, idParams, listCategoriesQuery, listExemptionsQuery } from './provision-schemas.js';
import { exemptionCategoryListSchema, exemptionDetailSchema, exemptionListSchema } from './response-schemas.js';

/** Exemptions: search, one exemption, and the canonical taxonomy. */
export function registerExemptionRoutes(routes: RouteRegistry, deps: { transparency: TransparencyService }): void {
  const { transparency } = deps;
  routes.add({
    method: 'get',
    path: '/api/v2/transparency/exemptions',
    scope: 'read:transparency',
    tags: ['transparency'],
    summary: 'Search exemptions across jurisdictions',
    description:
      `Filter by jurisdiction and canonical category key, search with \`q\` (ranked full text over citation, raw label and description). ` +
      `Each item gives the canonical category with its label and the raw label of the source. ${ITEM_FIELDS}`,
    query: listExemptionsQuery,
    success: { status: 200, description: 'List envelope of exemptions' },
    response: exemptionListSchema,
    handler: async ({ query }) => {
      const { limit, cursor, jurisdiction, category, q } = query;
      return { body: await transparency.listExemptions({ q, jurisdictions: jurisdiction, categories: category }, { limit, cursor }) };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/v2/transparency/exemptions/:id',
    scope: 'read:transparency',
    tags: ['transparency'],
    summary: 'One exemption with its statute text and the same category in other jurisdictions',
    description: '`section` is the linked statute node with its text; `related_exemptions` lists exemptions of other jurisdictions in the same canonical category.',
    params: idParams,
    success: { status: 200, description: 'The exemption' },
    response: exemptionDetailSchema,
    handler: async ({ params }) => ({ body: await transparency.getExemption(params.id) }),
  });

  routes.add({
    method: 'get',
    path: '/api/v2/transparency/exemption-categories',
    scope: 'read:transparency',
    tags: ['transparency'],
    summary: 'The canonical exemption taxonomy with counts',
    description: 'Each category with its label, description, number of exemptions and of jurisdictions having one (optionally within `jurisdiction`).',
    query: listCategoriesQuery,
    success: { status: 200, description: 'List envelope of categories' },
    response: exemptionCategoryListSchema,
    handler: async ({ query }) => {
      const { limit, cursor, jurisdiction } = query;
      return { body: await transparency.listExemptionCategories({ jurisdictions: jurisdiction }, { limit, cursor }) };
    },
  });
}
