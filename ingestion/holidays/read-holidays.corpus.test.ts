import { describe, it, expect, beforeAll } from 'vitest';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { corpusDir } from '../../test/support/corpus-dir.js';
import { readCorpusHolidays } from './read-holidays.js';
import type { CorpusHoliday, HolidayReadIssue } from './read-holidays.js';
import { jsonHolidayFormat, parseCalendarJson, parseMatrixCsv, parseMatrixJson, yearFromFileName } from './holiday-file-parsers.js';
import type { ParsedHolidayRow } from './holiday-file-parsers.js';
import { createHolidayCalendar } from '../../core/calendar/holiday-calendar.js';
import { ruleHolidaysIn } from '../../core/calendar/holiday-rules.js';
import { isIsoDate, isWeekend } from '../../core/calendar/iso-date.js';

const FEDERAL_TYPE_IDS = new Set([
  'new-years-day', 'mlk-day', 'washingtons-birthday', 'memorial-day', 'juneteenth', 'independence-day',
  'labor-day', 'columbus-day', 'veterans-day', 'thanksgiving', 'christmas-day',
]);

/** Which of the 11 federal holidays a corpus name stands for, by keyword; null for others. */
function federalType(name: string): string | null {
  const n = name.toLowerCase();
  if (/\beve\b|after|december 2[46]|texas independence|confederate|inauguration/.test(n)) return null;
  const table: Array<[RegExp, string]> = [
    [/new year/, 'new-years-day'], [/king|mlk/, 'mlk-day'], [/washington|president/, 'washingtons-birthday'],
    [/memorial/, 'memorial-day'], [/juneteenth/, 'juneteenth'], [/independence/, 'independence-day'],
    [/labor/, 'labor-day'], [/columbus|indigenous/, 'columbus-day'], [/veteran/, 'veterans-day'],
    [/thanksgiving/, 'thanksgiving'], [/christmas/, 'christmas-day'],
  ];
  return table.find(([re]) => re.test(n))?.[1] ?? null;
}

/**
 * Where rules and corpus disagree, and why we keep the rule. Any other difference fails.
 * - California 2026: the CalHR-sourced file lists Friday 3 July as observed Independence
 *   Day, but its own metadata (and CalHR practice, Gov. Code 6701) says only Sunday
 *   holidays move; the corpus date still wins for 2026 in the calendar.
 */
const KNOWN_DIFFERENCES = ['california 2026 2026-07-03 independence-day: corpus only'];

let holidays = new Map<string, CorpusHoliday[]>();
const issues: HolidayReadIssue[] = [];

/** (slug, year) pairs with a real corpus calendar: at least 3 entries dated in the year. */
function coveredYears(list: readonly CorpusHoliday[]): number[] {
  const counts = new Map<number, number>();
  for (const h of list) counts.set(Number(h.date.slice(0, 4)), (counts.get(Number(h.date.slice(0, 4))) ?? 0) + 1);
  return [...counts].filter(([, c]) => c >= 3).map(([y]) => y).sort();
}

/** Differences between rules and corpus on weekdays; `onlyFederalType` narrows to the 11 federal holidays. */
function differences(onlyFederalType: boolean): string[] {
  const out: string[] = [];
  for (const [slug, list] of holidays) {
    for (const year of coveredYears(list)) {
      const corpus = list.filter((h) => h.date.startsWith(`${year}-`) && !isWeekend(h.date));
      const rules = ruleHolidaysIn(slug, year).filter((h) => !isWeekend(h.date));
      for (const r of rules) {
        if (onlyFederalType && !FEDERAL_TYPE_IDS.has(r.id)) continue;
        if (!corpus.some((c) => c.date === r.date)) out.push(`${slug} ${year} ${r.date} ${r.id}: rules only`);
      }
      for (const c of corpus) {
        const type = federalType(c.name);
        if (onlyFederalType && type === null) continue;
        const match = rules.some((r) => r.date === c.date && (!onlyFederalType || r.id === type));
        if (!match) out.push(`${slug} ${year} ${c.date} ${type ?? c.name}: corpus only`);
      }
    }
  }
  return out.sort();
}

beforeAll(async () => {
  holidays = await readCorpusHolidays(corpusDir(), { onIssue: (i) => issues.push(i) });
});

describe('corpus holiday files', () => {
  it('parse without issues into known jurisdictions with valid dates', () => {
    expect(issues).toEqual([]);
    expect(holidays.size).toBeGreaterThanOrEqual(12);
    for (const slug of ['federal', 'texas', 'california', 'new-york', 'north-carolina']) expect(holidays.has(slug)).toBe(true);
    for (const list of holidays.values()) {
      for (const h of list) {
        expect(isIsoDate(h.date)).toBe(true);
        expect(h.name.length).toBeGreaterThan(0);
        expect(existsSync(path.join(corpusDir(), h.sourcePath))).toBe(true);
      }
    }
  });

  it('give the federal calendars of 2025 and 2026 in full', () => {
    const federal = holidays.get('federal') ?? [];
    expect(coveredYears(federal)).toEqual([2025, 2026]);
    expect(federal.filter((h) => h.date.startsWith('2026-')).map((h) => h.date)).toContain('2026-07-03');
    expect(federal.filter((h) => h.date === '2025-01-20').map((h) => h.name).sort()).toEqual([
      'Birthday of Martin Luther King, Jr.', 'Inauguration Day',
    ]);
  });

  it('cover their years completely in the calendar, so rules add nothing there', () => {
    for (const [slug, list] of holidays) {
      const cal = createHolidayCalendar({ jurisdiction: slug, explicit: list });
      for (const year of coveredYears(list)) {
        expect(cal.isCoveredByExplicit(year), `${slug} ${year}`).toBe(true);
        // Only a New Year's Day of an uncovered next year, observed on 31 December, may come from the rules.
        const fromRules = cal.holidaysIn(year).filter((h) => h.source === 'rule' && !h.date.endsWith('-12-31'));
        expect(fromRules, `${slug} ${year}`).toEqual([]);
      }
    }
  });

  it('agree with the rules on the federal-type holidays, apart from the known differences', () => {
    expect(differences(true)).toEqual(KNOWN_DIFFERENCES);
  });

  it('agree with the rules on every weekday holiday, apart from the known differences', () => {
    expect(differences(false)).toEqual(KNOWN_DIFFERENCES);
  });

  it('matrices agree with the per-jurisdiction calendar files', async () => {
    const dir = path.join(corpusDir(), 'hole-tld', 'holidays');
    const calendarRows: ParsedHolidayRow[] = [];
    const matrixRows: ParsedHolidayRow[] = [];
    const ignore = (): void => undefined;
    for (const name of (await readdir(dir)).sort()) {
      const text = await readFile(path.join(dir, name), 'utf8');
      if (name.endsWith('.csv')) matrixRows.push(...parseMatrixCsv(text, yearFromFileName(name) ?? 0, ignore));
      else if (jsonHolidayFormat(JSON.parse(text)) === 'calendar') calendarRows.push(...parseCalendarJson(JSON.parse(text), name, ignore));
      else matrixRows.push(...parseMatrixJson(JSON.parse(text), ignore));
    }
    const key = (r: ParsedHolidayRow): string => `${r.slug} ${r.year} ${r.date}`;
    const calendarKeys = new Set(calendarRows.map(key));
    const calendarYears = new Set(calendarRows.map((r) => `${r.slug} ${r.year}`));
    expect(matrixRows.length).toBeGreaterThan(0);
    expect(matrixRows.filter((r) => calendarYears.has(`${r.slug} ${r.year}`) && !calendarKeys.has(key(r))).map(key)).toEqual([]);
  });
});
