import type { DocumentService } from '../../../core/search/documents/document-service.js';
import { InsufficientScopeError } from '../../../core/errors/app-error.js';
import type { SearchService } from '../../../core/search/search-service.js';
import { createSearchWithCollections, type CollectionTextSearch } from '../../../core/search/search-with-collections.js';
import { callerOf } from '../../http/caller.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { documentDetailSchema, searchResultSchema } from './search-response-schemas.js';
import { documentParams, searchBody } from './search-schemas.js';

/** Hybrid legal search and the records it finds (`read:transparency`). */
export function registerSearchRoutes(routes: RouteRegistry, deps: { search: SearchService; documents: DocumentService; collections: CollectionTextSearch }): void {
  const search = createSearchWithCollections({ search: deps.search, collections: deps.collections });
  routes.add({
    method: 'post',
    path: '/api/v1/search',
    scope: 'read:transparency',
    tags: ['search'],
    summary: 'Hybrid legal search over statute sections, summaries, process maps, rights and exemptions',
    description:
      'Keyword search (Postgres full-text, citation and heading weighted above text, BM25-style ranking) and vector search ' +
      '(sentence embeddings) fused by weighted reciprocal rank. A citation in the query ("§ 552.301", "552(b)(6)", ' +
      '"RCW 42.56.070", "FOIA exemption 6") puts the cited section, and the exemptions and rights resting on it, first. ' +
      'A jurisdiction named in the query ("in Texas", "Washington\'s PRA", "federal FOIA") restricts the search to it unless ' +
      '`filters.jurisdictions` is given; `interpreted` says what was read from the query. Each hit has `id` (for ' +
      '`GET /api/v1/documents/{id}`), `type`, `jurisdiction` (slug), `citation`, `title`, `snippet` — the best passages, ' +
      'with the query\'s terms between « and » — `score` (the fused reciprocal-rank score) and `components.keyword` / ' +
      '`components.vector`: that side\'s 1-based rank and own score, or null when it did not find the record ' +
      '(`components.keyword.match` is "citation" for cited records). `mode: "vector"` answers 503 when no vector index is ' +
      'configured; hybrid then runs keyword only and says so in `interpreted.mode`. Pages through at most 100 hits. Every hit ' +
      'says `source: { kind: "law" }`. With `collections` (your own collection ids; needs `read:vectors` too) the best items of ' +
      'those collections come in `collection_hits`, each with its text, metadata, cosine `score` and `source: { kind: "collection", ' +
      'collection_id, collection_name, item_id }` — a list of its own, on the first page, because its scores are not comparable ' +
      "with the law's fused ones. Another user's or an unknown collection id is a 404, as on every vector store route.",
    body: searchBody,
    examples: { body: { query: 'Are police body camera recordings public in Texas?', jurisdictions: ['texas'], limit: 5 } },
    success: { status: 200, description: 'List envelope of hits, plus `interpreted`' },
    response: searchResultSchema,
    errors: [404, 503],
    handler: async ({ principal, body }) => {
      // Reading collections is the vector store's scope, on top of the route's own.
      if (body.collections && principal && !principal.scopes.includes('read:vectors')) throw new InsufficientScopeError('read:vectors', principal.scopes);
      return { body: await search.search(callerOf(principal), body) };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/v1/documents/:id',
    scope: 'read:transparency',
    tags: ['search'],
    summary: 'A statute section, summary or process-map section, right or exemption in full, with provenance and neighbours',
    description:
      'Any id a search hit carries. The record\'s text, citation, title and provenance; kind-specific `metadata` (a ' +
      'section\'s document, label, parent, children and siblings; a right\'s category and analysis; an exemption\'s ' +
      'category, scope and related exemptions elsewhere); `neighbours.previous` / `neighbours.next` (sections in document ' +
      'order; rights and exemptions in their jurisdiction\'s order); and `cross_references` both ways (citations the ' +
      'record makes, and citations of a section from sections, rights and exemptions). 404 for unknown ids.',
    params: documentParams,
    success: { status: 200, description: 'The record' },
    response: documentDetailSchema,
    handler: async ({ params }) => ({ body: await deps.documents.getDocument(params.id) }),
  });
}
