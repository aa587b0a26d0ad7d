import { z } from 'zod';
import { paginationShape } from '../../../core/http/list-envelope.js';
import { RIGHT_CATEGORIES } from '../../../core/transparency/right-categories.js';
import { jurisdictionList, listParam, recordId, searchParam } from './query-params.js';

/** What every right and exemption item carries, for the route descriptions. */
export const ITEM_FIELDS =
  'Each item has its citation, the linked statute section, outgoing cross-references (target section id, label, citation) ' +
  'and provenance `{ source_path, source_kind, verified_date }`.';

const q = searchParam(
  'Full-text search in web-search syntax ("quoted phrase", or, -word), ranked by relevance; without it, results are in jurisdiction then statute order',
);

/** `GET /api/v2/transparency/rights`. */
export const listRightsQuery = z.object({
  q,
  jurisdiction: jurisdictionList,
  category: listParam(z.enum(RIGHT_CATEGORIES), 'Right categories (e.g. "inspection", "fees_and_waivers"): repeat or separate with commas'),
  ...paginationShape,
});

/** `GET /api/v2/transparency/exemptions`: categories are checked against the taxonomy in the database. */
export const listExemptionsQuery = z.object({
  q,
  jurisdiction: jurisdictionList,
  category: listParam(
    z.string().regex(/^[a-z_]+$/, 'Expected a category key such as "personal_privacy"').max(60),
    'Canonical exemption category keys (see /api/v2/transparency/exemption-categories): repeat or separate with commas',
  ),
  ...paginationShape,
});

/** `GET /api/v2/transparency/exemption-categories`: the taxonomy is small, so one page by default. */
export const listCategoriesQuery = z.object({
  jurisdiction: jurisdictionList.describe('Count only the exemptions of these jurisdictions'),
  limit: paginationShape.limit.default(100),
  cursor: paginationShape.cursor,
});

/** `/:id` of a right, exemption or section. */
export const idParams = z.object({ id: recordId });
