import { describe, expect, it } from 'vitest';
import { daysText, displayFact } from './fact-display.js';
import type { LegalFact } from './legal-fact-schema.js';

const who = (residency_required: boolean | null, exceptions: string | null) =>
  ({ field: 'who_may_request', value: { residency_required, who: 'any person', exceptions }, citation: 'Frd. Code § 1', quote: 'any person', source_kind: 'statute_text', reviewed: '2026-11-24' }) as unknown as LegalFact;

describe('displayFact: who may request', () => {
  it('reads exceptions to an open right as who may not ask, and exceptions to a residency rule as who else may', () => {
    expect(displayFact(who(false, 'persons serving a sentence of imprisonment'))).toBe('No residency requirement: any person; except persons serving a sentence of imprisonment');
    expect(displayFact(who(true, 'representatives of newspapers'))).toBe('Residency required: any person; also open to representatives of newspapers');
    expect(displayFact(who(null, 'officers of the court'))).toBe('Whether residency is required is not stated: any person; exceptions: officers of the court');
    expect(displayFact(who(false, null))).toBe('No residency requirement: any person');
  });
});

describe('daysText: the unit in the statute\'s words', () => {
  it('says "working days" and plain "days" where the words do, and keeps a business-day count the words call days', () => {
    expect(daysText(10, 'business', 'within ten working days after receiving the request')).toBe('10 working days');
    expect(daysText(90, 'calendar', 'not less than 90 days after the date of such adverse determination')).toBe('90 days');
    expect(daysText(30, 'calendar', 'within thirty (30) calendar days')).toBe('30 calendar days');
    expect(daysText(5, 'business', 'within five days of receipt')).toBe('5 business days');
    // Words that state another number say nothing about this one's unit.
    expect(daysText(20, 'calendar', 'within 10 days')).toBe('20 calendar days');
    expect(daysText(1, 'business', null)).toBe('1 business day');
    expect(daysText(21, 'calendar', 'within twenty-one (21) days')).toBe('21 days');
    expect(daysText(180, 'calendar', 'within one hundred eighty (180) days')).toBe('180 days');
  });
});
