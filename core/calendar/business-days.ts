/**
 * Deadline arithmetic on ISO dates: business and calendar days, due dates of requests
 * and paused (tolled) clocks.
 *
 * Counting convention (as in most public-records statutes): the day a request is
 * received is day 0 and counting starts on the next day, so "10 business days" ends on
 * the tenth business day after the day of receipt.
 */
import type { BusinessDayCalendar } from './holiday-calendar.js';
import { addDays, daysBetween, parseIsoDate, weekdayName } from './iso-date.js';
import { localDateTimeIn, parseClockTime } from './zoned-time.js';

/** Longest run of non-business days we accept before deciding the calendar is broken. */
const MAX_CLOSED_RUN = 366;

/** Whether a deadline counts business days or calendar days. */
export type DeadlineUnit = 'business' | 'calendar';

/**
 * The date `n` business days after `start` (before it when `n` < 0). `start` itself is
 * not counted and need not be a business day; `n` = 0 returns `start` unchanged.
 */
export function addBusinessDays(start: string, n: number, calendar: BusinessDayCalendar): string {
  parseIsoDate(start);
  assertInteger(n, 'n');
  const step = n < 0 ? -1 : 1;
  let date = start;
  for (let left = Math.abs(n); left > 0; left -= 1) date = stepToBusinessDay(date, step, calendar);
  return date;
}

/** The date `n` calendar days after `start` (before it when `n` < 0). */
export function addCalendarDays(start: string, n: number): string {
  assertInteger(n, 'n');
  return addDays(start, n);
}

/**
 * Business days in the interval (a, b]: after `a`, up to and including `b`. Negative
 * when `b` is before `a` (then it counts (b, a]). So for a business day `b` after `a`,
 * `addBusinessDays(a, businessDaysBetween(a, b), cal) === b`.
 */
export function businessDaysBetween(a: string, b: string, calendar: BusinessDayCalendar): number {
  const span = daysBetween(a, b);
  const [from, sign] = span >= 0 ? [a, 1] : [b, -1];
  let count = 0;
  for (let i = 1; i <= Math.abs(span); i += 1) if (calendar.isBusinessDay(addDays(from, i))) count += 1;
  return sign * count;
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: string, calendar: BusinessDayCalendar): string {
  return stepToBusinessDay(date, 1, calendar);
}

/** `date` itself when it is a business day, else the next business day. */
export function onOrAfterBusinessDay(date: string, calendar: BusinessDayCalendar): string {
  return calendar.isBusinessDay(date) ? date : nextBusinessDay(date, calendar);
}

/** Input of {@link computeDueDate}. */
export interface DueDateInput {
  /** When the request was received: ISO date-time with offset, e.g. `2025-03-14T16:05:00-05:00`. */
  receivedAt: string;
  /** IANA zone of the receiving office, e.g. `America/Chicago`. */
  timeZone: string;
  /** Length of the deadline; a non-negative integer (`-1`, "no fixed deadline", is refused). */
  days: number;
  unit: DeadlineUnit;
  calendar: BusinessDayCalendar;
  /** Local `HH:MM`; a request received at or after it counts as received the next business day. */
  afterHoursCutoff?: string;
  /** A calendar-day deadline on a weekend or holiday moves to the next business day (default true). */
  calendarDeadlineRollsForward?: boolean;
}

/** Result of {@link computeDueDate}. */
export interface DueDateResult {
  /** Last day to respond. */
  dueDate: string;
  /** Day 0: the business day the request counts as received. */
  startDate: string;
  /** Local date of receipt in the office's time zone. */
  receivedLocalDate: string;
  /** Steps of the computation, for people. */
  explanation: string[];
}

/**
 * Due date of a request. The receipt is read in the office's time zone; a request
 * received on a weekend or holiday, or at or after the cutoff, counts as received on
 * the next business day (for both units). That day is day 0; counting starts the day after.
 * @throws RangeError for invalid input, including a negative number of days.
 */
export function computeDueDate(input: DueDateInput): DueDateResult {
  const { days, unit, calendar } = input;
  assertDays(days);
  const received = localDateTimeIn(input.receivedAt, input.timeZone);
  const explanation = [`Received ${received.date} (${weekdayName(received.date)}) at ${received.time} ${input.timeZone}.`];
  const startDate = effectiveReceiptDate(received.date, received.time, input.afterHoursCutoff, calendar, explanation);
  explanation.push(`Day 0 is ${startDate} (${weekdayName(startDate)}); counting starts the next day.`);
  const dueDate = countFrom(startDate, days, unit, calendar, input.calendarDeadlineRollsForward ?? true, explanation);
  return { dueDate, startDate, receivedLocalDate: received.date, explanation };
}

/** Input of {@link resumeDueDate}. */
export interface ResumeInput {
  /** Due date before the pause. */
  originalDueDate: string;
  /** Day the clock stopped (e.g. a clarification request was sent); it counts as used. */
  pausedOn: string;
  /** Day the clock restarted (e.g. the reply arrived); it is the new day 0. */
  resumedOn: string;
  unit: DeadlineUnit;
  calendar: BusinessDayCalendar;
  /** As in {@link DueDateInput}; default true. */
  calendarDeadlineRollsForward?: boolean;
}

/** Result of {@link resumeDueDate}. */
export interface ResumeResult {
  dueDate: string;
  /** Days (of the unit) that were left when the clock stopped. */
  remainingDays: number;
  /** New day 0: `resumedOn`, or the next business day when it is not one. */
  restartDate: string;
  explanation: string[];
}

/**
 * New due date after a paused clock, keeping the days that were left.
 *
 * Semantics: the days up to and including `pausedOn` were used; what remains is the
 * days (of the unit) after `pausedOn` up to and including `originalDueDate` (for
 * business days, the business days in that interval). The resume day is treated like a
 * day of receipt: day 0 (moved to the next business day when it is not one), and the
 * remaining days are counted from the day after. Resuming on the day of the pause gives
 * back the original due date (for business days, or calendar days without roll-forward);
 * a pause on the due date itself leaves 0 days, so the response is due on the restart day.
 * @throws RangeError when the pause starts after the due date or ends before it starts.
 */
export function resumeDueDate(input: ResumeInput): ResumeResult {
  const { originalDueDate, pausedOn, resumedOn, unit, calendar } = input;
  if (daysBetween(pausedOn, originalDueDate) < 0) {
    throw new RangeError(`Paused on ${pausedOn}, after the due date ${originalDueDate}: the clock had already run out`);
  }
  if (daysBetween(pausedOn, resumedOn) < 0) throw new RangeError(`Resumed on ${resumedOn}, before the pause on ${pausedOn}`);
  const remainingDays =
    unit === 'business' ? businessDaysBetween(pausedOn, originalDueDate, calendar) : daysBetween(pausedOn, originalDueDate);
  const explanation = [
    `Clock paused on ${pausedOn} with ${remainingDays} ${unitLabel(unit)} left before ${originalDueDate}.`,
  ];
  const restartDate = onOrAfterBusinessDay(resumedOn, calendar);
  explanation.push(
    restartDate === resumedOn
      ? `Clock resumed on ${resumedOn}, the new day 0.`
      : `Clock resumed on ${resumedOn}, not a business day; day 0 is ${restartDate}.`,
  );
  const dueDate = countFrom(restartDate, remainingDays, unit, calendar, input.calendarDeadlineRollsForward ?? true, explanation);
  return { dueDate, remainingDays, restartDate, explanation };
}

function effectiveReceiptDate(
  date: string,
  time: string,
  cutoff: string | undefined,
  calendar: BusinessDayCalendar,
  explanation: string[],
): string {
  if (!calendar.isBusinessDay(date)) {
    const next = nextBusinessDay(date, calendar);
    explanation.push(`${date} is not a business day${holidayNote(date, calendar)}; the request counts as received on ${next}.`);
    return next;
  }
  if (cutoff !== undefined && time >= parseClockTime(cutoff)) {
    const next = nextBusinessDay(date, calendar);
    explanation.push(`Received at or after the ${cutoff} cutoff; the request counts as received on ${next}.`);
    return next;
  }
  return date;
}

function countFrom(
  start: string,
  days: number,
  unit: DeadlineUnit,
  calendar: BusinessDayCalendar,
  rollsForward: boolean,
  explanation: string[],
): string {
  if (unit === 'business') {
    const due = addBusinessDays(start, days, calendar);
    const skipped = skippedHolidays(start, due, calendar);
    if (skipped.length > 0) explanation.push(`Holidays skipped: ${skipped.join('; ')}.`);
    explanation.push(`${days} business ${days === 1 ? 'day' : 'days'} after ${start}: due ${due} (${weekdayName(due)}).`);
    return due;
  }
  const landing = addCalendarDays(start, days);
  explanation.push(`${days} calendar ${days === 1 ? 'day' : 'days'} after ${start}: ${landing} (${weekdayName(landing)}).`);
  if (!rollsForward || calendar.isBusinessDay(landing)) return landing;
  const due = nextBusinessDay(landing, calendar);
  explanation.push(`${landing} is not a business day${holidayNote(landing, calendar)}; the deadline rolls forward to ${due} (${weekdayName(due)}).`);
  return due;
}

function skippedHolidays(start: string, end: string, calendar: BusinessDayCalendar): string[] {
  if (!calendar.holidaysIn) return [];
  const out: string[] = [];
  for (let year = parseIsoDate(start).year; year <= parseIsoDate(end).year; year += 1) {
    for (const h of calendar.holidaysIn(year)) {
      if (h.date > start && h.date <= end) out.push(`${h.date} ${h.name}`);
    }
  }
  return out;
}

function holidayNote(date: string, calendar: BusinessDayCalendar): string {
  const names = calendar.holidaysIn?.(parseIsoDate(date).year).filter((h) => h.date === date).map((h) => h.name) ?? [];
  return names.length > 0 ? ` (${names.join(', ')})` : ` (${weekdayName(date)})`;
}

function stepToBusinessDay(date: string, step: 1 | -1, calendar: BusinessDayCalendar): string {
  let d = date;
  for (let i = 0; i < MAX_CLOSED_RUN; i += 1) {
    d = addDays(d, step);
    if (calendar.isBusinessDay(d)) return d;
  }
  throw new RangeError(`No business day within ${MAX_CLOSED_RUN} days of ${date}`);
}

function assertInteger(n: number, what: string): void {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} must be an integer, got ${n}`);
}

function assertDays(days: number): void {
  assertInteger(days, 'days');
  if (days < 0) throw new RangeError(`days must be >= 0 (got ${days}; -1 means no fixed deadline, which has no due date)`);
}

function unitLabel(unit: DeadlineUnit): string {
  return unit === 'business' ? 'business days' : 'calendar days';
}
