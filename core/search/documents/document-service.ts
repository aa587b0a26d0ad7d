import { NotFoundError } from '../../errors/app-error.js';
import type { TransparencyStore } from '../../transparency/transparency-store.js';
import type {
  ExemptionDetail,
  IncomingReference,
  OutgoingReference,
  ProvenanceView,
  RightDetail,
  SectionDetail,
} from '../../transparency/transparency-views.js';
import type { SearchDocType } from '../search-contracts.js';
import type { DocumentStore, NeighbourRef, RecordTable } from './document-store.js';

/** A search record in full, whatever its kind: what `GET /api/v1/documents/{id}` answers. */
export interface DocumentDetail {
  id: string;
  type: SearchDocType;
  jurisdiction: string;
  citation: string | null;
  title: string;
  /** Verbatim statute text of a section or right; the description of an exemption. */
  text: string;
  provenance: ProvenanceView;
  /** Kind-specific fields (section: document, label, parent, children…; right: category, analysis…). */
  metadata: Record<string, unknown>;
  /** The previous and next record: sections in document order, rights and exemptions in their jurisdiction's order. */
  neighbours: { previous: NeighbourRef | null; next: NeighbourRef | null };
  /** Citations the record makes, and citations of it (sections only) from sections, rights and exemptions. */
  cross_references: { outgoing: OutgoingReference[]; incoming: IncomingReference[] };
}

/** Reads whole records for the search API. */
export interface DocumentService {
  getDocument(id: string): Promise<DocumentDetail>;
}

const SECTION_TYPES: Record<string, SearchDocType> = { statute_text: 'statute_section', summary: 'summary', process_map: 'process_map' };

function fromSection(s: SectionDetail): Omit<DocumentDetail, 'neighbours'> {
  const { id, jurisdiction, citation, heading, text, provenance, cross_references, previous, next, ...rest } = s;
  return {
    id,
    type: SECTION_TYPES[provenance.source_kind] ?? 'statute_section',
    jurisdiction,
    citation,
    title: heading ?? s.parent?.heading ?? s.label,
    text,
    provenance,
    metadata: { ...rest, heading, siblings: { previous, next } },
    cross_references,
  };
}

function fromRight(r: RightDetail): Omit<DocumentDetail, 'neighbours'> {
  const { id, jurisdiction, citation, title, text, provenance, cross_references, rank: _rank, ...rest } = r;
  return { id, type: 'right', jurisdiction, citation, title, text, provenance, metadata: rest, cross_references: { outgoing: cross_references, incoming: [] } };
}

function fromExemption(e: ExemptionDetail): Omit<DocumentDetail, 'neighbours'> {
  const { id, jurisdiction, citation, raw_label, description, provenance, cross_references, rank: _rank, ...rest } = e;
  return {
    id,
    type: 'exemption',
    jurisdiction,
    citation,
    title: raw_label,
    text: description,
    provenance,
    metadata: { raw_label, ...rest },
    cross_references: { outgoing: cross_references, incoming: [] },
  };
}

async function read(transparency: TransparencyStore, table: RecordTable, id: string): Promise<Omit<DocumentDetail, 'neighbours'> | null> {
  if (table === 'section') {
    const s = await transparency.getSection(id);
    return s && fromSection(s);
  }
  if (table === 'right') {
    const r = await transparency.getRight(id);
    return r && fromRight(r);
  }
  const e = await transparency.getExemption(id);
  return e && fromExemption(e);
}

/** Whole records over the transparency read side, with neighbours in document order. */
export function createDocumentService(deps: { transparency: TransparencyStore; documents: DocumentStore }): DocumentService {
  return {
    async getDocument(id) {
      const table = await deps.documents.tableOf(id);
      const [record, neighbours, summary] = table
        ? await Promise.all([read(deps.transparency, table, id), deps.documents.neighbours(table, id), deps.documents.summaries([id], '')])
        : [null, null, null];
      if (!record || !neighbours) throw new NotFoundError(`Document ${id} not found`, { id });
      // The same title as the record's search hits (a subsection without a heading takes its section's).
      return { ...record, title: summary?.get(id)?.title ?? record.title, neighbours };
    },
  };
}
