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

const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** "45" → "forty-five"; below 1,000. */
function numberWords(n: number): string {
  if (n < 20) return UNITS[n] as string;
  if (n < 100) return `${TENS[Math.floor(n / 10)]}${n % 10 ? `-${UNITS[n % 10]}` : ''}`;
  return `${UNITS[Math.floor(n / 100)]} hundred${n % 100 ? ` ${numberWords(n % 100)}` : ''}`;
}

/** The ways a statute writes a number of days: "45", "45th", "forty-five", "forty five", and a few periods in other words. */
export function numberForms(n: number): RegExp {
  const words = numberWords(n);
  const alternatives = [`${n}(?:st|nd|rd|th)?`, words.replace('-', '[- ]'), `${words.replace(/-?(one|two|three|four|five|six|seven|eight|nine)$/, (_m, u: string) => ` ${u}`).trim()}`];
  const periods: Record<number, string[]> = { 1: ['following business day', 'next business day', 'next day'], 7: ['one calendar week', 'one week'], 14: ['two weeks'], 365: ['one year', '1 year'], 730: ['two years'] };
  alternatives.push(...(periods[n] ?? []));
  if (n === 1) alternatives.push('first', 'a business day', 'one business day');
  // "before the 31st day" is "within 30 days".
  alternatives.push(`before the ${n + 1}(?:st|nd|rd|th)`);
  const ordinal = ['', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'][n];
  if (ordinal) alternatives.push(ordinal);
  return new RegExp(`(?<![\\w.])(?:${alternatives.join('|')})(?!\\w)`, 'i');
}

/** Words that say days are counted as business days. */
export const BUSINESS_WORDS = /business|working|saturday|holiday|excluding weekends/i;
