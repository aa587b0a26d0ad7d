/**
 * How a jurisdiction cites its sections: "5 U.S.C. § 552(b)(6)", "RCW 42.56.070(1)",
 * "N.D. Cent. Code § 44-04-18(1)(a)". The code name comes from the statute file's
 * `citation:` header; a few codes are customarily cited without the section sign.
 */
export interface CitationStyle {
  /** Code name before the section number: "5 U.S.C.", "RCW", "NMSA 1978,". */
  prefix: string;
  /** Whether "§" goes between the code name and the number. */
  sectionSign: boolean;
}

/** Codes cited as "RCW 42.56.070", never "RCW § 42.56.070". */
const NO_SECTION_SIGN = new Set(['RCW', 'MCL', 'SDCL']);

/** Where a whole-law citation stops naming the code and starts naming the range. */
const RANGE_START = /\s+(?:ch\.|chapter|title|art\.|article)\s|\s+\d/i;

/**
 * Citation style from a statute file's `citation:` header: "5 U.S.C. § 552 (and § 551)"
 * → `{ prefix: "5 U.S.C.", sectionSign: true }`, "RCW ch. 42.56" → `{ prefix: "RCW", … }`,
 * "Iowa Code ch. 22" → "Iowa Code § 22.7".
 */
export function citationStyleFromHeader(headerCitation: string | null | undefined): CitationStyle {
  const text = (headerCitation ?? '').replace(/\s+/g, ' ').trim();
  const sign = text.indexOf('§');
  const beforeSign = sign >= 0 ? text.slice(0, sign).trim() : null;
  // "NMSA 1978, §§ 14-2-1 …" keeps its year; "Haw. Rev. Stat. ch. 92F (§§ …)" does not.
  const usable = beforeSign !== null && !/\(|\s(?:ch\.|chapter|title|art\.|article)(?:\s|$)/i.test(beforeSign);
  let prefix: string;
  if (usable) {
    prefix = beforeSign;
  } else {
    const m = RANGE_START.exec(text);
    prefix = (m ? text.slice(0, m.index) : text).trim();
  }
  return { prefix, sectionSign: !NO_SECTION_SIGN.has(prefix) };
}

/** Designators as printed in a citation: ["b", "6"] → "(b)(6)". */
export function formatPath(path: readonly string[]): string {
  return path.map((p) => `(${p})`).join('');
}

/**
 * Human citation of a node: "5 U.S.C. § 552(b)(6)", "RCW 42.56.070(1)". `versionNote`
 * marks one of two printed versions of a section ("Effective through August 31, 2022").
 */
export function formatCitation(
  style: CitationStyle,
  sectionNumber: string,
  path: readonly string[],
  versionNote?: string | null,
): string {
  const sign = style.sectionSign ? '§ ' : '';
  const lead = style.prefix ? `${style.prefix} ${sign}` : sign;
  const version = versionNote ? ` [${versionNote}]` : '';
  return `${lead}${sectionNumber}${formatPath(path)}${version}`;
}
