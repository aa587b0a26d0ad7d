import type { ParsedDocument } from '../types.js';

/**
 * Resolves citations ("5 U.S.C. § 552(b)(6)", "RCW 42.56.070", "Sec. 552.101") to nodes of a
 * parsed statute, by section number and subdivision path, falling back to the nearest
 * ancestor that the statute file has (a citation to (b)(6)(A) resolves to (b)(6) when the
 * file has no (A)). Works on any ParsedDocument, whatever its label spelling.
 */

/** A citation reduced to what resolution needs. */
export interface CitationRef {
  sectionNumber: string;
  path: string[];
}

/** A citation found in free text. */
export interface FoundCitation {
  text: string;
  ref: CitationRef;
}

const NUMBER = String.raw`(\d[0-9A-Za-z]*(?:[.:\-/][0-9A-Za-z]+)*)`;
const PATH = String.raw`((?:\s?\([0-9A-Za-z]{1,6}\))*)`;
// "§ 552(b)(6)", "§§ 25-61-1", "Sec. 552.101", "RCW 42.56.070", "MCL 15.243(1)", "SDCL 1-27-1.5"
const CITATION = new RegExp(String.raw`(?:§§?|\bSecs?\.|\b(?:RCW|MCL|SDCL|AS|G\.S\.))\s*${NUMBER}${PATH}`, 'g');
// "section 10-7-503", "Section 552.101": only numbers with a separator, so "section 3" is not read as a citation.
const SECTION_WORD = new RegExp(String.raw`\b[Ss]ections?\s+(\d[0-9A-Za-z]*(?:[.:\-][0-9A-Za-z]+)+)${PATH}`, 'g');

function refFrom(numberText: string, pathText: string): CitationRef {
  const path = [...pathText.matchAll(/\(([0-9A-Za-z]{1,6})\)/g)].map((m) => m[1] as string);
  return { sectionNumber: numberText.replace(/[.:\-/]$/, ''), path };
}

/** Every citation in `text`, in order. */
export function extractCitationRefs(text: string): FoundCitation[] {
  const found = [...text.matchAll(CITATION), ...text.matchAll(SECTION_WORD)]
    .sort((a, b) => a.index - b.index)
    .map((m) => ({ text: m[0].trim(), ref: refFrom(m[1] as string, m[2] ?? '') }));
  return found;
}

/** The first citation of `input`, or null. */
export function parseCitationRef(input: string): CitationRef | null {
  return extractCitationRefs(input)[0]?.ref ?? null;
}

/** Citation index of one statute document. */
export interface StatuteLookup {
  doc: ParsedDocument;
  /** Label of the node a citation names (or its nearest existing ancestor), else null. */
  resolve(citation: string | null): string | null;
  resolveRef(ref: CitationRef): string | null;
  labels: ReadonlySet<string>;
}

/** Builds the lookup of a statute document. */
export function createStatuteLookup(doc: ParsedDocument): StatuteLookup {
  const byKey = new Map<string, string>();
  for (const s of doc.sections) {
    const key = `${s.sectionNumber}|${s.path.join('/')}`;
    if (!byKey.has(key)) byKey.set(key, s.label);
  }
  const resolveRef = (ref: CitationRef): string | null => {
    for (let n = ref.path.length; n >= 0; n--) {
      const hit = byKey.get(`${ref.sectionNumber}|${ref.path.slice(0, n).join('/')}`);
      if (hit) return hit;
    }
    return null;
  };
  return {
    doc,
    labels: new Set(doc.sections.map((s) => s.label)),
    resolveRef,
    resolve(citation) {
      if (!citation) return null;
      for (const found of extractCitationRefs(citation)) {
        const hit = resolveRef(found.ref);
        if (hit) return hit;
      }
      return null;
    },
  };
}
