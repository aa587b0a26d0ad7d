/**
 * Reading the citations an agency gives for withholding ("552.108", "5 U.S.C. 552(b)(6)",
 * "(b)(7)(C)", "Exemption 6", "b7c") into the section labels of the law database
 * ("552(b)(6)", "552.108(a)"). Pure: the labels come from the caller.
 */

/** A citation read into its parts: the section number when given, and the subdivision path. */
export interface ParsedCitation {
  /** "552", "552.108", "42.56.240"; null for a bare paragraph ("(b)(6)", "Exemption 6"). */
  section: string | null;
  /** Subdivisions, outermost first: ["b", "7", "C"]. */
  path: string[];
  /** Written as a numbered exemption ("Exemption 7(C)", "b7c"): its number is a paragraph of the exemptions' subsection. */
  numberedExemption: boolean;
}

/** A citation resolved to a section of the jurisdiction. */
export interface ResolvedCitation {
  label: string;
  /** False when only an enclosing section exists (the cited subdivision is not in the law database). */
  exact: boolean;
}

const PARENS = /\(([0-9A-Za-z-]{1,8})\)/g;
/** Section numbers: "552", "552.108", "42.56.240", "4-1B-04", "74-115". */
const SECTION_NUMBER = /(\d+[A-Za-z]?(?:[.-][0-9A-Za-z]+)*)/;

/** Drops what precedes the section number: code names, "U.S.C.", "§", "Sec.", "Section". */
function stripPrefix(text: string): string {
  const marker = /(?:§§?|\bsec(?:tion|s)?\.?(?=[\s\d])|\bU\.?\s?S\.?\s?C\.?(?:A\.?)?|\bcode\b|\bRCW\b|\bch(?:apter)?\.?(?=[\s\d]))\s*/gi;
  let rest = text;
  let m: RegExpExecArray | null;
  let last = -1;
  while ((m = marker.exec(text)) !== null) last = m.index + m[0].length;
  if (last >= 0) rest = text.slice(last);
  return rest.trim();
}

/** Parses one citation as agencies write them; null when nothing citation-like is in it. */
export function parseCitation(input: string): ParsedCitation | null {
  const text = input.normalize('NFKC').replace(/\s+/g, ' ').trim();
  if (!text) return null;
  // "b6", "b7c", "(b)(7)(C)" written without parentheses: FOIA's shorthand.
  const shorthand = /^\(?b\)?\s*\(?(\d{1,2})\)?\s*\(?([A-Fa-f])?\)?$/i.exec(text);
  if (shorthand && !/^\(b\)\(\d/.test(text)) {
    return { section: null, path: ['b', shorthand[1] as string, ...(shorthand[2] ? [shorthand[2].toUpperCase()] : [])], numberedExemption: false };
  }
  const exemption = /^exemption\s+(\d{1,2})\s*((?:\([0-9A-Za-z]{1,4}\))*)$/i.exec(text);
  if (exemption) {
    const sub = [...(exemption[2] ?? '').matchAll(PARENS)].map((m) => m[1] as string);
    return { section: null, path: [exemption[1] as string, ...sub], numberedExemption: true };
  }
  if (/^\(/.test(text)) {
    const path = [...text.matchAll(PARENS)].map((m) => m[1] as string);
    return path.length > 0 ? { section: null, path, numberedExemption: false } : null;
  }
  const rest = stripPrefix(text);
  const number = SECTION_NUMBER.exec(rest);
  if (!number || number.index > 2) return null;
  const after = rest.slice(number.index + (number[1] as string).length);
  const path = [...(/^\s*((?:\([0-9A-Za-z-]{1,8}\))*)/.exec(after)?.[1] ?? '').matchAll(PARENS)].map((m) => m[1] as string);
  return { section: number[1] as string, path, numberedExemption: false };
}

const labelOf = (section: string, path: readonly string[]): string => `${section}${path.map((p) => `(${p})`).join('')}`;

/**
 * The deepest section of `labels` the citation names: the full label when the law database
 * has it, else the nearest enclosing one (`exact: false`). A bare paragraph is tried under
 * each of `roots` (the section numbers the jurisdiction's exemptions sit in), and a numbered
 * exemption also under their subsection ("Exemption 6" → "552(b)(6)").
 */
export function resolveCitation(parsed: ParsedCitation, labels: ReadonlySet<string>, roots: readonly string[]): ResolvedCitation | null {
  const byLower = new Map([...labels].map((l) => [l.toLowerCase(), l]));
  const find = (label: string) => byLower.get(label.toLowerCase()) ?? null;
  const walk = (section: string, path: readonly string[], minDepth: number): ResolvedCitation | null => {
    for (let depth = path.length; depth >= minDepth; depth--) {
      const found = find(labelOf(section, path.slice(0, depth)));
      if (found) return { label: found, exact: depth === path.length };
    }
    return null;
  };
  if (parsed.section !== null) return walk(parsed.section, parsed.path, 0);
  // A bare paragraph must resolve at least to its first level: "(b)(6)" is never all of § 552.
  for (const root of roots) {
    const found = walk(root, parsed.path, 1);
    if (found) return found;
    if (parsed.numberedExemption) {
      const under = walk(root, ['b', ...parsed.path], 2);
      if (under) return under;
    }
  }
  return null;
}

/** The label of the section enclosing `label` ("552(b)(6)" → "552(b)"), or null at a section's top. */
export function parentLabel(label: string): string | null {
  const m = /^(.*)\([^()]+\)$/.exec(label);
  return m ? (m[1] as string) : null;
}

/** Whether `label` is `ancestor` or lies under it ("552(b)(7)(C)" under "552(b)(7)"). */
export function isWithin(label: string, ancestor: string): boolean {
  return label === ancestor || label.startsWith(`${ancestor}(`);
}

/** The section number of a label ("552.108(a)(1)" → "552.108"). */
export function sectionNumberOf(label: string): string {
  return label.replace(/\(.*$/, '');
}
