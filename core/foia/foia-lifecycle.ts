/**
 * The lifecycle of a FOIA request: its statuses (MuckRock's model, with our names), which
 * transitions are allowed, and what each status does to the response-deadline clock.
 */

/** Every status, in the order a request usually moves through them. */
export const FOIA_STATUSES = [
  'draft',
  'submitted',
  'acknowledged',
  'processing',
  'fix_required',
  'payment_required',
  'fulfilled',
  'partially_fulfilled',
  'denied',
  'no_responsive_records',
  'appealed',
  'in_litigation',
  'withdrawn',
] as const;

export type FoiaStatus = (typeof FOIA_STATUSES)[number];

/** Outcomes an agency (or the requester, for `withdrawn`) can close a request with. */
const OUTCOMES = ['fulfilled', 'partially_fulfilled', 'denied', 'no_responsive_records', 'withdrawn'] as const;

/**
 * Allowed transitions, from → to. Terminal statuses have none, except `denied`,
 * `partially_fulfilled` and `no_responsive_records`, which stay open to an appeal (of the
 * denial, of what was withheld, or of the search). A running request that is overdue can also
 * be appealed where the law treats silence as a denial: that depends on the law and the date,
 * so foia-patch-plan.ts allows it (see appeals/constructive-denial.ts), not this table. An appeal can be decided (any outcome), sent back to processing, or taken to
 * court; litigation ends in an outcome or a remand to processing.
 * Going back to `submitted` or `acknowledged` is never allowed: those record events that
 * happened once (their dates feed the deadline).
 */
export const FOIA_TRANSITIONS: Readonly<Record<FoiaStatus, readonly FoiaStatus[]>> = {
  draft: ['submitted', 'withdrawn'],
  submitted: ['acknowledged', 'processing', 'fix_required', 'payment_required', ...OUTCOMES],
  acknowledged: ['processing', 'fix_required', 'payment_required', ...OUTCOMES],
  processing: ['fix_required', 'payment_required', ...OUTCOMES],
  fix_required: ['processing', 'payment_required', ...OUTCOMES],
  payment_required: ['processing', 'fix_required', ...OUTCOMES],
  fulfilled: [],
  partially_fulfilled: ['appealed'],
  denied: ['appealed'],
  no_responsive_records: ['appealed'],
  appealed: ['processing', 'in_litigation', ...OUTCOMES],
  in_litigation: ['processing', ...OUTCOMES],
  withdrawn: [],
};

/**
 * Statuses that end a request: no way out but an appeal (`denied` and `partially_fulfilled`
 * are terminal yet can still be appealed).
 */
export const TERMINAL_STATUSES: readonly FoiaStatus[] = FOIA_STATUSES.filter((s) =>
  FOIA_TRANSITIONS[s].every((to) => to === 'appealed'),
);

/** Terminal statuses a requester can still appeal from. */
export const APPEALABLE_STATUSES: readonly FoiaStatus[] = TERMINAL_STATUSES.filter((s) => FOIA_TRANSITIONS[s].includes('appealed'));

/** Statuses a request can be created in: a draft, or one already sent to the agency. */
export const INITIAL_STATUSES = ['draft', 'submitted'] as const satisfies readonly FoiaStatus[];

/** The fields that date a transition. */
export const TRANSITION_DATE_FIELDS = ['submitted_at', 'acknowledged_at', 'completed_at', 'appealed_at'] as const;
export type TransitionDateField = (typeof TRANSITION_DATE_FIELDS)[number];

/** Where a transition to this status records its date. */
export const TRANSITION_DATE_FIELD: Partial<Record<FoiaStatus, TransitionDateField>> = {
  submitted: 'submitted_at',
  acknowledged: 'acknowledged_at',
  fulfilled: 'completed_at',
  partially_fulfilled: 'completed_at',
  denied: 'completed_at',
  no_responsive_records: 'completed_at',
  withdrawn: 'completed_at',
  appealed: 'appealed_at',
};

/** The statuses `from` may move to. */
export function allowedTransitions(from: FoiaStatus): readonly FoiaStatus[] {
  return FOIA_TRANSITIONS[from];
}

export function canTransition(from: FoiaStatus, to: FoiaStatus): boolean {
  return FOIA_TRANSITIONS[from].includes(to);
}

export function isTerminal(status: FoiaStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/**
 * State of the response-deadline clock:
 * `not_started` (draft), `running` (waiting for the agency), `paused` (the agency waits
 * for the requester: fix_required, payment_required), `stopped` (the agency answered, or
 * the request left the initial-response phase: an outcome, an appeal, litigation).
 */
export type DeadlineClock = 'not_started' | 'running' | 'paused' | 'stopped';

/** What a status does to the clock, given its state before. A stopped clock never restarts. */
export function clockAfter(to: FoiaStatus, before: DeadlineClock): DeadlineClock {
  if (before === 'stopped') return 'stopped';
  switch (to) {
    case 'draft':
      return 'not_started';
    case 'submitted':
    case 'acknowledged':
    case 'processing':
      return 'running';
    case 'fix_required':
    case 'payment_required':
      return 'paused';
    default:
      return 'stopped';
  }
}
