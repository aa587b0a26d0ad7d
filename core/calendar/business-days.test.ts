import { describe, it, expect } from 'vitest';
import {
  addBusinessDays, addCalendarDays, businessDaysBetween, computeDueDate, nextBusinessDay, resumeDueDate,
} from './business-days.js';
import { createHolidayCalendar } from './holiday-calendar.js';

const federal = createHolidayCalendar({ jurisdiction: 'federal' });
const texas = createHolidayCalendar({ jurisdiction: 'texas' });
const california = createHolidayCalendar({ jurisdiction: 'california' });
const massachusetts = createHolidayCalendar({ jurisdiction: 'massachusetts' });
const dc = createHolidayCalendar({ jurisdiction: 'district-of-columbia' });
const newYork = createHolidayCalendar({ jurisdiction: 'new-york' });

describe('addBusinessDays across weekends and holidays', () => {
  it('federal: 20 days from Fri 2025-11-21 skip Thanksgiving only', () => {
    // Nov 24,25,26 (3) · 27 Thanksgiving · 28 (4) · Dec 1–5 (9) · 8–12 (14) · 15–19 (19) · 22 (20)
    expect(addBusinessDays('2025-11-21', 20, federal)).toBe('2025-12-22');
  });

  it('Texas: 10 days from Fri 2025-11-21 skip Thanksgiving and the Friday after', () => {
    // Nov 24,25,26 (3) · 27, 28 holidays · Dec 1–5 (8) · 8 (9) · 9 (10)
    expect(addBusinessDays('2025-11-21', 10, texas)).toBe('2025-12-09');
  });

  it('Texas: 5 days from Mon 2025-12-22 skip 24, 25, 26 December and New Year', () => {
    // Dec 23 (1) · 24–26 holidays · 29, 30, 31 (4) · Jan 1 holiday · Jan 2 (5)
    expect(addBusinessDays('2025-12-22', 5, texas)).toBe('2026-01-02');
  });

  it('Massachusetts: 10 days from Fri 2026-04-17 skip Patriots\' Day', () => {
    // Apr 20 Patriots' Day · 21–24 (4) · 27–May 1 (9) · May 4 (10)
    expect(addBusinessDays('2026-04-17', 10, massachusetts)).toBe('2026-05-04');
  });

  it('DC: 15 days from Wed 2025-04-09 skip DC Emancipation Day', () => {
    // Apr 10, 11 (2) · 14, 15 (4) · 16 Emancipation Day · 17, 18 (6) · 21–25 (11) · 28–May 1 (15)
    expect(addBusinessDays('2025-04-09', 15, dc)).toBe('2025-05-01');
  });

  it('Saturday 4 July 2026: federal offices close Friday the 3rd, California and New York do not', () => {
    // Federal: Jul 3 closed · 6 (1) · 7 (2) · 8 (3)
    expect(addBusinessDays('2026-07-02', 3, federal)).toBe('2026-07-08');
    // California (rules): Jul 3 (1) · 6 (2) · 7 (3)
    expect(addBusinessDays('2026-07-02', 3, california)).toBe('2026-07-07');
    // New York, 5 days from Wed Jul 1: Jul 2, 3 (2) · 6, 7, 8 (5)
    expect(addBusinessDays('2026-07-01', 5, newYork)).toBe('2026-07-08');
    expect(addBusinessDays('2026-07-01', 5, federal)).toBe('2026-07-09');
  });

  it('counts backwards and leaves n = 0 alone', () => {
    // Back from Mon 2025-12-01 (Texas): Nov 28, 27 holidays · 26 (1) · 25 (2)
    expect(addBusinessDays('2025-12-01', -2, texas)).toBe('2025-11-25');
    expect(addBusinessDays('2025-11-29', 0, texas)).toBe('2025-11-29');
    expect(() => addBusinessDays('2025-11-29', 1.5, texas)).toThrow(RangeError);
  });
});

describe('calendar days and intervals', () => {
  it('adds calendar days', () => {
    expect(addCalendarDays('2025-12-25', 10)).toBe('2026-01-04');
    expect(addCalendarDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('businessDaysBetween counts (a, b] and is the inverse of addBusinessDays', () => {
    expect(businessDaysBetween('2025-11-21', '2025-12-22', federal)).toBe(20);
    expect(businessDaysBetween('2025-12-22', '2025-11-21', federal)).toBe(-20);
    expect(businessDaysBetween('2025-11-21', '2025-11-21', federal)).toBe(0);
    expect(businessDaysBetween('2025-11-26', '2025-11-30', texas)).toBe(0);
  });

  it('nextBusinessDay skips a long weekend', () => {
    expect(nextBusinessDay('2025-11-26', texas)).toBe('2025-12-01');
  });
});

describe('computeDueDate', () => {
  it('says "1 business day", not "1 business days"', () => {
    const one = computeDueDate({ receivedAt: '2025-03-12T10:00:00-05:00', timeZone: 'America/Chicago', days: 1, unit: 'business', calendar: federal, afterHoursCutoff: '17:00' });
    expect(one.explanation.join(' ')).toContain('1 business day after 2025-03-12');
    expect(one.explanation.join(' ')).not.toMatch(/\b1 business days\b/);
    const cal = computeDueDate({ receivedAt: '2025-03-12T10:00:00-05:00', timeZone: 'America/Chicago', days: 1, unit: 'calendar', calendar: federal, afterHoursCutoff: '17:00' });
    expect(cal.explanation.join(' ')).toContain('1 calendar day after');
  });

  it('after-hours receipt counts from the next business day', () => {
    // Fri 2025-03-14 17:30 CDT is after the cutoff → received Mon Mar 17 (day 0).
    // Mar 18–21 (4) · 24–28 (9) · Mar 31–Apr 4 (14) · Apr 7–11 (19) · Apr 14 (20)
    const late = computeDueDate({
      receivedAt: '2025-03-14T17:30:00-05:00', timeZone: 'America/Chicago', days: 20, unit: 'business',
      calendar: federal, afterHoursCutoff: '17:00',
    });
    expect(late).toMatchObject({ startDate: '2025-03-17', dueDate: '2025-04-14', receivedLocalDate: '2025-03-14' });
    expect(late.explanation.join(' ')).toContain('cutoff');
    const inHours = computeDueDate({
      receivedAt: '2025-03-14T16:59:00-05:00', timeZone: 'America/Chicago', days: 20, unit: 'business',
      calendar: federal, afterHoursCutoff: '17:00',
    });
    expect(inHours).toMatchObject({ startDate: '2025-03-14', dueDate: '2025-04-11' });
  });

  it('reads the receipt in the office time zone, not UTC', () => {
    // 03:30Z on Saturday 15 March is 20:30 PDT on Friday 14 March.
    const base = { receivedAt: '2025-03-15T03:30:00Z', timeZone: 'America/Los_Angeles', days: 1, unit: 'business' as const, calendar: federal };
    expect(computeDueDate(base)).toMatchObject({ receivedLocalDate: '2025-03-14', startDate: '2025-03-14', dueDate: '2025-03-17' });
    expect(computeDueDate({ ...base, afterHoursCutoff: '17:00' })).toMatchObject({ startDate: '2025-03-17', dueDate: '2025-03-18' });
  });

  it('a request received on a weekend or holiday counts as received the next business day', () => {
    // Texas, Sat 2025-11-29 → day 0 Mon Dec 1 · Dec 2–5 (4) · 8–12 (9) · 15 (10)
    const weekend = computeDueDate({
      receivedAt: '2025-11-29T10:00:00-06:00', timeZone: 'America/Chicago', days: 10, unit: 'business', calendar: texas,
    });
    expect(weekend).toMatchObject({ startDate: '2025-12-01', dueDate: '2025-12-15' });
    // Federal, Fri 2025-07-04 (holiday) → day 0 Mon Jul 7 · Jul 8–11 (4) · 14–18 (9) · 21–25 (14) · 28–Aug 1 (19) · Aug 4 (20)
    const holiday = computeDueDate({
      receivedAt: '2025-07-04T10:00:00-04:00', timeZone: 'America/New_York', days: 20, unit: 'business', calendar: federal,
    });
    expect(holiday).toMatchObject({ startDate: '2025-07-07', dueDate: '2025-08-04' });
    expect(holiday.explanation.join(' ')).toContain('Independence Day');
  });

  it('a calendar-day deadline on a weekend or holiday rolls forward (unless told not to)', () => {
    // California, Wed 2025-11-19 + 10 = Sat Nov 29 → Mon Dec 1.
    const base = {
      receivedAt: '2025-11-19T10:00:00-08:00', timeZone: 'America/Los_Angeles', days: 10, unit: 'calendar' as const,
      calendar: california,
    };
    expect(computeDueDate(base).dueDate).toBe('2025-12-01');
    expect(computeDueDate({ ...base, calendarDeadlineRollsForward: false }).dueDate).toBe('2025-11-29');
    // Mon 2025-11-17 + 10 = Thu Nov 27 (Thanksgiving) · Fri 28 (day after, CA holiday) · weekend → Mon Dec 1.
    const onHoliday = computeDueDate({ ...base, receivedAt: '2025-11-17T10:00:00-08:00' });
    expect(onHoliday.dueDate).toBe('2025-12-01');
    expect(onHoliday.explanation.join(' ')).toContain('Thanksgiving');
  });

  it('refuses "no fixed deadline" and ambiguous times', () => {
    const base = { receivedAt: '2025-03-14T10:00:00Z', timeZone: 'UTC', days: 10, unit: 'business' as const, calendar: federal };
    expect(() => computeDueDate({ ...base, days: -1 })).toThrow(/no fixed deadline/);
    expect(() => computeDueDate({ ...base, receivedAt: '2025-03-14T10:00:00' })).toThrow(RangeError);
    expect(() => computeDueDate({ ...base, timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => computeDueDate({ ...base, afterHoursCutoff: '5pm' })).toThrow(RangeError);
  });
});

describe('resumeDueDate', () => {
  // Received Mon 2025-01-06 (day 0). 20 business days: Jan 7–10 (4) · 13–17 (9) · 20 MLK ·
  // 21–24 (13) · 27–31 (18) · Feb 3 (19) · Feb 4 (20).
  const original = computeDueDate({
    receivedAt: '2025-01-06T09:00:00-05:00', timeZone: 'America/New_York', days: 20, unit: 'business', calendar: federal,
  }).dueDate;

  it('keeps the business days left when the clock stopped', () => {
    expect(original).toBe('2025-02-04');
    // Paused Mon Jan 13: Jan 7, 8, 9, 10, 13 used → 15 left. Resumed Wed Jan 29 (day 0):
    // Jan 30, 31 (2) · Feb 3–7 (7) · 10–14 (12) · 17 Washington's Birthday · 18, 19, 20 (15)
    const r = resumeDueDate({ originalDueDate: original, pausedOn: '2025-01-13', resumedOn: '2025-01-29', unit: 'business', calendar: federal });
    expect(r).toMatchObject({ remainingDays: 15, restartDate: '2025-01-29', dueDate: '2025-02-20' });
  });

  it('a resume on a weekend restarts on the next business day', () => {
    // Resumed Sat Feb 1 → day 0 Mon Feb 3 · Feb 4–7 (4) · 10–14 (9) · 17 holiday · 18–21 (13) · 24, 25 (15)
    const r = resumeDueDate({ originalDueDate: original, pausedOn: '2025-01-13', resumedOn: '2025-02-01', unit: 'business', calendar: federal });
    expect(r).toMatchObject({ restartDate: '2025-02-03', dueDate: '2025-02-25' });
  });

  it('resuming the same day gives back the original due date; pausing on the due date leaves 0', () => {
    expect(resumeDueDate({ originalDueDate: original, pausedOn: '2025-01-13', resumedOn: '2025-01-13', unit: 'business', calendar: federal }).dueDate).toBe(original);
    const atDue = resumeDueDate({ originalDueDate: original, pausedOn: original, resumedOn: '2025-02-10', unit: 'business', calendar: federal });
    expect(atDue).toMatchObject({ remainingDays: 0, dueDate: '2025-02-10' });
  });

  it('calendar days: remaining days counted from the restart, rolled forward', () => {
    // Due Mon 2025-03-31, paused Fri Mar 21 → 10 days left. Resumed Wed Apr 2 + 10 = Sat Apr 12 → Mon Apr 14.
    const input = { originalDueDate: '2025-03-31', pausedOn: '2025-03-21', resumedOn: '2025-04-02', unit: 'calendar' as const, calendar: federal };
    expect(resumeDueDate(input)).toMatchObject({ remainingDays: 10, dueDate: '2025-04-14' });
    expect(resumeDueDate({ ...input, calendarDeadlineRollsForward: false }).dueDate).toBe('2025-04-12');
  });

  it('refuses a pause after the deadline or a resume before the pause', () => {
    expect(() => resumeDueDate({ originalDueDate: original, pausedOn: '2025-02-05', resumedOn: '2025-02-06', unit: 'business', calendar: federal })).toThrow(RangeError);
    expect(() => resumeDueDate({ originalDueDate: original, pausedOn: '2025-01-13', resumedOn: '2025-01-10', unit: 'business', calendar: federal })).toThrow(RangeError);
  });
});
