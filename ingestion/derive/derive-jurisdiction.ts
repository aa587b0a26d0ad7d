import type { JurisdictionRecord } from '../records/jurisdiction-record-types.js';
import type { UpstreamRightsFile } from '../records/normalise-reference-files.js';
import type { ParsedDocument, Provenance } from '../../core/law-model/source-types.js';
import { createContext, documentProvenance, recordProvenance } from './context.js';
import { deriveCrossReferences } from './derive-cross-references.js';
import { deriveExemptions } from './derive-exemptions.js';
import { deriveAppeals, deriveFees, deriveObligations, deriveOversightBodies, deriveRequesterRequirements } from './derive-procedure.js';
import { deriveResponseRequirements } from './derive-response-requirements.js';
import { deriveRights } from './rights/derive-rights.js';
import { mergeUpstreamRights } from './rights/upstream-rights.js';
import type { DerivedJurisdiction, JurisdictionType } from '../../core/law-model/law-model.js';

/** Inputs of one jurisdiction's derivation: its record and whatever documents the corpus has. */
export interface DeriveJurisdictionInput {
  slug: string;
  record: JurisdictionRecord;
  /** Parsed statute file (for Texas, the code text among the summaries); null when the corpus has none. */
  statute: ParsedDocument | null;
  summary: ParsedDocument | null;
  processMaps: ParsedDocument[];
  /** Upstream rights list for this jurisdiction (`rights/<slug>.json`), when there is one. */
  federalRights?: UpstreamRightsFile | null;
}

/** federal, district (DC) or state, from the slug. */
export function jurisdictionType(slug: string): JurisdictionType {
  if (slug === 'federal') return 'federal';
  if (slug === 'district-of-columbia') return 'district';
  return 'state';
}

/**
 * Derives the stored law records of one jurisdiction. Pure: reads only its input. Every
 * statement carries its evidence; where sources disagree the disagreement is reported in
 * `discrepancies` and nothing unsupported is asserted.
 */
export function deriveJurisdiction(input: DeriveJurisdictionInput): DerivedJurisdiction {
  const ctx = createContext(input);
  const r = input.record;
  const exemptions = deriveExemptions(ctx);
  const responseRequirements = deriveResponseRequirements(ctx);
  const upstream = input.federalRights && input.federalRights.slug === input.slug ? input.federalRights : null;
  const rights = mergeUpstreamRights(ctx, upstream, deriveRights(ctx, responseRequirements));
  const sources: Provenance[] = [
    recordProvenance(r),
    ...[input.statute, input.summary, ...input.processMaps].filter((d): d is ParsedDocument => d !== null).map(documentProvenance),
    ...(upstream ? [{ sourcePath: upstream.sourcePath, sourceKind: 'structured' as const, verifiedDate: upstream.verifiedDate }] : []),
  ];
  return {
    jurisdiction: { slug: input.slug, name: r.name, type: jurisdictionType(input.slug) },
    law: {
      name: r.law.name,
      citation: r.law.citation,
      effectiveDate: r.law.effectiveDate,
      lastAmended: r.law.lastAmended,
      constitutionalBasis: r.law.constitutionalBasis,
      officialResources: r.resources,
      statuteSource: input.statute
        ? { sourcePath: input.statute.sourcePath, completeness: input.statute.completeness, retrievedDate: input.statute.retrievedDate }
        : null,
      provenance: recordProvenance(r),
    },
    exemptions,
    responseRequirements,
    fees: deriveFees(ctx),
    appeals: deriveAppeals(ctx),
    requesterRequirements: deriveRequesterRequirements(ctx),
    agencyObligations: deriveObligations(ctx),
    oversightBodies: deriveOversightBodies(ctx),
    rights,
    crossReferences: deriveCrossReferences(ctx, rights, exemptions),
    discrepancies: ctx.discrepancies,
    facts: [],
    sources,
  };
}
