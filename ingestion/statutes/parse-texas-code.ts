import { toIsoDate } from '../documents/iso-date.js';
import type { ParsedDocument } from '../../core/law-model/source-types.js';
import { buildSections, type RawSection } from './build-sections.js';
import type { CitationStyle } from './citation-style.js';
import { contentHash } from './content-hash.js';

/** Options of {@link parseTexasCode}. */
export interface ParseTexasOptions {
  /** Jurisdiction slug; "texas" when omitted. */
  jurisdiction?: string;
  /** Path relative to the corpus directory; "hole-tld/summaries/texas.txt" when omitted. */
  sourcePath?: string;
}

const TEXAS_STYLE: CitationStyle = { prefix: "Tex. Gov't Code", sectionSign: true };

/** "Sec. 552.001.  POLICY;  CONSTRUCTION.  (a)  Under …": number, then a capitals heading ending in a period. */
const SECTION_LINE = /^Sec\. (\d+\.\d+[A-Za-z]?)\.[ \t]+(.*?\.)(?=[ \t]{2}|[ \t]*$)/gm;

/** Lines that head a part of the code (and end the section before them). */
const DIVISION_LINE = /^(?:SUBCHAPTER|CHAPTER|SUBTITLE|TITLE) [A-Z0-9]+\.\s/m;

/** Offset of the first `Sec. <chapter>.<number>.` line: where the code text begins. */
export function texasCodeStart(raw: string): number {
  const m = /^Sec\. \d+\.\d+[A-Za-z]?\.\s/m.exec(raw);
  return m ? m.index : -1;
}

function cleanHeading(h: string): string | null {
  const out = h.replace(/\s+/g, ' ').replace(/\.$/, '').trim();
  return out === '' ? null : out;
}

function cutSections(raw: string): RawSection[] {
  const from = Math.max(texasCodeStart(raw), 0);
  const text = raw.slice(from);
  const markers = [...text.matchAll(SECTION_LINE)].map((m) => ({
    index: from + (m.index ?? 0),
    bodyStart: from + (m.index ?? 0) + m[0].length,
    sectionNumber: m[1] as string,
    heading: cleanHeading(m[2] as string),
  }));
  return markers.map((mk, i) => {
    const next = markers[i + 1];
    let end = next ? next.index : raw.length;
    const division = DIVISION_LINE.exec(raw.slice(mk.bodyStart, end));
    if (division) end = mk.bodyStart + division.index;
    return { sectionNumber: mk.sectionNumber, heading: mk.heading, body: raw.slice(mk.bodyStart, end) };
  });
}

/** "Last Updated: September 5, 2025" and "Source: …" lines at the top of the file. */
function readTopFields(raw: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of raw.split(/\r?\n/).slice(1, 12)) {
    if (line.trim() === '') break;
    const m = /^([A-Za-z][A-Za-z ]{1,30}):\s*(.+)$/.exec(line);
    if (m) fields[(m[1] as string).trim().toLowerCase()] = (m[2] as string).trim();
  }
  return fields;
}

/**
 * Parses the full text of Tex. Gov't Code ch. 552 as the HOLE summary `texas.txt`
 * carries it after its summary blocks: `Sec. 552.001.  HEADING.  (a)  …` sections,
 * split into subdivisions like any statute ("552.301(a)", "552.002(a-1)"). Where the
 * code prints two versions of a subdivision, the first keeps the label and its text
 * runs over the second. Citations read "Tex. Gov't Code § 552.301(a)".
 */
export function parseTexasCode(raw: string, opts: ParseTexasOptions = {}): ParsedDocument {
  const fields = readTopFields(raw);
  return {
    jurisdiction: opts.jurisdiction ?? 'texas',
    kind: 'statute_text',
    title: 'Texas Public Information Act (Tex. Gov\'t Code ch. 552)',
    citation: "Tex. Gov't Code ch. 552",
    sourcePath: opts.sourcePath ?? 'hole-tld/summaries/texas.txt',
    contentHash: contentHash(raw),
    retrievedDate: toIsoDate(fields['last updated']),
    completeness: 'full text of chapter 552 as carried by the HOLE summary file',
    header: fields,
    sections: buildSections(cutSections(raw), TEXAS_STYLE),
  };
}
