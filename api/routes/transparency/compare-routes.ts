import type { TransparencyService } from '../../../core/transparency/transparency-service.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { compareQuery } from './compare-schemas.js';
import { comparisonSchema } from './response-schemas.js';

/** One field of the law side by side across jurisdictions. */
export function registerCompareRoutes(routes: RouteRegistry, deps: { transparency: TransparencyService }): void {
  routes.add({
    method: 'get',
    path: '/api/v2/transparency/compare',
    scope: 'read:transparency',
    tags: ['transparency'],
    summary: 'One field across all jurisdictions',
    description:
      'One row per jurisdiction, ordered by name: `{ jurisdiction, name, value, display, citation, source_kind }`. `value` is ' +
      'null where the sources say nothing ("Not stated"), never a guessed "no". An unknown `field` is a 400 listing the allowed ones.',
    query: compareQuery,
    success: { status: 200, description: 'The field, its label and one row per jurisdiction' },
    response: comparisonSchema,
    handler: async ({ query }) => ({ body: await deps.transparency.compare(query.field, { jurisdictions: query.jurisdiction }) }),
  });
}
