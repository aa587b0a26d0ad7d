/**
 * Holiday rules of the states Maine to North Dakota. State-office closures (paid state
 * employee holidays); see each record's notes for doubts.
 */
import type { JurisdictionRules } from '../holiday-rules.js';
import {
  CHRISTMAS_DAY, CHRISTMAS_EVE, COLUMBUS_DAY, DAY_AFTER_THANKSGIVING, ELECTION_DAY, EVEN_YEAR_ELECTION_DAY, FRI,
  GOOD_FRIDAY, INDEPENDENCE_DAY, JUNETEENTH, LABOR_DAY, LINCOLNS_BIRTHDAY, MEMORIAL_DAY, MLK_DAY, MON, NEW_YEARS_DAY,
  NEW_YEARS_EVE, PRESIDENTS_DAY, THANKSGIVING, VETERANS, WASHINGTONS_BIRTHDAY, as, fixed, jurisdiction, nth,
  weekdaysFromObserved, withOptions,
} from '../rule-builders.js';

const STD = 'sat-fri-sun-mon' as const;
const PATRIOTS_DAY = nth('patriots-day', "Patriots' Day", 4, MON, 3);

/** Maine … North Dakota. */
export const STATES_M_TO_N: readonly JurisdictionRules[] = [
  jurisdiction({
    slug: 'maine', name: 'Maine', code: 'ME', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, WASHINGTONS_BIRTHDAY, PATRIOTS_DAY, MEMORIAL_DAY, withOptions(JUNETEENTH, { since: 2022 }),
      INDEPENDENCE_DAY, LABOR_DAY, withOptions(COLUMBUS_DAY, { until: 2018 }),
      as(COLUMBUS_DAY, "Indigenous Peoples' Day", { since: 2019 }), ...VETERANS, THANKSGIVING, DAY_AFTER_THANKSGIVING,
      CHRISTMAS_DAY,
    ],
    notes: ['4 M.R.S. 1051 and the state employee calendar. Juneteenth start year (2022) not verified.'],
  }),
  jurisdiction({
    slug: 'maryland', name: 'Maryland', code: 'MD', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, WASHINGTONS_BIRTHDAY, MEMORIAL_DAY, withOptions(JUNETEENTH, { since: 2023 }),
      INDEPENDENCE_DAY, LABOR_DAY, COLUMBUS_DAY, as(EVEN_YEAR_ELECTION_DAY, 'General Election Day'), ...VETERANS,
      THANKSGIVING, as(DAY_AFTER_THANKSGIVING, 'American Indian Heritage Day'), CHRISTMAS_DAY,
    ],
    notes: ['Md. Code, State Pers. & Pens. 9-201. Juneteenth start year (2023) not verified.'],
  }),
  jurisdiction({
    slug: 'massachusetts', name: 'Massachusetts', code: 'MA', observed: 'sun-mon', confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, WASHINGTONS_BIRTHDAY, PATRIOTS_DAY, MEMORIAL_DAY, JUNETEENTH, INDEPENDENCE_DAY,
      LABOR_DAY, COLUMBUS_DAY, ...VETERANS, THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: [
      'G.L. c. 4, 7 cl. 18: a Sunday holiday is kept on Monday; a Saturday holiday is not moved to Friday.',
      "Evacuation Day (17 March) and Bunker Hill Day (17 June) close state offices in Suffolk County (Boston) only; not modelled, pass them explicitly for Suffolk County agencies.",
    ],
  }),
  jurisdiction({
    slug: 'michigan', name: 'Michigan', code: 'MI', observed: STD, confidence: 'corpus-checked',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, PRESIDENTS_DAY, MEMORIAL_DAY, withOptions(JUNETEENTH, { since: 2023 }), INDEPENDENCE_DAY,
      LABOR_DAY, ...VETERANS, THANKSGIVING, DAY_AFTER_THANKSGIVING, CHRISTMAS_EVE, CHRISTMAS_DAY, NEW_YEARS_EVE,
    ],
    notes: ["Civil Service calendar. Christmas Eve and New Year's Eve on a weekend are given the Friday before. Juneteenth start year (2023) not verified."],
  }),
  jurisdiction({
    slug: 'minnesota', name: 'Minnesota', code: 'MN', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, PRESIDENTS_DAY, MEMORIAL_DAY, withOptions(JUNETEENTH, { since: 2023 }), INDEPENDENCE_DAY,
      LABOR_DAY, ...VETERANS, THANKSGIVING, DAY_AFTER_THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ["Minn. Stat. 645.44. Columbus / Indigenous Peoples' Day is a legal holiday but state offices may stay open; not modelled."],
  }),
  jurisdiction({
    slug: 'mississippi', name: 'Mississippi', code: 'MS', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, as(MLK_DAY, "Martin Luther King's and Robert E. Lee's Birthdays"), WASHINGTONS_BIRTHDAY,
      nth('confederate-memorial-day', 'Confederate Memorial Day', 4, MON, -1),
      as(MEMORIAL_DAY, "National Memorial Day / Jefferson Davis' Birthday"), INDEPENDENCE_DAY, LABOR_DAY, ...VETERANS,
      THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['Miss. Code 3-3-7.'],
  }),
  jurisdiction({
    slug: 'missouri', name: 'Missouri', code: 'MO', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, LINCOLNS_BIRTHDAY, WASHINGTONS_BIRTHDAY, fixed('truman-day', 'Truman Day', 5, 8),
      MEMORIAL_DAY, withOptions(JUNETEENTH, { since: 2022 }), INDEPENDENCE_DAY, LABOR_DAY, COLUMBUS_DAY, ...VETERANS,
      THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['RSMo 9.010. Juneteenth start year (2022) not verified.'],
  }),
  jurisdiction({
    slug: 'montana', name: 'Montana', code: 'MT', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, as(WASHINGTONS_BIRTHDAY, "Lincoln's and Washington's Birthdays"), MEMORIAL_DAY,
      INDEPENDENCE_DAY, LABOR_DAY, COLUMBUS_DAY, as(EVEN_YEAR_ELECTION_DAY, 'State General Election Day'), ...VETERANS,
      THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['MCA 1-1-216.'],
  }),
  jurisdiction({
    slug: 'nebraska', name: 'Nebraska', code: 'NE', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, PRESIDENTS_DAY, nth('arbor-day', 'Arbor Day', 4, FRI, -1), MEMORIAL_DAY, INDEPENDENCE_DAY,
      LABOR_DAY, as(COLUMBUS_DAY, "Columbus Day / Indigenous Peoples' Day"), ...VETERANS, THANKSGIVING,
      DAY_AFTER_THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['Neb. Rev. Stat. 25-2221 / 62-301.'],
  }),
  jurisdiction({
    slug: 'nevada', name: 'Nevada', code: 'NV', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, PRESIDENTS_DAY, MEMORIAL_DAY, withOptions(JUNETEENTH, { since: 2022 }), INDEPENDENCE_DAY,
      LABOR_DAY, nth('nevada-day', 'Nevada Day', 10, FRI, -1), ...VETERANS, THANKSGIVING,
      as(DAY_AFTER_THANKSGIVING, 'Family Day'), CHRISTMAS_DAY,
    ],
    notes: ['NRS 236.015. Juneteenth start year (2022) not verified.'],
  }),
  jurisdiction({
    slug: 'new-hampshire', name: 'New Hampshire', code: 'NH', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, as(MLK_DAY, 'Martin Luther King Jr. / Civil Rights Day'), PRESIDENTS_DAY, MEMORIAL_DAY,
      INDEPENDENCE_DAY, LABOR_DAY, COLUMBUS_DAY, ...VETERANS, THANKSGIVING, DAY_AFTER_THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['RSA 288:1. Juneteenth is not a state-office closure as far as we know.'],
  }),
  jurisdiction({
    slug: 'new-jersey', name: 'New Jersey', code: 'NJ', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, LINCOLNS_BIRTHDAY, WASHINGTONS_BIRTHDAY, GOOD_FRIDAY, MEMORIAL_DAY, JUNETEENTH,
      INDEPENDENCE_DAY, LABOR_DAY, COLUMBUS_DAY, as(ELECTION_DAY, 'General Election Day'), ...VETERANS, THANKSGIVING,
      CHRISTMAS_DAY,
    ],
    notes: ['N.J.S.A. 36:1-1.1; general election day every year. The Governor often adds the day after Thanksgiving or Christmas Eve by order (not modelled).'],
  }),
  jurisdiction({
    slug: 'new-mexico', name: 'New Mexico', code: 'NM', observed: STD, confidence: 'uncertain',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, MEMORIAL_DAY, INDEPENDENCE_DAY, LABOR_DAY, withOptions(COLUMBUS_DAY, { until: 2018 }),
      as(COLUMBUS_DAY, "Indigenous Peoples' Day", { since: 2019 }), ...VETERANS, THANKSGIVING,
      as(DAY_AFTER_THANKSGIVING, "Presidents' Day (observed)"), CHRISTMAS_DAY,
    ],
    notes: ["State personnel calendar observes Presidents' Day on the day after Thanksgiving. Not sure whether Juneteenth has become a closure (not modelled)."],
  }),
  jurisdiction({
    slug: 'new-york', name: 'New York', code: 'NY', observed: 'sun-mon', confidence: 'corpus-checked',
    rules: [
      NEW_YEARS_DAY, as(MLK_DAY, 'Dr. Martin Luther King, Jr. Day'), LINCOLNS_BIRTHDAY, WASHINGTONS_BIRTHDAY,
      MEMORIAL_DAY, JUNETEENTH, INDEPENDENCE_DAY, LABOR_DAY, COLUMBUS_DAY, ELECTION_DAY, ...VETERANS, THANKSGIVING,
      CHRISTMAS_DAY,
    ],
    notes: [
      'General Construction Law 24. A Saturday holiday is not moved (employees get a pass day; the corpus shows Saturday 4 July 2026), a Sunday holiday is kept on Monday.',
      'Election Day is a holiday every year.',
    ],
  }),
  jurisdiction({
    slug: 'north-carolina', name: 'North Carolina', code: 'NC', observed: STD, confidence: 'corpus-checked',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, GOOD_FRIDAY, MEMORIAL_DAY, INDEPENDENCE_DAY, LABOR_DAY, ...VETERANS, THANKSGIVING,
      DAY_AFTER_THANKSGIVING, CHRISTMAS_DAY,
      weekdaysFromObserved('christmas-eve', 'Christmas Eve', 'christmas-day', -1),
      weekdaysFromObserved('day-after-christmas', 'Day after Christmas', 'christmas-day', 1),
    ],
    notes: [
      "OSHR policy: three Christmas days, the weekdays just before and after observed Christmas (2026: 24, 25 and 28 December). No Presidents' Day, Juneteenth or Columbus Day.",
    ],
  }),
  jurisdiction({
    slug: 'north-dakota', name: 'North Dakota', code: 'ND', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, PRESIDENTS_DAY, GOOD_FRIDAY, MEMORIAL_DAY, INDEPENDENCE_DAY, LABOR_DAY, ...VETERANS,
      THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['N.D.C.C. 1-03-01.'],
  }),
];

