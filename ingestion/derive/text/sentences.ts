/**
 * Splits legal text into sentences, keeping exact offsets so that every quote taken from a
 * source is a verbatim substring of it. Statute text is full of abbreviations ("U.S.C.",
 * "Sec.", "v.", "(a)."), so a period ends a sentence only when it is not one of those.
 */

/** A sentence as a span of the text it came from. */
export interface SentenceSpan {
  text: string;
  start: number;
  end: number;
}

const ABBREVIATIONS = new Set([
  'u.s.c', 'u.s', 'sec', 'secs', 'no', 'nos', 'v', 'vs', 'e.g', 'i.e', 'et seq', 'seq', 'stat', 'ann', 'gen', 'rev', 'code',
  'gov', "gov't", 'govt', 'pub', 'off', 'mr', 'mrs', 'dr', 'st', 'inc', 'co', 'corp', 'ltd', 'art', 'ch', 'cl', 'subd', 'subds',
  'par', 'para', 'cent', 'cod', 'laws', 'l', 'p', 'pp', 'c', 'r', 'n', 's', 'w', 'va', 'la', 'mo', 'wyo', 'neb', 'haw', 'alaska',
  'ala', 'ark', 'cal', 'colo', 'conn', 'del', 'fla', 'ga', 'ill', 'ind', 'kan', 'ky', 'md', 'mass', 'mich', 'minn', 'miss', 'mont',
  'nev', 'okla', 'or', 'ore', 'pa', 'tenn', 'tex', 'vt', 'wash', 'wis', 'd.c', 'n.c', 'n.d', 's.c', 's.d', 'n.h', 'n.j', 'n.m', 'n.y',
  'r.i', 'w.va', 'approx', 'cf', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'ord', 'res',
]);

/** True when the period at `i` (text[i] === '.') ends an abbreviation, a designator or a number. */
function isNonTerminalPeriod(text: string, i: number): boolean {
  const before = text.slice(Math.max(0, i - 12), i);
  const word = /([A-Za-z.'’]+)$/.exec(before)?.[1]?.toLowerCase().replace(/’/g, "'") ?? '';
  if (word && ABBREVIATIONS.has(word.replace(/^\.+/, ''))) return true;
  // A single letter or a roman/number designator: "(a).", "A.", "1.", "iv."
  if (/(^|[\s(])([A-Za-z]|[ivxIVX]{1,4}|\d{1,3})$/.test(before)) return true;
  // Decimal numbers and section numbers: "42.56.070", "$1.50".
  if (/\d$/.test(before) && /^\d/.test(text.slice(i + 1, i + 2))) return true;
  return false;
}

/** Sentence spans of `text`. Line breaks always end a sentence (lists, headings, flattened blocks). */
export function splitSentences(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  let start = 0;
  const push = (end: number): void => {
    let s = start;
    let e = end;
    while (s < e && /\s/.test(text[s] as string)) s++;
    while (e > s && /\s/.test(text[e - 1] as string)) e--;
    if (e > s) spans.push({ text: text.slice(s, e), start: s, end: e });
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') {
      push(i);
      start = i + 1;
      continue;
    }
    if (ch !== '.' && ch !== '?' && ch !== '!') continue;
    let j = i + 1;
    while (j < text.length && /["”’)\]]/.test(text[j] as string)) j++;
    // Flattened statute text runs the next subdivision on without a space: "request.(2)If any".
    const runOn = ch === '.' && /^\((\d{1,3}|[a-z]{1,4}|[A-Z])\)\s?[A-Z]/.test(text.slice(j, j + 8)) && /[a-z)]/.test(text[i - 1] ?? '');
    if (runOn) {
      push(j);
      start = j;
      i = j - 1;
      continue;
    }
    if (j < text.length && !/[ \t]/.test(text[j] as string)) continue;
    let k = j;
    while (k < text.length && /[ \t]/.test(text[k] as string)) k++;
    const next = text[k];
    if (next !== undefined && next !== '\n' && !/[A-Z("“'‘§\d]/.test(next)) continue;
    if (ch === '.' && isNonTerminalPeriod(text, i)) continue;
    push(j);
    start = j;
    i = j - 1;
  }
  push(text.length);
  return spans;
}
