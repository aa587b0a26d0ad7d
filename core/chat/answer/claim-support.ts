import { BUSINESS_WORDS, normaliseForQuote, numberForms } from '../../legal-facts/quote-match.js';
import type { ClaimRole } from './draft.js';

/**
 * Whether a cited quote states what a claim says of time: every period of days the claim
 * states, and "business" days where it says so, must be in the quote. A quote about records
 * turning public after 75 years does not support "1 business day", however close its words.
 */

const PERIOD = /\b(\d{1,4})(?:\s|-)(?:(business|working|calendar)\s)?days?\b/gi;

/** The part of a claim that states the law: a correction's premise ("assumes 3 days, but …") is not. */
function assertedPart(text: string, role: ClaimRole): string {
  if (role !== 'correction') return text;
  const at = text.lastIndexOf(', but ');
  return at >= 0 ? text.slice(at + ', but '.length) : text;
}

/** The periods of days a sentence states, with their unit when it names one. */
export function statedPeriods(text: string): Array<{ days: number; unit: string | null }> {
  return [...text.matchAll(PERIOD)].map((m) => ({ days: Number(m[1]), unit: m[2] ? m[2].toLowerCase() : null }));
}

/** True when the quote states every period the claim asserts (or the claim asserts none). */
export function quoteSupportsClaim(claim: string, role: ClaimRole, quote: string): boolean {
  const q = normaliseForQuote(quote);
  return statedPeriods(assertedPart(claim, role)).every(
    (p) => numberForms(p.days).test(q) && (p.unit === 'business' || p.unit === 'working' ? BUSINESS_WORDS.test(q) : true),
  );
}
