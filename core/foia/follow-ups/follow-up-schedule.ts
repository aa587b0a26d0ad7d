/**
 * When an overdue request is followed up (MuckRock's rule, configurable): the first time once
 * the response deadline has passed and the last letter to the agency is at least one interval
 * old; then every interval after the last letter (a drafted follow-up counts). The interval is
 * the jurisdiction's override, else the federal or the state-and-local default.
 */
import { addDays, daysBetween } from '../../calendar/iso-date.js';

export interface FollowUpDays {
  state: number;
  federal: number;
  byJurisdiction: Record<string, number>;
}

/** Days between follow-ups in `jurisdiction`. */
export function followUpInterval(jurisdiction: string, days: FollowUpDays): number {
  return days.byJurisdiction[jurisdiction] ?? (jurisdiction === 'federal' ? days.federal : days.state);
}

/**
 * The day the next follow-up falls due: the day after the due date, or `interval` days after
 * the last letter (the request's submission when none was logged), whichever is later.
 * Dates are in the request's time zone.
 */
export function followUpDueOn(input: { dueDate: string; lastContactOn: string; interval: number }): string {
  const afterDeadline = addDays(input.dueDate, 1);
  const afterContact = addDays(input.lastContactOn, input.interval);
  return daysBetween(afterDeadline, afterContact) > 0 ? afterContact : afterDeadline;
}

/** True when a follow-up is due on `today`. */
export function followUpIsDue(input: { dueDate: string; lastContactOn: string; interval: number; today: string }): boolean {
  return daysBetween(followUpDueOn(input), input.today) >= 0;
}
