import { createHolidayCalendar, type HolidayCalendar } from '../calendar/holiday-calendar.js';
import type { DeadlineRules, FoiaLawStore } from './foia-law-store.js';

/** What deadline arithmetic needs of one jurisdiction: its rules and its business-day calendar. */
export interface DeadlineLaw {
  rules: DeadlineRules | null;
  calendar: HolidayCalendar;
}

/**
 * Loads a jurisdiction's deadline rules and builds its calendar: the corpus holidays from
 * the law database as explicit dates, rule-based holidays for the years they do not cover.
 */
export async function loadDeadlineLaw(law: FoiaLawStore, jurisdiction: string): Promise<DeadlineLaw> {
  const [rules, holidays] = await Promise.all([law.deadlineRules(jurisdiction), law.holidays(jurisdiction)]);
  return { rules, calendar: createHolidayCalendar({ jurisdiction, explicit: holidays }) };
}
