import { z } from 'zod';
import { COMPARE_FIELD_KEYS } from '../../../core/transparency/compare-fields.js';
import { jurisdictionList } from './query-params.js';

/** `GET /api/v2/transparency/compare`. */
export const compareQuery = z.object({
  field: z.enum(COMPARE_FIELD_KEYS).describe(`The field to compare: ${COMPARE_FIELD_KEYS.join(', ')}`),
  jurisdiction: jurisdictionList.describe('Compare only these jurisdictions (default: all)'),
});
