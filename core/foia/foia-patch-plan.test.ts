import { describe, expect, it } from 'vitest';
import { createHolidayCalendar } from '../calendar/holiday-calendar.js';
import { ConflictError, ValidationError } from '../errors/app-error.js';
import type { DeadlineLaw } from './deadline-law.js';
import { editableFieldsSchema, patchDocumentSchema } from './foia-request-fields.js';
import type { FoiaRequestRecord } from './foia-request-types.js';
import { planPatch, transitionNeedsLaw } from './foia-patch-plan.js';

const TEXAS_LAW: DeadlineLaw = {
  rules: {
    days: 10, unit: 'business', noFixedDeadline: false, noFixedDeadlineReason: null, citation: "Tex. Gov't Code § 552.221(d)", afterHoursStatement: null,
    standard: null, requesterClass: null, otherVariants: [],
  },
  calendar: createHolidayCalendar({ jurisdiction: 'texas' }),
  facts: [],
};

function draft(overrides: Partial<FoiaRequestRecord> = {}): FoiaRequestRecord {
  const fields = editableFieldsSchema.parse({ jurisdiction: 'texas', agency: { name: 'Austin Police Department' }, subject: 'Use of force', description: 'Use-of-force reports, 2024.' });
  return {
    ...fields, id: '00000000-0000-4000-8000-000000000001', user_id: 'u', time_zone: 'America/Chicago', status: 'draft',
    submitted_at: null, acknowledged_at: null, completed_at: null, appealed_at: null, due_date: null, clock: 'not_started', clock_paused_on: null,
    deadline: null, appeal_due_date: null, appeal_deadline: null, created_at: '2025-11-01T00:00:00.000Z', updated_at: '2025-11-01T00:00:00.000Z', version: 1, ...overrides,
  };
}

const doc = (d: unknown) => patchDocumentSchema.parse(d);
const NOW = new Date('2025-12-22T16:00:00Z');

describe('planPatch', () => {
  it('merges fields: objects member by member, null removes, arrays replace', () => {
    const current = draft({ tags: ['police'], agency: { name: 'APD', email: 'records@example.gov', portal_url: null, address: null, directory_id: null } });
    const plan = planPatch(current, doc({ agency: { email: null, address: '715 E 8th St' }, tags: ['use-of-force'], notes: 'called' }), NOW, null);
    expect(plan.values.agency).toEqual({ name: 'APD', email: null, portal_url: null, address: '715 E 8th St', directory_id: null });
    expect(plan.values.tags).toEqual(['use-of-force']);
    expect(plan.values.notes).toBe('called');
    expect(plan.history).toBeNull();
    expect(plan.changed).toBe(true);
  });

  it('refuses a patch that removes a required field', () => {
    expect(() => planPatch(draft(), doc({ subject: null }), NOW, null)).toThrow(ValidationError);
    try {
      planPatch(draft(), doc({ agency: { name: null } }), NOW, null);
    } catch (err) {
      expect((err as ValidationError).metadata?.['issues']).toEqual([expect.objectContaining({ path: 'body.agency.name' })]);
    }
  });

  it('submits: dates the transition, starts the clock and computes the due date', () => {
    const plan = planPatch(draft(), doc({ status: 'submitted', submitted_at: '2025-11-21T16:00:00-06:00', note: 'emailed' }), NOW, TEXAS_LAW);
    expect(plan.values).toMatchObject({ status: 'submitted', submitted_at: '2025-11-21T22:00:00.000Z', clock: 'running', due_date: '2025-12-09' });
    expect(plan.history).toEqual({ from: 'draft', to: 'submitted', at: '2025-11-21T22:00:00.000Z', note: 'emailed' });
  });

  it('refuses an invalid transition with the allowed ones', () => {
    try {
      planPatch(draft(), doc({ status: 'fulfilled' }), NOW, null);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConflictError);
      expect((err as ConflictError).metadata).toEqual({ status: 'draft', requested_status: 'fulfilled', allowed_transitions: ['submitted', 'withdrawn'] });
    }
  });

  it('accepts a transition date only with the status it dates, and never in the future', () => {
    expect(() => planPatch(draft(), doc({ acknowledged_at: '2025-11-25T10:00:00Z' }), NOW, null)).toThrow(ValidationError);
    expect(() => planPatch(draft(), doc({ status: 'submitted', submitted_at: '2026-01-30T10:00:00Z' }), NOW, TEXAS_LAW)).toThrow(/Invalid transition date/);
    const submitted = draft({ status: 'submitted', submitted_at: '2025-11-21T22:00:00.000Z', clock: 'running' });
    expect(() => planPatch(submitted, doc({ status: 'acknowledged', acknowledged_at: '2025-11-20T10:00:00Z' }), NOW, null)).toThrow(ValidationError);
  });

  it('lets the jurisdiction change only in a draft', () => {
    expect(planPatch(draft(), doc({ jurisdiction: 'CA' }), NOW, null).values.jurisdiction).toBe('california');
    expect(() => planPatch(draft({ status: 'submitted', clock: 'running' }), doc({ jurisdiction: 'california' }), NOW, null)).toThrow(ConflictError);
  });

  it('logs a note without a status change as a history entry on the current status', () => {
    const plan = planPatch(draft(), doc({ note: 'Left a voicemail' }), NOW, null);
    expect(plan.history).toEqual({ from: 'draft', to: 'draft', at: NOW.toISOString(), note: 'Left a voicemail' });
  });

  it('reports no change for an empty patch or the same status', () => {
    expect(planPatch(draft(), doc({}), NOW, null).changed).toBe(false);
    expect(planPatch(draft(), doc({ status: 'draft', subject: 'Use of force' }), NOW, null).changed).toBe(false);
  });

  it('sets completed_at on an outcome and clears it on appeal', () => {
    const running = draft({ status: 'processing', submitted_at: '2025-11-21T22:00:00.000Z', clock: 'running', due_date: '2025-12-09' });
    const denied = planPatch(running, doc({ status: 'denied', completed_at: '2025-12-05T15:00:00Z' }), NOW, TEXAS_LAW).values;
    expect(denied).toMatchObject({ status: 'denied', completed_at: '2025-12-05T15:00:00.000Z', clock: 'stopped' });
    const appealed = planPatch({ ...running, ...denied }, doc({ status: 'appealed' }), NOW, TEXAS_LAW).values;
    expect(appealed).toMatchObject({ status: 'appealed', completed_at: null, clock: 'stopped', appealed_at: NOW.toISOString() });
  });

  it('lets the requester class change only in a draft, and moves a draft to its new jurisdiction’s time zone', () => {
    expect(planPatch(draft(), doc({ requester_class: 'nonresident' }), NOW, null).values.requester_class).toBe('nonresident');
    expect(planPatch(draft(), doc({ jurisdiction: 'idaho' }), NOW, null).values.time_zone).toBe('America/Boise');
    const submitted = draft({ status: 'submitted', clock: 'running', submitted_at: '2025-11-21T22:00:00.000Z' });
    expect(() => planPatch(submitted, doc({ requester_class: 'nonresident' }), NOW, null)).toThrow(/requester class can change only while the request is a draft/);
    // Naming the class it already has is not a change.
    expect(planPatch(submitted, doc({ requester_class: null, notes: 'x' }), NOW, null).values.requester_class).toBeNull();
  });

  it('dates an appeal with appealed_at, which must not precede the decision appealed', () => {
    const denied = draft({ status: 'denied', submitted_at: '2025-11-21T22:00:00.000Z', completed_at: '2025-12-05T15:00:00.000Z', clock: 'stopped' });
    const plan = planPatch(denied, doc({ status: 'appealed', appealed_at: '2025-12-08T10:00:00-06:00' }), NOW, TEXAS_LAW);
    expect(plan.values.appealed_at).toBe('2025-12-08T16:00:00.000Z');
    expect(plan.history?.at).toBe('2025-12-08T16:00:00.000Z');
    expect(() => planPatch(denied, doc({ status: 'appealed', appealed_at: '2025-12-01T10:00:00Z' }), NOW, TEXAS_LAW)).toThrow(ValidationError);
    const submitted = draft({ status: 'submitted', submitted_at: '2025-11-21T22:00:00.000Z', clock: 'running' });
    expect(() => planPatch(submitted, doc({ status: 'processing', appealed_at: '2025-12-08T10:00:00Z' }), NOW, TEXAS_LAW)).toThrow(ValidationError);
  });

  it('needs the law to appeal and to show the time to appeal a first decision', () => {
    const running = draft({ status: 'processing', submitted_at: '2025-11-21T22:00:00.000Z', clock: 'running' });
    expect(transitionNeedsLaw(running, 'denied')).toBe(true);
    expect(transitionNeedsLaw(running, 'partially_fulfilled')).toBe(true);
    expect(transitionNeedsLaw(running, 'fulfilled')).toBe(false);
    expect(transitionNeedsLaw({ ...running, status: 'denied', clock: 'stopped' }, 'appealed')).toBe(true);
    // After an appeal, its outcome keeps the appeal's record: no first-level window to compute.
    expect(transitionNeedsLaw({ ...running, status: 'appealed', clock: 'stopped', appealed_at: '2025-12-08T16:00:00.000Z' }, 'denied')).toBe(false);
  });
});
