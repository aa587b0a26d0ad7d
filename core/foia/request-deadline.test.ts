import { describe, expect, it } from 'vitest';
import { createHolidayCalendar } from '../calendar/holiday-calendar.js';
import type { DeadlineRules } from './foia-law-store.js';
import { afterHoursCutoff, daysUntilDue, pauseDeadline, resumeDeadline, startDeadline } from './request-deadline.js';
import { jurisdictionTimeZone } from './jurisdiction-time-zones.js';

const rules = (days: number, unit: 'business' | 'calendar', afterHoursStatement: string | null = null): DeadlineRules => ({
  days, unit, noFixedDeadline: false, noFixedDeadlineReason: null, citation: 'Test § 1', afterHoursStatement, standard: null, requesterClass: null, otherVariants: [],
});
const calendar = (jurisdiction: string, explicit: Array<{ date: string; name: string }> = []) => createHolidayCalendar({ jurisdiction, explicit });
const start = (jurisdiction: string, submittedAt: string, r: DeadlineRules | null, explicit: Array<{ date: string; name: string }> = []) =>
  startDeadline({ jurisdiction, timeZone: jurisdictionTimeZone(jurisdiction), submittedAt, rules: r, calendar: calendar(jurisdiction, explicit) });

describe('startDeadline: hand-computed due dates across holidays and weekends', () => {
  it('federal, 20 business days from Friday 7 November 2025 (Veterans Day, Thanksgiving, one closure)', () => {
    // Day 0 Fri 11-07 (10:00 ET). 1 Mon 11-10, [Tue 11-11 Veterans Day], 2 Wed 12, 3 Thu 13, 4 Fri 14,
    // 5 Mon 17, 6 Tue 18, 7 Wed 19, 8 Thu 20, 9 Fri 21, 10 Mon 24, 11 Tue 25, 12 Wed 26,
    // [Thu 27 Thanksgiving], 13 Fri 28, [Sat, Sun], [Mon 12-01 closure], 14 Tue 2, 15 Wed 3,
    // 16 Thu 4, 17 Fri 5, 18 Mon 8, 19 Tue 9, 20 Wed 10 → due Wed 2025-12-10.
    const s = start('federal', '2025-11-07T15:00:00Z', rules(20, 'business'), [{ date: '2025-12-01', name: 'Closure' }]);
    expect(s.due_date).toBe('2025-12-10');
    expect(s.deadline.received_on).toBe('2025-11-07');
    // Without the explicit closure, the rule holidays alone: one business day earlier.
    expect(start('federal', '2025-11-07T15:00:00Z', rules(20, 'business')).due_date).toBe('2025-12-09');
  });

  it('federal, received on a Saturday: day 0 is the Monday', () => {
    // Sat 11-08 → day 0 Mon 11-10. 1 Wed 12 … 8 Fri 21, 9 Mon 24, 10 Tue 25, 11 Wed 26, 12 Fri 28,
    // 13 Mon 12-01, 14 Tue 2, 15 Wed 3, 16 Thu 4, 17 Fri 5, 18 Mon 8, 19 Tue 9, 20 Wed 10 → 2025-12-10.
    const s = start('federal', '2025-11-08T15:00:00Z', rules(20, 'business'));
    expect(s.deadline.received_on).toBe('2025-11-10');
    expect(s.due_date).toBe('2025-12-10');
  });

  it('Texas, 10 business days across Thanksgiving, the Friday after and a weekend', () => {
    // Day 0 Fri 11-21 (16:00 CT). 1 Mon 24, 2 Tue 25, 3 Wed 26, [Thu 27, Fri 28 holidays; Sat, Sun],
    // 4 Mon 12-01, 5 Tue 2, 6 Wed 3, 7 Thu 4, 8 Fri 5, 9 Mon 8, 10 Tue 9 → due Tue 2025-12-09.
    expect(start('texas', '2025-11-21T22:00:00Z', rules(10, 'business')).due_date).toBe('2025-12-09');
  });

  it('California, 10 calendar days landing on Thanksgiving roll forward past the day after and the weekend', () => {
    // Day 0 Mon 11-17 (09:30 PT). +10 calendar days = Thu 11-27 (Thanksgiving) → Fri 28 (day after
    // Thanksgiving, a California holiday) → Sat 29 → Sun 30 → Mon 2025-12-01.
    expect(start('california', '2025-11-17T17:30:00Z', rules(10, 'calendar')).due_date).toBe('2025-12-01');
  });

  it('Washington, 5 business days, with an after-hours cutoff read in Pacific time', () => {
    const law = rules(5, 'business', 'A request received after 5:00 p.m. counts as received the next business day.');
    // 16:30 PT Tue 11-25 (00:30Z on the 26th): before the cutoff, day 0 Tue 11-25. 1 Wed 26,
    // [Thu 27 Thanksgiving, Fri 28 Native American Heritage Day, Sat, Sun], 2 Mon 12-01, 3 Tue 2,
    // 4 Wed 3, 5 Thu 4 → due Thu 2025-12-04.
    expect(start('washington', '2025-11-26T00:30:00Z', law).due_date).toBe('2025-12-04');
    // 17:30 PT: after the cutoff, day 0 Wed 11-26. 1 Mon 12-01, 2 Tue 2, 3 Wed 3, 4 Thu 4, 5 Fri 5 → 2025-12-05.
    const late = start('washington', '2025-11-26T01:30:00Z', law);
    expect(late.deadline.after_hours_cutoff).toBe('17:00');
    expect(late.deadline.received_on).toBe('2025-11-26');
    expect(late.due_date).toBe('2025-12-05');
  });

  it('has no due date, with the reason, when the law sets no fixed deadline or the database lacks the law', () => {
    const none = start('alabama', '2025-11-21T15:00:00Z', { ...rules(0, 'business'), days: null, unit: null, noFixedDeadline: true, noFixedDeadlineReason: 'a reasonable time' });
    expect(none.due_date).toBeNull();
    expect(none.deadline.no_fixed_deadline_reason).toBe('a reasonable time');
    const missing = start('alabama', '2025-11-21T15:00:00Z', null);
    expect(missing.due_date).toBeNull();
    expect(missing.deadline.no_fixed_deadline_reason).toMatch(/no response deadline for alabama/);
  });
});

describe('pause and resume', () => {
  it('keeps the business days left (Texas: paused 3 Dec, resumed 22 Dec across Christmas)', () => {
    const cal = calendar('texas');
    const s = start('texas', '2025-11-21T22:00:00Z', rules(10, 'business'));
    // Paused Wed 12-03 with the business days in (12-03, 12-09] left: Thu 4, Fri 5, Mon 8, Tue 9 = 4.
    const paused = pauseDeadline(s, '2025-12-03', cal);
    expect(paused.remaining_days).toBe(4);
    // Resumed Mon 12-22 = day 0. 1 Tue 23, [Wed 24, Thu 25, Fri 26 Texas holidays; Sat, Sun],
    // 2 Mon 29, 3 Tue 30, 4 Wed 31 → due Wed 2025-12-31.
    const resumed = resumeDeadline({ ...s, deadline: paused }, '2025-12-03', '2025-12-22', cal);
    expect(resumed.due_date).toBe('2025-12-31');
    expect(resumed.deadline.remaining_days).toBeNull();
  });

  it('keeps the calendar days left (California: paused 24 Nov, resumed 3 Dec)', () => {
    const cal = calendar('california');
    const s = start('california', '2025-11-17T17:30:00Z', rules(10, 'calendar'));
    // Due Mon 12-01; paused Mon 11-24: (11-24, 12-01] = 7 calendar days left.
    expect(pauseDeadline(s, '2025-11-24', cal).remaining_days).toBe(7);
    // Resumed Wed 12-03 = day 0; +7 = Wed 12-10, a business day.
    expect(resumeDeadline(s, '2025-11-24', '2025-12-03', cal).due_date).toBe('2025-12-10');
  });

  it('leaves an already-passed due date as it was', () => {
    const cal = calendar('texas');
    const s = start('texas', '2025-11-21T22:00:00Z', rules(10, 'business'));
    expect(pauseDeadline(s, '2025-12-15', cal).remaining_days).toBe(0);
    expect(resumeDeadline(s, '2025-12-15', '2025-12-22', cal).due_date).toBe('2025-12-09');
  });
});

describe('afterHoursCutoff', () => {
  it.each([
    ['received after 5:00 p.m. counts as next day', '17:00'],
    ['after 4:30 PM', '16:30'],
    ['after 12 p.m.', '12:00'],
    ['after 9 a.m.', '09:00'],
    ['requests received after normal business hours', '17:00'],
    ['a request on a weekend is deemed received the next business day', null],
    [null, null],
  ])('%s → %s', (statement, cutoff) => {
    expect(afterHoursCutoff(statement)).toBe(cutoff);
  });
});

describe('daysUntilDue', () => {
  it('counts calendar days from today in the jurisdiction zone', () => {
    // 03:00Z on 12-09 is still 12-08 in Chicago: one day left.
    expect(daysUntilDue('2025-12-09', 'America/Chicago', new Date('2025-12-09T03:00:00Z'))).toBe(1);
    expect(daysUntilDue('2025-12-09', 'America/Chicago', new Date('2025-12-10T18:00:00Z'))).toBe(-1);
  });
});
