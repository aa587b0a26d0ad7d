import type { ParsedSection } from '../../core/law-model/source-types.js';
import { formatCitation, formatPath, type CitationStyle } from './citation-style.js';
import { splitSubdivisions } from './split-subdivisions.js';

/** A section as cut from a statute file, before it is split into subdivisions. */
export interface RawSection {
  /** Number as printed, without the section sign: "552", "42.56.070". */
  sectionNumber: string;
  heading: string | null;
  /** Everything after the section's heading line up to the next section (verbatim). */
  body: string;
}

interface SectionKey {
  /** What the labels of the section and its subdivisions start with. */
  base: string;
  /** Set for the older of two printed versions of one section. */
  versionNote: string | null;
}

const VERSION_IN_HEADING = /\[(Effective[^\]]*)\]/i;
const SUPERSEDED = /\b(?:through|until|expire[sd]?)\b/i;

function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Labels must be unique, yet some files print two versions of a section (North Dakota:
 * "[Effective through August 31, 2022]" and "[Effective September 1, 2022]"). The version
 * in force later keeps the plain number, so citations resolve to it; the other gets a
 * suffix from its heading note: "44-04-18.4~effective-through-august-31-2022".
 */
function sectionKeys(sections: readonly RawSection[]): SectionKey[] {
  const byNumber = new Map<string, number[]>();
  sections.forEach((s, i) => byNumber.set(s.sectionNumber, [...(byNumber.get(s.sectionNumber) ?? []), i]));
  const keys: SectionKey[] = sections.map((s) => ({ base: s.sectionNumber, versionNote: null }));
  for (const [number, indexes] of byNumber) {
    if (indexes.length < 2) continue;
    const notes = indexes.map((i) => VERSION_IN_HEADING.exec(sections[i]?.heading ?? '')?.[1] ?? null);
    const current = notes.findIndex((n) => n === null || !SUPERSEDED.test(n));
    const keep = current === -1 ? 0 : current;
    indexes.forEach((i, k) => {
      if (k === keep) return;
      const note = notes[k] ?? `version ${k + 1}`;
      keys[i] = { base: `${number}~${slug(note)}`, versionNote: note };
    });
  }
  return keys;
}

/**
 * Turns cut sections into the parsed tree: one node per section (its whole text, history
 * included) followed by its subdivisions in document order. Labels are the section key
 * plus designators ("552(b)(6)"); citations follow `style`.
 */
export function buildSections(sections: readonly RawSection[], style: CitationStyle): ParsedSection[] {
  const keys = sectionKeys(sections);
  const out: ParsedSection[] = [];
  sections.forEach((section, i) => {
    const key = keys[i] as SectionKey;
    const cite = (path: readonly string[]): string =>
      formatCitation(style, section.sectionNumber, path, key.versionNote);
    out.push({
      label: key.base,
      sectionNumber: section.sectionNumber,
      path: [],
      parentLabel: null,
      heading: section.heading,
      text: section.body.trim(),
      depth: 0,
      ordinal: out.length,
      citation: cite([]),
    });
    for (const span of splitSubdivisions(section.body)) {
      out.push({
        label: key.base + formatPath(span.path),
        sectionNumber: section.sectionNumber,
        path: span.path,
        parentLabel: key.base + formatPath(span.path.slice(0, -1)),
        heading: null,
        text: section.body.slice(span.textStart, span.end),
        depth: span.path.length,
        ordinal: out.length,
        citation: cite(span.path),
      });
    }
  });
  return out;
}
