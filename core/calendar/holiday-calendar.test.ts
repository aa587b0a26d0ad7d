import { describe, it, expect } from 'vitest';
import { createHolidayCalendar } from './holiday-calendar.js';
import type { ExplicitHoliday } from './holiday-calendar.js';

/** A made-up complete 2025 federal list that deliberately leaves out Columbus Day. */
const FEDERAL_2025_WITHOUT_COLUMBUS: ExplicitHoliday[] = [
  { date: '2025-01-01', name: 'New Year' },
  { date: '2025-01-20', name: 'MLK' },
  { date: '2025-02-17', name: 'Presidents' },
  { date: '2025-05-26', name: 'Memorial' },
  { date: '2025-06-19', name: 'Juneteenth' },
  { date: '2025-07-04', name: 'Independence' },
  { date: '2025-09-01', name: 'Labor' },
  { date: '2025-11-11', name: 'Veterans' },
  { date: '2025-11-27', name: 'Thanksgiving' },
  { date: '2025-12-25', name: 'Christmas' },
];

describe('createHolidayCalendar', () => {
  it('uses the rules when there is no explicit data', () => {
    const cal = createHolidayCalendar({ jurisdiction: 'federal' });
    expect(cal.isHoliday('2026-07-03')).toBe(true);
    expect(cal.isBusinessDay('2026-07-03')).toBe(false);
    expect(cal.isBusinessDay('2026-07-02')).toBe(true);
    expect(cal.isBusinessDay('2026-07-04')).toBe(false); // Saturday
    expect(cal.holidaysIn(2026).every((h) => h.source === 'rule')).toBe(true);
  });

  it('a completely covered year takes only the explicit list', () => {
    const cal = createHolidayCalendar({ jurisdiction: 'federal', explicit: FEDERAL_2025_WITHOUT_COLUMBUS });
    expect(cal.isCoveredByExplicit(2025)).toBe(true);
    const y2025 = cal.holidaysIn(2025);
    expect(y2025).toHaveLength(10);
    expect(y2025.every((h) => h.source === 'corpus')).toBe(true);
    expect(cal.isHoliday('2025-10-13')).toBe(false); // the rules do not add Columbus Day
    // Other years still come from the rules.
    expect(cal.isCoveredByExplicit(2026)).toBe(false);
    expect(cal.isHoliday('2026-10-12')).toBe(true);
  });

  it('a few explicit days in an uncovered year are added to the rules', () => {
    const cal = createHolidayCalendar({
      jurisdiction: 'federal',
      explicit: [
        { date: '2025-01-09', name: 'National Day of Mourning' },
        { date: '2025-07-04', name: 'Fourth of July' },
      ],
    });
    expect(cal.isCoveredByExplicit(2025)).toBe(false);
    expect(cal.isHoliday('2025-01-09')).toBe(true);
    expect(cal.isHoliday('2025-10-13')).toBe(true);
    const july = cal.holidaysIn(2025).filter((h) => h.date === '2025-07-04');
    expect(july).toEqual([{ date: '2025-07-04', name: 'Fourth of July', source: 'corpus' }]);
    expect(cal.holidaysIn(2025).filter((h) => h.source === 'rule')).toHaveLength(11);
  });

  it('coveredYears overrides detection', () => {
    const cal = createHolidayCalendar({
      jurisdiction: 'texas',
      explicit: [{ date: '2025-01-01', name: "New Year's Day" }],
      coveredYears: [2025],
    });
    expect(cal.holidaysIn(2025)).toEqual([{ date: '2025-01-01', name: "New Year's Day", source: 'corpus' }]);
    expect(cal.isCoveredByExplicit(2026)).toBe(false);
  });

  it('a covered year still gets the next uncovered year\'s New Year observed on 31 December', () => {
    const explicit2021 = ['01-01', '01-18', '01-20', '02-15', '05-31', '06-18', '07-05', '09-06', '10-11', '11-11', '11-25', '12-24']
      .map((md) => ({ date: `2021-${md}`, name: md }));
    const cal = createHolidayCalendar({ jurisdiction: 'federal', explicit: explicit2021 });
    expect(cal.isCoveredByExplicit(2021)).toBe(true);
    expect(cal.holidaysIn(2021).find((h) => h.date === '2021-12-31')).toEqual({
      date: '2021-12-31', name: "New Year's Day", source: 'rule',
    });
  });

  it('drops exact duplicates and refuses bad input', () => {
    const cal = createHolidayCalendar({
      jurisdiction: 'ohio',
      explicit: [
        { date: '2030-03-01', name: 'Closure' },
        { date: '2030-03-01', name: 'Closure' },
      ],
    });
    expect(cal.holidaysIn(2030).filter((h) => h.date === '2030-03-01')).toHaveLength(1);
    expect(() => createHolidayCalendar({ jurisdiction: 'atlantis' })).toThrow(RangeError);
    expect(() => createHolidayCalendar({ jurisdiction: 'ohio', explicit: [{ date: '2025-02-30', name: 'x' }] })).toThrow(RangeError);
  });

  it('returns copies, so callers cannot alter the calendar', () => {
    const cal = createHolidayCalendar({ jurisdiction: 'federal' });
    cal.holidaysIn(2025).length = 0;
    expect(cal.holidaysIn(2025).length).toBeGreaterThan(0);
  });
});
