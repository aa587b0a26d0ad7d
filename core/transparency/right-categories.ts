import type { RightCategory } from '../law-model/law-model.js';

/** Categories of rights of access, as the derivation assigns them (the `category` filter's values). */
export const RIGHT_CATEGORIES = [
  'inspection',
  'copies',
  'timeliness',
  'format',
  'fees_and_waivers',
  'appeal',
  'judicial_review',
  'attorney_fees',
  'no_purpose_requirement',
  'no_identity_requirement',
  'no_residency_requirement',
  'segregable_release',
  'written_denial_with_reasons',
  'proactive_disclosure',
  'expedited_processing',
  'oversight_review',
  'mediation',
  'penalties_and_damages',
  'presumption_of_openness',
  'burden_on_agency',
  'assistance',
  'request_submission',
  'constitutional_right',
] as const satisfies readonly RightCategory[];

// Fails to compile when the derivation adds a category this list lacks.
type MissingCategory = Exclude<RightCategory, (typeof RIGHT_CATEGORIES)[number]>;
const _complete: [MissingCategory] extends [never] ? true : MissingCategory = true;
void _complete;
