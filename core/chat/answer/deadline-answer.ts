import type { JurisdictionDetail } from '../../transparency/transparency-views.js';
import type { Premise } from '../question/premise.js';
import { absence, correction, emptyParts, fact, numberTerms, type Claim, type DraftParts } from './draft.js';
import { daysText } from '../../legal-facts/fact-display.js';
import type { EvidenceRequest } from './evidence-finder.js';
import { reviewedEvidence } from './reviewed-evidence.js';
import { composeFromFact } from './fact-answer.js';
import { mainFact } from '../../legal-facts/fact-view.js';
import type { RequesterClass } from '../../legal-facts/legal-fact-schema.js';
import { basisSections, capital, placeOf, responseRules, standardOf, type ResponseRules } from './law-record-shapes.js';

/** A question that also asks whether the agency may take longer. */
const ASKS_EXTENSION = /\b(?:extend|extends|extended|extensions?|longer|longest|more time|additional time|extra time|drag(?:s|ging)? (?:it|this|that|things) out|(?:go|run|take) (?:past|beyond) (?:that|it|the deadline))\b|\bpast that\b/i;

/** How a question names a class of requesters the reviewed facts may give a deadline of its own. */
const CLASS_WORDS: ReadonlyArray<[RequesterClass, RegExp]> = [
  ['nonresident', /\bnon-?residents?\b|\bout[- ]of[- ]state(?:rs?)?\b|\bdo(?:n't| not) live\b|\blives? outside\b/i],
  ['commercial', /\bcommercial\b|\bcompan(?:y|ies)\b|\bbusiness(?:es)? requesters?\b/i],
  ['media', /\breporters?\b|\bjournalists?\b|\bmedia\b|\bnews\b|\bpress\b/i],
  ['incarcerated', /\bprisoners?\b|\binmates?\b|\bincarcerated\b/i],
  ['own_records', /\b(?:my own|about me|my file|records about myself)\b/i],
];

const UNIT_TERMS: Record<string, string[]> = { business: ['business day', 'working day', 'business'], calendar: ['calendar day', 'day'] };

/** The words of a standard ("as soon as practicable") that a quote should hold. */
function standardTerms(standard: string | null): string[] {
  const words = ['prompt', 'reasonabl', 'as soon as', 'practicable', 'without delay', 'immediately', 'timely'];
  return [...(standard ? [standard] : []), ...words];
}

function deadlineRequest(slug: string, rr: ResponseRules, key: string): EvidenceRequest {
  const d = rr.initial_deadline;
  const bases = d ? [d.basis, ...d.corroborated_by] : rr.no_fixed_deadline_basis;
  return {
    key,
    jurisdiction: slug,
    sectionIds: basisSections(slug, bases),
    citations: rr.citation ? [rr.citation] : [],
    rightCategories: ['timeliness'],
    terms: d ? numberTerms(d.days) : standardTerms(standardOf(rr.no_fixed_deadline_reason)),
    context: d ? ['day', ...(UNIT_TERMS[d.unit] ?? [])] : ['respond', 'response', 'request', 'record', 'deadline', 'time'],
  };
}

/** What the deadline requires of the agency, as the law database records it. */
function deadlineAction(d: NonNullable<ResponseRules['initial_deadline']>): string {
  const action = d.kind === 'acknowledgment' ? 'to acknowledge a public-records request' : 'to respond to a public-records request';
  return d.applies_to ? `${action} (this deadline applies to ${d.applies_to})` : action;
}

/** Whether the sentence that asks (the last one ending in "?") states the premise's number of days. */
function asksAboutPremise(question: string, days: number): boolean {
  const sentences = question.split(/(?<=[.!?])\s+/).filter((x) => x.trim().length > 0);
  const asking = [...sentences].reverse().find((x) => x.trim().endsWith('?')) ?? question;
  return question === '' || numberTerms(days).some((t) => new RegExp(`\\b${t}(?:th)?\\b`, 'i').test(asking));
}

/** The claim the data makes, with or without a check of the question's premise first. */
function deadlineClaims(rr: ResponseRules, where: string, premise: Premise | null, key: string, question: string, words?: string): { claims: Claim[]; premiseFalse: boolean } {
  const d = rr.initial_deadline;
  const standard = standardOf(rr.no_fixed_deadline_reason);
  const rule = d
    ? `${capital(where)}, an agency has ${daysText(d.days, d.unit, words)} ${deadlineAction(d)}.`
    : `${capital(where)}, the law sets no fixed number of days for a first response${standard ? ` (the sources say: "${standard}")` : ''}.`;
  if (!premise || (premise.field !== 'deadline' && premise.field !== 'no_deadline')) return { claims: [fact(rule, key)], premiseFalse: false };
  if (premise.field === 'no_deadline') {
    if (!d) return { claims: [fact(`Yes. ${rule}`, key)], premiseFalse: false };
    return { claims: [correction(`No: the question assumes there is no deadline ${where}, but there is one: ${daysText(d.days, d.unit, words)}.`, key)], premiseFalse: true };
  }
  const stated = daysText(premise.days, premise.unit);
  const holds = d !== null && d.days === premise.days && (premise.unit === null || premise.unit === d.unit);
  // "Yes" answers the question only when it asks about the deadline itself; a true premise stated as context
  // ("It blew the ten-day deadline. Can it still bill me?") is confirmed without answering the question asked.
  if (holds) return { claims: [fact(asksAboutPremise(question, premise.days) ? `Yes. ${rule}` : rule, key)], premiseFalse: false };
  const actual = d ? `the deadline is ${daysText(d.days, d.unit, words)}` : `the law sets no fixed number of days${standard ? ` (the sources say: "${standard}")` : ''}`;
  return { claims: [correction(`No: the question assumes a deadline of ${stated}, but ${where} ${actual}.`, key)], premiseFalse: true };
}

/** "How long does an agency have to respond in X?" (and "What is the 3-day deadline in X?"). */
export function composeDeadline(d: JurisdictionDetail, premise: Premise | null, question = '', context = ''): DraftParts {
  const parts = emptyParts();
  const rr = responseRules(d);
  const { where } = placeOf(d);
  if (!rr) {
    parts.lead.push(absence(`The law database holds no response deadline ${where}.`));
    return parts;
  }
  const key = `deadline:${d.slug}`;
  // The statute's words for the unit ("ten working days") where a reviewed fact holds them.
  const { claims, premiseFalse } = deadlineClaims(rr, where, premise, key, question, reviewedEvidence(d, 'initial_response')?.quote);
  parts.lead.push(...claims);
  parts.premiseFalse = premiseFalse;
  parts.requests.push({ ...deadlineRequest(d.slug, rr, key), reviewed: reviewedEvidence(d, 'initial_response') });
  // "… a resident versus a non-resident?", "… for a reporter?": the deadline of the class asked about too, also when an
  // earlier question of the conversation named it ("my own file", then "Can they drag it out past that?").
  const classes = CLASS_WORDS.filter(([, re]) => re.test(question) || re.test(context)).map(([cls]) => cls);
  for (const cls of classes) {
    const variant = (d.facts ?? []).find((f) => f.field === 'initial_response' && f.requester_class === cls);
    if (variant) composeFromFact(d, variant, parts);
  }
  // "… and can it take longer?": the second part is answered from the reviewed extension fact
  // only (derived extension periods mixed up other periods too often to state as law).
  if (ASKS_EXTENSION.test(question)) {
    const extension = mainFact(d.facts ?? [], 'extension');
    if (extension) composeFromFact(d, extension, parts);
    else parts.lead.push(absence(`The reviewed facts do not say whether an agency ${where} may extend its time.`));
    for (const cls of classes) {
      const variant = (d.facts ?? []).find((f) => f.field === 'extension' && f.requester_class === cls);
      if (variant) composeFromFact(d, variant, parts);
    }
  }
  return parts;
}
