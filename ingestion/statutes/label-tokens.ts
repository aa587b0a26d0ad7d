/**
 * Subdivision designators as statutes print them — "(b)", "(6)", "(A)", "(ii)", "(aa)",
 * "(a1)", "(a-1)", "(1A)", "1.", "a." — and what each could mean. A designator is often
 * ambiguous: "(i)" is the ninth letter or roman one, "(ii)" roman two or the doubled
 * letter after "(hh)". The splitter picks among the readings this module lists.
 */

/** How a designator is written: in parentheses or followed by a period. */
export type LabelStyle = 'paren' | 'dot';

/** The numbering scheme a level of a statute uses. */
export type LabelKind = 'num' | 'lower' | 'upper' | 'lroman' | 'uroman' | 'ldouble' | 'udouble';

/** One reading of a designator: its scheme and its place in that scheme. */
export interface LabelReading {
  kind: LabelKind;
  /** Position in the scheme, 1-based: "c" → 3, "iv" → 4, "bb" (doubled) → 2. */
  major: number;
  /** Inserted designators ("a1", "a-1", "1A") sit between `major` and the next one. */
  minor: number;
}

/** A designator found in text, with every way it can be read. */
export interface LabelToken {
  /** As printed between the parentheses or before the period: "b", "a-1", "1A". */
  key: string;
  style: LabelStyle;
  readings: LabelReading[];
}

const ROMAN_VALUES: Record<string, number> = { i: 1, v: 5, x: 10 };

/** Value of a lowercase roman numeral made of i, v and x (1–39), or null. */
export function romanValue(s: string): number | null {
  if (!/^[ivx]{1,6}$/.test(s)) return null;
  let total = 0;
  for (let k = 0; k < s.length; k++) {
    const v = ROMAN_VALUES[s[k] as string] as number;
    const next = k + 1 < s.length ? (ROMAN_VALUES[s[k + 1] as string] as number) : 0;
    total += v < next ? -v : v;
  }
  // Only canonical spellings count, so "iiii" or "vx" are not numerals.
  return total >= 1 && total <= 39 && toRoman(total) === s ? total : null;
}

/** Lowercase roman numeral for 1–39. */
export function toRoman(n: number): string {
  const tens = 'x'.repeat(Math.floor(n / 10));
  const ones = ['', 'i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix'][n % 10] as string;
  return tens + ones;
}

function letterIndex(c: string): number {
  return c.toLowerCase().charCodeAt(0) - 96;
}

function letterAt(n: number): string {
  return String.fromCharCode(96 + n);
}

/** Readings of a bare alphabetic designator such as "i", "ii", "aa", "C". */
function alphaReadings(base: string, minor: number): LabelReading[] {
  const upper = base === base.toUpperCase();
  const lower = base.toLowerCase();
  const out: LabelReading[] = [];
  const roman = romanValue(lower);
  if (lower.length === 1) out.push({ kind: upper ? 'upper' : 'lower', major: letterIndex(lower), minor });
  if (lower.length > 1 && lower.length <= 3 && [...lower].every((c) => c === lower[0])) {
    // After (z) some codes go on with (aa) … (zz), (aaa); others use (aa) as a level of its own.
    out.push({ kind: upper ? 'upper' : 'lower', major: 26 * (lower.length - 1) + letterIndex(lower), minor });
    if (lower.length === 2) out.push({ kind: upper ? 'udouble' : 'ldouble', major: letterIndex(lower), minor });
  }
  if (roman !== null) out.push({ kind: upper ? 'uroman' : 'lroman', major: roman, minor });
  return out;
}

const NUMERIC = /^(\d{1,3})(?:-?([A-Za-z]{1,2}))?$/;
const ALPHA = /^([a-z]{1,6}|[A-Z]{1,6})(?:-?(\d{1,2}))?$/;

/** Reads a designator key ("b", "12", "a-1", "1A", "xiv"); null when it is not one. */
export function readToken(key: string, style: LabelStyle): LabelToken | null {
  const num = NUMERIC.exec(key);
  if (num) {
    const suffix = num[2];
    const minor = suffix === undefined ? 0 : suffixValue(suffix);
    return { key, style, readings: [{ kind: 'num', major: Number(num[1]), minor }] };
  }
  const alpha = ALPHA.exec(key);
  if (!alpha) return null;
  const minor = alpha[2] === undefined ? 0 : Number(alpha[2]);
  const readings = alphaReadings(alpha[1] as string, minor);
  return readings.length > 0 ? { key, style, readings } : null;
}

function suffixValue(s: string): number {
  // "1A" → 1, "1B" → 2, "1AA" → 27: inserted designators run like letters.
  return s.length === 1 ? letterIndex(s) : 26 + letterIndex(s);
}

/** The n-th designator of a letter scheme that runs a … z, aa … zz, aaa …. */
function repeatedLetter(n: number): string {
  return letterAt(((n - 1) % 26) + 1).repeat(Math.floor((n - 1) / 26) + 1);
}

/** Key of the designator that follows `r` in its scheme, e.g. "h" → "i", "iv" → "v". */
export function successorKey(r: LabelReading): string {
  const n = r.major + 1;
  switch (r.kind) {
    case 'num':
      return String(n);
    case 'lower':
      return repeatedLetter(n);
    case 'upper':
      return repeatedLetter(n).toUpperCase();
    case 'lroman':
      return toRoman(n);
    case 'uroman':
      return toRoman(n).toUpperCase();
    case 'ldouble':
      return letterAt(n).repeat(2);
    case 'udouble':
      return letterAt(n).repeat(2).toUpperCase();
  }
}

/** Whether `r` can open a new level: the first designator of its scheme. */
export function isFirst(r: LabelReading): boolean {
  return r.major === 1 && r.minor === 0;
}

/** Whether `next` directly follows `last` in the same scheme (inserted ones included). */
export function isSuccessor(last: LabelReading, next: LabelReading): boolean {
  if (last.kind !== next.kind) return false;
  if (next.minor === 0) return next.major === last.major + 1;
  return next.major === last.major && next.minor === last.minor + 1;
}

/** Whether `next` comes later than `last` in the same scheme, allowing a small gap. */
export function isLaterWithGap(last: LabelReading, next: LabelReading, maxGap: number): boolean {
  if (last.kind !== next.kind) return false;
  if (next.major === last.major) return next.minor > last.minor;
  return next.major > last.major && next.major - last.major <= maxGap;
}
