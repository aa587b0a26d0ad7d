import type { VectorCollectionService } from '../../../core/vectors/vector-collection-service.js';
import { callerOf } from '../../http/caller.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { collectionParams, itemParams, itemSchema, queryBody, queryResultSchema, upsertItemsBody, upsertResultSchema } from './vector-schemas.js';

const TAGS = ['vectors'];

/** A collection's items and its query. */
export function registerVectorItemRoutes(routes: RouteRegistry, deps: { collections: () => VectorCollectionService; base: string }): void {
  const { collections, base } = deps;

  routes.add({
    method: 'post',
    path: `${base}/:id/items`,
    scope: 'write:vectors',
    tags: TAGS,
    summary: 'Upsert items: by text (chunked and embedded by the server) or by vector, with metadata',
    description:
      'Each item replaces the item of the same `id` (an id is generated when missing). In a server collection, `text` is cut ' +
      'into chunks of about 1,000 characters and embedded with the collection\'s model; an item with a `vector` (of the ' +
      'collection\'s dimension, else 400) is stored as one chunk, its `text` kept for display. Collections of your own vectors ' +
      'need a `vector` on every item. 409 while an indexing run writes to the collection.',
    params: collectionParams,
    body: upsertItemsBody,
    examples: { body: { items: [{ id: 'memo-1', text: 'The department retains body camera footage for 90 days.', metadata: { source: 'police', year: 2024 } }] } },
    success: { status: 200, description: 'The ids written and their chunk counts' },
    response: upsertResultSchema,
    errors: [409],
    handler: async ({ principal, params, body }) => ({ body: await collections().upsertItems(callerOf(principal), params.id, body.items) }),
  });

  routes.add({
    method: 'get',
    path: `${base}/:id/items/:item_id`,
    scope: 'read:vectors',
    tags: TAGS,
    summary: 'One item: its text, metadata, source and chunk count',
    description: 'Item ids may contain `/` and `#` (indexed pages: `{object_key}#p{page}`): percent-encode them in the path.',
    params: itemParams,
    response: itemSchema,
    handler: async ({ principal, params }) => ({ body: await collections().getItem(callerOf(principal), params.id, params.item_id) }),
  });

  routes.add({
    method: 'delete',
    path: `${base}/:id/items/:item_id`,
    scope: 'write:vectors',
    tags: TAGS,
    summary: 'Delete an item and its vectors',
    params: itemParams,
    success: { status: 204, description: 'Deleted' },
    errors: [409],
    handler: async ({ principal, params }) => {
      await collections().deleteItem(callerOf(principal), params.id, params.item_id);
      return { status: 204 };
    },
  });

  routes.add({
    method: 'post',
    path: `${base}/:id/query`,
    scope: 'read:vectors',
    tags: TAGS,
    summary: 'The items nearest to a text or a vector, with metadata filters',
    description:
      'Give `text` (server collections: embedded with the collection\'s model) or `vector` (the collection\'s dimension). ' +
      '`filter` keeps items whose metadata equals every given value. One hit per item — its best chunk — nearest first.',
    params: collectionParams,
    body: queryBody,
    examples: { body: { text: 'how long is footage kept?', filter: { source: 'police' }, limit: 5 } },
    response: queryResultSchema,
    errors: [409],
    handler: async ({ principal, params, body }) => ({ body: await collections().query(callerOf(principal), params.id, body) }),
  });
}
