import type { VectorServices } from '../../../core/vectors/create-vector-services.js';
import { callerOf } from '../../http/caller.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { registerVectorItemRoutes } from './vector-item-routes.js';
import {
  adminOverviewSchema,
  collectionListSchema,
  collectionParams,
  collectionSchema,
  createCollectionBody,
  indexBody,
  indexRunSchema,
  listCollectionsQuery,
  rebuildBody,
  rebuildResultSchema,
  runParams,
} from './vector-schemas.js';

const TAGS = ['vectors'];
export const COLLECTIONS = '/api/vectors/collections';

export type VectorRouteDeps = VectorServices;

/** The vector store API: the caller's collections, their items and queries, indexing stored objects, and the administrators' view. */
export function registerVectorRoutes(routes: RouteRegistry, deps: VectorRouteDeps): void {
  routes.add({
    method: 'post',
    path: COLLECTIONS,
    scope: 'write:vectors',
    tags: TAGS,
    summary: 'Create a collection of your own documents',
    description:
      '`model: "server"` (the default) embeds text with the server\'s model (its id and dimension are recorded with the collection); ' +
      '`model: { "dimension": n }` holds vectors you bring, of n numbers. Names are unique per user (409).',
    body: createCollectionBody,
    examples: { body: { name: 'City council emails', description: 'Records response of 2025-03', model: 'server' } },
    success: { status: 201, description: 'The collection' },
    response: collectionSchema,
    errors: [409],
    handler: async ({ principal, body }) => {
      const view = await deps.collections.create(callerOf(principal), body);
      return { status: 201, body: view, headers: { Location: `${COLLECTIONS}/${view.id}` } };
    },
  });

  routes.add({
    method: 'get',
    path: COLLECTIONS,
    scope: 'read:vectors',
    tags: TAGS,
    summary: 'Your collections, newest first, with their sizes',
    query: listCollectionsQuery,
    response: collectionListSchema,
    handler: async ({ principal, query }) => ({ body: await deps.collections.list(callerOf(principal), query) }),
  });

  routes.add({
    method: 'get',
    path: `${COLLECTIONS}/:id`,
    scope: 'read:vectors',
    tags: TAGS,
    summary: 'One collection: model, dimension, item and chunk counts',
    params: collectionParams,
    response: collectionSchema,
    handler: async ({ principal, params }) => ({ body: await deps.collections.get(callerOf(principal), params.id) }),
  });

  routes.add({
    method: 'delete',
    path: `${COLLECTIONS}/:id`,
    scope: 'write:vectors',
    tags: TAGS,
    summary: 'Delete a collection with its items and vectors (an unfinished indexing run is cancelled)',
    params: collectionParams,
    success: { status: 204, description: 'Deleted' },
    handler: async ({ principal, params }) => {
      await deps.indexing.deleteCollection(callerOf(principal), params.id);
      return { status: 204 };
    },
  });

  registerVectorItemRoutes(routes, { collections: () => deps.collections, base: COLLECTIONS });

  routes.add({
    method: 'post',
    path: `${COLLECTIONS}/:id/index`,
    scope: 'write:vectors',
    tags: TAGS,
    summary: 'Index one of your stored objects (PDF, text, Markdown, HTML) into the collection',
    description:
      'Starts a workflow that extracts the text page by page (one item per page, id `{object_key}#p{page}`, metadata ' +
      '`object_key` and `page`), chunks it and embeds the chunks in batches. Follow it at `links.self`; cancel it at ' +
      '`links.cancel`. Indexing the same object again replaces its items and embeds only chunks that changed. One run ' +
      'at a time per collection (409); items cannot be written while it runs (409).',
    params: collectionParams,
    body: indexBody,
    success: { status: 202, description: 'The run, queued' },
    response: indexRunSchema,
    errors: [409, 503],
    handler: async ({ principal, params, body }) => {
      const run = await deps.indexing.start(callerOf(principal), params.id, body.object_key);
      return { status: 202, body: run, headers: { Location: run.links.self } };
    },
  });

  routes.add({
    method: 'get',
    path: `${COLLECTIONS}/:id/index/:run_id`,
    scope: 'read:vectors',
    tags: TAGS,
    summary: 'An indexing run: status and progress (pages, chunks embedded and skipped)',
    params: runParams,
    response: indexRunSchema,
    handler: async ({ principal, params }) => ({ body: await deps.indexing.get(callerOf(principal), params.id, params.run_id) }),
  });

  routes.add({
    method: 'post',
    path: `${COLLECTIONS}/:id/index/:run_id/cancel`,
    scope: 'write:vectors',
    tags: TAGS,
    summary: 'Cancel an unfinished indexing run (it stops between batches; what was stored stays)',
    params: runParams,
    success: { status: 202, description: 'Cancellation requested: the run' },
    response: indexRunSchema,
    errors: [409, 503],
    handler: async ({ principal, params }) => ({ status: 202, body: await deps.indexing.cancel(callerOf(principal), params.id, params.run_id) }),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/vectors',
    scope: 'admin:vectors',
    tags: TAGS,
    summary: "Every user's collections with their sizes, and the law index: model, dimension, chunk count, last indexing",
    response: adminOverviewSchema,
    handler: async () => ({ body: await deps.admin.overview() }),
  });

  routes.add({
    method: 'post',
    path: '/api/admin/vectors/rebuild',
    scope: 'admin:vectors',
    tags: TAGS,
    summary: 'Rebuild the law index: starts the corpus ingestion workflow, which indexes every jurisdiction',
    body: rebuildBody,
    success: { status: 202, description: 'The workflow started (or the one already running)' },
    response: rebuildResultSchema,
    errors: [503],
    handler: async ({ body }) => ({ status: 202, body: await deps.admin.rebuild(body) }),
  });
}
