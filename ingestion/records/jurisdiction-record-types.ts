import type { ResourceEntry } from '../../core/law-model/law-model.js';

/**
 * Normalised, typed view of one HOLE structured record. Every field the derivations use has
 * one name and one type here, whatever spelling the upstream file used; `fieldSources` says
 * which upstream field each value came from, so derived records can cite it as evidence.
 */

/** Day-count units after normalisation: `working_days` is a business-day unit. */
export type DayUnit = 'business' | 'calendar';

/** A number of days as the record states it. */
export interface DayCount {
  days: number;
  /** null when the record gives no unit (or an unknown one: see `rawUnit`). */
  unit: DayUnit | null;
  rawUnit: string | null;
}

/** A field the normaliser did not map to a named property; kept so nothing is lost. */
export interface ExtraField {
  /** Upstream dotted path, e.g. `agency_obligations.cyberattack_documentation`. */
  field: string;
  value: string | number | boolean | string[] | null;
}

/** Response-time rules of the law. */
export interface ResponseFields {
  initial: DayCount | null;
  initialDescription: string | null;
  final: DayCount | null;
  finalNotes: string | null;
  /** `maximum_response_time` (no unit upstream). */
  maximum: DayCount | null;
  /** True when the record used the `-1` sentinel ("reasonable time / no fixed deadline"). */
  noFixedDeadlineSentinel: boolean;
  extensionAllowed: boolean | null;
  extensionMaxDays: number | null;
  extensionNotes: string | null;
  extensionConditions: string[];
  extensionCite: string | null;
  tollingAllowed: boolean | null;
  tollingNotes: string | null;
  deemedDenial: string | null;
  noResponseConsequence: string | null;
  goodFaithStandard: string | null;
  immediateAccessStandard: string | null;
  acknowledgment: string | null;
  promptAcknowledgmentRequired: boolean | null;
  commercialRequest: (DayCount & { notes: string | null }) | null;
  nonResidentTimeline: string | null;
  extras: ExtraField[];
}

/** Fee rules. */
export interface FeeFields {
  searchFee: string | null;
  searchFeeNotes: string | null;
  searchFeeCite: string | null;
  copyFeePerPage: number | null;
  /** Free-text copy fee (`standard_copy_fee`) when no number is given. */
  copyFeeText: string | null;
  copyFeeNotes: string | null;
  copyFeeCite: string | null;
  electronicFee: string | null;
  electronicFeeCite: string | null;
  certificationFee: string | null;
  feeWaiverAvailable: boolean | null;
  feeWaiverCriteria: string | null;
  feeWaiverNotes: string | null;
  feeWaiverCite: string | null;
  feeProtectionNotes: string | null;
  advancePayment: string | null;
  feeEstimate: string | null;
  reasonablenessStandard: string | null;
  notes: string | null;
  extras: ExtraField[];
}

/** One exemption, with its raw category label kept. */
export interface ExemptionEntry {
  rawCategory: string;
  citation: string | null;
  description: string;
  scope: string | null;
  notes: string | null;
  /** Position in the record's list (stable key material). */
  index: number;
}

/** One level of the appeal route. */
export interface AppealLevel {
  body: string;
  deadline: DayCount | null;
  deadlineNotes: string | null;
  notes: string | null;
  cite: string | null;
}

/** Appeals, enforcement and remedies. */
export interface AppealFields {
  first: AppealLevel | null;
  second: AppealLevel | null;
  administrativeAppealRequired: boolean | null;
  noAdministrativeAppeals: boolean | null;
  judicialReviewAvailable: boolean | null;
  courtJurisdiction: string | null;
  description: string | null;
  attorneyFeesRecoverable: boolean | null;
  attorneyFeesNotes: string | null;
  attorneyFeesCite: string | null;
  burdenOfProof: string | null;
  mediationAvailable: boolean | null;
  mediationProvider: string | null;
  civilPenaltiesAvailable: boolean | null;
  civilPenalties: string | null;
  civilPenaltiesCite: string | null;
  criminalPenaltiesAvailable: boolean | null;
  criminalPenalties: string | null;
  statutoryDamages: string | null;
  statutoryDamagesCite: string | null;
  extras: ExtraField[];
}

/** What a requester must (not) do. */
export interface RequesterFields {
  identificationRequired: boolean | null;
  identificationProhibited: boolean | null;
  identificationNotes: string | null;
  purposeRequired: boolean | null;
  purposeProhibited: boolean | null;
  purposeNotes: string | null;
  residencyRequired: boolean | null;
  residencyNotes: string | null;
  residencyAffectsTimeline: boolean | null;
  writtenRequestRequired: boolean | null;
  writtenRequestNotes: string | null;
  formatNotes: string | null;
  specificFormat: string | null;
  notes: string | null;
  constitutionalRight: string | null;
  extras: ExtraField[];
}

/** One agency obligation: a flag or a statement, with its citation when given. */
export interface ObligationEntry {
  /** Upstream key without the block prefix, e.g. `records_officer_required`. */
  key: string;
  value: boolean | string | string[];
  cite: string | null;
  notes: string | null;
}

/** Oversight body. */
export interface OversightFields {
  name: string | null;
  role: string | null;
  contactInfo: string | null;
  url: string | null;
  statuteReference: string | null;
  enforcementPowers: string[];
  enforcementAuthority: string | null;
  extras: ExtraField[];
}

/** Link or note from `official_resources`. */
export type { ResourceEntry };

/** Provenance details the record gives about itself. */
export interface ValidationFields {
  parsedDate: string | null;
  lastVerifiedDate: string | null;
  confidenceLevel: string | null;
  sourceUrl: string | null;
  sourceVerified: boolean | null;
  primarySources: string[];
  notes: string[];
}

/** The normalised record. */
export interface JurisdictionRecord {
  slug: string;
  name: string;
  /** Path relative to the corpus directory. */
  sourcePath: string;
  /** Best date the record says it was verified (last_verified_date, else parsed_date). */
  verifiedDate: string | null;
  law: {
    name: string;
    citation: string | null;
    effectiveDate: string | null;
    lastAmended: string | null;
    constitutionalBasis: string | null;
  };
  response: ResponseFields;
  fees: FeeFields;
  exemptions: ExemptionEntry[];
  appeal: AppealFields;
  requester: RequesterFields;
  obligations: ObligationEntry[];
  oversight: OversightFields;
  resources: ResourceEntry[];
  validation: ValidationFields;
  agencyCount: number;
  /** Normalised path (e.g. `requester.residencyRequired`) → upstream dotted field used. */
  fieldSources: Record<string, string>;
}

/** What the normaliser changed to make a file fit the common shape. */
export interface Normalisation {
  /** Upstream dotted field. */
  field: string;
  kind: 'renamed' | 'unit' | 'type' | 'sentinel' | 'list' | 'missing';
  note: string;
}

/** A record and the report of what was normalised in it. */
export interface NormalisedRecord {
  record: JurisdictionRecord;
  normalisations: Normalisation[];
}
