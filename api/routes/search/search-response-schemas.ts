/**
 * Success bodies of the search routes, for the API description (documentation only:
 * responses are not validated at run time). They mirror `SearchResult` and `DocumentDetail`;
 * a document's `metadata`, typed as a record in core, is spelt out per kind as
 * `core/search/documents/document-service.ts` builds it.
 */
import { z } from 'zod';
import type { DocumentDetail } from '../../../core/search/documents/document-service.js';
import { SEARCH_DOC_TYPES, type SearchDocType } from '../../../core/search/search-contracts.js';
import type { SearchWithCollectionsResult } from '../../../core/search/search-with-collections.js';
import {
  exemptionDetailSchema,
  incomingReferenceSchema,
  outgoingReferenceSchema,
  provenanceSchema,
  rightDetailSchema,
  sectionDetailSchema,
  sectionRefSchema,
  type Mirrors,
} from '../transparency/response-schemas.js';

const docType = z.enum(SEARCH_DOC_TYPES as [SearchDocType, ...SearchDocType[]]);
const searchMode = z.enum(['hybrid', 'vector', 'keyword']);

const componentRank = {
  rank: z.number().int().describe("1-based rank on that side"),
  score: z.number().describe("The side's own score (full-text rank, or cosine similarity)"),
};

const searchHitSchema = z.object({
  id: z.string().describe('Readable at /api/v1/documents/{id}'),
  type: docType,
  jurisdiction: z.string(),
  citation: z.string().nullable(),
  title: z.string(),
  snippet: z.string().describe("The best passages, with the query's terms between « and »"),
  score: z.number().describe('The fused reciprocal-rank score (the order of the list)'),
  components: z.object({
    keyword: z
      .object({ ...componentRank, match: z.enum(['citation', 'text']).describe('"citation" for records the query cites') })
      .nullable()
      .describe('The keyword side; null when it did not find the record'),
    vector: z.object(componentRank).nullable().describe('The vector side; null when it did not find the record'),
  }),
  source: z.object({ kind: z.literal('law') }).describe('Where the hit comes from: the law (hits of your collections are in `collection_hits`)'),
});

const collectionHitSchema = z.object({
  id: z.string().describe("The item's id in its collection"),
  text: z.string().nullable().describe('The chunk of the item that matched'),
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  score: z.number().describe('Cosine similarity of the query and the chunk, higher is nearer (the order of the list)'),
  chunk: z.number().int().describe('Position of the matching chunk within the item, from 0'),
  source: z.object({
    kind: z.literal('collection'),
    collection_id: z.string(),
    collection_name: z.string(),
    item_id: z.string().describe('The item, at /api/vectors/collections/{collection_id}/items/{item_id}'),
  }),
});

/** `POST /api/v1/search`. */
export const searchResultSchema = z.object({
  data: z.array(searchHitSchema),
  total: z.number().int().describe('Records that matched, across pages (at most 100, the depth a search pages through): a keyword match contains the query terms, a vector match passes the relevance floor; 0 when nothing matched'),
  next_cursor: z.string().nullable().describe('`cursor` of the next page of the same search; null on the last page'),
  interpreted: z
    .object({
      mode: searchMode.describe('The mode that ran: hybrid runs keyword only when no vector index is configured or the vector side fails'),
      jurisdictions: z.array(z.string()),
      jurisdictions_from: z.enum(['filter', 'query']).nullable().describe("Where the jurisdictions came from: the request's filter, the query's words, or neither"),
      citations: z.array(z.object({ input: z.string(), section_id: z.string(), exact: z.boolean() })).describe('Citations read in the query and the sections they resolve to'),
    })
    .describe('How the query was read'),
  collection_hits: z
    .array(collectionHitSchema)
    .optional()
    .describe(
      'Only when `collections` was given: the best items of those collections for the query, best first, at most `limit`, on the ' +
        'first page only (empty on pages reached with a cursor). Kept apart from `data`: their cosine scores are not comparable with the law\'s fused scores.',
    ),
});

const neighbourRef = z
  .object({
    id: z.string(),
    label: z.string().nullable().describe('The statute label of a section; null for rights and exemptions'),
    citation: z.string().nullable(),
    title: z.string().nullable(),
  })
  .nullable();

/** What every kind of document has. */
const documentBase = z.object({
  id: z.string(),
  jurisdiction: z.string(),
  citation: z.string().nullable(),
  title: z.string(),
  text: z.string().describe('Verbatim statute text of a section or right; the description of an exemption'),
  provenance: provenanceSchema,
  neighbours: z
    .object({ previous: neighbourRef, next: neighbourRef })
    .describe("Sections in document order; rights and exemptions in their jurisdiction's order"),
  cross_references: z.object({
    outgoing: z.array(outgoingReferenceSchema).describe('Citations the record makes'),
    incoming: z.array(incomingReferenceSchema).describe('Citations of a section from sections, rights and exemptions (always empty for rights and exemptions)'),
  }),
});

const sectionMetadata = sectionDetailSchema
  .omit({ id: true, jurisdiction: true, citation: true, text: true, provenance: true, cross_references: true, previous: true, next: true })
  .extend({
    siblings: z
      .object({ previous: sectionRefSchema.nullable(), next: sectionRefSchema.nullable() })
      .describe('The previous and next node at the same depth under the same parent'),
  });

const rightMetadata = rightDetailSchema.omit({
  id: true,
  jurisdiction: true,
  citation: true,
  title: true,
  text: true,
  provenance: true,
  cross_references: true,
  rank: true,
});

const exemptionMetadata = exemptionDetailSchema.omit({
  id: true,
  jurisdiction: true,
  citation: true,
  description: true,
  provenance: true,
  cross_references: true,
  rank: true,
});

/** `GET /api/v1/documents/{id}`: a statute, summary or process-map section, a right or an exemption. */
export const documentDetailSchema = z.discriminatedUnion('type', [
  documentBase.extend({
    type: z.enum(['statute_section', 'summary', 'process_map']),
    metadata: sectionMetadata.describe("The section's document, label, parent, children and siblings"),
  }),
  documentBase.extend({ type: z.literal('right'), metadata: rightMetadata.describe("The right's category, analysis, evidence and linked section") }),
  documentBase.extend({
    type: z.literal('exemption'),
    metadata: exemptionMetadata.describe("The exemption's category, scope, linked section and related exemptions elsewhere"),
  }),
]);

// Fails to compile when the schemas drift from the service types (a document's metadata is
// a record in core, so only schema → type is checked for it).
const _mirrors: [Mirrors<typeof searchResultSchema, SearchWithCollectionsResult>, z.output<typeof documentDetailSchema> extends DocumentDetail ? true : false] = [true, true];
void _mirrors;
