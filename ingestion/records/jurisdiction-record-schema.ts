import { z } from 'zod';

/*
 * Tolerant zod schemas for the HOLE structured records (`hole-tld/jurisdictions/<slug>.json`).
 * The upstream files were written by hand over several passes, so field sets and value types
 * vary between jurisdictions (a list where another file has a string, `working_days` where
 * another has `business_days`, `reason_required` for `purpose_statement_required`...). The
 * schemas accept every variant seen and keep unknown keys (loose objects), so that a new
 * field upstream never breaks ingestion; normalisation happens in a separate, pure step.
 */

/** A value that may be absent, null, or of an unexpected scalar type: kept as unknown. */
const anyValue = z.unknown().optional();

/** Optional text; numbers are accepted and turned into text (some fees are numbers). */
export const looseText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null ? null : String(v)));

/** Optional boolean; "true"/"false"/"yes"/"no" strings are accepted, other strings are kept as notes elsewhere. */
export const looseBool = z.unknown().optional();

/** Optional number; numeric strings are accepted. */
export const looseNumber = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => {
    if (v === undefined || v === null) return null;
    const n = typeof v === 'number' ? v : Number(v.trim());
    return Number.isFinite(n) ? n : null;
  });

/** Text or list of texts, as a list. */
export const looseTextList = z
  .union([z.string(), z.array(z.unknown()), z.null()])
  .optional()
  .transform((v) => {
    if (v === undefined || v === null) return [] as string[];
    const items = Array.isArray(v) ? v : [v];
    return items.filter((x): x is string | number => typeof x === 'string' || typeof x === 'number').map(String);
  });

/** One exemption as found in the record. */
export const rawExemptionSchema = z.looseObject({
  category: z.string(),
  citation: looseText,
  description: looseText,
  scope: looseText,
  notes: looseText,
  subcategories: looseText,
  effective_date: looseText,
  coordination_note: looseText,
});

/** A nested block whose keys vary: every value is kept. */
const looseBlock = z.record(z.string(), anyValue).nullable().optional().transform((v) => v ?? {});

/** The `transparency_law` object. */
export const rawTransparencyLawSchema = z.looseObject({
  name: z.string(),
  statute_citation: looseText,
  effective_date: looseText,
  last_amended: looseText,
  constitutional_basis: looseText,
  response_requirements: looseBlock,
  fee_structure: looseBlock,
  exemptions: z.array(rawExemptionSchema).nullable().optional().transform((v) => v ?? []),
  appeal_process: looseBlock,
  requester_requirements: looseBlock,
  agency_obligations: looseBlock,
  oversight_body: looseBlock,
  official_resources: looseBlock,
  validation_metadata: looseBlock,
});

/** The whole record file. `jurisdiction` is a display name in v0.11 (an object in the rights file). */
export const rawJurisdictionFileSchema = z.looseObject({
  jurisdiction: z.union([z.string(), z.looseObject({ slug: z.string().optional(), name: z.string() })]),
  transparency_law: rawTransparencyLawSchema,
  agencies: z.array(z.unknown()).nullable().optional().transform((v) => v ?? []),
});

/** Parsed (not yet normalised) record file. */
export type RawJurisdictionFile = z.infer<typeof rawJurisdictionFileSchema>;
/** One exemption as parsed. */
export type RawExemption = z.infer<typeof rawExemptionSchema>;

/** One entry of `rights/federal.json`. */
export const rawRightSchema = z.looseObject({
  category: z.string(),
  subcategory: z.string(),
  statute_citation: looseText,
  description: looseText,
  conditions: looseText,
  applies_to: looseText,
  implementation_notes: looseText,
  request_tips: looseText,
});

/** The rights file: jurisdiction, list of rights, validation block. */
export const rawRightsFileSchema = z.looseObject({
  jurisdiction: z.union([z.string(), z.looseObject({ slug: z.string().optional(), name: z.string() })]),
  rights_of_access: z.array(rawRightSchema),
  validation_metadata: looseBlock,
});

/** Parsed rights file. */
export type RawRightsFile = z.infer<typeof rawRightsFileSchema>;

/** One entry of `canonical-statute-names.json` (keys starting with `_` are file metadata). */
export const rawCanonicalNameSchema = z.looseObject({
  official_name: z.string(),
  accepted_variations: looseTextList,
  rejected_variations: looseTextList,
  statute_citation: looseText,
  verified_source: looseText,
  verification_date: looseText,
  notes: looseText,
});
