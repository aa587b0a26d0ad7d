import { describe, it, expect } from 'vitest';
import {
  jsonHolidayFormat, parseCalendarJson, parseCsv, parseMatrixCsv, parseMatrixJson, yearFromFileName,
} from './holiday-file-parsers.js';

const collect = (): { issues: string[]; sink: (m: string) => void } => {
  const issues: string[] = [];
  return { issues, sink: (m) => issues.push(m) };
};

describe('calendar JSON', () => {
  const doc = {
    jurisdiction: 'Ruritania Test',
    jurisdiction_code: 'OH',
    year: 2031,
    holidays: [
      { name: 'Founders Day', statutory_date: '2031-03-01', observed_date: '2031-02-28', is_state_holiday: true },
      { name: 'Only Statutory', statutory_date: '2031-04-02' },
      { name: 'Not A Closure', observed_date: '2031-05-05', is_state_holiday: false },
      { name: 'Broken', observed_date: '2031-13-40' },
      'junk',
    ],
  };

  it('reads observed dates, falls back to statutory, skips entries flagged false', () => {
    const { issues, sink } = collect();
    expect(jsonHolidayFormat(doc)).toBe('calendar');
    expect(parseCalendarJson(doc, 'whatever.json', sink)).toEqual([
      { slug: 'ohio', year: 2031, date: '2031-02-28', name: 'Founders Day' },
      { slug: 'ohio', year: 2031, date: '2031-04-02', name: 'Only Statutory' },
    ]);
    expect(issues).toHaveLength(2);
  });

  it('takes the jurisdiction and year from the file name when the body lacks them', () => {
    const { sink } = collect();
    const rows = parseCalendarJson({ holidays: [{ name: 'X', date: '2032-01-02' }] }, 'new-york-holidays-2032.json', sink);
    expect(rows).toEqual([{ slug: 'new-york', year: 2032, date: '2032-01-02', name: 'X' }]);
  });

  it('reports an unknown jurisdiction', () => {
    const { issues, sink } = collect();
    expect(parseCalendarJson({ jurisdiction: 'Narnia', holidays: [] }, 'narnia-holidays.json', sink)).toEqual([]);
    expect(issues[0]).toMatch(/jurisdiction/);
  });
});

describe('matrix JSON', () => {
  it('reads holiday → jurisdiction key → year → date', () => {
    const { issues, sink } = collect();
    const doc = {
      metadata: {},
      holiday_comparison: {
        'Test Day': { new_york: { '2031': '2031-06-02' }, federal: { '2031': '2031-06-02', '2032': ['2032-06-01'] } },
        'Bad Day': { atlantis: { '2031': '2031-01-01' }, ohio: { '2031': 'soon' } },
      },
    };
    expect(jsonHolidayFormat(doc)).toBe('matrix');
    expect(parseMatrixJson(doc, sink)).toEqual([
      { slug: 'new-york', year: 2031, date: '2031-06-02', name: 'Test Day' },
      { slug: 'federal', year: 2031, date: '2031-06-02', name: 'Test Day' },
      { slug: 'federal', year: 2032, date: '2032-06-01', name: 'Test Day' },
    ]);
    expect(issues).toHaveLength(2);
  });
});

describe('matrix CSV', () => {
  it('reads MM/DD cells with the file year, ignoring "-" and observed marks', () => {
    const { issues, sink } = collect();
    const csv = 'Holiday Name,US,TX,ZZ\r\nTest Day,07/03*,-,01/01\r\n"Comma, Day",1/2,2031-01-03,\r\nBad,02/30,,\r\n';
    expect(parseMatrixCsv(csv, 2031, sink)).toEqual([
      { slug: 'federal', year: 2031, date: '2031-07-03', name: 'Test Day' },
      { slug: 'federal', year: 2031, date: '2031-01-02', name: 'Comma, Day' },
      { slug: 'texas', year: 2031, date: '2031-01-03', name: 'Comma, Day' },
    ]);
    expect(issues.some((m) => m.includes('ZZ'))).toBe(true);
    expect(issues.some((m) => m.includes('02/30'))).toBe(true);
  });

  it('parses quoted CSV fields', () => {
    expect(parseCsv('a,"b ""q"", c"\n\nd,e')).toEqual([['a', 'b "q", c'], ['d', 'e']]);
  });

  it('finds the year in a file name', () => {
    expect(yearFromFileName('master-holiday-matrix-2026.csv')).toBe(2026);
    expect(yearFromFileName('master-holiday-matrix-part1.json')).toBeNull();
  });
});

describe('format detection', () => {
  it('recognises neither format in other JSON', () => {
    expect(jsonHolidayFormat({ rows: [] })).toBeNull();
    expect(jsonHolidayFormat([1, 2])).toBeNull();
  });
});
