import { describe, expect, it } from 'vitest';
import { grade } from './grade.js';
import type { LabelledQuestion } from './question-set.js';

const asked = (expected: LabelledQuestion['expected']) => ({ id: 'x', kind: 'deadline', question: 'How long?', jurisdictions: ['freedonia'], expected }) as unknown as LabelledQuestion;

describe('grade: a deadline in the statute\'s words', () => {
  it('takes working days for business days and plain days for calendar days, and nothing else', () => {
    const business = asked({ type: 'deadline', days: 3, unit: 'business' });
    expect(grade(business, 'In Freedonia, an agency has 3 working days to respond.').correct).toBe(true);
    expect(grade(business, 'In Freedonia, an agency has 3 business days to respond.').correct).toBe(true);
    expect(grade(business, 'In Freedonia, an agency has 3 days to respond.').correct).toBe(false);
    const calendar = asked({ type: 'deadline', days: 15, unit: 'calendar' });
    expect(grade(calendar, 'An agency has 15 days.').correct).toBe(true);
    expect(grade(calendar, 'An agency has 15 calendar days.').correct).toBe(true);
    expect(grade(calendar, 'An agency has 15 business days.').correct).toBe(false);
    const premise = asked({ type: 'premise', false_premise: true, fact: '15 calendar days' });
    expect(grade(premise, 'No: the question assumes a deadline of 13 days, but in Freedonia the deadline is 15 days.').correct).toBe(true);
  });
});
