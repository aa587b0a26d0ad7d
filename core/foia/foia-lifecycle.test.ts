import { describe, expect, it } from 'vitest';
import {
  allowedTransitions,
  APPEALABLE_STATUSES,
  canTransition,
  clockAfter,
  FOIA_STATUSES,
  isTerminal,
  TERMINAL_STATUSES,
  TRANSITION_DATE_FIELD,
  type FoiaStatus,
} from './foia-lifecycle.js';

/** The transition table written out by hand, as the issues state it (a partial fulfilment can be appealed too). */
const EXPECTED: Record<FoiaStatus, FoiaStatus[]> = {
  draft: ['submitted', 'withdrawn'],
  submitted: ['acknowledged', 'processing', 'fix_required', 'payment_required', 'fulfilled', 'partially_fulfilled', 'denied', 'no_responsive_records', 'withdrawn'],
  acknowledged: ['processing', 'fix_required', 'payment_required', 'fulfilled', 'partially_fulfilled', 'denied', 'no_responsive_records', 'withdrawn'],
  processing: ['fix_required', 'payment_required', 'fulfilled', 'partially_fulfilled', 'denied', 'no_responsive_records', 'withdrawn'],
  fix_required: ['processing', 'payment_required', 'fulfilled', 'partially_fulfilled', 'denied', 'no_responsive_records', 'withdrawn'],
  payment_required: ['processing', 'fix_required', 'fulfilled', 'partially_fulfilled', 'denied', 'no_responsive_records', 'withdrawn'],
  fulfilled: [],
  partially_fulfilled: ['appealed'],
  denied: ['appealed'],
  no_responsive_records: ['appealed'],
  appealed: ['processing', 'in_litigation', 'fulfilled', 'partially_fulfilled', 'denied', 'no_responsive_records', 'withdrawn'],
  in_litigation: ['processing', 'fulfilled', 'partially_fulfilled', 'denied', 'no_responsive_records', 'withdrawn'],
  withdrawn: [],
};

describe('FOIA lifecycle', () => {
  it('has the thirteen statuses of the issue', () => {
    expect(FOIA_STATUSES).toHaveLength(13);
  });

  for (const from of FOIA_STATUSES) {
    for (const to of FOIA_STATUSES) {
      const allowed = EXPECTED[from].includes(to);
      it(`${from} → ${to}: ${allowed ? 'allowed' : 'refused'}`, () => {
        expect(canTransition(from, to)).toBe(allowed);
      });
    }
  }

  it('lists the allowed transitions of every status', () => {
    for (const s of FOIA_STATUSES) expect([...allowedTransitions(s)].sort()).toEqual([...EXPECTED[s]].sort());
  });

  it('has the terminal statuses of the issue; denied, partially_fulfilled and no_responsive_records stay open only to an appeal', () => {
    expect([...TERMINAL_STATUSES].sort()).toEqual(['denied', 'fulfilled', 'no_responsive_records', 'partially_fulfilled', 'withdrawn']);
    expect([...APPEALABLE_STATUSES].sort()).toEqual(['denied', 'no_responsive_records', 'partially_fulfilled']);
    for (const s of ['denied', 'partially_fulfilled', 'no_responsive_records'] as const) {
      expect(isTerminal(s)).toBe(true);
      expect(allowedTransitions(s)).toEqual(['appealed']);
    }
    expect(isTerminal('appealed')).toBe(false);
  });

  it('dates an appeal in appealed_at, as outcomes are dated in completed_at', () => {
    expect(TRANSITION_DATE_FIELD.appealed).toBe('appealed_at');
    expect(TRANSITION_DATE_FIELD.partially_fulfilled).toBe('completed_at');
  });

  it('runs the clock while the agency owes a response, pauses it while it waits for the requester, and never restarts a stopped one', () => {
    expect(clockAfter('submitted', 'not_started')).toBe('running');
    expect(clockAfter('fix_required', 'running')).toBe('paused');
    expect(clockAfter('payment_required', 'paused')).toBe('paused');
    expect(clockAfter('processing', 'paused')).toBe('running');
    expect(clockAfter('denied', 'running')).toBe('stopped');
    expect(clockAfter('processing', 'stopped')).toBe('stopped');
  });
});
