import type { FactView } from '../../legal-facts/fact-view.js';
import type { JurisdictionDetail } from '../../transparency/transparency-views.js';
import { aggregate, daysText, fact, type Claim, type DraftParts } from './draft.js';
import { contentWords } from './general-answer.js';
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

const stem = (w: string): string => (w.length > 6 ? w.slice(0, 6) : w);

/** "Attorney General" is one actor, not "attorney" (fees) and "general". */
const joinNames = (text: string): string => text.replace(/\battorney[-\s]+general(?:'s)?\b/gi, 'attorneygeneral');

/** Content words of a text, with multi-word names joined, as stems. */
function wordsOf(text: string): string[] {
  return contentWords(joinNames(text)).map(stem);
}

/** The fact's own words (value, quote, limits) and the words people use for its field. */
function factWords(f: FactView): { own: Set<string>; field: Set<string> } {
  const action = (f.value as { action?: unknown }).action;
  const own = [f.display, f.quote ?? '', f.applies_to ?? '', typeof action === 'string' ? action : ''].join(' ');
  return { own: new Set(wordsOf(own)), field: new Set(FIELD_WORDS[f.field].map(stem)) };
}

/** Question words the fact holds, at least one of them its own; ties go to verified facts. */
function score(question: string[], f: FactView): number {
  const { own, field } = factWords(f);
  const ownHits = question.filter((w) => own.has(w)).length;
  if (ownHits === 0) return 0;
  return ownHits + question.filter((w) => !own.has(w) && field.has(w)).length + (f.verified ? 0.5 : 0);
}

/** The reviewed fact a question asks for, when one matches it well enough (two content words or more). */
export function matchingFact(question: string, facts: readonly FactView[]): FactView | null {
  const words = [...new Set(wordsOf(question))];
  let best: { f: FactView; s: number } | null = null;
  for (const f of facts) {
    const s = score(words, f);
    if (s >= 2 && (best === null || s > best.s)) best = { f, s };
  }
  return best?.f ?? null;
}

/** The sentence stating a fact, naming who must act where the fact is a deadline. */
function sentenceOf(f: FactView, where: string): string {
  const limited = f.requester_class ? ` (for ${f.requester_class.replace('_', ' ')} requesters)` : '';
  if (f.field === 'other_deadline') {
    const v = f.value as { actor: string; action: string; days: number | null; unit: string | null };
    const actor = ACTOR_WORDS[v.actor] ?? v.actor;
    const when = v.days !== null ? `within ${daysText(v.days, v.unit)}` : 'with no fixed number of days';
    return `${capital(where)}${limited}, this is a deadline for ${actor}${v.actor === 'requester' ? '' : ', not the requester'}: ${v.action.replace(/\.$/, '')}, ${when}.`;
  }
  return `${capital(where)}${limited}: ${f.display.replace(/\.$/, '')}.`;
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
  const claim: Claim = aggregate(
    `${text.replace(/\.$/, '')} (${f.citation}; the law database does not hold the text of this provision, so this rests on ${f.source_kind === 'citation_only' ? 'the reviewed citation' : `the ${f.source_kind}`}).`,
  );
  parts.lead.push(claim);
}
