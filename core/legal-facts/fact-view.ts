import { pickMainFact } from './main-fact.js';
import type { FactField, FactSourceKind, RequesterClass } from './legal-fact-schema.js';

/** A reviewed fact as the API serves it. */
export interface FactView {
  id: string;
  jurisdiction: string;
  field: FactField;
  /** Set when the fact is a variant for a class of requesters (e.g. `nonresident`). */
  requester_class: RequesterClass | null;
  applies_to: string | null;
  value: unknown;
  display: string;
  /** Pinpoint citation. */
  citation: string;
  /** The words that state the fact. */
  quote: string | null;
  source_kind: FactSourceKind;
  /** True only when the quote was found in the cited statute node of the corpus. */
  verified: boolean;
  /** The statute node the citation resolves to (`/api/v1/documents/{id}`), when the corpus has it. */
  section_id: string | null;
  reviewed: string;
  notes: string | null;
}

/** SQL select list producing a FactView from `legal_facts` aliased as `lf`. */
export const FACT_VIEW_COLUMNS = [
  'lf.id',
  'lf.jurisdiction',
  'lf.field',
  'lf.requester_class',
  'lf.applies_to',
  'lf.value',
  'lf.display',
  'lf.citation',
  'lf.quote',
  'lf.source_kind',
  'lf.verified',
  'lf.section_id',
  'lf.reviewed',
  'lf.notes',
] as const;

/** The main fact of a field: not a requester-class variant, and unlimited where there is such a fact. */
export function mainFact(facts: readonly FactView[], field: FactField): FactView | undefined {
  return pickMainFact(
    facts.filter((f) => f.field === field),
    (f) => ({ requesterClass: f.requester_class, appliesTo: f.applies_to }),
  );
}
