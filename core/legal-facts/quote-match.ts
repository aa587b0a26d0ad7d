/**
 * How a reviewed fact's words are matched against the text they come from: the checks at
 * review time, the flag set at ingestion and the chat's citation of a fact all use these.
 */

/** Comparable text: one space for any run of whitespace, straight quotes and apostrophes, lower case. */
export function normaliseForQuote(s: string): string {
  return s
    .replace(/[\u2018\u2019\u201B\u2032`]/g, "'")
    .replace(/[\u201C\u201D\u201F\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/\u00A0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The pieces of a quote: words from one node may be joined by " … " where the text between them does not matter. */
export function quoteFragments(quote: string): string[] {
  return quote
    .split(/\s*(?:…|\.\.\.)\s*/)
    .map((f) => f.trim())
    .filter((f) => f.length > 0);
}

/** Whether every piece of a quote occurs in the text (compared as {@link normaliseForQuote} does). */
export function quoteInText(text: string, quote: string): boolean {
  const haystack = normaliseForQuote(text);
  const pieces = quoteFragments(normaliseForQuote(quote));
  return pieces.length > 0 && pieces.every((p) => haystack.includes(p));
}
