import type { FactView } from '../legal-facts/fact-view.js';
/**
 * What the transparency read side answers: plain, JSON-ready records with the API's
 * snake_case field names. Stores build them from rows; the service pages and checks them.
 */

/** Where a record came from; every record the API serves carries one. */
export interface ProvenanceView {
  source_path: string;
  source_kind: string;
  verified_date: string | null;
}

/** The computable initial response deadline of a law. */
export interface InitialDeadlineView {
  days: number | null;
  unit: 'business' | 'calendar' | null;
  no_fixed_deadline: boolean;
  reason: string | null;
}

/** Whether verbatim statute text is in the database, and how complete it is. */
export interface StatuteTextView {
  available: boolean;
  /** First word of the completeness note: "full" or "partial" (null when unknown). */
  coverage: 'full' | 'partial' | null;
  completeness: string | null;
  source_path: string | null;
  retrieved_date: string | null;
  document_id: string | null;
}

export interface JurisdictionCounts {
  rights: number;
  exemptions: number;
  sections: number;
}

/** One row of the jurisdiction list. */
export interface JurisdictionSummary {
  slug: string;
  name: string;
  type: 'federal' | 'state' | 'district';
  law: { name: string; citation: string | null } | null;
  initial_deadline: InitialDeadlineView | null;
  counts: JurisdictionCounts;
  statute_text: StatuteTextView;
}

/** A one-row-per-jurisdiction record (fees, appeals...): its details (snake_case) and provenance. */
export type DetailRecord = Record<string, unknown> & { provenance: ProvenanceView };

export interface DocumentView {
  id: string;
  kind: string;
  title: string;
  citation: string | null;
  source_path: string;
  retrieved_date: string | null;
  completeness: string | null;
}

/** A jurisdiction's law: name, citation, dates and where the record came from. */
export interface LawView {
  name: string;
  citation: string | null;
  effective_date: string | null;
  last_amended: string | null;
  constitutional_basis: string | null;
  official_resources: unknown[];
  provenance: ProvenanceView;
}

/** One jurisdiction's law in full. */
export interface JurisdictionDetail extends JurisdictionSummary {
  current_version: number | null;
  ingested_at: string | null;
  law: LawView | null;
  documents: DocumentView[];
  /** The derived response rules (deadlines, extension, tolling...) with the deadline's citation. */
  response_requirements: (DetailRecord & { citation: string | null }) | null;
  fees: DetailRecord | null;
  appeals: DetailRecord | null;
  requester_requirements: DetailRecord | null;
  agency_obligations: Array<{ id: string; statement: string; citation: string | null; provenance: ProvenanceView }>;
  oversight_bodies: Array<DetailRecord & { id: string; name: string; role: string | null; url: string | null; citation: string | null }>;
  /** Reviewed legal facts: each value with its pinpoint citation, supporting words and source kind. They win over the derived records above. */
  facts: FactView[];
  discrepancies: unknown[];
}

/** A statute node in brief: enough to link to it. */
export interface SectionRef {
  id: string;
  label: string;
  citation: string | null;
  heading: string | null;
}

/** The statute node a right or exemption rests on, with its text. */
export interface LinkedSection extends SectionRef {
  text: string;
  source_kind: string;
}

/** A citation from a right, exemption or section to a statute node. */
export interface OutgoingReference {
  section_id: string;
  label: string;
  citation: string | null;
  citation_text: string;
}

/** A citation to a statute node from elsewhere in the law. */
export interface IncomingReference {
  from_type: 'section' | 'right' | 'exemption';
  from_id: string;
  /** Label of the citing section, title of the right, or raw label of the exemption. */
  from_label: string | null;
  from_citation: string | null;
  citation_text: string;
}

export interface RightView {
  id: string;
  jurisdiction: string;
  category: string;
  title: string;
  citation: string | null;
  text: string;
  source_kind: string;
  analysis: string;
  conditions: string | null;
  applies_to: string;
  section_id: string | null;
  cross_references: OutgoingReference[];
  provenance: ProvenanceView;
  /** ts_rank_cd of the match when the list was searched with `q`, else null. */
  rank: number | null;
}

export interface RightDetail extends RightView {
  text_source_path: string;
  implementation_notes: string | null;
  request_tips: string | null;
  evidence: unknown[];
  section: LinkedSection | null;
}

export interface ExemptionView {
  id: string;
  jurisdiction: string;
  category: string;
  category_label: string;
  raw_label: string;
  classified_by: string;
  citation: string | null;
  description: string;
  scope: string | null;
  notes: string | null;
  section_id: string | null;
  cross_references: OutgoingReference[];
  provenance: ProvenanceView;
  rank: number | null;
}

export interface RelatedExemption {
  id: string;
  jurisdiction: string;
  jurisdiction_name: string;
  raw_label: string;
  citation: string | null;
}

export interface ExemptionDetail extends ExemptionView {
  section: LinkedSection | null;
  related_exemptions: RelatedExemption[];
}

export interface ExemptionCategoryView {
  key: string;
  label: string;
  description: string;
  exemption_count: number;
  jurisdiction_count: number;
}

/** A statute node with its verbatim text. */
export interface SectionView {
  id: string;
  jurisdiction: string;
  document_id: string;
  label: string;
  section_number: string;
  path: string[];
  parent_label: string | null;
  heading: string | null;
  text: string;
  depth: number;
  ordinal: number;
  citation: string | null;
  provenance: ProvenanceView;
}

export interface SectionDetail extends SectionView {
  document: DocumentView;
  parent: SectionRef | null;
  children: SectionRef[];
  previous: SectionRef | null;
  next: SectionRef | null;
  cross_references: { outgoing: OutgoingReference[]; incoming: IncomingReference[] };
}

/** A law record (statute or summary section, right, exemption) with the text its quotes come from. */
export interface LawRecordText {
  id: string;
  type: 'statute_section' | 'summary' | 'process_map' | 'right' | 'exemption';
  jurisdiction: string;
  citation: string | null;
  title: string;
  /** Section text; a right's statutory text; an exemption's description (as GET /api/v1/documents/{id} shows them). */
  text: string;
  /** Right or exemption category; null for sections. */
  category: string | null;
}

/** The words that introduce a list ("… does not include:"), quoted from the node that holds them. */
export interface ListLeadIn {
  id: string;
  citation: string | null;
  quote: string;
}

/**
 * A statute node's text, with the lead-ins of the lists it is an item of, outermost first:
 * "Radio log …" means nothing until it is read after "… does not include:".
 */
export interface StatuteNodeText extends LawRecordText {
  lead_ins: ListLeadIn[];
}
