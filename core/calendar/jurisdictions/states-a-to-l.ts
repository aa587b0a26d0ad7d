/**
 * Holiday rules of the states Alabama to Louisiana. State-office closures (paid state
 * employee holidays); see each record's notes for doubts.
 */
import type { JurisdictionRules } from '../holiday-rules.js';
import {
  CHRISTMAS_DAY, CHRISTMAS_EVE, COLUMBUS_DAY, DAY_AFTER_THANKSGIVING, EVEN_YEAR_ELECTION_DAY, GOOD_FRIDAY,
  INDEPENDENCE_DAY, JUNETEENTH, LABOR_DAY, LINCOLNS_BIRTHDAY, MEMORIAL_DAY, MLK_DAY, MON, NEW_YEARS_DAY,
  NEW_YEARS_EVE, PRESIDENTS_DAY, THANKSGIVING, TUE, FRI, VETERANS, VETERANS_DAY, WASHINGTONS_BIRTHDAY, as, easterBased, fixed,
  jurisdiction, nth, weekdaysFromObserved, withOptions,
} from '../rule-builders.js';

const STD = 'sat-fri-sun-mon' as const;

/** Alabama … Louisiana. */
export const STATES_A_TO_L: readonly JurisdictionRules[] = [
  jurisdiction({
    slug: 'alabama', name: 'Alabama', code: 'AL', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, as(MLK_DAY, "Robert E. Lee / Martin Luther King Jr. Birthday"),
      as(WASHINGTONS_BIRTHDAY, 'George Washington / Thomas Jefferson Birthday'),
      nth('confederate-memorial-day', 'Confederate Memorial Day', 4, MON, 4), as(MEMORIAL_DAY, 'National Memorial Day'),
      nth('jefferson-davis-birthday', "Jefferson Davis' Birthday", 6, MON, 1), INDEPENDENCE_DAY, LABOR_DAY,
      as(COLUMBUS_DAY, 'Columbus Day / American Indian Heritage Day'), ...VETERANS, THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['Ala. Code 1-3-8. Mardi Gras closes offices only in Baldwin and Mobile counties; Juneteenth has been given by proclamation in some years only. Neither is modelled.'],
  }),
  jurisdiction({
    slug: 'alaska', name: 'Alaska', code: 'AK', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, PRESIDENTS_DAY, nth('sewards-day', "Seward's Day", 3, MON, -1), MEMORIAL_DAY,
      INDEPENDENCE_DAY, LABOR_DAY, fixed('alaska-day', 'Alaska Day', 10, 18), ...VETERANS, THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ["Not sure whether Juneteenth has become a paid state holiday; not modelled. Indigenous Peoples' Day is an observance, not a closure."],
  }),
  jurisdiction({
    slug: 'arizona', name: 'Arizona', code: 'AZ', observed: STD, confidence: 'corpus-checked',
    rules: [
      NEW_YEARS_DAY, as(MLK_DAY, 'Martin Luther King Jr./Civil Rights Day'), as(WASHINGTONS_BIRTHDAY, "Lincoln/Washington Presidents' Day"),
      MEMORIAL_DAY, INDEPENDENCE_DAY, LABOR_DAY, COLUMBUS_DAY, ...VETERANS, THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['The 2025 state HR calendar in the corpus has no Juneteenth closure.'],
  }),
  jurisdiction({
    slug: 'arkansas', name: 'Arkansas', code: 'AR', observed: STD, confidence: 'uncertain',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, as(WASHINGTONS_BIRTHDAY, "George Washington's Birthday and Daisy Gatson Bates Day"),
      MEMORIAL_DAY, INDEPENDENCE_DAY, LABOR_DAY, ...VETERANS, THANKSGIVING, CHRISTMAS_EVE, CHRISTMAS_DAY,
    ],
    notes: ['Ark. Code 1-5-101. Legislation of 2025 reworked some holidays (Daisy Gatson Bates Day, Columbus Day, Juneteenth); not verified, so the pre-2025 list is used.'],
  }),
  jurisdiction({
    slug: 'california', name: 'California', code: 'CA', observed: 'sun-mon', confidence: 'corpus-checked',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, PRESIDENTS_DAY, withOptions(LINCOLNS_BIRTHDAY, { until: 2008 }),
      fixed('cesar-chavez-day', 'César Chávez Day', 3, 31, { since: 2001 }), MEMORIAL_DAY, INDEPENDENCE_DAY, LABOR_DAY,
      withOptions(COLUMBUS_DAY, { until: 2008 }),
      withOptions(VETERANS_DAY, { observed: STD, note: 'Gov. Code 6702: when 11 November is a Saturday the Friday before is a holiday.' }),
      THANKSGIVING, DAY_AFTER_THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: [
      'CalHR list (Gov. Code 19853). Sunday holidays move to Monday; a Saturday holiday gives employees holiday credit but no Friday closure (the corpus metadata says the same), except Veterans Day.',
      'The corpus 2026 file nonetheless lists Independence Day as observed Friday 3 July 2026; explicit corpus dates win for 2026, the rules keep the Sunday-only practice.',
      "Lincoln's Birthday and Columbus Day stopped being state-office holidays in 2009. Native American Day and Juneteenth are not closures.",
    ],
  }),
  jurisdiction({
    slug: 'colorado', name: 'Colorado', code: 'CO', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, as(WASHINGTONS_BIRTHDAY, 'Washington-Lincoln Day'), MEMORIAL_DAY,
      withOptions(JUNETEENTH, { since: 2022 }), INDEPENDENCE_DAY, LABOR_DAY, withOptions(COLUMBUS_DAY, { until: 2020 }),
      nth('cabrini-day', 'Frances Xavier Cabrini Day', 10, MON, 1, { since: 2021 }), ...VETERANS, THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['C.R.S. 24-11-101. Cabrini Day replaced Columbus Day from 2021. Juneteenth year of adoption (2022) not verified.'],
  }),
  jurisdiction({
    slug: 'connecticut', name: 'Connecticut', code: 'CT', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, LINCOLNS_BIRTHDAY, WASHINGTONS_BIRTHDAY, GOOD_FRIDAY, MEMORIAL_DAY,
      withOptions(JUNETEENTH, { since: 2023 }), INDEPENDENCE_DAY, LABOR_DAY, COLUMBUS_DAY, ...VETERANS, THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['C.G.S. 1-4.'],
  }),
  jurisdiction({
    slug: 'delaware', name: 'Delaware', code: 'DE', observed: STD, confidence: 'uncertain',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, PRESIDENTS_DAY, GOOD_FRIDAY, MEMORIAL_DAY, withOptions(JUNETEENTH, { since: 2022 }),
      INDEPENDENCE_DAY, LABOR_DAY, as(EVEN_YEAR_ELECTION_DAY, 'General Election Day'), ...VETERANS, THANKSGIVING,
      DAY_AFTER_THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['1 Del. C. 501. Not sure Columbus Day is excluded for state offices; Return Day (Sussex County, half day) is not modelled.'],
  }),
  jurisdiction({
    slug: 'florida', name: 'Florida', code: 'FL', observed: STD, confidence: 'corpus-checked',
    rules: [
      NEW_YEARS_DAY, as(MLK_DAY, 'Birthday of Dr. Martin Luther King, Jr.'), MEMORIAL_DAY, INDEPENDENCE_DAY, LABOR_DAY,
      ...VETERANS, THANKSGIVING, as(DAY_AFTER_THANKSGIVING, 'Friday after Thanksgiving'), CHRISTMAS_DAY,
    ],
    notes: ['Fla. Stat. 110.117.'],
  }),
  jurisdiction({
    slug: 'georgia', name: 'Georgia', code: 'GA', observed: STD, confidence: 'uncertain',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, WASHINGTONS_BIRTHDAY,
      as(GOOD_FRIDAY, 'State Holiday (spring)', { note: 'The corpus shows Good Friday in 2025; other years used a late-April Monday.' }),
      MEMORIAL_DAY, withOptions(JUNETEENTH, { since: 2022 }), INDEPENDENCE_DAY, LABOR_DAY, COLUMBUS_DAY, ...VETERANS,
      THANKSGIVING, as(DAY_AFTER_THANKSGIVING, 'State Holiday'), CHRISTMAS_DAY,
    ],
    notes: [
      "O.C.G.A. 1-4-1; the Governor sets the observance dates each year, often moving Washington's Birthday into Christmas week and choosing the spring State Holiday. Rules follow the corpus 2025 calendar; other years are a best guess.",
    ],
  }),
  jurisdiction({
    slug: 'hawaii', name: 'Hawaii', code: 'HI', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, PRESIDENTS_DAY, fixed('kuhio-day', 'Prince Jonah Kūhiō Kalanianaʻole Day', 3, 26), GOOD_FRIDAY,
      MEMORIAL_DAY, fixed('kamehameha-day', 'King Kamehameha I Day', 6, 11), INDEPENDENCE_DAY,
      nth('statehood-day', 'Statehood Day', 8, FRI, 3), LABOR_DAY, ...VETERANS, THANKSGIVING, CHRISTMAS_DAY,
      as(EVEN_YEAR_ELECTION_DAY, 'General Election Day'),
    ],
    notes: ["HRS 8-1. Discoverers' Day and Juneteenth are observances without closure."],
  }),
  jurisdiction({
    slug: 'idaho', name: 'Idaho', code: 'ID', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, as(MLK_DAY, 'Martin Luther King Jr.–Idaho Human Rights Day'), PRESIDENTS_DAY, MEMORIAL_DAY,
      INDEPENDENCE_DAY, LABOR_DAY, COLUMBUS_DAY, ...VETERANS, THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['Idaho Code 73-108.'],
  }),
  jurisdiction({
    slug: 'illinois', name: 'Illinois', code: 'IL', observed: STD, confidence: 'corpus-checked',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, LINCOLNS_BIRTHDAY, as(WASHINGTONS_BIRTHDAY, "Washington's Birthday (Presidents' Day)"),
      MEMORIAL_DAY, withOptions(JUNETEENTH, { since: 2022 }), INDEPENDENCE_DAY, LABOR_DAY, COLUMBUS_DAY,
      as(EVEN_YEAR_ELECTION_DAY, 'General Election Day', { since: 2020 }), ...VETERANS, THANKSGIVING,
      DAY_AFTER_THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['General election day (even years) became a state holiday in 2020.'],
  }),
  jurisdiction({
    slug: 'indiana', name: 'Indiana', code: 'IN', observed: STD, confidence: 'uncertain',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, GOOD_FRIDAY,
      { id: 'primary-election-day', name: 'Primary Election Day', date: { kind: 'weekday-on-or-after', month: 5, day: 2, weekday: TUE }, cycle: { every: 2, remainder: 0 } },
      MEMORIAL_DAY, INDEPENDENCE_DAY, LABOR_DAY, COLUMBUS_DAY, as(EVEN_YEAR_ELECTION_DAY, 'General Election Day'),
      ...VETERANS, THANKSGIVING, as(DAY_AFTER_THANKSGIVING, "Lincoln's Birthday (observed)"), CHRISTMAS_DAY,
      weekdaysFromObserved('washingtons-birthday', "Washington's Birthday (observed)", 'christmas-day', -1),
    ],
    notes: ["IC 1-1-9-1. Lincoln's Birthday is observed the day after Thanksgiving and Washington's Birthday in Christmas week; the exact Christmas-week day (here the weekday before Christmas) is a guess."],
  }),
  jurisdiction({
    slug: 'iowa', name: 'Iowa', code: 'IA', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, MEMORIAL_DAY, INDEPENDENCE_DAY, LABOR_DAY, ...VETERANS, THANKSGIVING,
      DAY_AFTER_THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['Iowa Code 1C.2; the two paid floating days of state employees are not closures.'],
  }),
  jurisdiction({
    slug: 'kansas', name: 'Kansas', code: 'KS', observed: STD, confidence: 'uncertain',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, MEMORIAL_DAY, INDEPENDENCE_DAY, LABOR_DAY, ...VETERANS, THANKSGIVING,
      DAY_AFTER_THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ["K.S.A. 35-107 and the state personnel calendar; the Governor often adds a discretionary day (e.g. around Christmas). Not sure about Presidents' Day or Juneteenth."],
  }),
  jurisdiction({
    slug: 'kentucky', name: 'Kentucky', code: 'KY', observed: STD, confidence: 'uncertain',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, MEMORIAL_DAY, INDEPENDENCE_DAY, LABOR_DAY, ...VETERANS, THANKSGIVING,
      DAY_AFTER_THANKSGIVING, CHRISTMAS_EVE, CHRISTMAS_DAY, NEW_YEARS_EVE,
    ],
    notes: ['KRS 18A.190. Good Friday is a half day (not modelled: the day still counts as a business day). Election days not modelled.'],
  }),
  jurisdiction({
    slug: 'louisiana', name: 'Louisiana', code: 'LA', observed: STD, confidence: 'uncertain',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, easterBased('mardi-gras', 'Mardi Gras', -47), GOOD_FRIDAY, MEMORIAL_DAY,
      INDEPENDENCE_DAY, LABOR_DAY, ...VETERANS, THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['La. R.S. 1:55 and Civil Service rules; several holidays (Memorial Day, Juneteenth, Inauguration Day) depend on a gubernatorial proclamation. Only Memorial Day is modelled.'],
  }),
];
