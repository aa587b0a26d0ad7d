/**
 * A jurisdiction's holiday calendar: explicit (corpus) holidays where the corpus has
 * them, rule-based holidays for every other year. Weekends are Saturday and Sunday
 * everywhere.
 */
import { jurisdictionRules, ruleHolidaysIn } from './holiday-rules.js';
import { isWeekend, parseIsoDate } from './iso-date.js';

/** A holiday given as data (from the corpus or a caller), by its observed date. */
export interface ExplicitHoliday {
  /** `YYYY-MM-DD`, the day offices are closed. */
  date: string;
  name: string;
}

/** A holiday of the calendar, with where it came from. */
export interface CalendarHoliday {
  date: string;
  name: string;
  source: 'corpus' | 'rule';
}

/** What business-day arithmetic needs from a calendar. */
export interface BusinessDayCalendar {
  /** Neither a weekend day nor a holiday. */
  isBusinessDay(date: string): boolean;
  /** When present, explanations name the holidays they skip. */
  holidaysIn?(year: number): readonly CalendarHoliday[];
}

/** Holidays and business days of one jurisdiction. */
export interface HolidayCalendar extends BusinessDayCalendar {
  readonly jurisdiction: string;
  /** Holidays observed in `year`, sorted by date (several may share a date). */
  holidaysIn(year: number): CalendarHoliday[];
  isHoliday(date: string): boolean;
  isBusinessDay(date: string): boolean;
  /** Years for which the explicit holidays are taken as the complete list. */
  isCoveredByExplicit(year: number): boolean;
}

/** Options of {@link createHolidayCalendar}. */
export interface HolidayCalendarOptions {
  /** Jurisdiction slug: `federal`, `texas`, `district-of-columbia`, … */
  jurisdiction: string;
  /** Corpus (or other authoritative) holidays; they win over the rules. */
  explicit?: ReadonlyArray<ExplicitHoliday>;
  /** Overrides coverage detection: exactly these years are complete in `explicit`. */
  coveredYears?: readonly number[];
}

/** Below this many entries a year's explicit list is never taken as complete. */
const MIN_COVERING_ENTRIES = 3;

/**
 * Creates the calendar of a jurisdiction.
 *
 * Explicit holidays always count. For a year the explicit list covers completely the
 * rules add nothing; for other years rule holidays are added (unless an explicit holiday
 * already sits on that date). Coverage, unless `coveredYears` says otherwise, is detected
 * by count: a year is covered when it has at least half as many explicit entries as the
 * rules produce for it (and at least three). That tells a full published calendar (the
 * corpus files list 9–15 days) from a few one-off closures (a day of mourning) added to
 * a rule-based year. Coverage is judged by the rule year, so New Year's Day of an
 * uncovered year observed on 31 December still appears in a covered year before it.
 * @throws RangeError for an unknown jurisdiction or an invalid explicit date.
 */
export function createHolidayCalendar(options: HolidayCalendarOptions): HolidayCalendar {
  const { jurisdiction } = options;
  if (!jurisdictionRules(jurisdiction)) throw new RangeError(`Unknown jurisdiction slug: ${jurisdiction}`);
  const explicitByYear = groupExplicit(options.explicit ?? []);
  const forced = options.coveredYears ? new Set(options.coveredYears) : null;
  const coverage = new Map<number, boolean>();
  const perYear = new Map<number, { list: CalendarHoliday[]; dates: Set<string> }>();

  const isCovered = (year: number): boolean => {
    if (forced) return forced.has(year);
    let covered = coverage.get(year);
    if (covered === undefined) {
      const count = explicitByYear.get(year)?.length ?? 0;
      const ruleCount = ruleHolidaysIn(jurisdiction, year).length;
      covered = count >= Math.max(MIN_COVERING_ENTRIES, Math.ceil(ruleCount / 2));
      coverage.set(year, covered);
    }
    return covered;
  };

  const yearData = (year: number): { list: CalendarHoliday[]; dates: Set<string> } => {
    let data = perYear.get(year);
    if (!data) {
      const list = buildYear(jurisdiction, year, explicitByYear.get(year) ?? [], isCovered);
      data = { list, dates: new Set(list.map((h) => h.date)) };
      perYear.set(year, data);
    }
    return data;
  };

  const isHoliday = (date: string): boolean => yearData(parseIsoDate(date).year).dates.has(date);
  return {
    jurisdiction,
    holidaysIn: (year) => [...yearData(year).list],
    isHoliday,
    isBusinessDay: (date) => !isWeekend(date) && !isHoliday(date),
    isCoveredByExplicit: isCovered,
  };
}

function groupExplicit(explicit: ReadonlyArray<ExplicitHoliday>): Map<number, ExplicitHoliday[]> {
  const byYear = new Map<number, ExplicitHoliday[]>();
  const seen = new Set<string>();
  for (const h of explicit) {
    const { year } = parseIsoDate(h.date);
    const key = `${h.date}|${h.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const list = byYear.get(year) ?? [];
    list.push({ date: h.date, name: h.name });
    byYear.set(year, list);
  }
  return byYear;
}

function buildYear(
  jurisdiction: string,
  year: number,
  explicit: readonly ExplicitHoliday[],
  isCovered: (year: number) => boolean,
): CalendarHoliday[] {
  const out: CalendarHoliday[] = explicit.map((h) => ({ date: h.date, name: h.name, source: 'corpus' }));
  const explicitDates = new Set(explicit.map((h) => h.date));
  for (const h of ruleHolidaysIn(jurisdiction, year)) {
    if (isCovered(h.ruleYear) || explicitDates.has(h.date)) continue;
    out.push({ date: h.date, name: h.name, source: 'rule' });
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}
