import { quoteFragments } from '../../legal-facts/quote-match.js';
/**
 * Quotes: verbatim spans of a record's text around the words that support a claim. A quote
 * is always a substring of the text it was cut from, so the citation verifier can check it
 * against the database byte for byte (modulo whitespace).
 */

const MAX_QUOTE = 320;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A term as a pattern: numbers match whole ("10" is not in "100"), words match from their start. */
export function termPattern(term: string): RegExp {
  if (/^\d+$/.test(term)) return new RegExp(`(?<![\\d.])${term}(?![\\d])`);
  return new RegExp(`(?<![A-Za-z])${escape(term).replace(/\s+/g, '\\s+')}`, 'i');
}

/**
 * Ends of sentences, list items and lines. A period ends a sentence only before a capital
 * or a subdivision label ("… promptly. (d) If …", or "… record.(b) If …" where a file lost the space), so
 * "U.S.C. § 552" and "Sec. 552.301" go on.
 */
const BOUNDARY = /[;!?\n]|\.(?=\s+(?:["“(]?[A-Z]|\([a-z0-9]{1,4}\)))|\.(?=\([a-z0-9]{1,4}\)\s*[A-Z])|\.$/g;

/** Where the sentence (or list item, or line) holding `index` starts and ends (end includes its punctuation). */
function sentenceAround(text: string, index: number): [number, number] {
  let start = 0;
  let end = text.length;
  for (const m of text.matchAll(BOUNDARY)) {
    const after = m.index + 1;
    if (after <= index) start = after;
    else {
      end = m[0] === '\n' ? m.index : after;
      break;
    }
  }
  return [start, end];
}

/** Narrows a long span to about MAX_QUOTE characters around `index`, on word boundaries. */
function window(text: string, [start, end]: [number, number], index: number): [number, number] {
  if (end - start <= MAX_QUOTE) return [start, end];
  let s = Math.max(start, index - MAX_QUOTE / 2);
  let e = Math.min(end, s + MAX_QUOTE);
  while (s > start && /\S/.test(text[s - 1]!)) s--;
  while (e < end && /\S/.test(text[e]!)) e++;
  return [s, e];
}

/**
 * The text's sentences (and list items, and lines) as quotable spans: each a substring of
 * `text`, narrowed to about MAX_QUOTE characters around `focus(sentence)` (an index into the
 * sentence, default its start) when longer.
 */
export function sentenceSpans(text: string, focus: (sentence: string) => number = () => 0): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of [...text.matchAll(BOUNDARY), { index: text.length, 0: '' }]) {
    const end = m[0] === '\n' ? m.index : Math.min(text.length, m.index + 1);
    if (end > start) {
      const whole = text.slice(start, end);
      const [s, e] = window(text, [start, end], start + Math.max(0, focus(whole)));
      const quote = text.slice(s, e).trim();
      if (quote.length > 0) out.push(quote);
    }
    start = m.index + 1;
  }
  return out;
}

/** Where `text` supports a claim: the strongest anchor found (its index in `anchors`) and the quote. */
interface Support {
  rank: number;
  quote: string;
}

/**
 * The first sentence in document order (general rules come before their exceptions) that
 * holds an anchor and, when `context` is given, one of the context words too: "10" alone
 * is not a deadline, "10 … days" is. The quote is a substring of `text`.
 */
function support(text: string, anchors: readonly string[], context: readonly string[]): Support | null {
  const contextPatterns = context.map(termPattern);
  let found: { index: number; rank: number; quote: string } | null = null;
  let rank = anchors.length;
  for (const [r, anchor] of anchors.entries()) {
    const p = termPattern(anchor);
    for (const m of text.matchAll(new RegExp(p.source, `${p.flags}g`))) {
      const [s, e] = window(text, sentenceAround(text, m.index), m.index);
      const quote = text.slice(s, e).trim();
      if (quote.length === 0 || (contextPatterns.length > 0 && !contextPatterns.some((c) => c.test(quote)))) continue;
      rank = Math.min(rank, r);
      if (!found || m.index < found.index) found = { index: m.index, rank: r, quote };
      break;
    }
  }
  return found ? { rank, quote: found.quote } : null;
}

/** How well `text` supports a claim: stronger anchors score more; 0 when no sentence qualifies. */
export function supportScore(text: string, anchors: readonly string[], context: readonly string[] = []): number {
  const s = support(text, anchors, context);
  return s ? anchors.length - s.rank : 0;
}

/** The quote for a claim from `text`, or null when no sentence holds an anchor (with its context). */
export function quoteFor(text: string, anchors: readonly string[], context: readonly string[] = []): string | null {
  return support(text, anchors, context)?.quote ?? null;
}

/**
 * The sentence holding the most distinct `words` (stems, matched from a word's start);
 * null when none holds any. For passages found by search, where no single anchor decides.
 */
export function densestSentence(text: string, words: readonly string[]): string | null {
  const patterns = words.map(termPattern);
  let best: { quote: string; score: number } | null = null;
  for (const quote of sentenceSpans(text)) {
    const score = patterns.filter((p) => p.test(quote)).length;
    if (score > (best?.score ?? 0)) best = { quote, score };
  }
  return best?.quote ?? null;
}

/** The text's first sentence (for records whose whole text is the support, such as an exemption's description). */
export function openingQuote(text: string): string {
  const first = text.trim();
  const [s, e] = window(first, sentenceAround(first, 0), 0);
  return first.slice(s, e).trim() || first.slice(0, MAX_QUOTE).trim();
}

/**
 * Whitespace-insensitive containment: how the verifier compares a quote with the stored text.
 * A reviewed fact's quote may join words of one node with " … ": every piece must be there.
 */
export function containsQuote(text: string, quote: string): boolean {
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
  const haystack = squash(text);
  const pieces = quoteFragments(squash(quote));
  return pieces.length > 0 && pieces.every((p) => haystack.includes(p));
}
