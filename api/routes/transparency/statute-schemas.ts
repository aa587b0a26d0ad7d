import { z } from 'zod';
import { paginationShape } from '../../../core/http/list-envelope.js';
import { slug } from './query-params.js';

/** `GET /api/v2/transparency/statutes`. */
export const statuteQuery = z.object({
  jurisdiction: slug.optional().describe('Jurisdiction slug; may be left out when `citation` names its code (e.g. "5 U.S.C.", "RCW")'),
  section: z.string().trim().min(1).max(100).optional().describe('A section label as the database spells it, e.g. "552(b)(6)" or "552.301"'),
  citation: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe('A citation in a usual spelling: "5 U.S.C. § 552(b)(6)", "Tex. Gov\'t Code § 552.301", "RCW 42.56.070", "§ 552.301", "552(b)(6)"'),
  ...paginationShape,
});
