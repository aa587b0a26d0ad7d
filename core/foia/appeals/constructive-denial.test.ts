import { describe, expect, it } from 'vitest';
import type { LawFact } from '../foia-law-store.js';
import { constructiveDenial } from './constructive-denial.js';

// An invented fact (words written for this test).
const deemed = (applies: boolean): LawFact =>
  ({ field: 'deemed_denial', requesterClass: null, appliesTo: null, value: { applies, when: 'invented: when time runs out' }, citation: 'Invented § 1(c)', quote: 'Invented: silence counts as a denial.', sourceKind: 'statute_text' }) as LawFact;
const running = { clock: 'running' as const, due_date: '2026-01-05', time_zone: 'America/Chicago', requester_class: null };
const after = new Date('2026-01-06T18:00:00Z');

describe('constructiveDenial', () => {
  it('applies to a running, overdue request where a reviewed fact says so', () => {
    expect(constructiveDenial(running, [deemed(true)], after)).toMatchObject({ state: 'applies', citation: 'Invented § 1(c)', quote: 'Invented: silence counts as a denial.', due_date: '2026-01-05' });
  });
  it('not before the due date has passed in the jurisdiction’s zone', () => {
    // 2026-01-06T05:00Z is still Jan 5 in Chicago.
    expect(constructiveDenial(running, [deemed(true)], new Date('2026-01-06T05:00:00Z')).state).toBe('not_overdue');
    expect(constructiveDenial({ ...running, due_date: null }, [deemed(true)], after).state).toBe('not_overdue');
  });
  it('not while the clock is paused or stopped', () => {
    expect(constructiveDenial({ ...running, clock: 'paused' }, [deemed(true)], after).state).toBe('not_running');
  });
  it('is "not stated" without a reviewed fact, and refused where the law says no', () => {
    expect(constructiveDenial(running, [], after)).toMatchObject({ state: 'not_stated', citation: null });
    expect(constructiveDenial(running, [deemed(false)], after).state).toBe('law_says_no');
  });
});
