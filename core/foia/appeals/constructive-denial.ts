/**
 * Constructive denial: an overdue request the agency has not answered, where a reviewed fact
 * says the law treats the failure to answer as a denial (or as exhausting the requester's
 * administrative remedies). Where no reviewed fact speaks to it, the law is "not stated" and
 * no appeal of silence is drafted: a letter would claim a right the sources do not give.
 */
import type { RequesterClass } from '../../legal-facts/legal-fact-schema.js';
import type { DeadlineClock } from '../foia-lifecycle.js';
import type { LawFact } from '../foia-law-store.js';
import { factFor } from '../law-facts.js';
import { localDate } from '../request-deadline.js';

export type ConstructiveDenialState = 'applies' | 'not_overdue' | 'not_running' | 'law_says_no' | 'not_stated';

export interface ConstructiveDenial {
  state: ConstructiveDenialState;
  /** The response due date that passed (or has not yet). */
  due_date: string | null;
  citation: string | null;
  quote: string | null;
  source_kind: LawFact['sourceKind'] | null;
  explanation: string;
}

interface RequestState {
  clock: DeadlineClock;
  due_date: string | null;
  time_zone: string;
  requester_class: RequesterClass | null;
}

/** Whether `request` stands constructively denied at `at` under the reviewed `deemed_denial` fact. */
export function constructiveDenial(request: RequestState, facts: readonly LawFact[], at: Date): ConstructiveDenial {
  const fact = factFor(facts, 'deemed_denial', request.requester_class);
  const law = { citation: fact?.citation ?? null, quote: fact?.quote ?? null, source_kind: fact?.sourceKind ?? null };
  const base = { due_date: request.due_date, ...law };
  if (request.clock !== 'running') {
    return { state: 'not_running', ...base, explanation: 'The agency is not waiting to answer: the response clock is not running.' };
  }
  if (!request.due_date || localDate(at, request.time_zone) <= request.due_date) {
    const when = request.due_date ? `it is due by ${request.due_date}` : 'the law sets no due date for it';
    return { state: 'not_overdue', ...base, explanation: `The response is not overdue: ${when}.` };
  }
  if (!fact) {
    return { state: 'not_stated', ...base, explanation: 'Not stated: the reviewed law gives no rule on a failure to respond in time, so no appeal of it is drafted.' };
  }
  if (!fact.value.applies) {
    return { state: 'law_says_no', ...base, explanation: `The law does not treat a failure to respond in time as a denial (${fact.citation}).` };
  }
  return { state: 'applies', ...base, explanation: `The response was due by ${request.due_date}; the law provides: "${fact.quote ?? fact.value.when ?? ''}" (${fact.citation}).` };
}
