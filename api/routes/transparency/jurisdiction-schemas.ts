import { z } from 'zod';
import { paginationShape } from '../../../core/http/list-envelope.js';
import { booleanParam, searchParam, slug } from './query-params.js';

/** `GET /api/v2/transparency/jurisdictions`: every jurisdiction fits one page by default. */
export const listJurisdictionsQuery = z.object({
  type: z.enum(['federal', 'state', 'district']).optional().describe('Federal, a state, or the District of Columbia'),
  q: searchParam('Part of the jurisdiction name or slug, case-insensitive'),
  has_statute_text: booleanParam('Only jurisdictions with (true) or without (false) verbatim statute text in the database'),
  deadline_unit: z.enum(['business', 'calendar']).optional().describe('Unit of the initial response deadline'),
  no_fixed_deadline: booleanParam('Only laws with (true) or without (false) a fixed initial deadline'),
  limit: paginationShape.limit.default(100),
  cursor: paginationShape.cursor,
});

/** `GET /api/v2/transparency/jurisdictions/:slug`. */
export const jurisdictionParams = z.object({ slug });
