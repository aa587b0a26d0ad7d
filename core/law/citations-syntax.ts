/**
 * Shared pieces of citation syntax: the shapes of section numbers and designators,
 * dash and space normalisation, and labels. Used by the citation parser and extractor.
 */

/** A citation reduced to what identifies a node: section number and designators. */
export interface CitationRef {
  /** Section number without the section sign: "552", "42.56.070", "2-532". */
  sectionNumber: string;
  /** Designators below the section, outermost first: ["b", "6"]. */
  path: string[];
}

/** Dashes and spaces people and sources use for "-" and " " (all one character long). */
const DASHES = /[\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63\uFF0D]/g;
const SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;

/**
 * Replaces dash and space variants by "-" and " ". Keeps the length, so offsets found in
 * the result are offsets in the input.
 */
export function normalizeCitationText(text: string): string {
  return text.replace(DASHES, '-').replace(SPACES, ' ');
}

/** A section number: "552", "552.301", "42.56.070", "2.2-3705.1", "92F-13", "317a", "47:1A-1". */
export const SECTION_NUMBER_SOURCE = String.raw`\d+[A-Za-z]{0,2}(?:[.:-]\d+[A-Za-z]{0,2})*`;
/** Designators after a section number: "(b)(6)", " (a-1) (2)", "(5A)". */
export const DESIGNATORS_SOURCE = String.raw`(?:\s?\(\s?[A-Za-z0-9]{1,6}(?:-[A-Za-z0-9]{1,3})?\s?\))*`;

const DESIGNATOR = /\(\s?([A-Za-z0-9]{1,6}(?:-[A-Za-z0-9]{1,3})?)\s?\)/g;

/** Designators in a string such as "(b)(7)(C)": ["b", "7", "C"]. */
export function readDesignators(text: string): string[] {
  return [...text.matchAll(DESIGNATOR)].map((m) => m[1] as string);
}

/** Whether a jurisdiction slug or name means the United States (FOIA, 5 U.S.C. § 552). */
export function isFederal(jurisdiction: string | undefined): boolean {
  if (jurisdiction === undefined) return false;
  return /^(?:federal|us|usa|united[- ]states)\b/i.test(jurisdiction.trim()) || /\bfederal\b/i.test(jurisdiction);
}

/** Label of a node: "552" + ["b", "6"] → "552(b)(6)". */
export function toLabel(c: CitationRef): string {
  return c.sectionNumber + c.path.map((p) => `(${p})`).join('');
}
