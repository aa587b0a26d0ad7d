/**
 * Small constructors for holiday rules and the holidays most jurisdictions share, so the
 * per-jurisdiction tables in `jurisdictions/` stay short and readable.
 */
import type { Weekday } from './iso-date.js';
import type { HolidayRule, JurisdictionRules } from './holiday-rules.js';

/** Weekday numbers (0 = Sunday), named for readability in the tables. */
export const MON: Weekday = 1;
export const TUE: Weekday = 2;
export const THU: Weekday = 4;
export const FRI: Weekday = 5;

type Extra = Omit<HolidayRule, 'id' | 'name' | 'date'>;

/** A holiday on the same month and day every year. */
export function fixed(id: string, name: string, month: number, day: number, extra: Extra = {}): HolidayRule {
  return { id, name, date: { kind: 'fixed', month, day }, ...extra };
}

/** A holiday on the n-th weekday of a month (n = -1: the last). */
export function nth(id: string, name: string, month: number, weekday: Weekday, n: number, extra: Extra = {}): HolidayRule {
  return { id, name, date: { kind: 'nth-weekday', month, weekday, n }, ...extra };
}

/** A holiday `offset` days from Easter Sunday. */
export function easterBased(id: string, name: string, offset: number, extra: Extra = {}): HolidayRule {
  return { id, name, date: { kind: 'easter', offset }, ...extra };
}

/** A holiday `days` calendar days after (or before) another rule's own date. */
export function after(id: string, name: string, to: string, days: number, extra: Extra = {}): HolidayRule {
  return { id, name, date: { kind: 'relative', to, days }, ...extra };
}

/** A holiday `weekdays` weekdays from another rule's observed date; itself never shifted. */
export function weekdaysFromObserved(id: string, name: string, to: string, weekdays: number, extra: Extra = {}): HolidayRule {
  return { id, name, date: { kind: 'relative', to, days: weekdays, from: 'observed', weekdays: true }, observed: 'none', ...extra };
}

/** A copy of a shared rule under another name and/or with other options. */
export function as(rule: HolidayRule, name: string, extra: Extra = {}): HolidayRule {
  return { ...rule, name, ...extra };
}

/** A copy of a shared rule with other options. */
export function withOptions(rule: HolidayRule, extra: Extra): HolidayRule {
  return { ...rule, ...extra };
}

/** Builds a jurisdiction record; notes default to none. */
export function jurisdiction(record: Omit<JurisdictionRules, 'notes'> & { notes?: string[] }): JurisdictionRules {
  return { notes: [], ...record };
}

// --- Holidays shared by the federal calendar and most states ------------------------

export const NEW_YEARS_DAY = fixed('new-years-day', "New Year's Day", 1, 1);
export const MLK_DAY = nth('mlk-day', 'Martin Luther King Jr. Day', 1, MON, 3, { since: 1986 });
export const WASHINGTONS_BIRTHDAY = nth('washingtons-birthday', "Washington's Birthday", 2, MON, 3);
export const PRESIDENTS_DAY = as(WASHINGTONS_BIRTHDAY, "Presidents' Day");
export const LINCOLNS_BIRTHDAY = fixed('lincolns-birthday', "Lincoln's Birthday", 2, 12);
export const GOOD_FRIDAY = easterBased('good-friday', 'Good Friday', -2);
export const MEMORIAL_DAY = nth('memorial-day', 'Memorial Day', 5, MON, -1);
/** Federal from 2021; states that adopted it later override `since`. */
export const JUNETEENTH = fixed('juneteenth', 'Juneteenth', 6, 19, { since: 2021 });
export const INDEPENDENCE_DAY = fixed('independence-day', 'Independence Day', 7, 4);
export const LABOR_DAY = nth('labor-day', 'Labor Day', 9, MON, 1);
export const COLUMBUS_DAY = nth('columbus-day', 'Columbus Day', 10, MON, 2);
/** Veterans Day was the fourth Monday of October from 1971 to 1977. */
export const VETERANS_DAY_OCTOBER = nth('veterans-day-october', 'Veterans Day', 10, MON, 4, { since: 1971, until: 1977 });
export const VETERANS_DAY = fixed('veterans-day', 'Veterans Day', 11, 11, { since: 1978 });
export const THANKSGIVING = nth('thanksgiving', 'Thanksgiving Day', 11, THU, 4);
export const DAY_AFTER_THANKSGIVING = after('day-after-thanksgiving', 'Day after Thanksgiving', 'thanksgiving', 1);
/** An eve whose next day is itself a holiday: a weekend eve is given the Friday before. */
export const CHRISTMAS_EVE = fixed('christmas-eve', 'Christmas Eve', 12, 24, { observed: 'weekend-fri' });
export const CHRISTMAS_DAY = fixed('christmas-day', 'Christmas Day', 12, 25);
export const NEW_YEARS_EVE = fixed('new-years-eve', "New Year's Eve", 12, 31, { observed: 'weekend-fri' });
/** General election day: the Tuesday after the first Monday of November. */
export const ELECTION_DAY: HolidayRule = {
  id: 'election-day',
  name: 'Election Day',
  date: { kind: 'weekday-on-or-after', month: 11, day: 2, weekday: TUE },
};
/** Election day in even-numbered years only (state and federal general elections). */
export const EVEN_YEAR_ELECTION_DAY = withOptions(ELECTION_DAY, { cycle: { every: 2, remainder: 0 } });

/** Veterans Day in both its forms, for tables that list it. */
export const VETERANS = [VETERANS_DAY_OCTOBER, VETERANS_DAY] as const;
