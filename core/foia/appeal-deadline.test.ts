import { describe, expect, it } from 'vitest';
import { createHolidayCalendar } from '../calendar/holiday-calendar.js';
import { appealDecisionDeadline, appealWindow } from './appeal-deadline.js';
import type { LawFact } from './foia-law-store.js';

// Facts and citations invented for these tests (shaped like the reviewed files').

type AppealValue = Extract<LawFact, { field: 'administrative_appeal' }>['value'];
const appeal = (value: Partial<AppealValue>, extra: Partial<LawFact> = {}): LawFact =>
  ({
    field: 'administrative_appeal', requesterClass: null, appliesTo: null, citation: '5 U.S.C. § 552(a)(6)(A)(ii)', quote: 'Invented: appeals are decided promptly.',
    sourceKind: 'statute_text',
    value: { exists: true, required: null, to: 'the head of the agency', requester_days: null, requester_unit: null, decider_days: null, decider_unit: null, ...value },
    ...extra,
  }) as LawFact;

const FEDERAL = appeal({ requester_days: 90, requester_unit: 'calendar', decider_days: 20, decider_unit: 'business' });
const base = (facts: LawFact[], explicit: Array<{ date: string; name: string }> = []) => ({
  jurisdiction: 'federal', timeZone: 'America/New_York', requesterClass: null, facts, calendar: createHolidayCalendar({ jurisdiction: 'federal', explicit }),
});

describe('appealDecisionDeadline: the deciding body’s time, from the appeal', () => {
  it('20 business days from Monday 15 December 2025, across Christmas and New Year', () => {
    // Day 0 Mon 12-15 (10:00 ET). 1 Tue 16, 2 Wed 17, 3 Thu 18, 4 Fri 19, 5 Mon 22, 6 Tue 23, 7 Wed 24,
    // [Thu 25 Christmas], 8 Fri 26, 9 Mon 29, 10 Tue 30, 11 Wed 31, [Thu 01-01 New Year's Day], 12 Fri 2,
    // 13 Mon 5, 14 Tue 6, 15 Wed 7, 16 Thu 8, 17 Fri 9, 18 Mon 12, 19 Tue 13, 20 Wed 14 → 2026-01-14.
    const r = appealDecisionDeadline({ ...base([FEDERAL]), appealedAt: '2025-12-15T15:00:00Z' });
    expect(r.appeal_due_date).toBe('2026-01-14');
    expect(r.appeal_deadline).toMatchObject({
      decided_by: 'the head of the agency', days: 20, unit: 'business', citation: '5 U.S.C. § 552(a)(6)(A)(ii)',
      quote: 'Invented: appeals are decided promptly.', file_by: null,
    });
    expect(r.appeal_deadline.explanation[0]).toBe(
      'The law gives the head of the agency 20 business days to decide the appeal (5 U.S.C. § 552(a)(6)(A)(ii)), counted from the day it was filed.',
    );
  });

  it('skips the jurisdiction’s explicit closures as the initial deadline does', () => {
    // As above with Fri 12-26 closed: 8 Mon 29 … 19 Wed 14, 20 Thu 2026-01-15.
    expect(appealDecisionDeadline({ ...base([FEDERAL], [{ date: '2025-12-26', name: 'Closure' }]), appealedAt: '2025-12-15T15:00:00Z' }).appeal_due_date).toBe('2026-01-15');
  });

  it('counts calendar days and rolls a weekend end forward', () => {
    // Day 0 Mon 12-15; +5 calendar days = Sat 12-20 → Mon 2025-12-22.
    const r = appealDecisionDeadline({ ...base([appeal({ decider_days: 5, decider_unit: 'calendar' })]), appealedAt: '2025-12-15T15:00:00Z' });
    expect(r.appeal_due_date).toBe('2025-12-22');
  });

  it('has no due date, and says why, where the law sets no time, provides no appeal, or is not reviewed', () => {
    const ombudsman = appealDecisionDeadline({ ...base([appeal({ to: 'the Public Access Ombudsman' })]), appealedAt: '2025-12-15T15:00:00Z' });
    expect(ombudsman.appeal_due_date).toBeNull();
    expect(ombudsman.appeal_deadline).toMatchObject({ decided_by: 'the Public Access Ombudsman', days: null, unit: null });
    expect(ombudsman.appeal_deadline.explanation).toEqual(['The law sets no time for the Public Access Ombudsman to decide the appeal (5 U.S.C. § 552(a)(6)(A)(ii)).']);
    const none = appealDecisionDeadline({ ...base([appeal({ exists: false, to: null }, { citation: 'Idaho Code § 74-115(1)' })]), appealedAt: '2025-12-15T15:00:00Z' });
    expect(none.appeal_deadline.explanation).toEqual(['The law provides no administrative appeal (Idaho Code § 74-115(1)), so it sets no time to decide one.']);
    const unknown = appealDecisionDeadline({ ...base([]), appealedAt: '2025-12-15T15:00:00Z' });
    expect(unknown).toMatchObject({ appeal_due_date: null, appeal_deadline: { decided_by: null, citation: null } });
    expect(unknown.appeal_deadline.explanation[0]).toMatch(/no reviewed administrative appeal for federal/);
  });

  it('takes the variant for the requester’s class when the law has one', () => {
    const media = appeal({ decider_days: 5, decider_unit: 'business' }, { requesterClass: 'media', citation: 'Invented § 7' });
    const r = appealDecisionDeadline({ ...base([FEDERAL, media]), requesterClass: 'media', appealedAt: '2025-12-15T15:00:00Z' });
    // Day 0 Mon 12-15: 1 Tue 16 … 5 Mon 22.
    expect(r).toMatchObject({ appeal_due_date: '2025-12-22', appeal_deadline: { citation: 'Invented § 7' } });
  });
});

describe('appealWindow: the requester’s time to file, while denied or partially fulfilled', () => {
  it('90 calendar days from a denial recorded on Friday 5 December 2025, labelled as the requester’s', () => {
    // Day 0 Fri 12-05 (10:00 ET). Dec 6-31 = 26, Jan = 31 (57), Feb = 28 (85), Mar 1-5 = 5 (90) → 2026-03-05.
    const w = appealWindow({ ...base([FEDERAL]), completedAt: '2025-12-05T15:00:00Z' });
    expect(w?.file_by).toEqual({
      actor: 'requester', date: '2026-03-05', days: 90, unit: 'calendar', counted_from: '2025-12-05',
      citation: '5 U.S.C. § 552(a)(6)(A)(ii)', quote: 'Invented: appeals are decided promptly.',
    });
    expect(w?.explanation[0]).toMatch(/^The requester's deadline to appeal to the head of the agency: 90 calendar days from the decision recorded on 2025-12-05 .* so file by 2026-03-05\./);
    expect(w?.explanation[1]).toBe('Once the appeal is filed, the head of the agency has 20 business days to decide it.');
  });

  it('counts the requester’s business days on the jurisdiction’s calendar and never rolls the end forward', () => {
    // 10 business days from Fri 12-19: 1 Mon 22, 2 Tue 23, 3 Wed 24, [Thu 25], 4 Fri 26, 5 Mon 29, 6 Tue 30,
    // 7 Wed 31, [Thu 01-01], 8 Fri 2, 9 Mon 5, 10 Tue 2026-01-06.
    const business = appeal({ requester_days: 10, requester_unit: 'business' });
    expect(appealWindow({ ...base([business]), completedAt: '2025-12-19T15:00:00Z' })?.file_by?.date).toBe('2026-01-06');
    // 30 calendar days from Thu 10-09 end on Sat 11-08, and stay there: filing by then is never late.
    const calendar = appeal({ requester_days: 30, requester_unit: 'calendar' });
    expect(appealWindow({ ...base([calendar]), completedAt: '2025-10-09T14:00:00Z' })?.file_by?.date).toBe('2025-11-08');
  });

  it('says what the law gives when it has no time to file, no appeal, or no reviewed fact', () => {
    const w = appealWindow({ ...base([appeal({ to: 'the Public Access Ombudsman' })]), completedAt: '2025-12-05T15:00:00Z' });
    expect(w?.file_by).toBeNull();
    expect(w?.explanation[0]).toMatch(/states no deadline for the requester to file an appeal with the Public Access Ombudsman/);
    const none = appealWindow({ ...base([appeal({ exists: false, to: null }, { citation: 'Idaho Code § 74-115(1)' })]), completedAt: '2025-12-05T15:00:00Z' });
    expect(none).toMatchObject({ decided_by: null, file_by: null, explanation: ['The law provides no administrative appeal (Idaho Code § 74-115(1)).'] });
    expect(appealWindow({ ...base([]), completedAt: '2025-12-05T15:00:00Z' })).toBeNull();
  });
});
