/**
 * Holiday rules of the states Ohio to Wyoming. State-office closures (paid state
 * employee holidays); see each record's notes for doubts.
 */
import type { JurisdictionRules } from '../holiday-rules.js';
import {
  CHRISTMAS_DAY, CHRISTMAS_EVE, COLUMBUS_DAY, DAY_AFTER_THANKSGIVING, ELECTION_DAY, EVEN_YEAR_ELECTION_DAY,
  GOOD_FRIDAY, INDEPENDENCE_DAY, JUNETEENTH, LABOR_DAY, MEMORIAL_DAY, MLK_DAY, MON, NEW_YEARS_DAY, NEW_YEARS_EVE,
  PRESIDENTS_DAY, THANKSGIVING, TUE, VETERANS, WASHINGTONS_BIRTHDAY, after, as, fixed, jurisdiction, nth,
  weekdaysFromObserved, withOptions,
} from '../rule-builders.js';

const STD = 'sat-fri-sun-mon' as const;

/** Ohio … Wyoming. */
export const STATES_O_TO_W: readonly JurisdictionRules[] = [
  jurisdiction({
    slug: 'ohio', name: 'Ohio', code: 'OH', observed: STD, confidence: 'corpus-checked',
    rules: [
      NEW_YEARS_DAY, as(MLK_DAY, 'Martin Luther King Day'), as(WASHINGTONS_BIRTHDAY, 'Washington-Lincoln Day'),
      MEMORIAL_DAY, withOptions(JUNETEENTH, { since: 2023 }), INDEPENDENCE_DAY, LABOR_DAY, COLUMBUS_DAY, ...VETERANS,
      THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['R.C. 1.14 and 124.19. Juneteenth start year (2023) not verified.'],
  }),
  jurisdiction({
    slug: 'oklahoma', name: 'Oklahoma', code: 'OK', observed: STD, confidence: 'uncertain',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, PRESIDENTS_DAY, MEMORIAL_DAY, INDEPENDENCE_DAY, LABOR_DAY, ...VETERANS, THANKSGIVING,
      DAY_AFTER_THANKSGIVING, CHRISTMAS_DAY,
      weekdaysFromObserved('christmas-extra-day', 'Day after Christmas', 'christmas-day', 1),
    ],
    notes: ['25 O.S. 82.1 gives the day before or after Christmas as the Governor declares; we assume the weekday after observed Christmas.'],
  }),
  jurisdiction({
    slug: 'oregon', name: 'Oregon', code: 'OR', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, PRESIDENTS_DAY, MEMORIAL_DAY, withOptions(JUNETEENTH, { since: 2022 }), INDEPENDENCE_DAY,
      LABOR_DAY, ...VETERANS, THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['ORS 187.010 / 187.020.'],
  }),
  jurisdiction({
    slug: 'pennsylvania', name: 'Pennsylvania', code: 'PA', observed: STD, confidence: 'corpus-checked',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, PRESIDENTS_DAY, MEMORIAL_DAY, withOptions(JUNETEENTH, { since: 2022 }), INDEPENDENCE_DAY,
      LABOR_DAY, COLUMBUS_DAY, ...VETERANS, THANKSGIVING, DAY_AFTER_THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['Commonwealth payroll calendar. Juneteenth start year (2022) not verified.'],
  }),
  jurisdiction({
    slug: 'rhode-island', name: 'Rhode Island', code: 'RI', observed: STD, confidence: 'uncertain',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, MEMORIAL_DAY, INDEPENDENCE_DAY, nth('victory-day', 'Victory Day', 8, MON, 2), LABOR_DAY,
      as(COLUMBUS_DAY, "Columbus Day / Indigenous Peoples' Day"), as(EVEN_YEAR_ELECTION_DAY, 'General Election Day'),
      ...VETERANS, THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ["R.I.G.L. 25-1-1. Not sure about Presidents' Day and Juneteenth (not modelled) nor that election day closes offices every even year."],
  }),
  jurisdiction({
    slug: 'south-carolina', name: 'South Carolina', code: 'SC', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, as(WASHINGTONS_BIRTHDAY, "George Washington's Birthday / Presidents' Day"),
      fixed('confederate-memorial-day', 'Confederate Memorial Day', 5, 10), MEMORIAL_DAY, INDEPENDENCE_DAY, LABOR_DAY,
      ...VETERANS, THANKSGIVING, DAY_AFTER_THANKSGIVING, CHRISTMAS_DAY,
      weekdaysFromObserved('christmas-eve', 'Christmas Eve', 'christmas-day', -1),
      weekdaysFromObserved('day-after-christmas', 'Day after Christmas', 'christmas-day', 1),
    ],
    notes: ['S.C. Code 53-5-10. Weekend handling of the three Christmas days is assumed to be that of North Carolina.'],
  }),
  jurisdiction({
    slug: 'south-dakota', name: 'South Dakota', code: 'SD', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, PRESIDENTS_DAY, MEMORIAL_DAY, INDEPENDENCE_DAY, LABOR_DAY,
      as(COLUMBUS_DAY, "Native Americans' Day"), ...VETERANS, THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['SDCL 1-5-1.'],
  }),
  jurisdiction({
    slug: 'tennessee', name: 'Tennessee', code: 'TN', observed: STD, confidence: 'uncertain',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, PRESIDENTS_DAY, GOOD_FRIDAY, MEMORIAL_DAY, INDEPENDENCE_DAY, LABOR_DAY, ...VETERANS,
      THANKSGIVING, as(DAY_AFTER_THANKSGIVING, 'Columbus Day (observed)'), CHRISTMAS_DAY,
    ],
    notes: ['T.C.A. 15-1-101 lists Columbus Day; the Governor usually moves its observance to the day after Thanksgiving. Extra Christmas Eve closures by proclamation are not modelled.'],
  }),
  jurisdiction({
    slug: 'texas', name: 'Texas', code: 'TX', observed: 'none', confidence: 'corpus-checked',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, fixed('confederate-heroes-day', 'Confederate Heroes Day', 1, 19), PRESIDENTS_DAY,
      fixed('texas-independence-day', 'Texas Independence Day', 3, 2), fixed('san-jacinto-day', 'San Jacinto Day', 4, 21),
      MEMORIAL_DAY, fixed('juneteenth', 'Emancipation Day in Texas', 6, 19, { since: 1980 }), INDEPENDENCE_DAY,
      fixed('lbj-day', 'Lyndon Baines Johnson Day', 8, 27, { since: 1973 }), LABOR_DAY, ...VETERANS, THANKSGIVING,
      as(DAY_AFTER_THANKSGIVING, 'Friday after Thanksgiving'), fixed('december-24', 'December 24', 12, 24),
      CHRISTMAS_DAY, fixed('december-26', 'December 26', 12, 26),
    ],
    notes: [
      'Gov. Code 662.003. Holidays are not moved off weekends (662.004 practice; the corpus agrees).',
      'State holidays are "skeleton crew" days but are not business days for the Public Information Act (Gov. Code 552.0031). Optional holidays (Rosh Hashanah, Yom Kippur, Good Friday, César Chávez Day) are not modelled.',
    ],
  }),
  jurisdiction({
    slug: 'utah', name: 'Utah', code: 'UT', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, as(MLK_DAY, 'Martin Luther King Jr. / Human Rights Day'), as(WASHINGTONS_BIRTHDAY, 'Washington and Lincoln Day'),
      MEMORIAL_DAY, withOptions(JUNETEENTH, { since: 2022 }), INDEPENDENCE_DAY, fixed('pioneer-day', 'Pioneer Day', 7, 24),
      LABOR_DAY, COLUMBUS_DAY, ...VETERANS, THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['Utah Code 63G-1-301.'],
  }),
  jurisdiction({
    slug: 'vermont', name: 'Vermont', code: 'VT', observed: STD, confidence: 'uncertain',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, PRESIDENTS_DAY, nth('town-meeting-day', 'Town Meeting Day', 3, TUE, 1), MEMORIAL_DAY,
      INDEPENDENCE_DAY, fixed('bennington-battle-day', 'Bennington Battle Day', 8, 16), LABOR_DAY,
      withOptions(COLUMBUS_DAY, { until: 2018 }), as(COLUMBUS_DAY, "Indigenous Peoples' Day", { since: 2019 }),
      ...VETERANS, THANKSGIVING, DAY_AFTER_THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['1 V.S.A. 371 and the state employee contract; the day after Thanksgiving and Juneteenth (not modelled) are not verified.'],
  }),
  jurisdiction({
    slug: 'virginia', name: 'Virginia', code: 'VA', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, after('lee-jackson-day', 'Lee-Jackson Day', 'mlk-day', -3, { since: 2000, until: 2019 }),
      as(WASHINGTONS_BIRTHDAY, 'George Washington Day'), MEMORIAL_DAY, withOptions(JUNETEENTH, { since: 2020 }),
      INDEPENDENCE_DAY, LABOR_DAY, as(COLUMBUS_DAY, 'Columbus Day and Yorktown Victory Day'),
      withOptions(ELECTION_DAY, { since: 2020 }), ...VETERANS, THANKSGIVING, DAY_AFTER_THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['Va. Code 2.2-3300. Lee-Jackson Day was abolished and Election Day added from 2020. Governors usually close offices on Christmas Eve by executive order (not modelled).'],
  }),
  jurisdiction({
    slug: 'washington', name: 'Washington', code: 'WA', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, PRESIDENTS_DAY, MEMORIAL_DAY, withOptions(JUNETEENTH, { since: 2022 }), INDEPENDENCE_DAY,
      LABOR_DAY, ...VETERANS, THANKSGIVING, as(DAY_AFTER_THANKSGIVING, 'Native American Heritage Day'), CHRISTMAS_DAY,
    ],
    notes: ['RCW 1.16.050.'],
  }),
  jurisdiction({
    slug: 'west-virginia', name: 'West Virginia', code: 'WV', observed: STD, confidence: 'uncertain',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, PRESIDENTS_DAY,
      nth('primary-election-day', 'Primary Election Day', 5, TUE, 2, { cycle: { every: 2, remainder: 0 } }),
      MEMORIAL_DAY, fixed('west-virginia-day', 'West Virginia Day', 6, 20), INDEPENDENCE_DAY, LABOR_DAY, COLUMBUS_DAY,
      as(EVEN_YEAR_ELECTION_DAY, 'General Election Day'), ...VETERANS, THANKSGIVING, DAY_AFTER_THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ["W. Va. Code 2-2-1. Juneteenth and the Christmas Eve / New Year's Eve half days depend on proclamations (not modelled); the primary date is assumed to be the second Tuesday of May."],
  }),
  jurisdiction({
    slug: 'wisconsin', name: 'Wisconsin', code: 'WI', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, MEMORIAL_DAY, INDEPENDENCE_DAY, LABOR_DAY, THANKSGIVING, CHRISTMAS_EVE, CHRISTMAS_DAY,
      NEW_YEARS_EVE,
    ],
    notes: ['Wis. Stat. 230.35(4)(a); the personal holidays of state employees are not closures.'],
  }),
  jurisdiction({
    slug: 'wyoming', name: 'Wyoming', code: 'WY', observed: STD, confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, as(MLK_DAY, 'Martin Luther King Jr. / Wyoming Equality Day'), PRESIDENTS_DAY, MEMORIAL_DAY,
      INDEPENDENCE_DAY, LABOR_DAY, ...VETERANS, THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['W.S. 8-4-101.'],
  }),
];
