/**
 * How deadlines read to people, in the API's explanations and in letters: one wording for
 * both, built from the reviewed facts' values and citations, never from the derivations'
 * internal notes ("The sources state a standard …").
 */
import { daysText } from '../legal-facts/fact-display.js';
import type { RequesterClass } from '../legal-facts/legal-fact-schema.js';
import type { DeadlineVariant } from './foia-law-store.js';

/** A class of requesters as the object of "a request from …". */
export const REQUESTER_CLASS_LABELS: Readonly<Record<RequesterClass, string>> = {
  nonresident: 'a nonresident',
  commercial: 'a commercial requester',
  media: 'a member of the news media',
  incarcerated: 'an incarcerated person',
  own_records: 'a person asking for records about themselves',
};

/** ` (citation)`, or nothing. */
export const cited = (citation: string | null): string => (citation ? ` (${citation})` : '');


// Ingestion's note on a law without a number of days carries the law's words in ("…").
const DERIVED_STANDARD = /\("([^"]+)"\)\s+rather than a number of days\.?$/;

/** The law's words from a derived "no fixed deadline" note, or null when the note has none. */
export function standardFromDerivedReason(reason: string | null): string | null {
  return reason ? (DERIVED_STANDARD.exec(reason)?.[1] ?? null) : null;
}

/**
 * What the law requires, as the object of "requires": "a response promptly", "a response
 * within a reasonable time". The standard is the law's words, kept as they are.
 */
export function responseStandardClause(standard: string): string {
  const s = standard.trim().replace(/[.;,]+$/, '');
  if (/^(promptly|immediately|forthwith|without|within|as soon|no later)\b/i.test(s)) return `a response ${s}`;
  if (/^(an? )?(reasonable|practicable)\b/i.test(s)) return `a response within ${s}`;
  return `a response in keeping with this standard: ${s}`;
}

/** Why there is no due date, from the law's standard: "The law sets no fixed number of days …; it requires a response promptly (R.C. …)." */
export function noFixedDeadlineSentence(standard: string | null, citation: string | null): string {
  return standard
    ? `The law sets no fixed number of days for the response; it requires ${responseStandardClause(standard)}${cited(citation)}.`
    : `The law sets no fixed number of days for the response${cited(citation)}.`;
}

/** A line pointing to another class of requesters' deadline, so a requester can tell whether it is theirs. */
export function variantLine(variant: DeadlineVariant): string {
  const who = REQUESTER_CLASS_LABELS[variant.requesterClass];
  const period =
    variant.days !== null && variant.unit !== null ? `allows ${daysText(variant.days, variant.unit)}` : 'sets no fixed number of days';
  return `For a request from ${who} the law ${period}${cited(variant.citation)}; set requester_class to "${variant.requesterClass}" if that applies.`;
}
