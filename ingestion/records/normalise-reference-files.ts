import { rawCanonicalNameSchema, rawRightsFileSchema } from './jurisdiction-record-schema.js';
import type { Normalisation } from './jurisdiction-record-types.js';

/** One upstream right of access (`rights/<slug>.json`), fields renamed to camelCase. */
export interface UpstreamRight {
  category: string;
  subcategory: string;
  statuteCitation: string | null;
  description: string | null;
  conditions: string | null;
  appliesTo: string | null;
  implementationNotes: string | null;
  requestTips: string | null;
  /** Position in the file. */
  index: number;
}

/** The rights file of a jurisdiction (only federal exists upstream in v0.11). */
export interface UpstreamRightsFile {
  slug: string;
  name: string;
  sourcePath: string;
  verifiedDate: string | null;
  rights: UpstreamRight[];
  normalisations: Normalisation[];
}

/** Canonical name entry of a law. */
export interface CanonicalStatuteName {
  slug: string;
  officialName: string;
  acceptedVariations: string[];
  rejectedVariations: string[];
  statuteCitation: string | null;
  verifiedSource: string | null;
  verificationDate: string | null;
  notes: string | null;
}

function slugify(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** Validates and normalises a parsed rights file. */
export function normaliseRightsFile(json: unknown, sourcePath: string): UpstreamRightsFile {
  const file = rawRightsFileSchema.parse(json);
  const normalisations: Normalisation[] = [];
  const j = file.jurisdiction;
  const name = typeof j === 'string' ? j : j.name;
  const slug = typeof j === 'string' || !j.slug ? slugify(name) : j.slug;
  if (typeof j === 'string') normalisations.push({ field: 'jurisdiction', kind: 'type', note: 'name only: slug derived from it' });
  const meta = file.validation_metadata;
  const date = [meta['last_verified_date'], meta['parsed_date']].find((d): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d));
  return {
    slug,
    name,
    sourcePath,
    verifiedDate: date ?? null,
    normalisations,
    rights: file.rights_of_access.map((r, index) => ({
      category: r.category.trim(),
      subcategory: r.subcategory.trim(),
      statuteCitation: r.statute_citation,
      description: r.description,
      conditions: r.conditions,
      appliesTo: r.applies_to,
      implementationNotes: r.implementation_notes,
      requestTips: r.request_tips,
      index,
    })),
  };
}

/** Validates `canonical-statute-names.json`; metadata keys (`_...`) are skipped. */
export function normaliseCanonicalNames(json: unknown): CanonicalStatuteName[] {
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    throw new Error('canonical-statute-names.json: expected an object keyed by jurisdiction slug');
  }
  return Object.entries(json as Record<string, unknown>)
    .filter(([k]) => !k.startsWith('_'))
    .map(([slug, v]) => {
      const e = rawCanonicalNameSchema.parse(v);
      return {
        slug,
        officialName: e.official_name,
        acceptedVariations: e.accepted_variations,
        rejectedVariations: e.rejected_variations,
        statuteCitation: e.statute_citation,
        verifiedSource: e.verified_source,
        verificationDate: e.verification_date,
        notes: e.notes,
      };
    });
}
