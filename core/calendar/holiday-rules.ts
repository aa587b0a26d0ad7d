/**
 * Rule-based public holidays for the 52 jurisdictions (`federal`, the 50 states and
 * `district-of-columbia`), for any year.
 *
 * The rules model the days on which the jurisdiction's government offices close (the
 * paid holidays of state employees), because that is what makes a day a non-business
 * day for a public-records deadline. Commemorative days on which offices stay open are
 * left out. The calendar is the post-1971 one (Uniform Monday Holiday Act); earlier
 * years are not modelled. Each jurisdiction's record says how sure we are of it.
 *
 * The data lives in `jurisdictions/*.ts`; this module holds the types and the engine.
 */
import { easterSunday } from './easter.js';
import { addDays, formatIsoDate, daysInMonth, weekdayOf, isWeekend } from './iso-date.js';
import type { Weekday } from './iso-date.js';
import { FEDERAL_AND_DC } from './jurisdictions/federal-and-dc.js';
import { STATES_A_TO_L } from './jurisdictions/states-a-to-l.js';
import { STATES_M_TO_N } from './jurisdictions/states-m-to-n.js';
import { STATES_O_TO_W } from './jurisdictions/states-o-to-w.js';

/**
 * How a holiday that falls on a weekend is observed:
 * - `sat-fri-sun-mon`: Saturday → preceding Friday, Sunday → following Monday (federal, most states);
 * - `sun-mon`: only Sunday moves (to Monday); a Saturday holiday is not given a weekday;
 * - `weekend-fri`: Saturday or Sunday → preceding Friday (eves whose Monday is the holiday itself);
 * - `none`: observed on the day itself, even on a weekend (Texas).
 */
export type ObservedPolicy = 'sat-fri-sun-mon' | 'sun-mon' | 'weekend-fri' | 'none';

/** How the (unshifted) date of a holiday is found in a given year. */
export type DateRule =
  | { kind: 'fixed'; month: number; day: number }
  /** n-th `weekday` of `month`; n = -1 is the last one. */
  | { kind: 'nth-weekday'; month: number; weekday: Weekday; n: number }
  /** First `weekday` on or after month/day: election day is the first Tuesday on or after 2 November. */
  | { kind: 'weekday-on-or-after'; month: number; day: number; weekday: Weekday }
  /** `offset` days from Western Easter Sunday (Good Friday = -2, Mardi Gras = -47). */
  | { kind: 'easter'; offset: number }
  /**
   * Relative to an earlier rule of the same jurisdiction (`to` = its id): `days` calendar
   * days (or weekdays when `weekdays`) from its unshifted date, or from its observed date
   * when `from` is `observed`.
   */
  | { kind: 'relative'; to: string; days: number; from?: 'date' | 'observed'; weekdays?: boolean };

/** One holiday of a jurisdiction. */
export interface HolidayRule {
  /** Stable id within the jurisdiction, e.g. `thanksgiving`; `relative` rules refer to it. */
  id: string;
  name: string;
  date: DateRule;
  /** Overrides the jurisdiction's weekend policy for this holiday. */
  observed?: ObservedPolicy;
  /** First year (inclusive) the holiday applies. */
  since?: number;
  /** Last year (inclusive) the holiday applies. */
  until?: number;
  /** Only years where `year % every === remainder` (election days, inauguration day). */
  cycle?: { every: number; remainder: number };
  /** When its observed day falls on another holiday, no extra day is given (Inauguration Day on MLK Day). */
  noExtraDay?: boolean;
  /** Why the rule is as it is, or what we are unsure of. */
  note?: string;
}

/** How far a jurisdiction's rules have been checked. */
export type RuleConfidence =
  /** Compared with the corpus holiday files (which cover only 2025–2026). */
  | 'corpus-checked'
  /** From our knowledge of the statute / personnel calendar; believed right. */
  | 'believed'
  /** Some holidays or the weekend practice are uncertain; see `notes`. */
  | 'uncertain';

/** The holiday rules of one jurisdiction. */
export interface JurisdictionRules {
  /** `federal`, `new-york`, `district-of-columbia`, … */
  slug: string;
  /** Display name, e.g. "New York". */
  name: string;
  /** USPS code (`US` for federal). */
  code: string;
  /** Default weekend practice for this jurisdiction's holidays. */
  observed: ObservedPolicy;
  rules: HolidayRule[];
  confidence: RuleConfidence;
  /** Practice that differs from the usual, and doubts. */
  notes: string[];
}

/** A holiday produced by the rules for one year. */
export interface RuleHoliday {
  id: string;
  name: string;
  /** The day offices close (after weekend shifting and collision handling). */
  date: string;
  /** The holiday's own date before shifting. */
  actualDate: string;
  /** The year whose rules produced it (differs from `date`'s year for New Year's Day observed on 31 December). */
  ruleYear: number;
}

const ALL_RULES: readonly JurisdictionRules[] = [...FEDERAL_AND_DC, ...STATES_A_TO_L, ...STATES_M_TO_N, ...STATES_O_TO_W];
const BY_SLUG: ReadonlyMap<string, JurisdictionRules> = new Map(ALL_RULES.map((j) => [j.slug, j]));

/** The 52 jurisdiction slugs, federal first, then alphabetical. */
export const JURISDICTION_SLUGS: readonly string[] = [
  'federal',
  ...ALL_RULES.map((j) => j.slug)
    .filter((s) => s !== 'federal')
    .sort(),
];

/** All jurisdictions' rules (read-only data). */
export function allJurisdictionRules(): readonly JurisdictionRules[] {
  return ALL_RULES;
}

/** The rules of a jurisdiction, or undefined for an unknown slug. */
export function jurisdictionRules(slug: string): JurisdictionRules | undefined {
  return BY_SLUG.get(slug);
}

/**
 * Holidays the rules give for `slug` whose observed date falls in `year`, sorted by date.
 * Includes the cross-year case (New Year's Day of `year + 1` observed on 31 December).
 * @throws RangeError for an unknown jurisdiction slug.
 */
export function ruleHolidaysIn(slug: string, year: number): RuleHoliday[] {
  const jurisdiction = BY_SLUG.get(slug);
  if (!jurisdiction) throw new RangeError(`Unknown jurisdiction slug: ${slug}`);
  const raw = [year - 1, year, year + 1].flatMap((y) => rawHolidays(jurisdiction, y));
  const rulesById = new Map(jurisdiction.rules.map((r) => [r.id, r]));
  return resolveCollisions(raw, rulesById)
    .filter((h) => h.date.startsWith(`${String(year).padStart(4, '0')}-`))
    .sort((a, b) => (a.date === b.date ? a.actualDate.localeCompare(b.actualDate) : a.date.localeCompare(b.date)));
}

function appliesIn(rule: HolidayRule, year: number): boolean {
  if (rule.since !== undefined && year < rule.since) return false;
  if (rule.until !== undefined && year > rule.until) return false;
  if (rule.cycle && year % rule.cycle.every !== rule.cycle.remainder) return false;
  return true;
}

/** Holidays of one rule year, shifted by the weekend policy but before collision handling. */
function rawHolidays(jurisdiction: JurisdictionRules, year: number): RuleHoliday[] {
  const computed = new Map<string, { actual: string; observed: string }>();
  const out: RuleHoliday[] = [];
  for (const rule of jurisdiction.rules) {
    if (!appliesIn(rule, year)) continue;
    const actual = actualDate(rule.date, year, computed);
    if (actual === null) continue;
    const observed = shiftForWeekend(actual, rule.observed ?? jurisdiction.observed);
    computed.set(rule.id, { actual, observed });
    out.push({ id: rule.id, name: rule.name, date: observed, actualDate: actual, ruleYear: year });
  }
  return out;
}

function actualDate(rule: DateRule, year: number, computed: Map<string, { actual: string; observed: string }>): string | null {
  switch (rule.kind) {
    case 'fixed':
      return formatIsoDate(year, rule.month, rule.day);
    case 'nth-weekday':
      return nthWeekday(year, rule.month, rule.weekday, rule.n);
    case 'weekday-on-or-after': {
      const start = formatIsoDate(year, rule.month, rule.day);
      return addDays(start, (rule.weekday - weekdayOf(start) + 7) % 7);
    }
    case 'easter':
      return addDays(easterSunday(year), rule.offset);
    case 'relative': {
      // A relative rule whose base does not apply that year does not apply either.
      const base = computed.get(rule.to);
      if (!base) return null;
      const from = rule.from === 'observed' ? base.observed : base.actual;
      return rule.weekdays ? addWeekdays(from, rule.days) : addDays(from, rule.days);
    }
  }
}

function nthWeekday(year: number, month: number, weekday: Weekday, n: number): string {
  if (n > 0) {
    const first = formatIsoDate(year, month, 1);
    return addDays(first, (weekday - weekdayOf(first) + 7) % 7 + (n - 1) * 7);
  }
  const last = formatIsoDate(year, month, daysInMonth(year, month));
  return addDays(last, -((weekdayOf(last) - weekday + 7) % 7) + (n + 1) * 7);
}

function addWeekdays(date: string, days: number): string {
  const step = days < 0 ? -1 : 1;
  let d = date;
  for (let left = Math.abs(days); left > 0; ) {
    d = addDays(d, step);
    if (!isWeekend(d)) left -= 1;
  }
  return d;
}

/** The day a holiday on `date` is observed under `policy`. */
export function shiftForWeekend(date: string, policy: ObservedPolicy): string {
  const wd = weekdayOf(date);
  if (policy === 'none' || (wd !== 0 && wd !== 6)) return date;
  if (policy === 'weekend-fri') return addDays(date, wd === 6 ? -1 : -2);
  if (wd === 0) return addDays(date, 1);
  return policy === 'sat-fri-sun-mon' ? addDays(date, -1) : date;
}

/**
 * When a shifted holiday lands on another holiday's own day, offices get a separate day
 * off: the unshifted holiday gives way, one more weekday in the direction of the shift.
 * Christmas Eve (Friday 24 Dec 2021) moves to Thursday when Christmas (Saturday) is
 * observed on the Friday; a Day after Christmas on Monday moves to Tuesday when Christmas
 * (Sunday) is observed on the Monday. Holidays on the same own date stay together, and a
 * rule marked `noExtraDay` (Inauguration Day) never displaces another.
 */
function resolveCollisions(holidays: readonly RuleHoliday[], rulesById: ReadonlyMap<string, HolidayRule>): RuleHoliday[] {
  const result = holidays.map((h) => ({ ...h }));
  const byActual = [...result].sort((a, b) => a.actualDate.localeCompare(b.actualDate));
  for (const h of byActual) {
    if (h.date !== h.actualDate) continue;
    const intruder = result.find(
      (o) => o !== h && o.date === h.date && o.actualDate !== o.date && !rulesById.get(o.id)?.noExtraDay,
    );
    if (!intruder) continue;
    const occupied = new Set(result.map((o) => o.date));
    h.date = freeWeekday(h.date, intruder.actualDate > h.date ? -1 : 1, occupied);
  }
  return result;
}

function freeWeekday(date: string, step: 1 | -1, occupied: ReadonlySet<string>): string {
  let d = addDays(date, step);
  while (isWeekend(d) || occupied.has(d)) d = addDays(d, step);
  return d;
}
