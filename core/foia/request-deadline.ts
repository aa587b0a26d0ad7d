/**
 * A request's response deadline from the law database: computed on submission, paused
 * while the agency waits for the requester, resumed with the days that were left.
 * Pure functions over the business-day calculator; the service supplies the law's rules,
 * the jurisdiction's calendar and the clock.
 */
import { computeDueDate, resumeDueDate } from '../calendar/business-days.js';
import type { BusinessDayCalendar } from '../calendar/holiday-calendar.js';
import { daysBetween } from '../calendar/iso-date.js';
import { localDateTimeIn } from '../calendar/zoned-time.js';
import type { DeadlineRules } from './foia-law-store.js';
import type { DeadlineInfo } from './foia-request-types.js';
import { cited, REQUESTER_CLASS_LABELS, variantLine } from './deadline-wording.js';
import { daysText } from '../legal-facts/fact-display.js';

/** Close of business assumed when the law names "business hours" but no time. */
export const ASSUMED_CLOSE_OF_BUSINESS = '17:00';

const CLOCK_TIME = /\bafter\s+(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s?m\b\.?/i;
const BUSINESS_HOURS = /\b(after|outside(?:\s+of)?)\s+(?:the\s+)?(?:normal\s+|regular\s+)?(?:business|office|working)\s+hours\b/i;

/**
 * The local `HH:MM` cutoff in a law's after-hours receipt rule: "after 5:00 p.m." → 17:00;
 * "after business hours" → {@link ASSUMED_CLOSE_OF_BUSINESS}; null when the rule names
 * neither (rules about weekends and holidays alone need no cutoff: the calculator already
 * moves those receipts to the next business day).
 */
export function afterHoursCutoff(statement: string | null): string | null {
  if (!statement) return null;
  const m = CLOCK_TIME.exec(statement);
  if (m) {
    const hour12 = Number(m[1]);
    const minutes = Number(m[2] ?? '0');
    if (hour12 < 1 || hour12 > 12 || minutes > 59) return null;
    const hour = (hour12 % 12) + (m[3]!.toLowerCase() === 'p' ? 12 : 0);
    return `${String(hour).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
  }
  return BUSINESS_HOURS.test(statement) ? ASSUMED_CLOSE_OF_BUSINESS : null;
}

/** A due date (null when there is none) and how it was reached. */
export interface DeadlineState {
  due_date: string | null;
  deadline: DeadlineInfo;
}

function noDueDate(rules: DeadlineRules | null, jurisdiction: string): DeadlineState {
  const reason = rules
    ? (rules.noFixedDeadlineReason ?? 'The law sets no fixed number of days for the response.')
    : `The law database has no response deadline for ${jurisdiction} yet.`;
  return {
    due_date: null,
    deadline: {
      days: null,
      unit: null,
      citation: rules?.citation ?? null,
      no_fixed_deadline_reason: reason,
      after_hours_cutoff: null,
      received_on: null,
      remaining_days: null,
      explanation: [reason, ...(rules?.otherVariants ?? []).map(variantLine)],
    },
  };
}

/**
 * The due date of a request submitted at `submittedAt` (an ISO instant), from the law's
 * initial deadline, the jurisdiction's calendar and time zone, and its after-hours rule.
 */
export function startDeadline(input: {
  jurisdiction: string;
  timeZone: string;
  submittedAt: string;
  rules: DeadlineRules | null;
  calendar: BusinessDayCalendar;
}): DeadlineState {
  const { rules } = input;
  if (!rules || rules.noFixedDeadline || rules.days === null || rules.days < 0 || rules.unit === null) {
    return noDueDate(rules, input.jurisdiction);
  }
  const cutoff = afterHoursCutoff(rules.afterHoursStatement);
  const result = computeDueDate({
    receivedAt: input.submittedAt,
    timeZone: input.timeZone,
    days: rules.days,
    unit: rules.unit,
    calendar: input.calendar,
    ...(cutoff ? { afterHoursCutoff: cutoff } : {}),
  });
  const whose = rules.requesterClass ? ` to a request from ${REQUESTER_CLASS_LABELS[rules.requesterClass]}` : '';
  const explanation = [
    `The law allows ${daysText(rules.days, rules.unit)} for the initial response${whose}${cited(rules.citation)}.`,
    ...rules.otherVariants.map(variantLine),
    ...(cutoff ? [`A request received at or after ${cutoff} counts as received the next business day.`] : []),
    ...result.explanation,
  ];
  return {
    due_date: result.dueDate,
    deadline: {
      days: rules.days,
      unit: rules.unit,
      citation: rules.citation,
      no_fixed_deadline_reason: null,
      after_hours_cutoff: cutoff,
      received_on: result.startDate,
      remaining_days: null,
      explanation,
    },
  };
}

/** The local date of an instant in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  return localDateTimeIn(at.toISOString(), timeZone).date;
}

/** Days left when the clock stops on `pausedOn`: the days after it up to and including the due date. */
export function pauseDeadline(state: DeadlineState, pausedOn: string, calendar: BusinessDayCalendar): DeadlineInfo {
  const { due_date, deadline } = state;
  if (due_date === null || deadline.unit === null) return deadline;
  if (daysBetween(pausedOn, due_date) < 0) {
    return { ...deadline, remaining_days: 0, explanation: [...deadline.explanation, `Paused on ${pausedOn}, after the due date had passed.`] };
  }
  // resumeDueDate on the pause day itself yields exactly the days that were left.
  const left = resumeDueDate({ originalDueDate: due_date, pausedOn, resumedOn: pausedOn, unit: deadline.unit, calendar });
  return { ...deadline, remaining_days: left.remainingDays, explanation: [...deadline.explanation, left.explanation[0]!] };
}

/** The new due date when the clock restarts on `resumedOn` after a pause that began on `pausedOn`. */
export function resumeDeadline(state: DeadlineState, pausedOn: string, resumedOn: string, calendar: BusinessDayCalendar): DeadlineState {
  const { due_date, deadline } = state;
  if (due_date === null || deadline.unit === null) return state;
  if (daysBetween(pausedOn, due_date) < 0) {
    // The clock had run out before the pause: the request stays overdue from the same date.
    return { due_date, deadline: { ...deadline, remaining_days: null } };
  }
  const r = resumeDueDate({ originalDueDate: due_date, pausedOn, resumedOn, unit: deadline.unit, calendar });
  return {
    due_date: r.dueDate,
    // The pause line was recorded when the clock stopped; add the restart and the new count.
    deadline: { ...deadline, remaining_days: null, explanation: [...deadline.explanation, ...r.explanation.slice(1)] },
  };
}

/** Calendar days from today (in the request's zone) to the due date; negative when past. */
export function daysUntilDue(dueDate: string, timeZone: string, now: Date): number {
  return daysBetween(localDate(now, timeZone), dueDate);
}
