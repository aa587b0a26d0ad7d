import { mainFact, type FactView } from '../../legal-facts/fact-view.js';
import type { JurisdictionDetail } from '../../transparency/transparency-views.js';
import { aggregate, fact, type Claim, type DraftParts } from './draft.js';
import { daysText } from '../../legal-facts/fact-display.js';
import { holdsTerm, questionTerms, stemWord, stemsOf, type QuestionTerm } from './statute-sentences.js';
import { capital, placeOf } from './law-record-shapes.js';

/**
 * Questions outside the built-in topics ("When must a Texas city ask the Attorney General for
 * a ruling?") are often answered by one of the jurisdiction's reviewed facts. The fact whose
 * words best match the question is stated with who must act, cited to the words that state
 * it; passages found by search follow as further reading.
 */

/** Words a person uses for each field, beside the fact's own words. */
const FIELD_WORDS: Record<FactView['field'], string[]> = {
  initial_response: ['respond', 'response', 'answer', 'deadline', 'long', 'days'],
  acknowledgment: ['acknowledge', 'acknowledgment', 'receipt', 'confirm'],
  extension: ['extend', 'extension', 'longer', 'more', 'additional'],
  deemed_denial: ['deemed', 'silence', 'ignore', 'ignores', 'never', 'fails', 'failure', 'misses'],
  administrative_appeal: ['appeal', 'review', 'head', 'challenge'],
  court_review: ['court', 'sue', 'lawsuit', 'judge', 'file'],
  attorney_fees: ['attorney', 'lawyer', 'fees', 'costs'],
  who_may_request: ['resident', 'residents', 'citizen', 'citizens', 'who', 'anyone', 'live'],
  fee_waiver: ['waive', 'waiver', 'reduce', 'reduced', 'free'],
  search_fees: ['search', 'labor', 'staff', 'time', 'charge'],
  copy_fees: ['copy', 'copies', 'page', 'cost'],
  penalties: ['penalty', 'penalties', 'fine', 'fined', 'punish', 'violation'],
  request_recipient: ['whom', 'send', 'officer', 'address', 'custodian'],
  expedited_processing: ['expedite', 'expedited', 'urgent', 'faster', 'quickly'],
  other_deadline: [],
};

const ACTOR_WORDS: Record<string, string> = {
  agency: 'the agency',
  requester: 'the requester',
  reviewer: 'the reviewing body',
  attorney_general: 'the Attorney General',
  court: 'the court',
};

/** "Attorney General" is one actor, not "attorney" (fees) and "general". */
const joinNames = (text: string): string => text.replace(/\bAG(?:'s)?\b/g, 'attorneygeneral').replace(/\battorney[-\s]+general(?:'s)?\b/gi, 'attorneygeneral');

/**
 * Whose time a question asks about, when it names the one who must act: "how long does the
 * AG have to decide?" asks for the Attorney General's deadline, not the agency's.
 */
const ACTOR_ASKED: ReadonlyArray<[string, RegExp]> = [
  ['attorney_general', /\b(?:how long|how many days|when)\b[^?]*\b(?:attorney general|AG)\b[^?]*\b(?:have|get|take|decide|rule|issue|render)\b/i],
  ['court', /\b(?:how long|how many days|when)\b[^?]*\b(?:court|judge)\b[^?]*\b(?:have|get|take|decide|rule|hear)\b/i],
  ['reviewer', /\b(?:how long|how many days|when)\b[^?]*\b(?:head|commission|board|ombudsman|council|hearing officer|reviewer)\b[^?]*\b(?:have|get|take|decide|rule)\b/i],
  ['requester', /\b(?:how long|how many days)\b[^?]*\b(?:do|must|will) I\b|\bmy deadline\b/i],
];

export function askedActor(question: string): string | null {
  return ACTOR_ASKED.find(([, re]) => re.test(question))?.[0] ?? null;
}

/**
 * Words too common in the law's own text to tell one fact from another; and the words of any
 * period of time ("a set number of days"), which every deadline holds.
 */
// Kinds of public body name who holds the records, not which rule applies ("an Arkansas school district").
const COMMON = new Set(
  ['open', 'citizen', 'person', 'copy', 'copies', 'under', 'government', 'requester', 'day', 'days', 'number', 'set', 'school', 'district', 'township', 'village', 'municipal'].map(stemWord),
);

/** The question's words that can tell facts apart: not the place's or the law's name, not words every provision uses. */
function questionWords(question: string, place: string | null): QuestionTerm[] {
  return questionTerms(joinNames(question), place ?? '').filter((t) => !COMMON.has(t.stem));
}

/** The fact's own words (value, quote, limits) and the words people use for its field, as stems. */
function factWords(f: FactView): { own: Set<string>; field: Set<string> } {
  const action = (f.value as { action?: unknown }).action;
  const own = new Set(stemsOf(joinNames([f.display, f.quote ?? '', f.applies_to ?? '', typeof action === 'string' ? action : ''].join(' '))));
  // "Deemed denied" is the law's name for silence: a question about a denial asks about something else.
  if (f.field === 'deemed_denial') own.delete(stemWord('denied'));
  return { own, field: new Set(FIELD_WORDS[f.field].map(stemWord)) };
}

/**
 * Question words the fact holds (as written, or in the law's words for them, which count a
 * little less), at least one of them its own; then words of its field; ties go to verified facts.
 */
function score(question: readonly QuestionTerm[], f: FactView, lawWords: boolean): number {
  const { own, field } = factWords(f);
  let hits = 0;
  let fieldHits = 0;
  for (const t of question) {
    const held = holdsTerm(own, t);
    if (held === 'own' || (held === 'law' && lawWords)) hits += held === 'own' ? 1 : 0.8;
    else if (field.has(t.stem)) fieldHits++;
  }
  if (hits === 0) return 0;
  return hits + fieldHits + (f.verified ? 0.5 : 0);
}

/**
 * "And if they miss that deadline?", "What if they never respond?": what the law makes of
 * silence is its deemed-denial rule, whatever words the question uses.
 */
const ASKS_MISSED_DEADLINE =
  /\b(?:miss(?:es|ed)?|blow(?:s|n)?|blew|ignore[sd]?|past the deadline|late)\b(?!\s+(?:off\s+)?(?:the|their|its)\s+(?:\w+\s+){0,2}(?:law|act|statute|rules?)\b)|\bsit(?:s|ting)? on (?:it|them|my request)\b|\bdrag(?:s|ging)? (?:its|their) feet\b|\bnever hear(?:d)? back\b|\b(?:hear|heard) nothing\b|\b(?:haven't|have not|hasn't|has not) heard\b|\bsilence\b|\b(?:treated|counts?|considered|deemed) as (?:a )?(?:denial|refusal)\b|\b(?:never|don't|do not|doesn't|does not|didn't|did not|fail(?:s|ed)? to)\s+(?:\w+\s+)?(?:respond|answer|reply|act)\b|\bno (?:answer|response|reply)\b|\bnot (?:answer|respond)(?:ed)? in time\b/i;

export const asksMissedDeadline = (question: string): boolean => ASKS_MISSED_DEADLINE.test(question);

/** "What can I do?", "Is there any consequence?": the remedy, not only the rule. */
const ASKS_REMEDY = /\bwhat (?:can|could|should|do) (?:I|we)\b|\b(?:my )?options\b|\bremed(?:y|ies)\b|\brecourse\b|\bconsequences?\b|\bpenalt(?:y|ies)\b|\bwhat happens\b|\bwhat then\b/i;
export const asksRemedy = (question: string): boolean => ASKS_REMEDY.test(question);

/**
 * The fact a question about a missed deadline asks for, when the jurisdiction has one: that
 * silence is a denial, or what it is instead (South Carolina's request "considered approved").
 */
export function missedDeadlineFact(question: string, facts: readonly FactView[]): FactView | null {
  if (!ASKS_MISSED_DEADLINE.test(question)) return null;
  const deemed = mainFact(facts, 'deemed_denial');
  const v = deemed?.value as { applies?: boolean; when?: string | null } | undefined;
  return deemed && (v?.applies === true || (v?.applies === false && !!v.when)) ? deemed : null;
}

/**
 * Every fact with how well it matches the question, best first (facts matching nothing left
 * out); `lawWords`: whether the law's words for the question's everyday ones count.
 */
export function rankFacts(question: string, facts: readonly FactView[], place: string | null = null, lawWords = true): Array<{ fact: FactView; score: number }> {
  const words = questionWords(question, place);
  const actor = askedActor(question);
  // The deadline of the one the question names as acting outranks the same words in another's.
  const actorBonus = (f: FactView) => (actor && f.field === 'other_deadline' && (f.value as { actor?: string }).actor === actor ? 1.5 : 0);
  return facts
    .map((fact) => {
      const held = score(words, fact, lawWords);
      return { fact, score: held > 0 ? held + actorBonus(fact) : 0 };
    })
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score);
}

/** The reviewed fact a question asks for, when one matches it well enough (two content words or more). */
export function matchingFact(question: string, facts: readonly FactView[], place: string | null = null): FactView | null {
  const top = rankFacts(question, facts, place)[0];
  return top && top.score >= 2 ? top.fact : null;
}

/**
 * A fact of another field that the question asks for more plainly than the fields of the
 * topic it was read as ("How long does the Attorney General have to decide?" is not the
 * agency's first-response deadline). Null when the topic's own facts match as well.
 */
export function factBeyondTopic(question: string, facts: readonly FactView[], topicFields: readonly string[], place: string | null = null): FactView | null {
  // Only the question's own words count here: a topic's answer is set aside on firm evidence alone.
  const ranked = rankFacts(question, facts, place, false);
  const top = ranked[0];
  if (!top || top.score < 2 || topicFields.includes(top.fact.field)) return null;
  const topicBest = ranked.find((r) => topicFields.includes(r.fact.field))?.score ?? 0;
  // A deadline of its own in days outranks a topic's "no fixed number of days" ("How soon must it tell me the cost?").
  const topicHasNoDays = facts.some((f) => topicFields.includes(f.field) && f.field === 'initial_response' && (f.value as { days?: unknown }).days === null);
  const hasDays = top.fact.field === 'other_deadline' && (top.fact.value as { days?: unknown }).days !== null;
  return top.score > topicBest + (topicHasNoDays && hasDays ? 0.5 : 1) ? top.fact : null;
}

/** The sentence stating a fact, naming who must act where the fact is a deadline. */
function sentenceOf(f: FactView, where: string): string {
  const limited = f.requester_class ? ` (for ${f.requester_class.replace('_', ' ')} requesters)` : '';
  if (f.field === 'other_deadline') {
    const v = f.value as { actor: string; action: string; days: number | null; unit: string | null };
    const actor = ACTOR_WORDS[v.actor] ?? v.actor;
    const when = v.days !== null ? `within ${daysText(v.days, v.unit, f.quote)}` : 'with no fixed number of days';
    return `${capital(where)}${limited}, this is a deadline for ${actor}${v.actor === 'requester' ? '' : ', not the requester'}: ${v.action.replace(/\.$/, '')}, ${when}.`;
  }
  // One sentence, so that its citation marker covers all of it.
  return `${capital(where)}${limited}: ${f.display.replace(/\.$/, '').replace(/\.\s+(?=[A-Z])/g, '; ')}.`;
}

/**
 * The lead for a question a reviewed fact answers: the fact, cited to its verified words
 * (`known` evidence), or stated with its citation and marked as resting on a citation whose
 * text is not in the law database.
 */
export function composeFromFact(d: JurisdictionDetail, f: FactView, parts: DraftParts): void {
  const { where } = placeOf(d);
  const text = sentenceOf(f, where);
  if (f.verified && f.section_id && f.quote) {
    const key = `fact:${f.id}`;
    parts.lead.push(fact(text, key));
    parts.requests.push({ key, jurisdiction: d.slug, terms: [], reviewed: { sectionId: f.section_id, citation: f.citation, quote: f.quote } });
    return;
  }
  const basis = f.source_kind === 'citation_only' ? 'a reviewed citation' : `the ${f.source_kind}`;
  const claim: Claim = aggregate(
    `${text.replace(/\.$/, '')} (${f.citation}; not supported by a document in the law database: the provision's text is not in it, so this rests on ${basis}).`,
  );
  parts.lead.push(claim);
}
