import type { JurisdictionRecord } from '../records/jurisdiction-record-types.js';
import type { ParsedDocument, Provenance } from '../../core/law-model/source-types.js';
import { findSentences, indexDocument, type DocumentIndex, type IndexedSentence, type SentenceRule } from './text/document-index.js';
import { createStatuteLookup, type StatuteLookup } from './statute-lookup.js';
import type { Basis, Discrepancy } from '../../core/law-model/law-model.js';

/** One source document, indexed for sentence search. */
export interface IndexedSource {
  doc: ParsedDocument;
  index: DocumentIndex;
}

/** Everything one derivation reads, built once per jurisdiction. */
export interface DerivationContext {
  slug: string;
  record: JurisdictionRecord;
  statute: (IndexedSource & { lookup: StatuteLookup }) | null;
  summary: IndexedSource | null;
  processMaps: IndexedSource[];
  /** Filled by the derivation steps as they find disagreements. */
  discrepancies: Discrepancy[];
}

/** Builds the context: indexes each document once. */
export function createContext(input: {
  slug: string;
  record: JurisdictionRecord;
  statute: ParsedDocument | null;
  summary: ParsedDocument | null;
  processMaps: ParsedDocument[];
}): DerivationContext {
  const statute =
    input.statute && input.statute.sections.length > 0
      ? { doc: input.statute, index: indexDocument(input.statute), lookup: createStatuteLookup(input.statute) }
      : null;
  return {
    slug: input.slug,
    record: input.record,
    statute,
    summary: input.summary ? { doc: input.summary, index: indexDocument(input.summary) } : null,
    processMaps: input.processMaps.map((doc) => ({ doc, index: indexDocument(doc) })),
    discrepancies: [],
  };
}

/** Provenance of a parsed document. */
export function documentProvenance(doc: ParsedDocument): Provenance {
  return { sourcePath: doc.sourcePath, sourceKind: doc.kind, verifiedDate: doc.retrievedDate };
}

/** Provenance of the structured record. */
export function recordProvenance(record: JurisdictionRecord): Provenance {
  return { sourcePath: record.sourcePath, sourceKind: 'structured', verifiedDate: record.verifiedDate };
}

/** Basis for a structured field (normalised path, e.g. `appeal.attorneyFeesRecoverable`). */
export function fieldBasis(record: JurisdictionRecord, normPath: string, value: unknown): Basis {
  const quote = typeof value === 'string' ? value : Array.isArray(value) ? value.join('; ') : JSON.stringify(value);
  return {
    sourceKind: 'structured',
    sourcePath: record.sourcePath,
    quote,
    sectionLabel: null,
    citation: null,
    field: record.fieldSources[normPath] ?? normPath,
  };
}

/** Basis for a sentence of a document: the sentence itself, verbatim. */
export function sentenceBasis(source: IndexedSource, s: IndexedSentence, quote?: string): Basis {
  return {
    sourceKind: source.doc.kind,
    sourcePath: source.doc.sourcePath,
    quote: quote ?? s.text,
    sectionLabel: s.node.label,
    citation: source.doc.kind === 'statute_text' ? s.node.citation : null,
    field: null,
  };
}

/** Text documents in order of authority: statute, summary, process maps. */
export function textSources(ctx: DerivationContext): IndexedSource[] {
  return [ctx.statute, ctx.summary, ...ctx.processMaps].filter((s): s is IndexedSource => s !== null);
}

/** First matching sentence per source, in order of authority. */
export function findInSources(ctx: DerivationContext, rule: SentenceRule): Array<{ source: IndexedSource; sentence: IndexedSentence }> {
  const out: Array<{ source: IndexedSource; sentence: IndexedSentence }> = [];
  for (const source of textSources(ctx)) {
    const hit = findSentences(source.index, rule)[0];
    if (hit) out.push({ source, sentence: hit });
  }
  return out;
}
