import type { Knex } from 'knex';
import type { ExemptionRecord, JurisdictionRecords, RightRecord, SectionRecord } from './law-records.js';

/**
 * Reads one jurisdiction's current law records for indexing. Returns null when the
 * jurisdiction is not in the law database (never ingested, or removed).
 */
export async function loadJurisdictionRecords(db: Knex, jurisdiction: string): Promise<JurisdictionRecords | null> {
  const j = await db('jurisdictions').where({ slug: jurisdiction }).first<{ name: string } | undefined>('name');
  if (!j) return null;
  const [sections, rights, exemptions] = await Promise.all([
    loadSections(db, jurisdiction),
    loadRights(db, jurisdiction),
    loadExemptions(db, jurisdiction),
  ]);
  return { jurisdiction, name: j.name, sections, rights, exemptions };
}

async function loadSections(db: Knex, jurisdiction: string): Promise<SectionRecord[]> {
  const rows = await db('law_sections as s')
    .join('law_documents as d', 'd.id', 's.document_id')
    .where('s.jurisdiction', jurisdiction)
    .orderBy([{ column: 's.document_id' }, { column: 's.ordinal' }])
    .select(
      's.id', 's.document_id', 'd.title as document_title', 's.source_kind', 's.label', 's.section_number', 's.parent_label',
      's.path', 's.heading', 's.text', 's.depth', 's.ordinal', 's.citation',
    );
  return rows.map((r) => ({
    id: r.id,
    documentId: r.document_id,
    documentTitle: r.document_title,
    sourceKind: r.source_kind,
    label: r.label,
    sectionNumber: r.section_number,
    parentLabel: r.parent_label,
    path: r.path,
    heading: r.heading,
    text: r.text,
    depth: r.depth,
    ordinal: r.ordinal,
    citation: r.citation,
  }));
}

async function loadRights(db: Knex, jurisdiction: string): Promise<RightRecord[]> {
  const rows = await db('rights')
    .where({ jurisdiction })
    .orderBy('ordinal')
    .select('id', 'category', 'title', 'citation', 'statutory_text', 'conditions', 'analysis');
  return rows.map((r) => ({
    id: r.id,
    category: r.category,
    title: r.title,
    citation: r.citation,
    statutoryText: r.statutory_text,
    conditions: r.conditions,
    analysis: r.analysis,
  }));
}

async function loadExemptions(db: Knex, jurisdiction: string): Promise<ExemptionRecord[]> {
  const rows = await db('exemptions as e')
    .join('exemption_categories as c', 'c.key', 'e.category')
    .where('e.jurisdiction', jurisdiction)
    .orderBy('e.ordinal')
    .select('e.id', 'e.category', 'c.label as category_label', 'e.raw_label', 'e.citation', 'e.description', 'e.scope', 'e.notes');
  return rows.map((r) => ({
    id: r.id,
    category: r.category,
    categoryLabel: r.category_label,
    rawLabel: r.raw_label,
    citation: r.citation,
    description: r.description,
    scope: r.scope,
    notes: r.notes,
  }));
}
