import { linesOf, type OutlineHeading } from './outline-sections.js';

/**
 * Headings of the HOLE plain-text summaries. The files follow no single layout, so
 * several shapes count, ranked from outer to inner:
 *  1. a line framed by or following a rule of `=`/`-`/`*` characters, or underlined
 *     with `=`: "STATUTORY FRAMEWORK\n=====", "=====\n\nSection 36-12-40. Rights …";
 *  2. a line in capitals, alone or as the key of "KEY: value": "RESPONSE DEADLINES:",
 *     "OFFICIAL CITATION: HRS Chapter 92F", "A.R.S. § 39-121. INSPECTION OF …";
 *  3. a line underlined with `-`, or a section lead "NRS 239.001 - Legislative …",
 *     "192.314 Policy.", "§ 24A.1. Short title.".
 */

const RULE = /^\s*([=\-_*~])\1{2,}\s*$/;
const LIST_ITEM = /^\s*(?:[-*•·]\s|\d{1,2}[.)]\s|\(?[a-z0-9]{1,3}\)\s)/;
const CITE_LEAD = /^(?:[A-Z][A-Za-z.]*\s)+(?:§+\s?)?\d[\w.:-]*(?:\s[IVX]+)?\s[-–—]\s\S.{0,150}$/;
const NUMBERED_LEAD = /^(?:§\s?)?\d+[A-Za-z]?[.:-]\d[\w.:-]*\.?\s+[A-Z][^\n]{2,120}\.$/;

interface Line {
  start: number;
  text: string;
}

/** Heading text and rank of a capitals line, or null when the line is not one. */
function capitalsHeading(text: string): string | null {
  const t = text.trim();
  if (t.length > 160 || LIST_ITEM.test(t)) return null;
  const colon = t.indexOf(':');
  const key = colon > 0 && colon <= 100 ? t.slice(0, colon) : t;
  if (/[a-z]/.test(key) || (key.match(/[A-Z]/g)?.length ?? 0) < 3) return null;
  // A URL is not a heading even in capitals.
  if (/^HTTPS?$/i.test(key)) return null;
  return key.trim();
}

function isBlank(line: Line | undefined): boolean {
  return line === undefined || line.text.trim() === '';
}

/** Rank-1 heading: framed by rules, underlined with `=`, or first line after a standalone rule. */
function framedHeading(lines: readonly Line[], k: number): boolean {
  const line = lines[k] as Line;
  const text = line.text.trim();
  // "KEY: value" lines between rules are header fields, not framed headings.
  const keyValue = /^[^:]{1,100}:\s*\S/.test(text) && capitalsHeading(text) !== null;
  if (keyValue || text.length > 160 || LIST_ITEM.test(text)) return false;
  const below = lines[k + 1];
  if (below && RULE.test(below.text) && below.text.trim().startsWith('=')) return true;
  let j = k - 1;
  while (j >= 0 && isBlank(lines[j])) j--;
  const above = lines[j];
  if (!above || !RULE.test(above.text)) return false;
  // The rule must stand alone, not underline the line before it.
  const beforeRule = lines[j - 1];
  return j === 0 || isBlank(beforeRule) || RULE.test(beforeRule?.text ?? '');
}

/**
 * Headings in `raw[0, end)`, the title (first non-empty line) excluded. Rules and
 * underlines themselves are never headings.
 */
export function summaryHeadings(raw: string, end: number): OutlineHeading[] {
  const lines = linesOf(raw.slice(0, end));
  const titleIndex = lines.findIndex((l) => l.text.trim() !== '');
  const out: OutlineHeading[] = [];
  lines.forEach((line, k) => {
    const text = line.text.trim();
    if (k <= titleIndex || text === '' || RULE.test(text)) return;
    const below = lines[k + 1];
    const dashUnderline = below !== undefined && RULE.test(below.text) && below.text.trim().startsWith('-');
    if (framedHeading(lines, k)) out.push({ start: line.start, level: 1, heading: text });
    else if (capitalsHeading(text) !== null) out.push({ start: line.start, level: 2, heading: capitalsHeading(text) as string });
    else if (dashUnderline || CITE_LEAD.test(text) || NUMBERED_LEAD.test(text)) {
      out.push({ start: line.start, level: 3, heading: text });
    }
  });
  return out;
}
