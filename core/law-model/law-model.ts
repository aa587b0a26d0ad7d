/**
 * Derived law records: what the law database stores and serves per jurisdiction. Each
 * statement carries the source it was derived from (kind, path, verbatim quote or field), so
 * that a reader can check it and the product never asserts what the sources do not say.
 */
import type { Provenance, SourceKind } from './source-types.js';
import type { FactSourceKind, LegalFact } from '../legal-facts/legal-fact-schema.js';
import type { ExemptionCategoryKey } from './exemption-categories.js';

/** An official resource of a law (portal, guide, forms), as the dataset lists it. */
export interface ResourceEntry {
  key: string;
  url: string | null;
  note: string | null;
}

/** Federal, a state, or the District of Columbia. */
export type JurisdictionType = 'federal' | 'state' | 'district';

/** Day units used in derived deadlines. */
export type DeadlineUnit = 'business' | 'calendar';

/** Evidence for a derived statement: a verbatim quote of a document, or a structured field. */
export interface Basis {
  sourceKind: SourceKind;
  /** Path relative to the corpus directory. */
  sourcePath: string;
  /** Verbatim text: a substring of the source document, or the field's value for structured data. */
  quote: string;
  /** Parsed node label the quote is in (statute, summary or process-map section), if any. */
  sectionLabel: string | null;
  /** Citation of that node (statute text), if any. */
  citation: string | null;
  /** Upstream field path for structured data, e.g. `appeal_process.attorney_fees_recoverable`. */
  field: string | null;
}

/** A deadline in days, with the source it was read from. */
export interface Deadline {
  days: number;
  unit: DeadlineUnit;
  /** What must happen by then. */
  kind: 'initial_response' | 'acknowledgment' | 'final_response' | 'maximum' | 'commercial_request' | 'non_resident' | 'other';
  /** Who or what it is limited to when the source says so (e.g. "executive agencies"), else null. */
  appliesTo: string | null;
  /** True when the source said only "days" and the unit was read as calendar days. */
  unitInferred: boolean;
  basis: Basis;
  /** Other sources stating the same period. */
  corroboratedBy: Basis[];
}

/** A rule stated in text (extension, tolling, receipt, deemed denial...). */
export interface StatedRule {
  statement: string;
  basis: Basis[];
}

/** Response-time rules. */
export interface DerivedResponseRequirements {
  /** The computable initial deadline; null when the law states none. */
  initialDeadline: Deadline | null;
  noFixedDeadline: boolean;
  /** Why there is no fixed deadline (quoted standard such as "reasonable time"), else null. */
  noFixedDeadlineReason: string | null;
  noFixedDeadlineBasis: Basis[];
  otherDeadlines: Deadline[];
  extension: (StatedRule & { allowed: boolean | null; maxDays: number | null; unit: DeadlineUnit | null; conditions: string[] }) | null;
  tolling: (StatedRule & { allowed: boolean | null }) | null;
  afterHoursReceipt: StatedRule | null;
  deemedDenial: StatedRule | null;
}

/** One exemption of the law, classified. */
export interface DerivedExemption {
  /** Stable key: `<slug>:exemption:<index>:<category>`. */
  key: string;
  /** Position in the dataset record's `exemptions` list (what reviewed exemption citations refer to). */
  datasetIndex: number;
  category: ExemptionCategoryKey;
  categoryLabel: string;
  rawLabel: string;
  /** How the category was chosen: the raw label's table entry, or keyword rules. */
  classifiedBy: 'label' | 'keywords' | 'fallback';
  citation: string | null;
  description: string;
  scope: string | null;
  notes: string | null;
  /** Statute node the citation resolves to, or null (no statute file, or not in it). */
  sectionLabel: string | null;
  /** The reviewed citation's supporting words and their source kind, when the exemption was reviewed. */
  review: { quote: string | null; sourceKind: FactSourceKind; verified: boolean; reviewed: string } | null;
  provenance: Provenance;
}

/** Fee rules. */
export interface DerivedFees {
  copyFeePerPage: number | null;
  copyFee: string | null;
  searchFee: string | null;
  electronicFee: string | null;
  certificationFee: string | null;
  feeWaiver: { available: boolean | null; criteria: string | null; citation: string | null };
  advancePayment: string | null;
  feeEstimate: string | null;
  notes: string[];
  citations: string[];
  provenance: Provenance;
}

/** One step of the route to challenge a denial. */
export interface AppealStep {
  level: number;
  kind: 'administrative' | 'oversight' | 'judicial';
  body: string;
  deadline: { days: number; unit: DeadlineUnit | null } | null;
  deadlineNotes: string | null;
  notes: string | null;
  citation: string | null;
  sectionLabel: string | null;
}

/** Appeals and remedies. */
export interface DerivedAppeals {
  steps: AppealStep[];
  administrativeAppealRequired: boolean | null;
  attorneyFees: { recoverable: boolean | null; notes: string | null; citation: string | null };
  burdenOfProof: string | null;
  mediation: { available: boolean | null; provider: string | null };
  penalties: { civil: string | null; criminal: string | null; statutoryDamages: string | null; citations: string[] };
  provenance: Provenance;
}

/** What a requester must or need not do. */
export interface DerivedRequesterRequirements {
  residencyRequired: boolean | null;
  purposeRequired: boolean | null;
  purposeProhibited: boolean | null;
  identificationRequired: boolean | null;
  identificationProhibited: boolean | null;
  writtenRequestRequired: boolean | null;
  notes: string[];
  provenance: Provenance;
}

/** One obligation of agencies. */
export interface DerivedObligation {
  key: string;
  statement: string;
  citation: string | null;
  provenance: Provenance;
}

/** A body that oversees compliance or hears complaints. */
export interface DerivedOversightBody {
  name: string;
  role: string | null;
  url: string | null;
  contact: string | null;
  powers: string[];
  citation: string | null;
  provenance: Provenance;
}

/** Right categories. */
export type RightCategory =
  | 'inspection'
  | 'copies'
  | 'timeliness'
  | 'format'
  | 'fees_and_waivers'
  | 'appeal'
  | 'judicial_review'
  | 'attorney_fees'
  | 'no_purpose_requirement'
  | 'no_identity_requirement'
  | 'no_residency_requirement'
  | 'segregable_release'
  | 'written_denial_with_reasons'
  | 'proactive_disclosure'
  | 'expedited_processing'
  | 'oversight_review'
  | 'mediation'
  | 'penalties_and_damages'
  | 'presumption_of_openness'
  | 'burden_on_agency'
  | 'assistance'
  | 'request_submission'
  | 'constitutional_right';

/** Verbatim (or best available) text of the provision behind a right. */
export interface StatutoryText {
  text: string;
  /** `statute_text` only when `text` is verbatim statute text from the statute file. */
  sourceKind: SourceKind;
  sourcePath: string;
  sectionLabel: string | null;
  field: string | null;
}

/** One right of access, derived from evidence. */
export interface DerivedRight {
  /** Stable key: `<slug>:<category>:<name>`. */
  key: string;
  category: RightCategory;
  title: string;
  /** Citation of the provision (the matched statute node's when found, else the source's). */
  citation: string | null;
  statutoryText: StatutoryText;
  conditions: string | null;
  appliesTo: string;
  analysis: string;
  /** Practical notes and request tips, where an upstream rights list gives them. */
  implementationNotes: string | null;
  requestTips: string | null;
  /** Every piece of evidence the right rests on (at least one). */
  evidence: Basis[];
  provenance: Provenance;
}

/** A citation found in derived text that resolves to a statute node. */
export interface CrossReference {
  /** Where it was found: `right:<key>`, `exemption:<key>`, or `section:<label>`. */
  from: string;
  citationText: string;
  toSectionLabel: string;
}

/** Where the sources disagree, and what the derivation did about it. */
export interface Discrepancy {
  topic: string;
  description: string;
  resolution: string;
  basis: Basis[];
}

/** Everything derived for one jurisdiction. */
export interface DerivedJurisdiction {
  jurisdiction: { slug: string; name: string; type: JurisdictionType };
  law: {
    name: string;
    citation: string | null;
    effectiveDate: string | null;
    lastAmended: string | null;
    constitutionalBasis: string | null;
    officialResources: ResourceEntry[];
    statuteSource: { sourcePath: string; completeness: string | null; retrievedDate: string | null } | null;
    provenance: Provenance;
  };
  exemptions: DerivedExemption[];
  responseRequirements: DerivedResponseRequirements;
  fees: DerivedFees;
  appeals: DerivedAppeals;
  requesterRequirements: DerivedRequesterRequirements;
  agencyObligations: DerivedObligation[];
  oversightBodies: DerivedOversightBody[];
  rights: DerivedRight[];
  crossReferences: CrossReference[];
  discrepancies: Discrepancy[];
  /** Reviewed facts (data/legal-facts); empty when the jurisdiction has no file. They win over derived values. */
  facts: StatedFact[];
  /** Documents the derivation read. */
  sources: Provenance[];
}

/**
 * A reviewed fact as the law database stores it: the reviewed file's fact with the statute
 * node its citation resolves to and whether its quote was found there at ingestion.
 */
export interface StatedFact {
  /** Stable key: `<slug>:fact:<field>:<n>`. */
  key: string;
  field: LegalFact['field'];
  requesterClass: LegalFact['requester_class'];
  appliesTo: string | null;
  value: LegalFact['value'];
  /** The value as a person reads it ("30 calendar days to respond"). */
  display: string;
  citation: string;
  quote: string | null;
  sourceKind: FactSourceKind;
  /** Statute node the citation resolves to, when the corpus has it. */
  sectionLabel: string | null;
  /** True only when the quote was found in that statute node (statute_text facts). */
  verified: boolean;
  reviewed: string;
  notes: string | null;
  /** The reviewed file, e.g. `data/legal-facts/maryland.json`. */
  sourcePath: string;
}
