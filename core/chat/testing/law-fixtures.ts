/**
 * Invented law data for the chat unit tests: jurisdiction details shaped like the read
 * side's, and fakes of the law tools, evidence finder and record texts. No statute text.
 */
import { buildMentionIndex } from '../../search/query-understanding/jurisdiction-mentions.js';
import type { ComparisonResult } from '../../transparency/transparency-service.js';
import type { ExemptionView, JurisdictionDetail, LawRecordText } from '../../transparency/transparency-views.js';
import type { ChatCitation } from '../chat-types.js';
import type { EvidenceFinder, EvidenceRequest } from '../answer/evidence-finder.js';
import type { LawContext, LawContextSnapshot, Place } from '../law-context.js';
import type { LawTools } from '../retrieval/law-tools.js';
import type { StatuteSentence } from '../answer/statute-sentences.js';

export interface DetailSpec {
  slug: string;
  name: string;
  type?: 'federal' | 'state' | 'district';
  law?: { name: string; citation: string | null } | null;
  deadline?: { days: number; unit: 'business' | 'calendar'; section?: string } | { none: string };
  feeWaiver?: { available: boolean | null; criteria?: string; citation?: string };
  attorneyFees?: { recoverable: boolean | null; notes?: string; citation?: string };
  residency?: boolean | null;
  steps?: Array<{ level: number; kind: 'administrative' | 'oversight' | 'judicial'; body: string; days?: number; citation?: string; section?: string }>;
}

const basis = (section: string | null) => ({ source_kind: 'statute_text', quote: 'invented', section_label: section, citation: null });

/** A jurisdiction detail with the snake_case records the composers read. */
export function detailOf(s: DetailSpec): JurisdictionDetail {
  const d = s.deadline;
  const response =
    d === undefined
      ? null
      : 'none' in d
        ? { initial_deadline: null, no_fixed_deadline: true, no_fixed_deadline_reason: `The sources state a standard ("${d.none}") rather than a number of days.`, no_fixed_deadline_basis: [], citation: null }
        : { initial_deadline: { days: d.days, unit: d.unit, basis: basis(d.section ?? null), corroborated_by: [] }, no_fixed_deadline: false, no_fixed_deadline_reason: null, no_fixed_deadline_basis: [], citation: null };
  return {
    slug: s.slug,
    name: s.name,
    type: s.type ?? 'state',
    law: s.law === undefined ? { name: `${s.name} Open Records Act`, citation: `${s.name} Code § 1`, effective_date: null, last_amended: null, constitutional_basis: null, official_resources: [], provenance: { source_path: 'x', source_kind: 'structured', verified_date: null } } : s.law && { ...s.law, effective_date: null, last_amended: null, constitutional_basis: null, official_resources: [], provenance: { source_path: 'x', source_kind: 'structured', verified_date: null } },
    response_requirements: response as unknown as JurisdictionDetail['response_requirements'],
    fees: (s.feeWaiver ? { fee_waiver: { available: s.feeWaiver.available, criteria: s.feeWaiver.criteria ?? null, citation: s.feeWaiver.citation ?? null }, citations: [] } : null) as unknown as JurisdictionDetail['fees'],
    appeals: { steps: (s.steps ?? []).map((x) => ({ level: x.level, kind: x.kind, body: x.body, deadline: x.days ? { days: x.days, unit: 'business' } : null, citation: x.citation ?? null, section_label: x.section ?? null })), administrative_appeal_required: null, attorney_fees: { recoverable: s.attorneyFees?.recoverable ?? null, notes: s.attorneyFees?.notes ?? null, citation: s.attorneyFees?.citation ?? null } } as unknown as JurisdictionDetail['appeals'],
    requester_requirements: { residency_required: s.residency ?? null } as unknown as JurisdictionDetail['requester_requirements'],
    facts: [],
  } as unknown as JurisdictionDetail;
}

export function exemptionOf(id: string, jurisdiction: string, category: string, rawLabel: string, description: string, citation: string | null = null): ExemptionView {
  return { id, jurisdiction, category, category_label: category, raw_label: rawLabel, classified_by: 'label', citation, description, scope: null, notes: null, section_id: null, cross_references: [], provenance: { source_path: 'x', source_kind: 'structured', verified_date: null }, rank: null };
}

export function comparisonOf(field: ComparisonResult['field'], label: string, rows: Array<{ jurisdiction: string; name: string; value: unknown; display: string; citation?: string | null }>): ComparisonResult {
  const data = rows.map((r) => ({ ...r, citation: r.citation ?? null, source_kind: 'structured', quote: null, verified: false, reviewed: null, section_id: null }));
  return { field, label, description: `${label}.`, data, total: data.length, next_cursor: null };
}

/** The law tools over fixed data. */
export function fakeTools(data: { details?: JurisdictionDetail[]; exemptions?: ExemptionView[]; comparisons?: ComparisonResult[]; sentences?: StatuteSentence[] }): LawTools {
  const invoke = <I, O>(fn: (input: I) => O) => ({ invoke: async (input: I) => fn(input) });
  return {
    jurisdictionLaw: invoke(({ jurisdiction }: { jurisdiction: string }) => {
      const d = data.details?.find((x) => x.slug === jurisdiction);
      if (!d) throw new Error(`no fixture for ${jurisdiction}`);
      return d;
    }),
    exemptionsByCategory: invoke(({ jurisdictions, categories }: { jurisdictions?: string[]; categories?: string[] }) =>
      (data.exemptions ?? []).filter((e) => (!jurisdictions || jurisdictions.includes(e.jurisdiction)) && (!categories || categories.includes(e.category))),
    ),
    compareJurisdictions: invoke(({ field, jurisdictions }: { field: string; jurisdictions?: string[] }) => {
      const c = data.comparisons?.find((x) => x.field === field);
      if (!c) throw new Error(`no comparison fixture for ${field}`);
      const rows = jurisdictions ? c.data.filter((r) => jurisdictions.includes(r.jurisdiction)) : c.data;
      return { ...c, data: rows, total: rows.length };
    }),
    statuteSentences: invoke(({ jurisdiction }: { jurisdiction: string }) => (data.sentences ?? []).filter((s) => s.jurisdiction === jurisdiction)),
  } as unknown as LawTools;
}

/** An evidence finder that cites a fixed record for each key it knows. */
export function fakeEvidence(byKey: Record<string, ChatCitation>): EvidenceFinder & { seen: EvidenceRequest[] } {
  const seen: EvidenceRequest[] = [];
  return {
    seen,
    async find(requests) {
      seen.push(...requests);
      return new Map(requests.map((r) => [r.key, byKey[r.key] ?? null]));
    },
  };
}

/** Record texts for the verifier. */
export function fakeRecords(records: LawRecordText[]) {
  return { recordTexts: async (ids: readonly string[]) => records.filter((r) => ids.includes(r.id)) };
}

export function contextOf(places: Array<Omit<Place, 'lawName'> & { lawName?: string | null }>, categories: Record<string, string> = {}): LawContext {
  const full = places.map((p) => ({ ...p, lawName: p.lawName ?? null }));
  const snapshot: LawContextSnapshot = {
    places: full,
    bySlug: new Map(full.map((p) => [p.slug, p])),
    mentionIndex: buildMentionIndex(full.map((p) => ({ slug: p.slug, name: p.name, lawName: p.lawName }))),
    categories: new Map(Object.entries(categories)),
  };
  return { current: async () => snapshot };
}
