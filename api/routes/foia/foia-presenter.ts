import { allowedTransitions } from '../../../core/foia/foia-lifecycle.js';
import type { FoiaRequestView } from '../../../core/foia/foia-service.js';
import type { FoiaRequestResponse } from './foia-response-schema.js';

/** The API representation of a FOIA request (with its history when the view has one). */
export function presentFoiaRequest(v: FoiaRequestView): FoiaRequestResponse {
  const d = v.deadline;
  return {
    id: v.id,
    jurisdiction: v.jurisdiction,
    requester_class: v.requester_class,
    requester: v.requester,
    agency: v.agency,
    subject: v.subject,
    description: v.description,
    status: v.status,
    allowed_transitions: [...allowedTransitions(v.status)],
    tracking_numbers: v.tracking_numbers,
    date_range: v.date_range,
    format_preference: v.format_preference,
    fee_waiver_requested: v.fee_waiver_requested,
    fee_waiver_justification: v.fee_waiver_justification,
    expedited_requested: v.expedited_requested,
    expedited_justification: v.expedited_justification,
    max_fee: v.max_fee,
    estimated_fee: v.estimated_fee,
    paid_fee: v.paid_fee,
    submitted_at: v.submitted_at,
    acknowledged_at: v.acknowledged_at,
    due_date: v.due_date,
    completed_at: v.completed_at,
    appealed_at: v.appealed_at,
    appeal_due_date: v.appeal_due_date,
    days_until_due: v.days_until_due,
    overdue: v.overdue,
    deadline: {
      clock: v.clock,
      time_zone: v.time_zone,
      days: d?.days ?? null,
      unit: d?.unit ?? null,
      citation: d?.citation ?? null,
      no_fixed_deadline_reason: d?.no_fixed_deadline_reason ?? null,
      after_hours_cutoff: d?.after_hours_cutoff ?? null,
      received_on: d?.received_on ?? null,
      paused_on: v.clock_paused_on,
      remaining_days: v.clock === 'paused' ? (d?.remaining_days ?? null) : null,
      explanation: d?.explanation ?? [],
    },
    appeal_deadline: v.appeal_deadline,
    notes: v.notes,
    tags: v.tags,
    created_at: v.created_at,
    updated_at: v.updated_at,
    version: v.version,
    ...(v.history ? { history: v.history } : {}),
  };
}
