import { rawJurisdictionFileSchema } from './jurisdiction-record-schema.js';
import type { ExemptionEntry, JurisdictionRecord, Normalisation, NormalisedRecord } from './jurisdiction-record-types.js';
import {
  normaliseAppeal,
  normaliseFees,
  normaliseObligations,
  normaliseOversight,
  normaliseRequester,
  normaliseResources,
  normaliseResponse,
  normaliseValidation,
  type NormaliseContext,
} from './normalise-sections.js';

/** Where a record file came from. */
export interface RecordOrigin {
  slug: string;
  /** Path relative to the corpus directory. */
  sourcePath: string;
}

/** Error raised when a record does not have even the tolerant shape. */
export class JurisdictionRecordError extends Error {
  constructor(
    readonly sourcePath: string,
    readonly issues: string[],
  ) {
    super(`${sourcePath}: not a jurisdiction record (${issues.join('; ')})`);
    this.name = 'JurisdictionRecordError';
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isoDateOrNull(v: string | null, field: string, report: Normalisation[]): string | null {
  if (v === null) return null;
  if (ISO_DATE.test(v.trim())) return v.trim();
  report.push({ field, kind: 'type', note: `"${v}" is not a YYYY-MM-DD date: dropped` });
  return null;
}

function displayName(j: string | { name: string }): string {
  return typeof j === 'string' ? j : j.name;
}

/**
 * Validates a parsed JSON record with the tolerant schema and normalises it: one spelling and
 * type per field, units as business/calendar, the `-1` sentinel read as "no fixed deadline",
 * with a report of every change made.
 */
export function normaliseJurisdictionRecord(json: unknown, origin: RecordOrigin): NormalisedRecord {
  const parsed = rawJurisdictionFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new JurisdictionRecordError(
      origin.sourcePath,
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    );
  }
  const file = parsed.data;
  const law = file.transparency_law;
  const ctx: NormaliseContext = { report: [], fieldSources: {} };

  const exemptions: ExemptionEntry[] = law.exemptions.map((e, index) => ({
    rawCategory: e.category.trim(),
    citation: e.citation,
    description: e.description ?? '',
    scope: e.scope,
    notes: [e.notes, e.subcategories, e.coordination_note].filter((x): x is string => Boolean(x)).join(' ') || null,
    index,
  }));
  for (const [i, e] of law.exemptions.entries()) {
    if (e.subcategories) ctx.report.push({ field: `transparency_law.exemptions[${i}].subcategories`, kind: 'renamed', note: 'kept as notes' });
    if (e.coordination_note) ctx.report.push({ field: `transparency_law.exemptions[${i}].coordination_note`, kind: 'renamed', note: 'kept as notes' });
  }

  const validation = normaliseValidation(law.validation_metadata, ctx);
  const record: JurisdictionRecord = {
    slug: origin.slug,
    name: displayName(file.jurisdiction),
    sourcePath: origin.sourcePath,
    verifiedDate: validation.lastVerifiedDate ?? validation.parsedDate,
    law: {
      name: law.name,
      citation: law.statute_citation,
      effectiveDate: isoDateOrNull(law.effective_date, 'transparency_law.effective_date', ctx.report),
      lastAmended: isoDateOrNull(law.last_amended, 'transparency_law.last_amended', ctx.report),
      constitutionalBasis: law.constitutional_basis,
    },
    response: normaliseResponse(law.response_requirements, ctx),
    fees: normaliseFees(law.fee_structure, ctx),
    exemptions,
    appeal: normaliseAppeal(law.appeal_process, ctx),
    requester: normaliseRequester(law.requester_requirements, ctx),
    obligations: normaliseObligations(law.agency_obligations),
    oversight: normaliseOversight(law.oversight_body, ctx),
    resources: normaliseResources(law.official_resources),
    validation,
    agencyCount: file.agencies.length,
    fieldSources: ctx.fieldSources,
  };
  if (law.constitutional_basis !== null) ctx.fieldSources['law.constitutionalBasis'] = 'transparency_law.constitutional_basis';
  return { record, normalisations: ctx.report };
}
