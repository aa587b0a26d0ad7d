/**
 * Deadlines around an administrative appeal, from the reviewed `administrative_appeal`
 * fact. Two actors, never mixed: the requester's time to file an appeal (shown while a
 * request is denied or partially fulfilled) and the deciding body's time to decide it
 * (counted from the appeal, like the initial deadline, with the jurisdiction's calendar).
 */
import { addBusinessDays, addCalendarDays, computeDueDate, type DeadlineUnit } from '../calendar/business-days.js';
import type { BusinessDayCalendar } from '../calendar/holiday-calendar.js';
import type { RequesterClass } from '../legal-facts/legal-fact-schema.js';
import { cited } from './deadline-wording.js';
import { daysText } from '../legal-facts/fact-display.js';
import type { LawFact, LawFactOf } from './foia-law-store.js';
import { factFor } from './law-facts.js';
import { localDate } from './request-deadline.js';

/** The requester's deadline to file an appeal: their own, not the agency's or the deciding body's. */
export interface RequesterAppealDeadline {
  actor: 'requester';
  /** Last day to file, counted without moving a weekend or holiday end forward (never later than the law's). */
  date: string;
  days: number;
  unit: DeadlineUnit;
  /** Day 0: the local date the decision was recorded (`completed_at`). */
  counted_from: string;
  citation: string;
  quote: string | null;
}

/** A request's appeal: who decides it, by when, and (before filing) by when the requester must file. */
export interface AppealDeadline {
  /** The body that decides the appeal, in the law's words (the fact's `to`); null when the law provides none. */
  decided_by: string | null;
  /** The deciding body's time to decide, from the filing of the appeal; null when the law sets none. */
  days: number | null;
  unit: DeadlineUnit | null;
  citation: string | null;
  quote: string | null;
  /** The requester's time to file, while the request is denied or partially fulfilled; else null. */
  file_by: RequesterAppealDeadline | null;
  /** The computation in words, each line naming whose deadline it is. */
  explanation: string[];
}

type AppealFact = LawFactOf<'administrative_appeal'>;

interface AppealInput {
  jurisdiction: string;
  timeZone: string;
  facts: readonly LawFact[];
  requesterClass: RequesterClass | null;
  calendar: BusinessDayCalendar;
}

function provision(fact: AppealFact, explanation: string[], fileBy: RequesterAppealDeadline | null = null): AppealDeadline {
  const v = fact.value;
  return {
    decided_by: v.exists ? v.to : null,
    days: v.exists ? v.decider_days : null,
    unit: v.exists && v.decider_days !== null ? (v.decider_unit ?? 'calendar') : null,
    citation: fact.citation,
    quote: fact.quote,
    file_by: fileBy,
    explanation,
  };
}

const deciderOf = (fact: AppealFact): string => fact.value.to ?? 'the deciding body';

/** "The law provides no administrative appeal …", "The law sets no time …": why there is no date to decide by. */
function noDecisionDeadline(fact: AppealFact | undefined, jurisdiction: string): string {
  if (!fact) return `The law database has no reviewed administrative appeal for ${jurisdiction}, so it gives no time to decide an appeal.`;
  if (!fact.value.exists) return `The law provides no administrative appeal${cited(fact.citation)}, so it sets no time to decide one.`;
  return `The law sets no time for ${deciderOf(fact)} to decide the appeal${cited(fact.citation)}.`;
}

/**
 * The deciding body's deadline for an appeal filed at `appealedAt` (an ISO instant):
 * its days counted from the day of filing in the jurisdiction's zone and calendar.
 */
export function appealDecisionDeadline(input: AppealInput & { appealedAt: string }): {
  appeal_due_date: string | null;
  appeal_deadline: AppealDeadline;
} {
  const fact = factFor(input.facts, 'administrative_appeal', input.requesterClass);
  const v = fact?.value;
  if (!fact || !v?.exists || v.decider_days === null) {
    const explanation = [noDecisionDeadline(fact, input.jurisdiction)];
    const empty: AppealDeadline = { decided_by: null, days: null, unit: null, citation: null, quote: null, file_by: null, explanation };
    return { appeal_due_date: null, appeal_deadline: fact ? provision(fact, explanation) : empty };
  }
  const unit = v.decider_unit ?? 'calendar';
  const result = computeDueDate({ receivedAt: input.appealedAt, timeZone: input.timeZone, days: v.decider_days, unit, calendar: input.calendar });
  const explanation = [
    `The law gives ${deciderOf(fact)} ${daysText(v.decider_days, unit)} to decide the appeal${cited(fact.citation)}, counted from the day it was filed.`,
    ...result.explanation,
  ];
  return { appeal_due_date: result.dueDate, appeal_deadline: provision(fact, explanation) };
}

/**
 * What the law says about appealing a decision recorded at `completedAt`: the requester's
 * time to file (when the law gives one) and the deciding body's time once filed. Null when
 * the law database has no reviewed appeal fact for the jurisdiction.
 */
export function appealWindow(input: AppealInput & { completedAt: string }): AppealDeadline | null {
  const fact = factFor(input.facts, 'administrative_appeal', input.requesterClass);
  if (!fact) return null;
  const v = fact.value;
  if (!v.exists) return provision(fact, [`The law provides no administrative appeal${cited(fact.citation)}.`]);
  const fileBy = requesterDeadline(fact, localDate(new Date(input.completedAt), input.timeZone), input.calendar);
  const explanation = [
    fileBy
      ? `The requester's deadline to appeal to ${deciderOf(fact)}: ${daysText(fileBy.days, fileBy.unit)} from the decision recorded on ${fileBy.counted_from}${cited(fact.citation)}, so file by ${fileBy.date}. A weekend or holiday at the end does not extend it here.`
      : `The law database states no deadline for the requester to file an appeal with ${deciderOf(fact)}${cited(fact.citation)}.`,
    v.decider_days !== null
      ? `Once the appeal is filed, ${deciderOf(fact)} has ${daysText(v.decider_days, v.decider_unit ?? 'calendar')} to decide it.`
      : noDecisionDeadline(fact, input.jurisdiction),
  ];
  return provision(fact, explanation, fileBy);
}

function requesterDeadline(fact: AppealFact, dayZero: string, calendar: BusinessDayCalendar): RequesterAppealDeadline | null {
  const { requester_days: days } = fact.value;
  if (days === null) return null;
  const unit = fact.value.requester_unit ?? 'calendar';
  // The requester's own deadline is not rolled forward: filing by this date is never late.
  const date = unit === 'business' ? addBusinessDays(dayZero, days, calendar) : addCalendarDays(dayZero, days);
  return { actor: 'requester', date, days, unit, counted_from: dayZero, citation: fact.citation, quote: fact.quote };
}
