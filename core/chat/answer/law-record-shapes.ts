/**
 * Typed views of the derived records the transparency read side returns (snake_case
 * details of `GET /api/v2/transparency/jurisdictions/{slug}`): the fields the answer
 * composers read, nothing more.
 */
import { sectionId } from '../../law-database/law-record-ids.js';
import type { JurisdictionDetail } from '../../transparency/transparency-views.js';

/** Where a derived statement came from. */
export interface SnakeBasis {
  source_kind: string;
  quote: string;
  section_label: string | null;
  citation: string | null;
}

export interface ResponseRules {
  initial_deadline: {
    days: number;
    unit: 'business' | 'calendar';
    /** What must happen by then: a first response, or only an acknowledgment of the request. */
    kind?: string;
    applies_to?: string | null;
    basis: SnakeBasis;
    corroborated_by: SnakeBasis[];
  } | null;
  no_fixed_deadline: boolean;
  no_fixed_deadline_reason: string | null;
  no_fixed_deadline_basis: SnakeBasis[];
  citation: string | null;
}

export interface FeeRules {
  fee_waiver: { available: boolean | null; criteria: string | null; citation: string | null };
  citations: string[];
}

export interface AppealStep {
  level: number;
  kind: 'administrative' | 'oversight' | 'judicial';
  body: string;
  deadline: { days: number; unit: 'business' | 'calendar' | null } | null;
  /** "decided within 5 business days": the deciding body's time, from the reviewed fact. */
  deadline_notes?: string | null;
  citation: string | null;
  section_label: string | null;
}

export interface AppealRules {
  steps: AppealStep[];
  administrative_appeal_required: boolean | null;
  attorney_fees: { recoverable: boolean | null; notes: string | null; citation: string | null };
}

export interface RequesterRules {
  residency_required: boolean | null;
}

export const responseRules = (d: JurisdictionDetail) => d.response_requirements as unknown as ResponseRules | null;
export const feeRules = (d: JurisdictionDetail) => d.fees as unknown as FeeRules | null;
export const appealRules = (d: JurisdictionDetail) => d.appeals as unknown as AppealRules | null;
export const requesterRules = (d: JurisdictionDetail) => d.requester_requirements as unknown as RequesterRules | null;

/** Section ids of the bases that name a node. */
export function basisSections(jurisdiction: string, bases: ReadonlyArray<SnakeBasis | null | undefined>): string[] {
  return [...new Set(bases.flatMap((b) => (b?.section_label ? [sectionId(jurisdiction, b.section_label)] : [])))];
}

/** How answers name a jurisdiction: "in Texas", "for federal agencies", "in the District of Columbia". */
export function placeOf(j: { slug: string; name: string; type: string }): { where: string; of: string } {
  if (j.type === 'federal') return { where: 'for federal agencies', of: 'the federal government' };
  if (j.type === 'district') return { where: `in the ${j.name}`, of: `the ${j.name}` };
  return { where: `in ${j.name}`, of: j.name };
}

/** First letter up, for a sentence that starts with a place. */
export const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** A data note as a clause inside a sentence: no trailing period, first letter down unless it is an acronym. */
export function clause(s: string): string {
  // Sentences inside a value become clauses, so the sentence that carries them, and its marker, stays one.
  const t = s.trim().replace(/[.;\s]+$/, '').replace(/\.\s+(?=[A-Z])/g, '; ');
  return /^[A-Z][a-z]/.test(t) ? t.charAt(0).toLowerCase() + t.slice(1) : t;
}

/** The "quoted standard" of a no-fixed-deadline reason, else the reason. */
export function standardOf(reason: string | null): string | null {
  if (!reason) return null;
  return /"([^"]+)"/.exec(reason)?.[1] ?? reason;
}
