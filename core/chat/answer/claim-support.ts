import { BUSINESS_WORDS, normaliseForQuote, numberForms } from '../../legal-facts/quote-match.js';
import type { ClaimRole } from './draft.js';

/**
 * Whether a cited quote states what a claim says: every period of days the claim states
 * ("business" days where it says so), and no act the claim denies granted by the quote. A
 * quote about records turning public after 75 years does not support "1 business day"; "an
 * agency may waive any charge" does not support "no fee waiver".
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

/** Acts whose polarity a claim and its quote must agree on ("may waive" is not "no fee waiver"). */
const ACTS = ['waive', 'waiver', 'appeal', 'recover', 'award', 'extend', 'extension', 'charge'];

/** The acts a sentence denies ("does not provide for a fee waiver", "cannot be waived"). */
function deniedActs(sentence: string): string[] {
  const s = sentence.toLowerCase();
  if (!/\b(?:no|not|cannot|never|without)\b|n't\b/.test(s)) return [];
  return ACTS.filter((a) => new RegExp(`\\b(?:no|not|cannot|never|without)\\b[^.;]{0,40}\\b${a}`).test(s));
}

/** Whether the quote grants an act outright ("an agency may waive any charge"). */
function grants(quote: string, act: string): boolean {
  const stemmed = act.replace(/(?:er|ion)$/, '');
  return new RegExp(`\\b(?:may|shall|must|is entitled to)\\s+(?:\\w+\\s+){0,2}${stemmed}`).test(quote) && !new RegExp(`\\b(?:may|shall) not\\s+(?:\\w+\\s+){0,2}${stemmed}`).test(quote);
}

/** True when the quote states every period the claim asserts and grants nothing the claim denies. */
export function quoteSupportsClaim(claim: string, role: ClaimRole, quote: string): boolean {
  const q = normaliseForQuote(quote);
  const asserted = assertedPart(claim, role);
  const periods = statedPeriods(asserted).every(
    (p) => numberForms(p.days).test(q) && (p.unit === 'business' || p.unit === 'working' ? BUSINESS_WORDS.test(q) : true),
  );
  return periods && deniedActs(asserted).every((act) => !grants(q, act));
}
