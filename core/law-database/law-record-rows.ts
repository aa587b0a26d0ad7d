import { createHash } from 'node:crypto';
import type { DerivedJurisdiction } from '../law-model/law-model.js';
import type { HolidayEntry } from '../law-model/source-types.js';
import type { ParsedDocument, Provenance } from '../law-model/source-types.js';
import { documentId, sectionId } from './law-record-ids.js';

type Row = Record<string, unknown>;

const json = (v: unknown): string => JSON.stringify(v);
const hash = (text: string): string => createHash('sha256').update(text).digest('hex');

function provenance(p: Provenance): Row {
  return { source_path: p.sourcePath, source_kind: p.sourceKind, verified_date: p.verifiedDate };
}

/** The rows of one jurisdiction's law records, ready to insert. */
export interface LawRows {
  law: Row;
  documents: Row[];
  sections: Row[];
  exemptions: Row[];
  rights: Row[];
  crossReferences: Row[];
  responseRequirements: Row;
  fees: Row;
  appeals: Row;
  requesterRequirements: Row;
  obligations: Row[];
  oversightBodies: Row[];
  holidays: Row[];
  legalFacts: Row[];
  /** Document metadata and top-level section text, kept in the version snapshot. */
  documentSnapshots: unknown[];
}

/** Maps derived records and parsed documents onto the law database's tables. */
export function buildLawRows(d: DerivedJurisdiction, documents: readonly ParsedDocument[], holidays: readonly HolidayEntry[]): LawRows {
  const slug = d.jurisdiction.slug;
  const { sections, labels } = sectionRows(slug, documents);
  const sectionOf = (label: string | null): string | null => (label && labels.has(label) ? sectionId(slug, label) : null);
  const rr = d.responseRequirements;
  return {
    law: {
      jurisdiction: slug,
      name: d.law.name,
      citation: d.law.citation,
      effective_date: isoDateOrNull(d.law.effectiveDate),
      last_amended: d.law.lastAmended,
      constitutional_basis: d.law.constitutionalBasis,
      official_resources: json(d.law.officialResources),
      statute_source: d.law.statuteSource ? json(d.law.statuteSource) : null,
      discrepancies: json(d.discrepancies),
      ...provenance(d.law.provenance),
    },
    documents: documents.map((doc) => ({
      id: documentId(slug, doc.kind, doc.sourcePath),
      jurisdiction: slug,
      kind: doc.kind,
      title: doc.title,
      citation: doc.citation,
      source_path: doc.sourcePath,
      content_hash: doc.contentHash,
      retrieved_date: isoDateOrNull(doc.retrievedDate),
      completeness: doc.completeness,
      header: json(doc.header),
    })),
    sections,
    exemptions: d.exemptions.map((e, i) => ({
      id: e.key,
      jurisdiction: slug,
      category: e.category,
      raw_label: e.rawLabel,
      classified_by: e.classifiedBy,
      citation: e.citation,
      description: e.description,
      scope: e.scope,
      notes: e.notes,
      section_id: sectionOf(e.sectionLabel),
      review: e.review
        ? json({ quote: e.review.quote, source_kind: e.review.sourceKind, verified: e.review.verified, reviewed: e.review.reviewed })
        : null,
      ordinal: i,
      ...provenance(e.provenance),
    })),
    rights: uniqueBy(d.rights, (r) => r.key).map((r, i) => ({
      id: r.key,
      jurisdiction: slug,
      category: r.category,
      title: r.title,
      citation: r.citation,
      statutory_text: r.statutoryText.text,
      text_source_kind: r.statutoryText.sourceKind,
      text_source_path: r.statutoryText.sourcePath,
      section_id: sectionOf(r.statutoryText.sectionLabel),
      conditions: r.conditions,
      applies_to: r.appliesTo,
      analysis: r.analysis,
      implementation_notes: r.implementationNotes,
      request_tips: r.requestTips,
      evidence: json(r.evidence),
      ordinal: i,
      ...provenance(r.provenance),
    })),
    crossReferences: crossReferenceRows(d, slug, labels),
    responseRequirements: {
      jurisdiction: slug,
      initial_days: rr.initialDeadline?.days ?? null,
      initial_unit: rr.initialDeadline?.unit ?? null,
      no_fixed_deadline: rr.noFixedDeadline,
      no_fixed_deadline_reason: rr.noFixedDeadlineReason,
      citation: rr.initialDeadline?.basis.citation ?? d.law.citation,
      details: json(rr),
      ...provenance(basisProvenance(rr.initialDeadline?.basis, d.law.provenance)),
    },
    fees: { jurisdiction: slug, details: json(d.fees), ...provenance(d.fees.provenance) },
    appeals: { jurisdiction: slug, details: json(d.appeals), ...provenance(d.appeals.provenance) },
    requesterRequirements: { jurisdiction: slug, details: json(d.requesterRequirements), ...provenance(d.requesterRequirements.provenance) },
    obligations: uniqueBy(d.agencyObligations, (o) => o.key).map((o, i) => ({
      id: o.key,
      jurisdiction: slug,
      statement: o.statement,
      citation: o.citation,
      ordinal: i,
      ...provenance(o.provenance),
    })),
    oversightBodies: d.oversightBodies.map((b, i) => ({
      id: `${slug}:oversight:${i}`,
      jurisdiction: slug,
      name: b.name,
      role: b.role,
      url: b.url,
      citation: b.citation,
      details: json(b),
      ...provenance(b.provenance),
    })),
    holidays: uniqueBy(holidays, (h) => `${h.date}|${h.name}`).map((h) => ({
      jurisdiction: slug,
      date: h.date,
      name: h.name,
      source_path: h.sourcePath,
    })),
    legalFacts: d.facts.map((f, i) => ({
      id: f.key,
      jurisdiction: slug,
      field: f.field,
      requester_class: f.requesterClass,
      applies_to: f.appliesTo,
      value: json(f.value),
      display: f.display,
      citation: f.citation,
      quote: f.quote,
      source_kind: f.sourceKind,
      section_id: sectionOf(f.sectionLabel),
      verified: f.verified,
      reviewed: f.reviewed,
      notes: f.notes,
      source_path: f.sourcePath,
      ordinal: i,
    })),
    documentSnapshots: documents.map((doc) => ({
      id: documentId(slug, doc.kind, doc.sourcePath),
      kind: doc.kind,
      sourcePath: doc.sourcePath,
      contentHash: doc.contentHash,
      sections: doc.sections.filter((s) => s.depth === 0).map((s) => ({ label: s.label, heading: s.heading, text: s.text })),
    })),
  };
}

function sectionRows(slug: string, documents: readonly ParsedDocument[]): { sections: Row[]; labels: Set<string> } {
  const labels = new Set<string>();
  const sections: Row[] = [];
  for (const doc of documents) {
    const docId = documentId(slug, doc.kind, doc.sourcePath);
    for (const s of doc.sections) {
      if (labels.has(s.label)) throw new Error(`${doc.sourcePath}: section label ${s.label} appears twice in ${slug}`);
      labels.add(s.label);
      sections.push({
        id: sectionId(slug, s.label),
        document_id: docId,
        jurisdiction: slug,
        label: s.label,
        section_number: s.sectionNumber,
        path: s.path,
        parent_label: s.parentLabel,
        heading: s.heading,
        text: s.text,
        depth: s.depth,
        ordinal: s.ordinal,
        citation: s.citation,
        content_hash: hash(s.text),
        source_path: doc.sourcePath,
        source_kind: doc.kind,
        verified_date: isoDateOrNull(doc.retrievedDate),
      });
    }
  }
  return { sections, labels };
}

function crossReferenceRows(d: DerivedJurisdiction, slug: string, labels: ReadonlySet<string>): Row[] {
  const seen = new Set<string>();
  const rows: Row[] = [];
  for (const ref of d.crossReferences) {
    if (!labels.has(ref.toSectionLabel)) continue;
    const sep = ref.from.indexOf(':');
    const type = ref.from.slice(0, sep);
    const key = ref.from.slice(sep + 1);
    if (!['section', 'right', 'exemption'].includes(type)) continue;
    const fromId = type === 'section' ? sectionId(slug, key) : key;
    const toId = sectionId(slug, ref.toSectionLabel);
    const unique = `${type}|${fromId}|${toId}`;
    if (seen.has(unique) || fromId === toId) continue;
    seen.add(unique);
    rows.push({ jurisdiction: slug, from_type: type, from_id: fromId, to_section_id: toId, citation_text: ref.citationText });
  }
  return rows;
}

function basisProvenance(basis: { sourceKind: Provenance['sourceKind']; sourcePath: string } | undefined, fallback: Provenance): Provenance {
  return basis ? { sourcePath: basis.sourcePath, sourceKind: basis.sourceKind, verifiedDate: fallback.verifiedDate } : fallback;
}

function isoDateOrNull(v: string | null | undefined): string | null {
  return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
}

function uniqueBy<T>(items: readonly T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((i) => (seen.has(key(i)) ? false : (seen.add(key(i)), true)));
}
