/**
 * Calendar-date arithmetic on ISO `YYYY-MM-DD` strings.
 *
 * Dates are converted to a count of days since 1970-01-01 in UTC, so no
 * local time zone or daylight-saving change can shift a date by one.
 */

/** Day of the week, 0 = Sunday … 6 = Saturday (the `Date#getUTCDay` numbering). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Year, month (1–12) and day of an ISO date. */
export interface DateParts {
  year: number;
  month: number;
  day: number;
}

/**
 * Milliseconds since the epoch of a UTC calendar day. `Date.UTC` reads years 0–99 as
 * 1900–1999; setting the full year keeps "0001-01-01" in year 1.
 */
function utcMs(year: number, monthIndex: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, monthIndex, day);
  return d.getTime();
}

/**
 * Splits a `YYYY-MM-DD` string into its parts.
 * @throws RangeError when the string is not a real calendar date (e.g. `2025-02-30`).
 */
export function parseIsoDate(date: string): DateParts {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not an ISO date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`Not a calendar date: ${date}`);
  }
  return { year, month, day };
}

/** True when `date` is a valid `YYYY-MM-DD` calendar date. */
export function isIsoDate(date: string): boolean {
  try {
    parseIsoDate(date);
    return true;
  } catch {
    return false;
  }
}

/** Formats parts as `YYYY-MM-DD`; `month` and `day` may overflow (they are normalised). */
export function formatIsoDate(year: number, month: number, day: number): string {
  return fromEpochDay(Math.round(utcMs(year, month - 1, day) / MS_PER_DAY));
}

/** Days since 1970-01-01 of an ISO date. */
export function toEpochDay(date: string): number {
  const { year, month, day } = parseIsoDate(date);
  return Math.round(utcMs(year, month - 1, day) / MS_PER_DAY);
}

/** The ISO date `epochDay` days after 1970-01-01. */
export function fromEpochDay(epochDay: number): string {
  const d = new Date(epochDay * MS_PER_DAY);
  // Years before 1000 are padded so the format stays fixed-width.
  const y = String(d.getUTCFullYear()).padStart(4, '0');
  const m = String(d.getUTCMonth() + 1).padStart(2, '0');
  const day = String(d.getUTCDate()).padStart(2, '0');
  return `${y}-${m}-${day}`;
}

/** `date` moved by `days` calendar days (negative moves back). */
export function addDays(date: string, days: number): string {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Calendar days from `a` to `b` (positive when `b` is later). */
export function daysBetween(a: string, b: string): number {
  return toEpochDay(b) - toEpochDay(a);
}

/** Day of the week of an ISO date, 0 = Sunday. */
export function weekdayOf(date: string): Weekday {
  // 1970-01-01 was a Thursday (4).
  return ((((toEpochDay(date) + 4) % 7) + 7) % 7) as Weekday;
}

/** True for Saturday and Sunday. */
export function isWeekend(date: string): boolean {
  const wd = weekdayOf(date);
  return wd === 0 || wd === 6;
}

/** Number of days in a month of a (proleptic Gregorian) year. */
export function daysInMonth(year: number, month: number): number {
  return new Date(utcMs(year, month, 0)).getUTCDate();
}

/** The year of an ISO date. */
export function yearOf(date: string): number {
  return parseIsoDate(date).year;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** English name of the weekday of an ISO date, for explanations. */
export function weekdayName(date: string): string {
  return WEEKDAY_NAMES[weekdayOf(date)];
}
