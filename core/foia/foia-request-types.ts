import type { DeadlineUnit } from '../calendar/business-days.js';
import type { AppealDeadline } from './appeal-deadline.js';
import type { DeadlineClock, FoiaStatus } from './foia-lifecycle.js';
import type { FoiaEditableFields } from './foia-request-fields.js';

/** How the due date was (or could not be) computed; stored with the request. */
export interface DeadlineInfo {
  /** The law's initial response period; null when it sets none or the law database lacks it. */
  days: number | null;
  unit: DeadlineUnit | null;
  citation: string | null;
  /** Why there is no due date (the law's standard, e.g. "promptly"), when there is none. */
  no_fixed_deadline_reason: string | null;
  /** Local `HH:MM` after which a request counts as received the next business day, if the law has one. */
  after_hours_cutoff: string | null;
  /** Day 0 of the count. */
  received_on: string | null;
  /** Days (of the unit) left when the clock was paused. */
  remaining_days: number | null;
  /** The computation in words, step by step. */
  explanation: string[];
}

/** One FOIA request as stored. Timestamps are ISO strings; dates are `YYYY-MM-DD`. */
export interface FoiaRequestRecord extends FoiaEditableFields {
  id: string;
  user_id: string;
  time_zone: string;
  status: FoiaStatus;
  submitted_at: string | null;
  acknowledged_at: string | null;
  completed_at: string | null;
  /** When the requester appealed (the last transition to `appealed`). */
  appealed_at: string | null;
  due_date: string | null;
  clock: DeadlineClock;
  clock_paused_on: string | null;
  deadline: DeadlineInfo | null;
  /** The deciding body's last day to decide the appeal, where the law gives one. */
  appeal_due_date: string | null;
  /** The appeal's deadlines and how they were reached (the requester's, before filing; the decider's, after). */
  appeal_deadline: AppealDeadline | null;
  created_at: string;
  updated_at: string;
  version: number;
}

/** One entry of a request's history: a status change, or a note logged against the current status. */
export interface FoiaHistoryEntry {
  from: FoiaStatus | null;
  to: FoiaStatus;
  at: string;
  note: string | null;
}

/** A request with its history, as the service returns it. */
export interface FoiaRequestWithHistory extends FoiaRequestRecord {
  history: FoiaHistoryEntry[];
}

/** The stored values the service writes: everything but the identity and bookkeeping columns. */
export type FoiaRequestValues = Omit<FoiaRequestRecord, 'id' | 'user_id' | 'created_at' | 'version'>;

/** Orders of the list: due date (soonest first, no due date last) or last update (newest first). */
export const FOIA_SORTS = ['due_date', '-due_date', 'updated_at', '-updated_at'] as const;
export type FoiaSort = (typeof FOIA_SORTS)[number];

/** Filters, order and page of the list. */
export interface FoiaListQuery {
  status?: FoiaStatus[];
  jurisdiction?: string[];
  overdue?: boolean;
  q?: string;
  tag?: string;
  sort: FoiaSort;
  limit: number;
  /** Position after which the page starts: the sort key's value and the id. */
  after?: { key: string; id: string };
  /** "Today" for the overdue filter is this instant's date in each request's time zone. */
  now: Date;
}
