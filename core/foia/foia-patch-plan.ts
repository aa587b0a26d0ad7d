/**
 * What a PATCH does to a request: the merged editable fields, the status transition with
 * its date, and the effect on the deadline clock. Pure: the service loads, locks and saves.
 */
import { ConflictError, ValidationError, type FieldIssue } from '../errors/app-error.js';
import { appealDecisionDeadline, appealWindow } from './appeal-deadline.js';
import { constructiveDenial } from './appeals/constructive-denial.js';
import { deadlineRulesFor, type DeadlineLaw } from './deadline-law.js';
import {
  allowedTransitions,
  APPEALABLE_STATUSES,
  canTransition,
  clockAfter,
  TRANSITION_DATE_FIELD,
  TRANSITION_DATE_FIELDS,
  type FoiaStatus,
} from './foia-lifecycle.js';
import { editableFieldsSchema, type FoiaEditableFields, type FoiaPatchDocument } from './foia-request-fields.js';
import type { FoiaHistoryEntry, FoiaRequestRecord, FoiaRequestValues } from './foia-request-types.js';
import { applyMergePatch } from './merge-patch.js';
import { jurisdictionTimeZone } from './jurisdiction-time-zones.js';
import { localDate, pauseDeadline, resumeDeadline, startDeadline } from './request-deadline.js';

/** Transition dates may run this far ahead of the server's clock (client clock skew). */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

const EDITABLE_KEYS = Object.keys(editableFieldsSchema.shape) as Array<keyof FoiaEditableFields>;

/** The editable fields of a stored request. */
export function editableFieldsOf(record: FoiaRequestRecord): FoiaEditableFields {
  return Object.fromEntries(EDITABLE_KEYS.map((k) => [k, record[k]])) as unknown as FoiaEditableFields;
}

/** The new values and, when the status changes or a note is logged, the history entry. */
export interface PatchPlan {
  values: FoiaRequestValues;
  history: FoiaHistoryEntry | null;
  changed: boolean;
}

function mergeFields(current: FoiaRequestRecord, doc: FoiaPatchDocument): FoiaEditableFields {
  const fieldPatch = Object.fromEntries(Object.entries(doc).filter(([k]) => (EDITABLE_KEYS as string[]).includes(k)));
  // Both choose the law's deadline, which is fixed when the request is submitted.
  for (const [key, label] of [['jurisdiction', 'The jurisdiction'], ['requester_class', 'The requester class']] as const) {
    if (key in fieldPatch && (fieldPatch[key] ?? null) !== current[key] && current.status !== 'draft') {
      throw new ConflictError(`${label} can change only while the request is a draft`, { status: current.status });
    }
  }
  const merged = editableFieldsSchema.safeParse(applyMergePatch(editableFieldsOf(current), fieldPatch));
  if (!merged.success) {
    const issues: FieldIssue[] = merged.error.issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), message: i.message }));
    throw new ValidationError('The patched request is not valid', issues);
  }
  return merged.data;
}

/**
 * The instant of the transition: its date field when given (checked), else `eventAt` (the
 * date of the communication that brought it, checked by the caller), else now.
 */
function transitionInstant(current: FoiaRequestRecord, doc: FoiaPatchDocument, to: FoiaStatus | undefined, now: Date, eventAt?: string): string {
  const issues: FieldIssue[] = [];
  const field = to ? TRANSITION_DATE_FIELD[to] : undefined;
  for (const key of TRANSITION_DATE_FIELDS) {
    const value = doc[key];
    if (value === undefined) continue;
    if (key !== field) {
      issues.push({ path: `body.${key}`, message: `Set only together with a status change it dates (${datedStatuses(key)})` });
    } else if (Date.parse(value) > now.getTime() + FUTURE_TOLERANCE_MS) {
      issues.push({ path: `body.${key}`, message: 'Must not be in the future' });
    } else if (key !== 'submitted_at' && current.submitted_at && Date.parse(value) < Date.parse(current.submitted_at)) {
      issues.push({ path: `body.${key}`, message: 'Must not be before submitted_at' });
    } else if (key === 'appealed_at' && current.completed_at && Date.parse(value) < Date.parse(current.completed_at)) {
      issues.push({ path: `body.${key}`, message: 'Must not be before completed_at (the decision appealed)' });
    }
  }
  if (issues.length > 0) throw new ValidationError('Invalid transition date', issues);
  const given = field ? doc[field] : undefined;
  return given ? new Date(given).toISOString() : (eventAt ?? now.toISOString());
}

function datedStatuses(key: string): string {
  return Object.entries(TRANSITION_DATE_FIELD)
    .filter(([, f]) => f === key)
    .map(([s]) => s)
    .join(', ');
}

/** The appeal's deadlines on a transition: the deciding body's on `appealed`, the requester's on a first appealable decision. */
function applyAppeal(current: FoiaRequestRecord, next: FoiaRequestValues, to: FoiaStatus, at: string, law: DeadlineLaw | null): void {
  const appeal = { jurisdiction: next.jurisdiction, timeZone: next.time_zone, requesterClass: next.requester_class };
  if (to === 'appealed') {
    if (!law) throw new Error('deadline law is required to appeal');
    next.completed_at = null; // open again
    Object.assign(next, appealDecisionDeadline({ ...appeal, appealedAt: at, facts: law.facts, calendar: law.calendar }));
  } else if (opensAppealWindow(current, to)) {
    if (!law) throw new Error('deadline law is required to show the time to appeal');
    next.appeal_deadline = appealWindow({ ...appeal, completedAt: at, facts: law.facts, calendar: law.calendar });
  }
}

/** Status, dates and deadline after moving `current` to `to` at `at`. */
function applyTransition(
  current: FoiaRequestRecord,
  values: FoiaRequestValues,
  to: FoiaStatus,
  at: string,
  law: DeadlineLaw | null,
): FoiaRequestValues {
  const next: FoiaRequestValues = { ...values, status: to, clock: clockAfter(to, current.clock) };
  const field = TRANSITION_DATE_FIELD[to];
  if (field) next[field] = at;
  const state = { due_date: current.due_date, deadline: current.deadline };
  applyAppeal(current, next, to, at, law);
  if (to === 'submitted') {
    if (!law) throw new Error('deadline law is required to submit a request');
    const rules = deadlineRulesFor(law, values.requester_class);
    Object.assign(next, startDeadline({ jurisdiction: values.jurisdiction, timeZone: values.time_zone, submittedAt: at, rules, calendar: law.calendar }));
  } else if (current.clock === 'running' && next.clock === 'paused' && state.deadline) {
    if (!law) throw new Error('deadline law is required to pause the clock');
    next.clock_paused_on = localDate(new Date(at), values.time_zone);
    next.deadline = pauseDeadline({ due_date: state.due_date, deadline: state.deadline }, next.clock_paused_on, law.calendar);
  } else if (current.clock === 'paused' && next.clock !== 'paused') {
    if (next.clock === 'running' && state.deadline && current.clock_paused_on) {
      if (!law) throw new Error('deadline law is required to resume the clock');
      const resumed = resumeDeadline({ due_date: state.due_date, deadline: state.deadline }, current.clock_paused_on, localDate(new Date(at), values.time_zone), law.calendar);
      next.due_date = resumed.due_date;
      next.deadline = resumed.deadline;
    }
    next.clock_paused_on = null;
  }
  return next;
}

/**
 * A first decision that can be appealed (denied, partially fulfilled) shows the requester's
 * time to appeal. After an appeal, the outcome keeps that appeal's record instead: the
 * first-level provision no longer applies.
 */
function opensAppealWindow(current: Pick<FoiaRequestRecord, 'appealed_at'>, to: FoiaStatus): boolean {
  return APPEALABLE_STATUSES.includes(to) && current.appealed_at === null;
}

/**
 * An appeal of a running request the agency has not answered by its due date, where a
 * reviewed fact says the law treats that as a denial; overdue as of the appeal's date.
 */
function constructivelyDenied(current: FoiaRequestRecord, to: FoiaStatus, doc: FoiaPatchDocument, now: Date, law: DeadlineLaw | null): boolean {
  if (to !== 'appealed' || !law || current.clock !== 'running') return false;
  const given = doc.appealed_at ? new Date(doc.appealed_at) : now;
  const at = Number.isNaN(given.getTime()) || given > now ? now : given;
  return constructiveDenial(current, law.facts, at).state === 'applies';
}

/** Whether a transition to `to` from the request's state needs the jurisdiction's deadline law. */
export function transitionNeedsLaw(current: Pick<FoiaRequestRecord, 'status' | 'clock' | 'appealed_at'>, to: FoiaStatus | undefined): boolean {
  if (!to || to === current.status) return false;
  const after = clockAfter(to, current.clock);
  if (to === 'submitted' || to === 'appealed' || opensAppealWindow(current, to)) return true;
  return after !== current.clock && (after === 'paused' || current.clock === 'paused');
}

/**
 * Plans a merge patch of `current`. `eventAt` dates a transition whose status records no date
 * of its own (a pause, a resume) when something other than now does: the communication that
 * brought it.
 * @throws ValidationError for an invalid merged request or transition date;
 *   ConflictError (with `allowed_transitions`) for a transition the lifecycle refuses.
 */
export function planPatch(current: FoiaRequestRecord, doc: FoiaPatchDocument, now: Date, law: DeadlineLaw | null, eventAt?: string): PatchPlan {
  const fields = mergeFields(current, doc);
  const to = doc.status !== undefined && doc.status !== current.status ? doc.status : undefined;
  if (to && !canTransition(current.status, to) && !constructivelyDenied(current, to, doc, now, law)) {
    throw new ConflictError(`A request cannot move from ${current.status} to ${to}`, {
      status: current.status,
      requested_status: to,
      allowed_transitions: [...allowedTransitions(current.status)],
      ...(to === 'appealed' && law && current.clock === 'running' ? { constructive_denial: constructiveDenial(current, law.facts, now).explanation } : {}),
    });
  }
  const at = transitionInstant(current, doc, to, now, eventAt);
  const { id: _id, user_id: _u, created_at: _c, version: _v, ...stored } = current;
  let values: FoiaRequestValues = { ...stored, ...fields, updated_at: now.toISOString() };
  // A draft moved to another jurisdiction counts its days in that jurisdiction's zone.
  if (fields.jurisdiction !== current.jurisdiction) values.time_zone = jurisdictionTimeZone(fields.jurisdiction);
  if (to) values = applyTransition(current, values, to, at, law);
  const note = doc.note ?? null;
  const history = to || note ? { from: current.status, to: values.status, at, note } : null;
  const changed = history !== null || JSON.stringify({ ...stored, updated_at: null }) !== JSON.stringify({ ...values, updated_at: null });
  return { values, history, changed };
}
