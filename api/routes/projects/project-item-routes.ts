import type { ProjectService } from '../../../core/projects/project-service.js';
import { callerOf } from '../../http/caller.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { searchResultSchema } from '../search/search-response-schemas.js';
import { presentItem, presentList, PRIVATE, PROJECT_TAGS, PROJECTS_BASE, ROLES_NOTE } from './project-presenter.js';
import { addItemBody, itemListQuery, itemParams, projectItemListSchema, projectItemSchema, projectParams, runItemBody } from './project-schemas.js';

const ITEMS = `${PROJECTS_BASE}/:id/items`;

/** A project's items: references to the adders' own records, and saved searches. */
export function registerProjectItemRoutes(routes: RouteRegistry, deps: { projects: ProjectService }): void {
  const { projects } = deps;

  routes.add({
    method: 'post',
    path: ITEMS,
    scope: 'write:projects',
    tags: PROJECT_TAGS,
    summary: 'Add an item to a project (owner and editors)',
    description:
      'kind foia_request, conversation or compilation: `ref` is the id of one of your own; stored_object: the key of one of your objects; ' +
      'saved_search: `ref` is `{ query, filters? }` as POST /api/v1/search takes them. A ref that is not yours (or does not exist) is a 400. ' +
      'The item’s title is captured as `label`: members see the label, and only you can open the record through its own API. ' +
      `The same item twice is a 409. ${ROLES_NOTE}`,
    params: projectParams,
    body: addItemBody,
    examples: { body: { kind: 'saved_search', ref: { query: 'body camera recordings', filters: { jurisdictions: ['texas'] } } } },
    success: { status: 201, description: 'The item; Location header' },
    responseHeaders: { Location: 'URL of the item' },
    errors: [403, 409],
    response: projectItemSchema,
    handler: async ({ principal, params, body }) => {
      const view = presentItem(await projects.addItem(callerOf(principal), params.id, body));
      return { status: 201, body: view, headers: { Location: view.links.self } };
    },
  });

  routes.add({
    method: 'get',
    path: ITEMS,
    scope: 'read:projects',
    tags: PROJECT_TAGS,
    summary: "A project's items, newest first",
    description: 'Every member sees every item (kind, ref, label, who added it and when). Filter by kind; cursor pagination.',
    params: projectParams,
    query: itemListQuery,
    response: projectItemListSchema,
    handler: async ({ principal, params, query }) => ({ body: presentList(await projects.listItems(callerOf(principal), params.id, query), presentItem), headers: PRIVATE }),
  });

  routes.add({
    method: 'get',
    path: `${ITEMS}/:item_id`,
    scope: 'read:projects',
    tags: PROJECT_TAGS,
    summary: 'One item of a project',
    params: itemParams,
    response: projectItemSchema,
    handler: async ({ principal, params }) => ({ body: presentItem(await projects.getItem(callerOf(principal), params.id, params.item_id)), headers: PRIVATE }),
  });

  routes.add({
    method: 'delete',
    path: `${ITEMS}/:item_id`,
    scope: 'write:projects',
    tags: PROJECT_TAGS,
    summary: 'Remove an item from a project (owner and editors)',
    description: `The record itself is not touched. ${ROLES_NOTE}`,
    params: itemParams,
    errors: [403],
    success: { status: 204, description: 'Removed' },
    handler: async ({ principal, params }) => {
      await projects.removeItem(callerOf(principal), params.id, params.item_id);
      return { status: 204 };
    },
  });

  routes.add({
    method: 'post',
    path: `${ITEMS}/:item_id/run`,
    scope: 'read:projects',
    tags: PROJECT_TAGS,
    summary: 'Re-run a saved search: today’s results of POST /api/v1/search for its query and filters',
    description: 'Any member may run it. Other kinds of item answer 409 NOT_A_SAVED_SEARCH. Page with `cursor` (next_cursor of the previous run page).',
    params: itemParams,
    body: runItemBody,
    examples: { body: { limit: 5 } },
    errors: [409, 503],
    response: searchResultSchema,
    handler: async ({ principal, params, body }) => ({ body: await projects.runItem(callerOf(principal), params.id, params.item_id, body) }),
  });
}
