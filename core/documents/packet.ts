/**
 * A research packet as data: what each part of a compilation gathered, before it is rendered
 * as Markdown, HTML or PDF. Everything a renderer prints is here, so the same packet renders
 * to the same bytes (Markdown) and every statement carries its citation.
 */

/** The kind of source a statement rests on, as the law database labels it. */
export type PacketSourceKind = 'statute_text' | 'summary' | 'dataset' | 'citation_only' | 'user' | 'search';

/** A pinpoint citation and, when the corpus has the node, where to read it (`/api/v1/documents/{id}`). */
export interface PacketCitation {
  /** "Tex. Gov't Code § 552.301(a)". */
  text: string;
  /** The statute node or law record id; null when the corpus does not hold it. */
  document_id: string | null;
  source_kind: PacketSourceKind | string;
  /** The jurisdiction's slug, when the source belongs to one (for the sources appendix). */
  jurisdiction?: string;
}

/** A run of text, optionally followed by its citation. */
export interface PacketSpan {
  text: string;
  citation?: PacketCitation;
}

export type PacketBlock =
  /** A heading inside a part (level 3 and below; the part's title is level 2). */
  | { type: 'heading'; text: string }
  /** Plain words of the packet itself (explanations, not legal statements). */
  | { type: 'paragraph'; text: string }
  /** A legal statement with its citation, and the statute's words that say it when known. */
  | { type: 'statement'; label?: string; text: string; citation: PacketCitation | null; quote?: string | null }
  /** Verbatim words of a source, with their citation. */
  | { type: 'quote'; text: string; citation: PacketCitation | null }
  /** A table; a cell may carry its citation. `header` repeats on each page in the PDF. */
  | { type: 'table'; caption?: string; columns: string[]; rows: PacketSpan[][] }
  /** A bulleted list. */
  | { type: 'list'; items: PacketSpan[] }
  /** A note that something could not be included, and why. */
  | { type: 'notice'; text: string };

/** One requested part, as gathered. */
export interface PacketPart {
  /** 1-based position in the request. */
  index: number;
  kind: string;
  title: string;
  blocks: PacketBlock[];
  /** Set when the part could not be gathered: the packet says so in its place. */
  failure?: { reason: string };
}

/** A source the packet cites, for the appendix. */
export interface PacketSource {
  citation: string;
  document_id: string | null;
  source_kind: string;
  /** The jurisdiction's slug, when the source belongs to one. */
  jurisdiction: string | null;
}

export interface Packet {
  title: string;
  /** The law database the packet was read from. */
  ingestion: { version: number | null; ingested_at: string | null };
  /** SHA-256 (hex) of the request and everything gathered: the same fingerprint means the same content. */
  fingerprint: string;
  /** Base URL for citation links ("" for relative links `/api/v1/documents/{id}`). */
  link_base: string;
  parts: PacketPart[];
  /** Every cited source, once, in order of citation text. */
  sources: PacketSource[];
}
