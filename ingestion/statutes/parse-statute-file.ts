import { toIsoDate } from '../documents/iso-date.js';
import type { ParsedDocument } from '../../core/law-model/source-types.js';
import { buildSections, type RawSection } from './build-sections.js';
import { citationStyleFromHeader } from './citation-style.js';
import { contentHash } from './content-hash.js';

/** Options of {@link parseStatuteFile}. */
export interface ParseStatuteOptions {
  /** Jurisdiction slug the file belongs to, e.g. "federal", "washington". */
  jurisdiction: string;
  /** Path relative to the corpus directory, e.g. "statutes/federal.txt". */
  sourcePath: string;
}

/** Header block and where the section text begins. */
interface Header {
  fields: Record<string, string>;
  bodyStart: number;
}

const SECTION_LINE = /^### §[ \t]*(.*?)[ \t\r]*$/gm;

/** Reads the `key: value` lines before the `---` line. */
function readHeader(raw: string): Header {
  const fields: Record<string, string> = {};
  const sep = /^---[ \t]*$/m.exec(raw);
  const firstSection = raw.search(/^### §/m);
  // Without a separator the header runs to the first section marker.
  const headerEnd = sep && (firstSection === -1 || sep.index < firstSection) ? sep.index : Math.max(firstSection, 0);
  for (const line of raw.slice(0, headerEnd).split(/\r?\n/)) {
    const m = /^([A-Za-z][\w -]*?):\s*(.*)$/.exec(line);
    if (m) fields[(m[1] as string).trim().toLowerCase()] = (m[2] as string).trim();
  }
  const bodyStart = sep && sep.index === headerEnd ? headerEnd + sep[0].length : headerEnd;
  return { fields, bodyStart };
}

/**
 * Splits "552. Public information; …" into number and heading. Numbers contain periods
 * ("42.56.070"), so the number ends at the first period followed by a blank or the end.
 */
function splitMarker(marker: string): { sectionNumber: string; heading: string | null } {
  const m = /^(.+?)\.(?:\s+(.*))?$/.exec(marker.trim());
  if (!m) return { sectionNumber: marker.trim(), heading: null };
  const heading = (m[2] ?? '').trim();
  return { sectionNumber: (m[1] as string).trim(), heading: heading === '' ? null : heading };
}

/** Cuts the text after the header into sections on `### § <number>. <heading>` lines. */
function cutSections(raw: string, from: number): RawSection[] {
  const markers = [...raw.slice(from).matchAll(SECTION_LINE)].map((m) => ({
    index: from + (m.index ?? 0),
    lineEnd: from + (m.index ?? 0) + m[0].length,
    marker: m[1] as string,
  }));
  return markers.map((mk, i) => {
    const next = markers[i + 1];
    const bodyStart = raw[mk.lineEnd] === '\n' ? mk.lineEnd + 1 : mk.lineEnd;
    return { ...splitMarker(mk.marker), body: raw.slice(bodyStart, next ? next.index : raw.length) };
  });
}

/**
 * Parses a `statutes/<slug>.txt` file: its header (`key: value` lines up to `---`) and
 * its sections (`### § <number>. <heading>`, heading optional), each split into its
 * subdivisions ((a)(1)(A)(i), RCW's (1)(a), North Dakota's 1. a. (1), inserted (a1), …).
 * Section nodes keep their history lines; subdivisions do not. Citations follow the
 * header's `citation:` code name: "5 U.S.C. § 552(b)(6)", "RCW 42.56.070(1)".
 */
export function parseStatuteFile(raw: string, opts: ParseStatuteOptions): ParsedDocument {
  const { fields, bodyStart } = readHeader(raw);
  const style = citationStyleFromHeader(fields['citation']);
  return {
    jurisdiction: opts.jurisdiction,
    kind: 'statute_text',
    title: fields['law'] ?? fields['jurisdiction'] ?? opts.sourcePath,
    citation: fields['citation'] ?? null,
    sourcePath: opts.sourcePath,
    contentHash: contentHash(raw),
    retrievedDate: toIsoDate(fields['retrieved']),
    completeness: fields['completeness'] ?? null,
    header: fields,
    sections: buildSections(cutSections(raw, bodyStart), style),
  };
}
