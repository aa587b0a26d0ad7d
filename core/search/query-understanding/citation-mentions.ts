/**
 * Statute citations inside a search query — "§ 552.301", "RCW 42.56.070", "552(b)(6)",
 * "FOIA exemption 6", "Tex. Gov't Code § 552.301(b)" — with the words that may name their
 * code, so the keyword side can look the section up instead of hoping its text matches.
 */
import { extractCitations, normalizeCitationText, type CitationRef } from '../../law/citations.js';
import { readDesignators } from '../../law/citations-syntax.js';

/** A citation found in a query; offsets are in the query. */
export interface QueryCitation extends CitationRef {
  raw: string;
  start: number;
  end: number;
  /**
   * Candidate texts naming the code, most specific first ("Tex. Gov't Code § 552.301",
   * "Gov't Code § 552.301", …): the citation with up to four words before it.
   */
  codeTexts: string[];
  /** "exemption 6": only the federal FOIA numbers its exemptions that way. */
  federalExemption: boolean;
}

/**
 * A bare section number people type without "§": "552(b)(6)", "552.301", "42.56.070". It
 * must have a separator or designators, so "10 days" is no citation.
 */
const BARE = /(?<![\w.§$])(\d+[A-Za-z]{0,2}(?:[.:-]\d+[A-Za-z]{0,2})+|\d+[A-Za-z]{0,2}(?=\s?\())((?:\s?\(\s?[A-Za-z0-9]{1,6}\s?\))*)(?![\w.])/g;

function bareMentions(norm: string): Array<CitationRef & { raw: string; start: number; end: number }> {
  return [...norm.matchAll(BARE)].map((m) => {
    const start = m.index ?? 0;
    return { raw: m[0], start, end: start + m[0].length, sectionNumber: m[1] as string, path: readDesignators(m[2] ?? '') };
  });
}

/** The citation with one to four preceding words, longest first, for code-name detection. */
function codeTextsOf(query: string, start: number, end: number): string[] {
  const before = query.slice(0, start).trimEnd().split(/\s+/).filter(Boolean);
  const cited = query.slice(start, end);
  const out = [cited];
  for (let n = 1; n <= Math.min(4, before.length); n++) out.unshift(`${before.slice(-n).join(' ')} ${cited}`);
  return out;
}

/** Every citation the query makes, left to right, without overlaps. */
export function findQueryCitations(query: string): QueryCitation[] {
  const norm = normalizeCitationText(query);
  const led = extractCitations(query, 'federal');
  const free = bareMentions(norm).filter((b) => !led.some((m) => b.start < m.end && m.start < b.end));
  return [...led, ...free]
    .sort((a, b) => a.start - b.start)
    .map((m) => ({
      raw: m.raw,
      start: m.start,
      end: m.end,
      sectionNumber: m.sectionNumber,
      path: m.path,
      codeTexts: codeTextsOf(query, m.start, m.end),
      federalExemption: /exemption/i.test(m.raw),
    }));
}
