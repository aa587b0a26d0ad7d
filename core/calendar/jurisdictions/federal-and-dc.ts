/**
 * Holiday rules of the federal government (5 U.S.C. § 6103) and the District of Columbia.
 */
import type { JurisdictionRules } from '../holiday-rules.js';
import {
  CHRISTMAS_DAY, COLUMBUS_DAY, INDEPENDENCE_DAY, JUNETEENTH, LABOR_DAY, MEMORIAL_DAY, MLK_DAY, NEW_YEARS_DAY,
  THANKSGIVING, VETERANS, WASHINGTONS_BIRTHDAY, as, fixed, jurisdiction,
} from '../rule-builders.js';

/**
 * Inauguration Day (20 January after a presidential election; 21 January when the 20th is
 * a Sunday). By § 6103(c) it is a holiday only for federal employees in the DC area. We
 * include it in the `federal` calendar because the corpus (OPM) lists it and most federal
 * FOIA offices are headquartered there; a Saturday inauguration gives no weekday off.
 */
const INAUGURATION_DAY = fixed('inauguration-day', 'Inauguration Day', 1, 20, {
  since: 1965,
  cycle: { every: 4, remainder: 1 },
  observed: 'sun-mon',
  noExtraDay: true,
});

/** Federal government and District of Columbia rules. */
export const FEDERAL_AND_DC: readonly JurisdictionRules[] = [
  jurisdiction({
    slug: 'federal', name: 'Federal', code: 'US', observed: 'sat-fri-sun-mon', confidence: 'corpus-checked',
    rules: [
      NEW_YEARS_DAY, as(MLK_DAY, 'Birthday of Martin Luther King, Jr.'), INAUGURATION_DAY, WASHINGTONS_BIRTHDAY,
      MEMORIAL_DAY, as(JUNETEENTH, 'Juneteenth National Independence Day'), INDEPENDENCE_DAY, LABOR_DAY, COLUMBUS_DAY,
      ...VETERANS, THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: [
      'Saturday holidays are observed on Friday, Sunday holidays on Monday (5 U.S.C. 6103(b), E.O. 11582); New Year\'s Day on a Saturday is observed on 31 December of the year before.',
      'Inauguration Day is included although by statute it is a holiday only in the DC area.',
      'One-off closures by executive order (days of mourning, extra Christmas Eve closures) are not rules; pass them as explicit holidays.',
    ],
  }),
  jurisdiction({
    slug: 'district-of-columbia', name: 'District of Columbia', code: 'DC', observed: 'sat-fri-sun-mon', confidence: 'believed',
    rules: [
      NEW_YEARS_DAY, MLK_DAY, INAUGURATION_DAY, WASHINGTONS_BIRTHDAY,
      fixed('dc-emancipation-day', 'DC Emancipation Day', 4, 16, { since: 2005 }),
      MEMORIAL_DAY, JUNETEENTH, INDEPENDENCE_DAY, LABOR_DAY,
      as(COLUMBUS_DAY, 'Columbus Day', { until: 2018 }), as(COLUMBUS_DAY, "Indigenous Peoples' Day", { since: 2019 }),
      ...VETERANS, THANKSGIVING, CHRISTMAS_DAY,
    ],
    notes: ['DC Code 1-612.02. DC Emancipation Day (16 April) follows the federal weekend rule (Friday 15 April 2011, Monday 17 April 2017).'],
  }),
];
