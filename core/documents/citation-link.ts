/**
 * What the Markdown, HTML and PDF renderers of a research packet say alike: where a citation
 * links to, how a source kind reads in words, and the fixed sentences of the memo (provenance,
 * fingerprint, a part that could not be compiled, a statement without a citation). Keeping the
 * wording here makes the three formats read the same.
 */
import { replaceUnstorableText } from '../text/unstorable-text.js';
import type { Packet, PacketCitation, PacketPart, PacketSourceKind } from './packet.js';

/**
 * Where the API serves a document: `${link_base}/api/v1/documents/{id}`, or null when the corpus
 * does not hold it. (An id that is not well-formed Unicode, which `encodeURIComponent` would
 * throw on, gets U+FFFD in place of its broken character: such an id names no document anyway.)
 */
export function documentHref(packet: Pick<Packet, 'link_base'>, documentId: string | null): string | null {
  if (documentId === null) return null;
  return `${packet.link_base}/api/v1/documents/${encodeURIComponent(replaceUnstorableText(documentId))}`;
}

/** The link a citation opens, or null when its document is not in the corpus. */
export function citationHref(packet: Pick<Packet, 'link_base'>, citation: PacketCitation): string | null {
  return documentHref(packet, citation.document_id);
}

const SOURCE_KIND_WORDS: Record<PacketSourceKind, string> = {
  statute_text: 'statute text',
  summary: 'summary',
  dataset: 'dataset',
  citation_only: 'citation only',
  user: 'your records',
  search: 'search result',
};

function isKnownSourceKind(kind: string): kind is PacketSourceKind {
  return Object.hasOwn(SOURCE_KIND_WORDS, kind);
}

/** The law database's own names for record kinds, as the packet's words. */
const RECORD_KIND_WORDS: Record<string, string> = { structured: 'dataset', process_map: 'summary', mixed: 'several kinds' };

/** `statute_text` → "statute text"; a kind this code does not know reads as its name with spaces. */
export function sourceKindWords(kind: string): string {
  return isKnownSourceKind(kind) ? SOURCE_KIND_WORDS[kind] : (RECORD_KIND_WORDS[kind] ?? kind.replace(/_/g, ' '));
}

/** Shown in place of a citation a statement lacks, so the reader knows it rests on no source. */
export const NO_CITATION_WORDS = 'no citation: not stated in the sources';

/** Shown in the sources appendix for a source without a document in the corpus. */
export const NOT_IN_CORPUS_WORDS = 'not in the corpus';

export const CONTENTS_TITLE = 'Contents';
export const SOURCES_TITLE = 'Sources';

/** The words before a statement's supporting quote: only statute text is "the statute". */
export function quoteIntroduction(citation: PacketCitation | null): string {
  return citation?.source_kind === 'statute_text' ? 'The statute says:' : 'The source says:';
}

/** A statement's label as a lead-in: "Deadline" → "Deadline:"; a label with its own final punctuation keeps it. */
export function labelLeadIn(label: string): string {
  const trimmed = label.trim();
  return /[.:;?!]$/.test(trimmed) ? trimmed : `${trimmed}:`;
}

/** "3. Texas: profile": the part's heading and its contents entry. */
export function partHeading(part: Pick<PacketPart, 'index' | 'title'>): string {
  return `${part.index}. ${part.title}`;
}

/** The notice a part that could not be gathered shows in its place. */
export function failureNotice(reason: string): string {
  return `This part could not be compiled: ${reason}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * `2025-05-30T14:03:00Z` → "May 30, 2025" (the UTC date, spelled out by hand so no locale data
 * or time zone can change the bytes); a string that is not a date is shown as it is.
 */
export function ingestionDate(ingestedAt: string): string {
  const date = new Date(ingestedAt);
  if (Number.isNaN(date.getTime())) return ingestedAt;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "Compiled from the Sunlight law database, ingestion version 42 of May 30, 2025." */
export function provenanceLine(ingestion: Packet['ingestion']): string {
  const lead = 'Compiled from the Sunlight law database';
  const date = ingestion.ingested_at === null ? null : ingestionDate(ingestion.ingested_at);
  if (ingestion.version === null) {
    return date === null ? `${lead}, ingestion version not recorded.` : `${lead}, ingestion version not recorded (ingested ${date}).`;
  }
  return date === null ? `${lead}, ingestion version ${ingestion.version} (date not recorded).` : `${lead}, ingestion version ${ingestion.version} of ${date}.`;
}

export const FINGERPRINT_LABEL = 'Fingerprint (SHA-256 of its inputs):';

/** "Fingerprint (SHA-256 of its inputs): 3f…": the same fingerprint means the same content. */
export function fingerprintLine(fingerprint: string): string {
  return `${FINGERPRINT_LABEL} ${fingerprint}`;
}

/** The sources appendix's words for a source's jurisdiction. */
export function jurisdictionWords(jurisdiction: string | null): string {
  return jurisdiction === null ? 'no jurisdiction' : `jurisdiction: ${jurisdiction}`;
}
