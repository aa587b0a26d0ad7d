import { describe, it, expect } from 'vitest';
import { JURISDICTION_SLUGS, allJurisdictionRules, ruleHolidaysIn, shiftForWeekend } from './holiday-rules.js';
import { isWeekend } from './iso-date.js';

const dates = (slug: string, year: number): string[] => ruleHolidaysIn(slug, year).map((h) => h.date);
const named = (slug: string, year: number, date: string): string[] =>
  ruleHolidaysIn(slug, year).filter((h) => h.date === date).map((h) => h.name);

describe('federal holidays', () => {
  it('2024', () => {
    expect(dates('federal', 2024)).toEqual([
      '2024-01-01', '2024-01-15', '2024-02-19', '2024-05-27', '2024-06-19', '2024-07-04',
      '2024-09-02', '2024-10-14', '2024-11-11', '2024-11-28', '2024-12-25',
    ]);
  });

  it('2025, with Inauguration Day on MLK Day', () => {
    expect(dates('federal', 2025)).toEqual([
      '2025-01-01', '2025-01-20', '2025-01-20', '2025-02-17', '2025-05-26', '2025-06-19', '2025-07-04',
      '2025-09-01', '2025-10-13', '2025-11-11', '2025-11-27', '2025-12-25',
    ]);
    expect(named('federal', 2025, '2025-01-20')).toEqual(['Birthday of Martin Luther King, Jr.', 'Inauguration Day']);
  });

  it('2026: Independence Day (Saturday) observed Friday 3 July; Thanksgiving 26 November', () => {
    expect(dates('federal', 2026)).toEqual([
      '2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25', '2026-06-19', '2026-07-03',
      '2026-09-07', '2026-10-12', '2026-11-11', '2026-11-26', '2026-12-25',
    ]);
    const july = ruleHolidaysIn('federal', 2026).find((h) => h.id === 'independence-day');
    expect(july).toMatchObject({ date: '2026-07-03', actualDate: '2026-07-04' });
  });

  it('2027: weekend holidays shift, including New Year 2028 observed on 31 December 2027', () => {
    expect(dates('federal', 2027)).toEqual([
      '2027-01-01', '2027-01-18', '2027-02-15', '2027-05-31', '2027-06-18', '2027-07-05',
      '2027-09-06', '2027-10-11', '2027-11-11', '2027-11-25', '2027-12-24', '2027-12-31',
    ]);
    expect(named('federal', 2027, '2027-12-31')).toEqual(["New Year's Day"]);
    expect(dates('federal', 2028)[0]).toBe('2028-01-17'); // no 1 January weekday holiday in 2028
  });

  it('Juneteenth is absent in 2020 and present (observed 18 June) from 2021', () => {
    expect(dates('federal', 2020).some((d) => d.startsWith('2020-06'))).toBe(false);
    expect(named('federal', 2021, '2021-06-18')).toEqual(['Juneteenth National Independence Day']);
  });

  it('a Sunday inauguration is kept on Monday without displacing MLK Day (2013)', () => {
    expect(named('federal', 2013, '2013-01-21')).toEqual(['Inauguration Day', 'Birthday of Martin Luther King, Jr.']);
    expect(dates('federal', 2013)).not.toContain('2013-01-22');
  });

  it('Veterans Day was in October from 1971 to 1977', () => {
    expect(dates('federal', 1975)).toContain('1975-10-27');
    expect(dates('federal', 1975)).not.toContain('1975-11-11');
  });
});

describe('state holidays', () => {
  it('Texas: state holidays, no weekend shifting', () => {
    const tx = ruleHolidaysIn('texas', 2026);
    expect(tx.filter((h) => h.date === '2026-01-19').map((h) => h.id).sort()).toEqual(['confederate-heroes-day', 'mlk-day']);
    for (const d of ['2026-03-02', '2026-04-21', '2026-06-19', '2026-08-27', '2026-11-27', '2026-12-24', '2026-12-26']) {
      expect(tx.map((h) => h.date)).toContain(d);
    }
    // 4 July 2026 is a Saturday: Texas does not give Friday 3 July.
    expect(tx.map((h) => h.date)).toContain('2026-07-04');
    expect(tx.map((h) => h.date)).not.toContain('2026-07-03');
    expect(tx.find((h) => h.id === 'columbus-day')).toBeUndefined();
  });

  it('California: César Chávez Day, day after Thanksgiving, Sunday-only shifting, Veterans Day exception', () => {
    expect(named('california', 2027, '2027-03-31')).toEqual(['César Chávez Day']);
    expect(dates('california', 2025)).toContain('2025-11-28');
    expect(dates('california', 2026)).toContain('2026-07-04'); // Saturday: not moved
    expect(dates('california', 2027)).toContain('2027-07-05'); // Sunday 4 July → Monday
    expect(dates('california', 2028)).toContain('2028-11-10'); // Gov. Code 6702
    expect(dates('california', 2025)).not.toContain('2025-10-13'); // no Columbus Day since 2009
    expect(dates('california', 2008)).toContain('2008-10-13');
  });

  it("Massachusetts: Patriots' Day; a Saturday Christmas is not moved to Friday", () => {
    expect(named('massachusetts', 2025, '2025-04-21')).toEqual(["Patriots' Day"]);
    expect(named('massachusetts', 2026, '2026-04-20')).toEqual(["Patriots' Day"]);
    expect(dates('massachusetts', 2027)).not.toContain('2027-12-24');
    expect(dates('massachusetts', 2027)).toContain('2027-07-05');
  });

  it('District of Columbia: Emancipation Day 16 April, shifted like federal holidays', () => {
    expect(named('district-of-columbia', 2025, '2025-04-16')).toEqual(['DC Emancipation Day']);
    expect(named('district-of-columbia', 2022, '2022-04-15')).toEqual(['DC Emancipation Day']);
    expect(named('district-of-columbia', 2023, '2023-04-17')).toEqual(['DC Emancipation Day']);
    expect(dates('district-of-columbia', 2004)).not.toContain('2004-04-16');
  });

  it('Good Friday follows Easter (North Carolina 2025-04-18, 2026-04-03)', () => {
    expect(named('north-carolina', 2025, '2025-04-18')).toEqual(['Good Friday']);
    expect(named('north-carolina', 2026, '2026-04-03')).toEqual(['Good Friday']);
  });

  it('North Carolina: three weekdays around observed Christmas', () => {
    const christmas = (y: number): string[] => dates('north-carolina', y).filter((d) => d >= `${y}-12-20`);
    expect(christmas(2025)).toEqual(['2025-12-24', '2025-12-25', '2025-12-26']);
    expect(christmas(2026)).toEqual(['2026-12-24', '2026-12-25', '2026-12-28']);
    expect(christmas(2022)).toEqual(['2022-12-23', '2022-12-26', '2022-12-27']);
    expect(christmas(2023)).toEqual(['2023-12-22', '2023-12-25', '2023-12-26']);
  });

  it('Michigan 2021: displaced eves move to the weekday before', () => {
    expect(dates('michigan', 2021).filter((d) => d >= '2021-12-20')).toEqual([
      '2021-12-23', '2021-12-24', '2021-12-30', '2021-12-31',
    ]);
  });

  it('New York: Election Day every year, Saturday holidays not moved', () => {
    expect(named('new-york', 2025, '2025-11-04')).toEqual(['Election Day']);
    expect(dates('new-york', 2026)).toContain('2026-07-04');
    expect(dates('illinois', 2025)).not.toContain('2025-11-04'); // Illinois: even years only
    expect(dates('illinois', 2026)).toContain('2026-11-03');
  });

  it('Mardi Gras in Louisiana (Easter - 47)', () => {
    expect(dates('louisiana', 2025)).toContain('2025-03-04');
    expect(dates('louisiana', 2026)).toContain('2026-02-17');
  });

  it('Virginia: Lee-Jackson Day until 2019', () => {
    expect(named('virginia', 2019, '2019-01-18')).toEqual(['Lee-Jackson Day']);
    expect(dates('virginia', 2020)).not.toContain('2020-01-17');
  });
});

describe('all jurisdictions', () => {
  it('has the 52 slugs, federal first', () => {
    expect(JURISDICTION_SLUGS).toHaveLength(52);
    expect(JURISDICTION_SLUGS[0]).toBe('federal');
    expect(JURISDICTION_SLUGS).toContain('district-of-columbia');
    expect(new Set(allJurisdictionRules().map((j) => j.code)).size).toBe(52);
  });

  it('every jurisdiction yields sane holidays for any year', () => {
    for (const slug of JURISDICTION_SLUGS) {
      const observed = allJurisdictionRules().find((j) => j.slug === slug)?.observed;
      for (let year = 1990; year <= 2060; year += 1) {
        const list = ruleHolidaysIn(slug, year);
        expect(list.every((h) => h.date.startsWith(`${year}-`))).toBe(true);
        expect([...list.map((h) => h.date)].sort()).toEqual(list.map((h) => h.date));
        // Under the federal practice only a Saturday inauguration (no weekday off) stays on a weekend.
        if (observed === 'sat-fri-sun-mon') {
          expect(list.filter((h) => isWeekend(h.date) && h.id !== 'inauguration-day')).toEqual([]);
        }
        // Relative rules must resolve: they appear only when Thanksgiving does.
        expect(list.some((h) => h.id === 'thanksgiving')).toBe(true);
      }
    }
  });

  it('rule ids are unique per year', () => {
    for (const slug of JURISDICTION_SLUGS) {
      const ids = ruleHolidaysIn(slug, 2030).filter((h) => h.ruleYear === 2030).map((h) => h.id);
      expect(new Set(ids).size, slug).toBe(ids.length);
    }
  });

  it('unknown slugs are refused', () => {
    expect(() => ruleHolidaysIn('puerto-rico', 2025)).toThrow(RangeError);
  });
});

describe('shiftForWeekend', () => {
  it('applies each policy', () => {
    expect(shiftForWeekend('2026-07-04', 'sat-fri-sun-mon')).toBe('2026-07-03');
    expect(shiftForWeekend('2027-07-04', 'sat-fri-sun-mon')).toBe('2027-07-05');
    expect(shiftForWeekend('2026-07-04', 'sun-mon')).toBe('2026-07-04');
    expect(shiftForWeekend('2023-12-24', 'weekend-fri')).toBe('2023-12-22');
    expect(shiftForWeekend('2027-07-04', 'none')).toBe('2027-07-04');
    expect(shiftForWeekend('2025-07-04', 'sat-fri-sun-mon')).toBe('2025-07-04');
  });
});
