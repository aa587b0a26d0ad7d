/** Mapping between `foia_requests` rows and {@link FoiaRequestRecord}. */
import type { RequesterClass } from '../legal-facts/legal-fact-schema.js';
import type { AppealDeadline } from './appeal-deadline.js';
import type { DeadlineClock, FoiaStatus } from './foia-lifecycle.js';
import type { FoiaAgency, FoiaRequester } from './foia-request-fields.js';
import type { DeadlineInfo, FoiaHistoryEntry, FoiaRequestRecord, FoiaRequestValues } from './foia-request-types.js';

/** A `foia_requests` row as the pg driver returns it. */
export interface FoiaRequestRow {
  id: string;
  user_id: string;
  jurisdiction: string;
  time_zone: string;
  requester_class: RequesterClass | null;
  requester: FoiaRequester | null;
  agency: FoiaAgency;
  subject: string;
  description: string;
  status: FoiaStatus;
  tracking_numbers: string[];
  records_from: string | null;
  records_to: string | null;
  format_preference: string | null;
  fee_waiver_requested: boolean;
  fee_waiver_justification: string | null;
  expedited_requested: boolean;
  expedited_justification: string | null;
  max_fee: string | null;
  estimated_fee: string | null;
  paid_fee: string | null;
  submitted_at: Date | null;
  acknowledged_at: Date | null;
  due_date: string | null;
  completed_at: Date | null;
  appealed_at: Date | null;
  clock: DeadlineClock;
  clock_paused_on: string | null;
  deadline: DeadlineInfo | null;
  appeal_due_date: string | null;
  appeal_deadline: AppealDeadline | null;
  notes: string | null;
  tags: string[];
  created_at: Date;
  updated_at: Date;
  version: number;
}

/** A `foia_request_history` row. */
export interface FoiaHistoryRow {
  from_status: FoiaStatus | null;
  to_status: FoiaStatus;
  at: Date;
  note: string | null;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
// numeric(12,2) arrives as a string; amounts stay far below 2^53 cents.
const amount = (v: string | null): number | null => (v === null ? null : Number(v));

export function toRecord(row: FoiaRequestRow): FoiaRequestRecord {
  return {
    id: row.id,
    user_id: row.user_id,
    jurisdiction: row.jurisdiction,
    time_zone: row.time_zone,
    requester_class: row.requester_class,
    requester: row.requester,
    agency: { name: row.agency.name, email: row.agency.email ?? null, portal_url: row.agency.portal_url ?? null, address: row.agency.address ?? null, directory_id: row.agency.directory_id ?? null },
    subject: row.subject,
    description: row.description,
    status: row.status,
    tracking_numbers: row.tracking_numbers,
    date_range: { from: row.records_from, to: row.records_to },
    format_preference: row.format_preference,
    fee_waiver_requested: row.fee_waiver_requested,
    fee_waiver_justification: row.fee_waiver_justification,
    expedited_requested: row.expedited_requested,
    expedited_justification: row.expedited_justification,
    max_fee: amount(row.max_fee),
    estimated_fee: amount(row.estimated_fee),
    paid_fee: amount(row.paid_fee),
    submitted_at: iso(row.submitted_at),
    acknowledged_at: iso(row.acknowledged_at),
    due_date: row.due_date,
    completed_at: iso(row.completed_at),
    appealed_at: iso(row.appealed_at),
    clock: row.clock,
    clock_paused_on: row.clock_paused_on,
    deadline: row.deadline,
    appeal_due_date: row.appeal_due_date,
    appeal_deadline: row.appeal_deadline,
    notes: row.notes,
    tags: row.tags,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  };
}

/** Column values for an insert or update; `updated_at` is the service's clock. */
export function toColumns(values: FoiaRequestValues): Record<string, unknown> {
  return {
    jurisdiction: values.jurisdiction,
    time_zone: values.time_zone,
    requester_class: values.requester_class,
    requester: values.requester === null ? null : JSON.stringify(values.requester),
    agency: JSON.stringify(values.agency),
    subject: values.subject,
    description: values.description,
    status: values.status,
    tracking_numbers: values.tracking_numbers,
    records_from: values.date_range.from,
    records_to: values.date_range.to,
    format_preference: values.format_preference,
    fee_waiver_requested: values.fee_waiver_requested,
    fee_waiver_justification: values.fee_waiver_justification,
    expedited_requested: values.expedited_requested,
    expedited_justification: values.expedited_justification,
    max_fee: values.max_fee,
    estimated_fee: values.estimated_fee,
    paid_fee: values.paid_fee,
    submitted_at: values.submitted_at,
    acknowledged_at: values.acknowledged_at,
    due_date: values.due_date,
    completed_at: values.completed_at,
    appealed_at: values.appealed_at,
    clock: values.clock,
    clock_paused_on: values.clock_paused_on,
    deadline: values.deadline === null ? null : JSON.stringify(values.deadline),
    appeal_due_date: values.appeal_due_date,
    appeal_deadline: values.appeal_deadline === null ? null : JSON.stringify(values.appeal_deadline),
    notes: values.notes,
    tags: values.tags,
    updated_at: values.updated_at,
  };
}

export function toHistoryEntry(row: FoiaHistoryRow): FoiaHistoryEntry {
  return { from: row.from_status, to: row.to_status, at: row.at.toISOString(), note: row.note };
}
