import type { DocumentView, ProvenanceView, SectionRef, SectionView, StatuteTextView } from './transparency-views.js';

/**
 * Row → view conversions shared by the transparency queries. Rows come from knex as plain
 * objects; the columns each mapper reads are named in its row type.
 */

export interface ProvenanceRow {
  source_path: string;
  source_kind: string;
  verified_date: string | null;
}

export function provenanceOf(row: ProvenanceRow): ProvenanceView {
  return { source_path: row.source_path, source_kind: row.source_kind, verified_date: row.verified_date ?? null };
}

/** Columns of `law_sections` the API serves (never the tsvector). */
export const SECTION_COLUMNS = [
  'id',
  'document_id',
  'jurisdiction',
  'label',
  'section_number',
  'path',
  'parent_label',
  'heading',
  'text',
  'depth',
  'ordinal',
  'citation',
  'source_path',
  'source_kind',
  'verified_date',
] as const;

export type SectionRow = Omit<SectionView, 'provenance'> & ProvenanceRow;

export function sectionViewOf(row: SectionRow): SectionView {
  return {
    id: row.id,
    jurisdiction: row.jurisdiction,
    document_id: row.document_id,
    label: row.label,
    section_number: row.section_number,
    path: row.path,
    parent_label: row.parent_label,
    heading: row.heading,
    text: row.text,
    depth: row.depth,
    ordinal: row.ordinal,
    citation: row.citation,
    provenance: provenanceOf(row),
  };
}

export function sectionRefOf(row: { id: string; label: string; citation: string | null; heading: string | null }): SectionRef {
  return { id: row.id, label: row.label, citation: row.citation, heading: row.heading };
}

export const DOCUMENT_COLUMNS = ['id', 'kind', 'title', 'citation', 'source_path', 'retrieved_date', 'completeness'] as const;

export function documentViewOf(row: DocumentView): DocumentView {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    citation: row.citation,
    source_path: row.source_path,
    retrieved_date: row.retrieved_date,
    completeness: row.completeness,
  };
}

/** `laws.statute_source` as ingestion writes it; both key spellings are read, since it is free JSON. */
type StatuteSourceJson = Record<string, unknown> | null;

function stringField(json: StatuteSourceJson, ...keys: string[]): string | null {
  for (const key of keys) {
    const v = json?.[key];
    if (typeof v === 'string' && v.length > 0) return v;
  }
  return null;
}

/** The completeness note's first word, which the corpus uses consistently ("full …", "partial …"). */
function coverageOf(completeness: string | null): 'full' | 'partial' | null {
  const word = completeness?.trim().toLowerCase().match(/^(full|partial)\b/)?.[1];
  return word === 'full' || word === 'partial' ? word : null;
}

/**
 * Statute text availability from the statute document (when ingested) and the law's
 * `statute_source` note: either one means verbatim text exists for the jurisdiction.
 */
export function statuteTextOf(row: {
  statute_source: StatuteSourceJson;
  doc_id: string | null;
  doc_source_path: string | null;
  doc_completeness: string | null;
  doc_retrieved_date: string | null;
}): StatuteTextView {
  const src = row.statute_source;
  const completeness = row.doc_completeness ?? stringField(src, 'completeness');
  return {
    available: row.doc_id !== null || src !== null,
    coverage: coverageOf(completeness),
    completeness,
    source_path: row.doc_source_path ?? stringField(src, 'sourcePath', 'source_path'),
    retrieved_date: row.doc_retrieved_date ?? stringField(src, 'retrievedDate', 'retrieved_date'),
    document_id: row.doc_id,
  };
}

/** Escapes LIKE wildcards so user text matches literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
