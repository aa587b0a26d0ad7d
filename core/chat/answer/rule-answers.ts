import type { JurisdictionDetail } from '../../transparency/transparency-views.js';
import type { Premise } from '../question/premise.js';
import { absence, correction, emptyParts, fact, type Claim, type DraftParts } from './draft.js';
import { reviewedEvidence } from './reviewed-evidence.js';
import { mainFact } from '../../legal-facts/fact-view.js';
import { capital, clause, feeRules, appealRules, placeOf, requesterRules } from './law-record-shapes.js';

/** A law's name without its parenthesised acronym, as documents write it. */
export function coreLawName(name: string): string {
  return name.replace(/\s*\([^)]*\)\s*/g, ' ').trim();
}

/** "What is the public records law in X called?" */
export function composeLawName(d: JurisdictionDetail): DraftParts {
  const parts = emptyParts();
  const { of } = placeOf(d);
  if (!d.law) {
    parts.lead.push(absence(`The law database holds no public-records law for ${of}.`));
    return parts;
  }
  const key = `law:${d.slug}`;
  parts.lead.push(fact(`The public-records law of ${of} is the ${d.law.name}${d.law.citation ? ` (${d.law.citation})` : ''}.`, key));
  if (d.law.citation) parts.lawCitations.push(d.law.citation);
  const name = coreLawName(d.law.name);
  parts.requests.push({ key, jurisdiction: d.slug, phrase: name, terms: [name] });
  return parts;
}

/** A yes/no rule: the claim for each value, and what a premise about it looks like. */
interface YesNoRule {
  value: boolean | null;
  yes: string;
  no: string;
  unknown: string;
  /** The rule as a premise states it, for the correction ("fee waivers are available"). */
  premise: (value: boolean) => string;
  /** Whether the question is asked the other way round ("Can a non-resident request?"): its "Yes" is the rule's "no". */
  askedInverted?: boolean;
  /** False when the question does not ask yes or no ("Who can request …?"): the answer opens with the rule, not "Yes"/"No". */
  asksYesNo?: boolean;
}

/** "Can …?", "Does …?", "Is …?": a question a "Yes" or a "No" answers (by its first word). */
export function asksYesOrNo(question: string): boolean {
  return question.trim() === '' || /^(?:and |but |so )?(?:can|could|do|does|did|is|are|was|were|must|may|might|will|would|should|shall|has|have|am)\b/i.test(question.trim());
}

/** The answer to a yes/no rule, checking the question's premise first. */
function yesNo(rule: YesNoRule, key: string, premise: Premise | null, where: string): { claims: Claim[]; premiseFalse: boolean } {
  if (rule.value === null) return { claims: [absence(rule.unknown)], premiseFalse: false };
  const claim = rule.value ? rule.yes : rule.no;
  const premised = premise && 'value' in premise ? premise.value : null;
  const answer = rule.value !== (rule.askedInverted ?? false);
  const opening = rule.asksYesNo === false ? '' : `${answer ? 'Yes' : 'No'}. `;
  if (premised === null || premised === rule.value) return { claims: [fact(`${opening}${claim}`, key)], premiseFalse: false };
  const text = `No: the question assumes that ${rule.premise(premised)} ${where}, but the law database says otherwise. ${claim}`;
  return { claims: [correction(text, key)], premiseFalse: true };
}

function withYesNo(parts: DraftParts, r: { claims: Claim[]; premiseFalse: boolean }): DraftParts {
  parts.lead.push(...r.claims);
  parts.premiseFalse = r.premiseFalse;
  return parts;
}

/** "Can fees be waived in X?" */
export function composeFeeWaiver(d: JurisdictionDetail, premise: Premise | null): DraftParts {
  const parts = emptyParts();
  const w = feeRules(d)?.fee_waiver;
  const { where } = placeOf(d);
  const key = `fee_waiver:${d.slug}`;
  const criteria = w?.criteria ? ` (${clause(w.criteria)})` : '';
  const rule: YesNoRule = {
    value: w?.available ?? null,
    yes: `${capital(where)}, fees can be waived or reduced${criteria}.`,
    no: `The law database records no fee-waiver provision ${where}${criteria}.`,
    unknown: `The law database does not say whether fees can be waived ${where}.`,
    premise: (v) => (v ? 'fee waivers are available' : 'fee waivers are not available'),
  };
  const terms = w?.available ? ['waive', 'waiver', 'reduc', 'without charge', 'free of charge', 'no charge'] : ['actual cost', 'direct cost', 'cost'];
  const context = w?.available ? ['fee', 'charge', 'cost', 'copy', 'copies'] : ['fee', 'charge', 'copy', 'copies', 'duplicat'];
  parts.requests.push({ key, jurisdiction: d.slug, citations: w?.citation ? [w.citation] : [], rightCategories: ['fees_and_waivers'], terms, context, reviewed: reviewedEvidence(d, 'fee_waiver') });
  return withYesNo(parts, yesNo(rule, key, premise, where));
}

/** "Can an agency in X charge for search time?" — the rule as the sources word it. */
export function composeSearchFee(d: JurisdictionDetail): DraftParts {
  const parts = emptyParts();
  const fee = (d.fees as { search_fee?: string | null } | null)?.search_fee ?? null;
  const { where } = placeOf(d);
  if (!fee) {
    parts.lead.push(absence(`The law database does not say whether agencies may charge for search time ${where}.`));
    return parts;
  }
  const key = `search_fee:${d.slug}`;
  parts.lead.push(fact(`On charging for the time spent searching for records ${where}, the law database records: ${clause(fee)}.`, key));
  parts.requests.push({ key, jurisdiction: d.slug, rightCategories: ['fees_and_waivers'], terms: ['search', 'locat', 'retriev', 'staff time', 'labor'], context: ['fee', 'charge', 'cost', 'time'], reviewed: reviewedEvidence(d, 'search_fees') });
  return parts;
}

/** "Can I recover attorney fees if I win in court in X?" */
export function composeAttorneyFees(d: JurisdictionDetail, premise: Premise | null): DraftParts {
  const parts = emptyParts();
  const a = appealRules(d)?.attorney_fees;
  const { where } = placeOf(d);
  const key = `attorney_fees:${d.slug}`;
  const notes = a?.notes ? ` (the sources say: ${clause(a.notes)})` : '';
  const rule: YesNoRule = {
    value: a?.recoverable ?? null,
    yes: `${capital(where)}, a requester who wins a public-records lawsuit can recover attorney fees${notes}.`,
    no: `${capital(where)}, the law does not provide for recovering attorney fees${notes}.`,
    unknown: `The law database does not say whether a requester can recover attorney fees ${where}.`,
    premise: (v) => (v ? 'attorney fees can be recovered' : 'attorney fees cannot be recovered'),
  };
  parts.requests.push({ key, jurisdiction: d.slug, citations: a?.citation ? [a.citation] : [], rightCategories: ['attorney_fees'], terms: ["attorney's fees", "attorneys' fees", 'attorney fees', 'attorney'], context: ['fee', 'cost'], reviewed: reviewedEvidence(d, 'attorney_fees') });
  return withYesNo(parts, yesNo(rule, key, premise, where));
}

/** Rights whose text says who may request ("any citizen may obtain copies …"). */
export const RESIDENCY_REQUIRED_RIGHTS = ['inspection', 'copies', 'request_submission', 'constitutional_right'];

/** "Do I have to live in X to request records?" */
/** A residency question asked from the outsider's side ("Does the law apply to requesters from out of state?"). */
// "I live in Texas" in a question about Arkansas's law: the asker is from elsewhere (the reader sets that place aside).
const ASKS_FOR_OUTSIDERS =
  /\b(?:non-?residents?|out[- ]of[- ]state|from (?:out of|another|other) states?|(?:don't|do not|doesn't|does not) live|outside (?:the state|[A-Z][a-z]+)|foreign(?:ers| nationals?| citizens?)?|anyone|any person|(?:I|we)(?:'m| am| are)?\s+(?:an?\s+(?:[\w-]+\s+){1,3})?(?:live|living|based|reside|located) (?:in|out of))\b/i;

const ASKS_DIFFERENCE = /\b(?:matter|make (?:a|any) difference|differently|different(?:ly)? from|more than|treated (?:the same|differently)|affect|change)\b/i;

/** Whether a question speaks of requesters from elsewhere ("I don't live in Idaho", "an out-of-state reporter"). */
export const asksAboutOutsiders = (question: string): boolean => ASKS_FOR_OUTSIDERS.test(question);

export function composeResidency(d: JurisdictionDetail, premise: Premise | null, question = ''): DraftParts {
  const parts = emptyParts();
  const required = requesterRules(d)?.residency_required ?? null;
  const { where, of } = placeOf(d);
  const key = `residency:${d.slug}`;
  // Who the law gives the right to, in its words ("all other persons interested"), where a reviewed fact holds them.
  const who = (mainFact(d.facts ?? [], 'who_may_request')?.value as { who?: string | null } | undefined)?.who?.trim();
  const whoWords = who && reviewedEvidence(d, 'who_may_request') ? who.replace(/\.$/, '') : null;
  const rule: YesNoRule = {
    value: required,
    yes: `${capital(where)}, the right to request public records is limited to citizens or residents of ${of}${whoWords ? `: the law gives it to ${whoWords}` : ''}.`,
    no: `${capital(where)}, you do not have to be a resident to request public records${whoWords ? `: the law gives the right to ${whoWords}` : ''}.`,
    unknown: `The law database does not say whether ${of} limits requests to its residents.`,
    premise: (v) => (v ? 'requesters must be residents' : 'requesters need not be residents'),
    askedInverted: ASKS_FOR_OUTSIDERS.test(question),
    // "Does it matter that I don't live there?", "Will they treat me differently?": whether the right is limited does
    // not answer that with a yes or a no; the rule, and what differs for non-residents, do.
    asksYesNo: asksYesOrNo(question) && !ASKS_DIFFERENCE.test(question),
  };
  const terms = required ? ['citizen', 'resident'] : ['any person', 'every person', 'all persons', 'anyone', 'regardless', 'any member of the public', 'resident', 'citizen'];
  const context = ['record', 'request', 'inspect', 'access', 'copy', 'copies', 'information'];
  parts.requests.push({ key, jurisdiction: d.slug, rightCategories: required ? RESIDENCY_REQUIRED_RIGHTS : ['no_residency_requirement', 'inspection'], phrase: required ? 'citizen' : undefined, terms, context, reviewed: reviewedEvidence(d, 'who_may_request') });
  return withYesNo(parts, yesNo(rule, key, premise, where));
}
