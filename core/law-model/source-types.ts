/**
 * Contracts between the corpus readers, the parsers and the derivations that the
 * ingestion activities run. Everything here is plain data (JSON-serialisable), so it
 * can cross a Temporal activity boundary unchanged.
 */

/** What kind of source a piece of text comes from. Statute text is verbatim law. */
export type SourceKind = 'statute_text' | 'summary' | 'process_map' | 'structured';

/** Where a record came from. Every stored record carries one. */
export interface Provenance {
  /** Path relative to the corpus directory, e.g. `statutes/federal.txt`. */
  sourcePath: string;
  sourceKind: SourceKind;
  /** Date the corpus says the source was verified or retrieved (YYYY-MM-DD), if any. */
  verifiedDate: string | null;
}

/**
 * One node of a parsed statute: a section (`path` empty) or a subsection at any depth.
 * `text` is the verbatim span of the node, children included.
 */
export interface ParsedSection {
  /** Canonical label, unique within the jurisdiction: "552", "552(b)(6)", "42.56.070(1)". */
  label: string;
  /** Section number as printed, without the section sign: "552", "42.56.070", "552.301". */
  sectionNumber: string;
  /** Subsection designators below the section, outermost first: ["b", "6"]. */
  path: string[];
  /** Label of the parent node; null for a section. */
  parentLabel: string | null;
  /** Heading of the section (subsections inherit none). */
  heading: string | null;
  /** Verbatim text of the node (for a section, the whole section). */
  text: string;
  /** 0 for a section, 1 for its first subsection level, … */
  depth: number;
  /** Document order, 0-based, across the whole document. */
  ordinal: number;
  /** Human citation of the node in the jurisdiction's style, e.g. "5 U.S.C. § 552(b)(6)". */
  citation: string;
}

/** A parsed source file: a statute text, a summary or a process map. */
export interface ParsedDocument {
  jurisdiction: string;
  kind: Exclude<SourceKind, 'structured'>;
  title: string;
  /** Citation of the whole document where it has one (the law's citation). */
  citation: string | null;
  sourcePath: string;
  /** sha256 of the raw file bytes, hex. */
  contentHash: string;
  /** Retrieved/verified date from the file header or corpus metadata (YYYY-MM-DD). */
  retrievedDate: string | null;
  /** Completeness note from the header, for statute files. */
  completeness: string | null;
  /** Free-form header fields (source, law, …) as found. */
  header: Record<string, string>;
  sections: ParsedSection[];
}

/** `reviewed_facts` is the project's own file (data/legal-facts), not a corpus file. */
export type SourceRole = 'record' | 'statute' | 'summary' | 'process_map' | 'rights' | 'reviewed_facts';

export interface SourceFile {
  /** Relative to the corpus directory. */
  path: string;
  role: SourceRole;
  /** sha256 of the file's bytes, hex. */
  hash: string;
}

export interface HolidayEntry {
  date: string;
  name: string;
  sourcePath: string;
}

export interface JurisdictionSources {
  slug: string;
  files: SourceFile[];
  holidays: HolidayEntry[];
  /** One hash over every input and the derivation version: equal hashes mean nothing to do. */
  sourceHash: string;
}
