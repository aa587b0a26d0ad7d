import { isSuccessor, readToken, type LabelKind, type LabelReading } from './label-tokens.js';

/** An item of a list printed inside a paragraph, offsets relative to the text searched. */
export interface InlineItem {
  key: string;
  start: number;
  labelEnd: number;
  /** End of the item's text, trailing blanks excluded. */
  end: number;
}

/** Words before "(A)" that make it a reference ("subparagraph (A)"), not a list item. */
const REFERENCE_WORDS =
  /\b(?:sections?|subsections?|paragraphs?|subparagraphs?|clauses?|subclauses?|subdivisions?|items?|divisions?|exemptions?|under|in|of|to|and|or|through|see)\s*$/i;

/** What must come right before the second and later items: ", ", "; ", ", or ", " and ". */
const ITEM_SEPARATOR = /(?:[,;]\s(?:and\s|or\s)?|\s(?:and|or)\s)$/;

const PAREN = /\(([A-Za-z0-9]{1,5})\)/g;

interface Found {
  key: string;
  start: number;
  labelEnd: number;
}

function firstReading(key: string, excluded: ReadonlySet<LabelKind>): LabelReading | null {
  const token = readToken(key, 'paren');
  const first = token?.readings.find((r) => r.major === 1 && r.minor === 0 && !excluded.has(r.kind));
  return first ?? null;
}

function wordCount(s: string): number {
  return s.split(/\s+/).filter((w) => /[A-Za-z]/.test(w)).length;
}

/** Follows one list from its first item; null when fewer than two items qualify. */
function followList(line: string, found: readonly Found[], from: number, first: LabelReading): Found[] | null {
  const items: Found[] = [found[from] as Found];
  let last = first;
  for (let j = from + 1; j < found.length; j++) {
    const f = found[j] as Found;
    const reading = readToken(f.key, 'paren')?.readings.find((r) => r.kind === last.kind && isSuccessor(last, r));
    if (!reading) continue;
    const prev = items[items.length - 1] as Found;
    const between = line.slice(prev.labelEnd, f.start);
    if (!ITEM_SEPARATOR.test(between) || wordCount(between) < 3) continue;
    items.push(f);
    last = reading;
  }
  return items.length >= 2 ? items : null;
}

/**
 * Finds a list whose items are printed inside one paragraph, as 5 U.S.C. § 552(b)(7)
 * does: "… information (A) could reasonably be expected to interfere …, (B) would deprive
 * …, (C) could reasonably be expected to constitute …". The first item must be the
 * first of its scheme ("(A)", "(a)", "(1)", "(i)") and not follow a reference word;
 * each later item must follow ", ", "; " or " and "/" or " after at least three words.
 * Schemes in `excludedKinds` (used by the enclosing levels) are not considered.
 */
export function findInlineList(text: string, excludedKinds: ReadonlySet<LabelKind>): InlineItem[] {
  const lineEnd = text.indexOf('\n') === -1 ? text.length : text.indexOf('\n');
  const line = text.slice(0, lineEnd);
  const found: Found[] = [...line.matchAll(PAREN)].map((m) => ({
    key: m[1] as string,
    start: m.index ?? 0,
    labelEnd: (m.index ?? 0) + m[0].length,
  }));
  for (let i = 0; i < found.length; i++) {
    const f = found[i] as Found;
    const first = firstReading(f.key, excludedKinds);
    if (!first || f.start === 0 || !/\s/.test(line[f.start - 1] as string)) continue;
    if (REFERENCE_WORDS.test(line.slice(Math.max(0, f.start - 20), f.start))) continue;
    const items = followList(line, found, i, first);
    if (!items) continue;
    return items.map((it, k) => {
      const next = items[k + 1];
      let end = next ? next.start : line.length;
      while (end > it.labelEnd && /\s/.test(line[end - 1] as string)) end--;
      return { key: it.key, start: it.start, labelEnd: it.labelEnd, end };
    });
  }
  return [];
}
