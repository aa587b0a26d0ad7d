import type { JurisdictionProfile } from './comparison-queries.js';
import { initialDeadlineOf } from './jurisdiction-queries.js';
import { statuteTextOf } from './row-mappers.js';
import { FACT_COMPARE_FIELDS, withFact } from './compare-fact-fields.js';
import { mainFact } from '../legal-facts/fact-view.js';
import type { FactField } from '../legal-facts/legal-fact-schema.js';

/** One field of one jurisdiction in the comparison view. */
export interface FieldValue {
  value: unknown;
  /** The value as a person reads it ("20 business days", "Not stated"). */
  display: string;
  citation: string | null;
  /** statute_text / summary / dataset / citation_only for a reviewed fact; the derived record's kind otherwise. */
  source_kind: string | null;
  /** The words that state the value (a reviewed fact's quote), else null. */
  quote: string | null;
  /** True only when the quote was found in the cited statute node of the corpus. */
  verified: boolean;
  /** Date the fact was reviewed; null for a value derived without review. */
  reviewed: string | null;
  /** The statute node the reviewed fact's citation resolves to (`/api/v1/documents/{id}`), else null. */
  section_id: string | null;
}

export interface CompareField {
  label: string;
  description: string;
  read(p: JurisdictionProfile): FieldValue;
}

/** A reader of the derived records, before the reviewed fact's evidence is attached. */
type BaseValue = Omit<FieldValue, 'quote' | 'verified' | 'reviewed' | 'section_id'>;
type Reader = (p: JurisdictionProfile) => BaseValue;

/** Fields `GET /api/v2/transparency/compare` can line up across jurisdictions. */
export const COMPARE_FIELD_KEYS = [
  'initial_deadline',
  'fee_waiver',
  'copy_fee_per_page',
  'search_fee',
  'attorney_fees',
  'residency_required',
  'purpose_required',
  'identification_required',
  'administrative_appeal_required',
  'appeal_route',
  'oversight_body',
  'statute_text_available',
  'exemption_count',
  'rights_count',
  'acknowledgment',
  'extension',
  'deemed_denial',
  'administrative_appeal',
  'court_review',
  'who_may_request',
  'request_recipient',
  'expedited_processing',
  'penalties',
  'nonresident_deadline',
  'other_deadlines',
] as const;

export type CompareFieldKey = (typeof COMPARE_FIELD_KEYS)[number];

const NOT_STATED = 'Not stated';

/** Unknown is not "no": a null stays null and reads "Not stated". */
function yesNo(value: boolean | null | undefined, yes = 'Yes', no = 'No'): string {
  return value === true ? yes : value === false ? no : NOT_STATED;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function requesterField(pick: (r: NonNullable<JurisdictionProfile['requester']>['details']) => boolean | null) {
  return (p: JurisdictionProfile): BaseValue => {
    const value = p.requester ? pick(p.requester.details) : null;
    return { value, display: yesNo(value), citation: null, source_kind: p.requester?.source_kind ?? null };
  };
}

/** The quoted standard of a reason ('… a standard ("prompt") rather than …' → '"prompt"'), else the reason. */
function quotedStandard(reason: string): string {
  return /"[^"]+"/.exec(reason)?.[0] ?? reason;
}

function initialDeadline(p: JurisdictionProfile): BaseValue {
  const d = initialDeadlineOf(p.overview);
  const o = p.overview;
  let display = NOT_STATED;
  if (d?.no_fixed_deadline) display = d.reason ? `No fixed deadline (${quotedStandard(d.reason)})` : 'No fixed deadline';
  else if (d?.days !== null && d?.days !== undefined) display = `${plural(d.days, d.unit ? `${d.unit} day` : 'day')}`;
  return { value: d, display, citation: o.deadline_citation, source_kind: o.deadline_source_kind };
}

function feeWaiver(p: JurisdictionProfile): BaseValue {
  const w = p.fees?.details.feeWaiver;
  const display = w?.available === true && w.criteria ? `Available: ${w.criteria}` : yesNo(w?.available, 'Available', 'Not available');
  return { value: w ? { available: w.available, criteria: w.criteria } : null, display, citation: w?.citation ?? null, source_kind: p.fees?.source_kind ?? null };
}

function copyFee(p: JurisdictionProfile): BaseValue {
  const f = p.fees?.details;
  const value = f?.copyFeePerPage ?? null;
  const display = value !== null ? `$${value.toFixed(2)} per page` : (f?.copyFee ?? NOT_STATED);
  return { value, display, citation: f?.citations[0] ?? null, source_kind: p.fees?.source_kind ?? null };
}

function searchFee(p: JurisdictionProfile): BaseValue {
  const value = p.fees?.details.searchFee ?? null;
  return { value, display: value ?? NOT_STATED, citation: p.fees?.details.citations[0] ?? null, source_kind: p.fees?.source_kind ?? null };
}

function attorneyFees(p: JurisdictionProfile): BaseValue {
  const a = p.appeals?.details.attorneyFees;
  return {
    value: a?.recoverable ?? null,
    display: yesNo(a?.recoverable, 'Recoverable', 'Not recoverable'),
    citation: a?.citation ?? null,
    source_kind: p.appeals?.source_kind ?? null,
  };
}

function appealRoute(p: JurisdictionProfile): BaseValue {
  const step = p.appeals?.details.steps[0];
  if (!step) return { value: null, display: NOT_STATED, citation: null, source_kind: p.appeals?.source_kind ?? null };
  const kind = step.kind.charAt(0).toUpperCase() + step.kind.slice(1);
  const within = step.deadline ? ` within ${plural(step.deadline.days, step.deadline.unit ? `${step.deadline.unit} day` : 'day')}` : '';
  return {
    value: { level: step.level, kind: step.kind, body: step.body, deadline: step.deadline },
    display: `${kind}: ${step.body}${within}`,
    citation: step.citation,
    source_kind: p.appeals?.source_kind ?? null,
  };
}

function oversightBody(p: JurisdictionProfile): BaseValue {
  const first = p.oversight[0];
  return {
    value: p.oversight.map((b) => ({ name: b.name, role: b.role, url: b.url })),
    display: p.oversight.length ? p.oversight.map((b) => b.name).join('; ') : 'None stated',
    citation: first?.citation ?? null,
    source_kind: first?.source_kind ?? null,
  };
}

function statuteText(p: JurisdictionProfile): BaseValue {
  const s = statuteTextOf(p.overview);
  const display = !s.available ? 'No statute text' : s.coverage === 'full' ? 'Full statute text' : s.coverage === 'partial' ? 'Partial statute text' : 'Statute text';
  return {
    value: s.available,
    display,
    citation: s.available ? (p.overview.doc_citation ?? p.overview.law_citation) : null,
    source_kind: s.available ? 'statute_text' : null,
  };
}

function counted(pick: (p: JurisdictionProfile) => number, word: string) {
  return (p: JurisdictionProfile): BaseValue => ({
    value: pick(p),
    display: plural(pick(p), word),
    citation: p.overview.law_citation,
    source_kind: p.overview.law_source_kind,
  });
}

/** Attaches the reviewed fact's evidence (citation, words, source kind) to a derived reading. */
function backed(field: FactField | null, read: Reader): (p: JurisdictionProfile) => FieldValue {
  return (p) => withFact(read(p), field ? mainFact(p.facts, field) : undefined);
}

/** The appeal route's first step is backed by the fact of its kind. */
function appealRouteBacked(p: JurisdictionProfile): FieldValue {
  const base = appealRoute(p);
  const kind = (base.value as { kind?: string } | null)?.kind;
  const field: FactField | null = kind === 'administrative' ? 'administrative_appeal' : kind === 'judicial' ? 'court_review' : null;
  return withFact(base, field ? mainFact(p.facts, field) : undefined);
}

/** How each field is read from a jurisdiction's profile. */
export const COMPARE_FIELDS: Record<CompareFieldKey, CompareField> = {
  initial_deadline: { label: 'Initial response deadline', description: 'Days the agency has to respond first, and their unit; or no fixed deadline.', read: backed('initial_response', initialDeadline) },
  fee_waiver: { label: 'Fee waiver', description: 'Whether fees can be waived or reduced, and on what criteria.', read: backed('fee_waiver', feeWaiver) },
  copy_fee_per_page: { label: 'Copy fee per page', description: 'Standard fee for a paper copy, in dollars per page.', read: backed('copy_fees', copyFee) },
  search_fee: { label: 'Search fee', description: 'Whether and how agencies may charge for time spent searching for and retrieving records, as the sources state it.', read: backed('search_fees', searchFee) },
  attorney_fees: { label: 'Attorney fees', description: 'Whether a requester who wins in court can recover attorney fees.', read: backed('attorney_fees', attorneyFees) },
  residency_required: { label: 'Residency required', description: 'Whether only residents (or citizens) of the jurisdiction may request.', read: backed('who_may_request', requesterField((r) => r.residencyRequired)) },
  purpose_required: { label: 'Purpose required', description: 'Whether a requester must state why they want the records.', read: backed(null, requesterField((r) => r.purposeRequired)) },
  identification_required: { label: 'Identification required', description: 'Whether a requester must identify themselves.', read: backed(null, requesterField((r) => r.identificationRequired)) },
  administrative_appeal_required: {
    label: 'Administrative appeal required',
    description: 'Whether an administrative appeal must come before going to court.',
    read: backed('administrative_appeal', (p) => {
      const v = p.appeals?.details.administrativeAppealRequired ?? null;
      return { value: v, display: yesNo(v), citation: p.appeals?.details.steps[0]?.citation ?? null, source_kind: p.appeals?.source_kind ?? null };
    }),
  },
  appeal_route: { label: 'Appeal route', description: 'First step to challenge a denial: its kind (administrative, oversight, judicial), body and deadline.', read: appealRouteBacked },
  oversight_body: { label: 'Oversight body', description: 'Bodies that oversee compliance or hear complaints.', read: backed(null, oversightBody) },
  statute_text_available: { label: 'Statute text available', description: 'Whether the database holds the verbatim statute text, in full or in part.', read: backed(null, statuteText) },
  exemption_count: { label: 'Exemptions', description: 'Number of exemptions in the law database.', read: backed(null, counted((p) => p.overview.exemptions_count, 'exemption')) },
  rights_count: { label: 'Rights of access', description: 'Number of rights of access in the law database.', read: backed(null, counted((p) => p.overview.rights_count, 'right')) },
  ...FACT_COMPARE_FIELDS,
};
