import { z } from 'zod';
import { SEARCH_DOC_TYPES, type SearchDocType } from '../../../core/search/search-contracts.js';
import { recordId, slug } from '../transparency/query-params.js';

/** Most hits one page may hold. */
export const MAX_SEARCH_LIMIT = 50;

/** Most collections one search may read beside the law. */
export const MAX_SEARCH_COLLECTIONS = 10;

export const searchFilters = z
  .object({
    jurisdictions: z.array(slug).min(1).max(60).optional().describe('Jurisdiction slugs (e.g. "texas", "federal"); unknown slugs are a 400'),
    types: z
      .array(z.enum(SEARCH_DOC_TYPES as [SearchDocType, ...SearchDocType[]]))
      .min(1)
      .optional()
      .describe('Record types: statute_section, summary, process_map, right, exemption'),
    categories: z
      .array(z.string().regex(/^[a-z_]+$/, 'Expected a category key such as "fees_and_waivers" or "personal_privacy"').max(60))
      .min(1)
      .max(60)
      .optional()
      .describe('Right categories or exemption categories; only rights and exemptions have one, so other types drop out'),
  })
  .strict();

/** `POST /api/v1/search`. Unknown fields are a 400, so a misspelt "filter" is not silently ignored. */
export const searchBody = z
  .object({
    query: z.string().trim().min(1, 'Give a query').max(500).describe('A question, keywords or a citation ("§ 552.301", "RCW 42.56.070", "FOIA exemption 6")'),
    limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).default(10).describe(`Hits per page, at most ${MAX_SEARCH_LIMIT}`),
    cursor: z.string().max(512).optional().describe('next_cursor of the previous page of the same search'),
    filters: searchFilters.optional(),
    mode: z.enum(['hybrid', 'vector', 'keyword']).default('hybrid').describe('Both sides fused (default), or one side alone'),
    collections: z
      .array(z.string().min(1).max(64))
      .min(1)
      .max(MAX_SEARCH_COLLECTIONS)
      .optional()
      .describe(
        `Ids of your own collections (at most ${MAX_SEARCH_COLLECTIONS}, needs read:vectors) to search beside the law: their best items come in ` +
          '`collection_hits`. Another user\'s or an unknown id is a 404; a collection of your own vectors is a 400',
      ),
  })
  .strict();

/** `/api/v1/documents/:id`: any id a search hit carries. */
export const documentParams = z.object({ id: recordId });
