import type { TransparencyService } from '../../../core/transparency/transparency-service.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { idParams } from './provision-schemas.js';
import { sectionDetailSchema, statuteResultSchema } from './response-schemas.js';
import { statuteQuery } from './statute-schemas.js';

/** Verbatim statute text: by jurisdiction, section or citation, and one node with its neighbourhood. */
export function registerSectionRoutes(routes: RouteRegistry, deps: { transparency: TransparencyService }): void {
  const { transparency } = deps;
  routes.add({
    method: 'get',
    path: '/api/v2/transparency/statutes',
    scope: 'read:transparency',
    tags: ['transparency'],
    summary: 'Statute text by jurisdiction, section or citation',
    description:
      'With `section` or `citation`: the most specific node the database has for it and its descendants, in document order, ' +
      'with `resolved: { label, citation, exact }` (`exact` is false when only an ancestor exists, e.g. (b)(6) for (b)(6)(A)). ' +
      'Citations are read forgivingly ("5 U.S.C. § 552(b)(6)", "RCW 42.56.070", "§ 552.301", "552(b)(6)"); without ' +
      '`jurisdiction`, the citation\'s code name picks it. Without either: the top-level sections of the statute. ' +
      '404 when the citation matches no section, or when the jurisdiction has no statute text in the database.',
    query: statuteQuery,
    success: { status: 200, description: 'List envelope of statute nodes, plus jurisdiction, document and resolved' },
    response: statuteResultSchema,
    errors: [404],
    handler: async ({ query }) => {
      const { limit, cursor, ...rest } = query;
      return { body: await transparency.getStatute(rest, { limit, cursor }) };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/v2/transparency/sections/:id',
    scope: 'read:transparency',
    tags: ['transparency'],
    summary: 'One statute section with its document, parent, children, siblings and cross-references',
    description:
      'The node\'s verbatim text and provenance, its document, parent and children, the previous and next node at the same ' +
      'depth under the same parent, and cross-references both ways: citations it makes, and citations of it from sections, ' +
      'rights and exemptions.',
    params: idParams,
    success: { status: 200, description: 'The section' },
    response: sectionDetailSchema,
    handler: async ({ params }) => ({ body: await transparency.getSection(params.id) }),
  });
}
