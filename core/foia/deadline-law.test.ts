import { describe, expect, it } from 'vitest';
import { createHolidayCalendar } from '../calendar/holiday-calendar.js';
import { selectDeadlineRules } from './deadline-law.js';
import type { DeadlineRules, LawFact } from './foia-law-store.js';
import { startDeadline } from './request-deadline.js';

// Facts and citations invented for these tests (shaped like the reviewed files').

const derived = (r: Partial<DeadlineRules>): DeadlineRules => ({
  days: 3, unit: 'business', noFixedDeadline: false, noFixedDeadlineReason: null, citation: 'Idaho Code § 74-101', afterHoursStatement: null,
  standard: null, requesterClass: null, otherVariants: [], ...r,
});

const initial = (days: number | null, unit: 'business' | 'calendar' | null, extra: Partial<LawFact> = {}, standard: string | null = null): LawFact =>
  ({
    field: 'initial_response', requesterClass: null, appliesTo: null, citation: 'Idaho Code § 74-103(2)', quote: 'Invented words.', sourceKind: 'statute_text',
    value: { action: 'grant_or_deny', days, unit, counted_from: null, standard }, ...extra,
  }) as LawFact;

const IDAHO: LawFact[] = [initial(3, 'business'), initial(21, 'calendar', { requesterClass: 'nonresident' })];
const start = (jurisdiction: string, timeZone: string, submittedAt: string, rules: DeadlineRules | null) =>
  startDeadline({ jurisdiction, timeZone, submittedAt, rules, calendar: createHolidayCalendar({ jurisdiction }) });

describe('selectDeadlineRules', () => {
  it('takes the variant for the requester’s class: Idaho nonresidents get 21 calendar days', () => {
    const r = selectDeadlineRules(derived({}), IDAHO, 'nonresident');
    expect(r).toMatchObject({ days: 21, unit: 'calendar', requesterClass: 'nonresident', citation: 'Idaho Code § 74-103(2)', otherVariants: [] });
  });

  it('takes the main fact without a class, or for a class the law has no variant for, and names the variants', () => {
    for (const rc of [null, 'media'] as const) {
      const r = selectDeadlineRules(derived({}), IDAHO, rc);
      expect(r).toMatchObject({ days: 3, unit: 'business', requesterClass: null, citation: 'Idaho Code § 74-103(2)' });
      expect(r?.otherVariants).toEqual([{ requesterClass: 'nonresident', days: 21, unit: 'calendar', citation: 'Idaho Code § 74-103(2)' }]);
    }
  });

  it('keeps the derived rules (and their after-hours rule) where no fact is reviewed', () => {
    const base = derived({ days: 30, unit: 'calendar', afterHoursStatement: 'after 5 p.m.' });
    expect(selectDeadlineRules(base, [], 'nonresident')).toEqual(base);
    expect(selectDeadlineRules(base, IDAHO, null)?.afterHoursStatement).toBe('after 5 p.m.');
    expect(selectDeadlineRules(null, [], null)).toBeNull();
  });

  it('states a deadline without a number by the law’s words and pinpoint citation, never the derivations’ note', () => {
    const base = derived({ days: null, unit: null, noFixedDeadline: true, citation: 'Ohio Rev. Code § 149.43', noFixedDeadlineReason: 'The law sets a standard ("promptly") rather than a number of days.' });
    const ohio = [initial(null, null, { citation: 'Ohio Rev. Code § 149.43(B)(1)' }, 'promptly')];
    expect(selectDeadlineRules(base, ohio, null)).toMatchObject({
      noFixedDeadline: true, standard: 'promptly', citation: 'Ohio Rev. Code § 149.43(B)(1)',
      noFixedDeadlineReason: 'The law sets no fixed number of days for the response; it requires a response promptly (Ohio Rev. Code § 149.43(B)(1)).',
    });
    // Only the derived note: its words drawn out, with the derived citation.
    expect(selectDeadlineRules(base, [], null)?.noFixedDeadlineReason).toBe(
      'The law sets no fixed number of days for the response; it requires a response promptly (Ohio Rev. Code § 149.43).',
    );
    const reasonable = selectDeadlineRules(base, [initial(null, null, {}, 'a reasonable time')], null);
    expect(reasonable?.noFixedDeadlineReason).toContain('it requires a response within a reasonable time (Idaho Code § 74-103(2)).');
  });
});

describe('due dates from the selected deadline', () => {
  it('Idaho nonresident: 21 calendar days, said so with the citation', () => {
    // Day 0 Mon 2025-10-06 (10:00 MT); +21 calendar days = Mon 2025-10-27, a business day.
    const s = start('idaho', 'America/Boise', '2025-10-06T16:00:00Z', selectDeadlineRules(derived({}), IDAHO, 'nonresident'));
    expect(s.due_date).toBe('2025-10-27');
    expect(s.deadline.explanation[0]).toBe('The law allows 21 calendar days for the initial response to a request from a nonresident (Idaho Code § 74-103(2)).');
  });

  it('Idaho resident: 3 business days, with a pointer to the nonresidents’ deadline', () => {
    // Day 0 Mon 2025-10-06. 1 Tue 7, 2 Wed 8, 3 Thu 9 → 2025-10-09.
    const s = start('idaho', 'America/Boise', '2025-10-06T16:00:00Z', selectDeadlineRules(derived({}), IDAHO, null));
    expect(s.due_date).toBe('2025-10-09');
    expect(s.deadline.explanation).toContain(
      'For a request from a nonresident the law allows 21 calendar days (Idaho Code § 74-103(2)); set requester_class to "nonresident" if that applies.',
    );
  });

  it('Maryland: calendar days, rolled forward off a weekend; business days would end elsewhere', () => {
    const md = derived({ days: 30, unit: 'calendar', citation: 'Md. Code Ann., Gen. Prov. § 4-203(a)(1)' });
    // Day 0 Thu 2025-10-09; +30 calendar days = Sat 11-08 → Sun 9 → Mon 2025-11-10 (Veterans Day is Tue 11-11).
    expect(start('maryland', 'America/New_York', '2025-10-09T14:00:00Z', md).due_date).toBe('2025-11-10');
    // The same 30 as business days would end two weeks later: Fri 10-10 = 1, [Mon 10-13 Columbus Day],
    // 10-14…17 = 2-5, 10-20…24 = 6-10, 10-27…31 = 11-15, 11-03…07 = 16-20, Mon 11-10 = 21,
    // [Tue 11-11 Veterans Day], 11-12…14 = 22-24, 11-17…21 = 25-29, Mon 11-24 = 30.
    expect(start('maryland', 'America/New_York', '2025-10-09T14:00:00Z', { ...md, unit: 'business' }).due_date).toBe('2025-11-24');
  });

  it('Ohio: no due date, and the reason in the law’s words', () => {
    const s = start('ohio', 'America/New_York', '2025-10-09T14:00:00Z', selectDeadlineRules(null, [initial(null, null, { citation: 'R.C. 149.43(B)(1)' }, 'promptly')], null));
    expect(s.due_date).toBeNull();
    expect(s.deadline.no_fixed_deadline_reason).toBe('The law sets no fixed number of days for the response; it requires a response promptly (R.C. 149.43(B)(1)).');
    expect(s.deadline.explanation.join(' ')).not.toMatch(/rather than a number of days|The sources state/);
  });
});
