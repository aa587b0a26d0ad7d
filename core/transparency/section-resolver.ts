import type { SectionKey } from './transparency-store.js';

/**
 * Forgiving reading of what a user types to name a statute node ("5 U.S.C. § 552(b)(6)",
 * "Tex. Gov't Code § 552.301", "RCW 42.56.070", "§ 552.301", "552 (b)(6)"), and the choice
 * of the most specific node the database has for it.
 */

/** A citation reduced to a section number and subdivision designators. */
export interface SectionReference {
  sectionNumber: string;
  path: string[];
}

const NUMBER_AND_PATH = /(\d[0-9A-Za-z]*(?:[.:\-/][0-9A-Za-z]+)*)((?:\s*\(\s*[0-9A-Za-z]{1,6}\s*\))*)/g;

function referenceOf(match: RegExpMatchArray): SectionReference {
  const path = [...(match[2] ?? '').matchAll(/\(\s*([0-9A-Za-z]{1,6})\s*\)/g)].map((m) => m[1] as string);
  return { sectionNumber: (match[1] as string).replace(/[.:\-/]$/, ''), path };
}

/**
 * The section number and path a citation names: the first number after "§" when there is
 * one; otherwise the last number-like token, so a title number ("5 U.S.C. 552") or a code
 * name with digits is not taken for the section.
 */
export function parseSectionReference(text: string): SectionReference | null {
  const normalised = text.replace(/[\u2010-\u2015]/g, '-').trim();
  const sign = normalised.lastIndexOf('§');
  if (sign >= 0) {
    const first = [...normalised.slice(sign + 1).matchAll(NUMBER_AND_PATH)][0];
    return first ? referenceOf(first) : null;
  }
  const all = [...normalised.matchAll(NUMBER_AND_PATH)];
  const last = all[all.length - 1];
  return last ? referenceOf(last) : null;
}

const same = (a: readonly string[], b: readonly string[], fold: boolean): boolean =>
  a.length === b.length && a.every((x, i) => (fold ? x.toLowerCase() === b[i]!.toLowerCase() : x === b[i]));

/**
 * The most specific candidate on the reference's path: (b)(6)(A) falls back to (b)(6), then
 * (b), then the section. Designators match case-sensitively first ((A) and (a) differ in many
 * codes), then case-insensitively. `exact` is whether every designator was found.
 */
export function pickSection(ref: SectionReference, candidates: readonly SectionKey[]): { section: SectionKey; exact: boolean } | null {
  for (let n = ref.path.length; n >= 0; n--) {
    const prefix = ref.path.slice(0, n);
    const hit = candidates.find((c) => same(c.path, prefix, false)) ?? candidates.find((c) => same(c.path, prefix, true));
    if (hit) return { section: hit, exact: n === ref.path.length };
  }
  return null;
}
