/**
 * Deadline reminders as the API reads them: the notifications the reminder job recorded
 * (`foia_notifications`), and when it will record the next `due_soon` one for a request.
 */
import { addDays, daysBetween } from '../../calendar/iso-date.js';
import type { DeadlineClock } from '../foia-lifecycle.js';

/** The kinds the reminder job records (the CHECK of `foia_notifications.kind`). */
export const FOIA_REMINDER_KINDS = ['due_soon', 'overdue'] as const;
export type FoiaReminderKind = (typeof FOIA_REMINDER_KINDS)[number];

/** `FOIA_REMINDER_WITHIN_DAYS`'s default (core/config): the job records `due_soon` this many days before the due date. */
export const DEFAULT_REMINDER_WITHIN_DAYS = 3;

/** One recorded reminder. */
export interface FoiaReminder {
  id: number;
  request_id: string;
  kind: FoiaReminderKind;
  /** The due date the reminder is about (a later pause and resume may move the request's). */
  due_date: string;
  /** Calendar days from the day it was recorded (in the request's zone) to the due date; negative when overdue. */
  days_until_due: number;
  created_at: string;
}

/** A reminder with what a list across requests shows of its request. */
export interface FoiaReminderWithRequest extends FoiaReminder {
  subject: string;
  agency_name: string;
}

/** When the job will record the request's next `due_soon` reminder. */
export interface UpcomingReminder {
  kind: 'due_soon';
  /** The day (in the request's zone) the job records it: `withinDays` before the due date, or today when that day has passed. */
  on: string;
  due_date: string;
}

/**
 * The next `due_soon` reminder of a request, or null when none will come: the clock does not
 * run, there is no due date, one was already recorded for this due date, or the due date has
 * passed (the job then records `overdue`, never `due_soon`). Mirrors the job's rule in
 * foia-reminder-store.ts: `due_soon` once `due_date - today <= withinDays`, "today" in the
 * request's own time zone.
 */
export function upcomingReminder(input: {
  clock: DeadlineClock;
  due_date: string | null;
  /** Today in the request's time zone. */
  today: string;
  withinDays: number;
  /** Whether a `due_soon` reminder for this due date is already recorded. */
  dueSoonRecorded: boolean;
}): UpcomingReminder | null {
  const { clock, due_date, today, withinDays, dueSoonRecorded } = input;
  if (clock !== 'running' || due_date === null || dueSoonRecorded) return null;
  if (daysBetween(today, due_date) < 0) return null;
  const on = addDays(due_date, -withinDays);
  return { kind: 'due_soon', on: daysBetween(today, on) < 0 ? today : on, due_date };
}

/** Filters and page of a reminder list, newest first. Row-level security limits it to the caller's reminders. */
export interface FoiaReminderQuery {
  /** Only this request's reminders. */
  requestId?: string;
  kind?: FoiaReminderKind;
  limit: number;
  /** Position after which the page starts: `created_at` (as Postgres text, full precision) and the id. */
  after?: { key: string; id: number };
}
