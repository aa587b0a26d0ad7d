import { describe, it, expect } from 'vitest';
import { addDays, daysBetween, daysInMonth, formatIsoDate, fromEpochDay, isIsoDate, parseIsoDate, toEpochDay, weekdayOf, weekdayName } from './iso-date.js';

describe('iso-date', () => {
  it('parses and rejects dates strictly', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(() => parseIsoDate('2025-02-29')).toThrow(RangeError);
    expect(() => parseIsoDate('2025-1-5')).toThrow(RangeError);
    expect(() => parseIsoDate('2025-01-05T00:00:00Z')).toThrow(RangeError);
    expect(isIsoDate('2025-13-01')).toBe(false);
  });

  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    // US daylight-saving change (9 March 2025) must not matter.
    expect(addDays('2025-03-08', 2)).toBe('2025-03-10');
  });

  it('counts days between dates and normalises overflowing parts', () => {
    expect(daysBetween('2025-01-01', '2026-01-01')).toBe(365);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2025-03-10', '2025-03-08')).toBe(-2);
    expect(formatIsoDate(2025, 13, 1)).toBe('2026-01-01');
  });

  it('knows weekdays', () => {
    expect(weekdayOf('1970-01-01')).toBe(4);
    expect(weekdayOf('2025-01-20')).toBe(1);
    expect(weekdayOf('1969-12-31')).toBe(3);
    expect(weekdayName('2026-07-04')).toBe('Saturday');
  });
});

describe('years before 100', () => {
  it('keeps year 1 in year 1 (Date.UTC would read it as 1901)', () => {
    expect(toEpochDay('0001-01-01')).toBe(-719162);
    expect(fromEpochDay(toEpochDay('0001-01-01'))).toBe('0001-01-01');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(daysInMonth(4, 2)).toBe(29);
  });
});
