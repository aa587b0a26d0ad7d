import { describe, expect, it } from 'vitest';
import { findDayPeriods, wordNumber } from './day-periods.js';

const periods = (t: string) => findDayPeriods(t).map((p) => [p.days, p.unit, p.unitExplicit]);

describe('findDayPeriods', () => {
  it('reads words, digits and both', () => {
    expect(periods('within five business days')).toEqual([[5, 'business', true]]);
    expect(periods('within seven (7) working days')).toEqual([[7, 'business', true]]);
    expect(periods('not more than 3 calendar days')).toEqual([[3, 'calendar', true]]);
    expect(periods('within forty-five days')).toEqual([[45, 'calendar', false]]);
    expect(periods('by up to five additional business days')).toEqual([[5, 'business', true]]);
  });

  it('reads ordinals and weekend exclusions as business days', () => {
    expect(periods('not later than the 10th business day after')).toEqual([[10, 'business', true]]);
    expect(periods('by the seventh working day after')).toEqual([[7, 'business', true]]);
    expect(periods('within ten days (excepting Saturdays, Sundays, and legal holidays)')).toEqual([[10, 'business', true]]);
  });

  it('ignores numbers that are not periods of days', () => {
    expect(periods('a fee of five dollars for 10 pages')).toEqual([]);
  });

  it('knows number words', () => {
    expect(wordNumber('twenty one')).toBe(21);
    expect(wordNumber('ninety')).toBe(90);
    expect(wordNumber('dozen')).toBeNull();
  });
});
