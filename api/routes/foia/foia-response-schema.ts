/**
 * The FOIA request as the API returns it, for the API description (documentation only:
 * responses are not validated at run time; the presenter is typed against this schema).
 */
import { z } from 'zod';
import { ATTACHMENT_KINDS } from '../../../core/foia/attachments/attachment-service.js';
import { FOIA_STATUSES } from '../../../core/foia/foia-lifecycle.js';
import type { ListEnvelope } from '../../../core/http/list-envelope.js';
import type { FoiaRequestReminders } from '../../../core/foia/foia-service.js';
import { FOIA_REMINDER_KINDS, type FoiaReminderWithRequest } from '../../../core/foia/reminders/foia-reminders.js';
import { REQUESTER_CLASSES } from '../../../core/legal-facts/legal-fact-schema.js';

const unit = z.enum(['business', 'calendar']);
const date = z.string().describe('YYYY-MM-DD');
const instant = z.string().describe('ISO date-time');

const requester = z
  .object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    organization: z.string().nullable(),
  })
  .describe('Who signs the letter');

const deadline = z.object({
  clock: z.enum(['not_started', 'running', 'paused', 'stopped']),
  time_zone: z.string(),
  days: z.number().int().nullable(),
  unit: unit.nullable(),
  citation: z.string().nullable().describe('Pinpoint citation of the deadline applied (the requester-class variant when one applies)'),
  no_fixed_deadline_reason: z.string().nullable(),
  after_hours_cutoff: z.string().nullable(),
  received_on: date.nullable(),
  paused_on: date.nullable(),
  remaining_days: z.number().int().nullable(),
  explanation: z.array(z.string()),
});

const appealDeadline = z
  .object({
    decided_by: z.string().nullable().describe('The body that decides the appeal, in the law’s words'),
    days: z.number().int().nullable().describe('The deciding body’s time to decide, from the filing of the appeal'),
    unit: unit.nullable(),
    citation: z.string().nullable(),
    quote: z.string().nullable(),
    file_by: z
      .object({
        actor: z.literal('requester'),
        date,
        days: z.number().int(),
        unit,
        counted_from: date,
        citation: z.string(),
        quote: z.string().nullable(),
      })
      .nullable()
      .describe('The requester’s own deadline to file an appeal, while the request is denied or partially fulfilled'),
    explanation: z.array(z.string()),
  })
  .nullable();

/** One file attached to a request. */
export const attachmentSchema = z.object({
  id: z.uuid(),
  request_id: z.uuid(),
  filename: z.string(),
  kind: z.enum(ATTACHMENT_KINDS),
  description: z.string().nullable(),
  object_key: z.string().describe('The object in your storage: GET /api/storage/objects/{key} (read:storage) also returns it'),
  content_type: z.string(),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  created_at: z.string().describe('ISO 8601'),
});

const historyEntry = z.object({ from: z.enum(FOIA_STATUSES).nullable(), to: z.enum(FOIA_STATUSES), at: instant, note: z.string().nullable() });

/** One FOIA request (with `history` on single-request responses). */
export const foiaRequestResponseSchema = z.object({
  id: z.uuid(),
  jurisdiction: z.string(),
  requester_class: z.enum(REQUESTER_CLASSES).nullable(),
  requester: requester.nullable(),
  agency: z.object({ name: z.string(), email: z.string().nullable(), portal_url: z.string().nullable(), address: z.string().nullable(), directory_id: z.uuid().nullable().describe('The agency’s entry in the directory (GET /api/foia/agencies/{id}), if the request names one') }),
  subject: z.string(),
  description: z.string(),
  status: z.enum(FOIA_STATUSES),
  allowed_transitions: z.array(z.enum(FOIA_STATUSES)),
  tracking_numbers: z.array(z.string()),
  date_range: z.object({ from: date.nullable(), to: date.nullable() }),
  format_preference: z.string().nullable(),
  fee_waiver_requested: z.boolean(),
  fee_waiver_justification: z.string().nullable(),
  expedited_requested: z.boolean(),
  expedited_justification: z.string().nullable(),
  max_fee: z.number().nullable(),
  estimated_fee: z.number().nullable(),
  paid_fee: z.number().nullable(),
  submitted_at: instant.nullable(),
  acknowledged_at: instant.nullable(),
  due_date: date.nullable(),
  completed_at: instant.nullable(),
  appealed_at: instant.nullable(),
  appeal_due_date: date.nullable().describe('The deciding body’s last day to decide the appeal, where the law gives one'),
  days_until_due: z.number().int().nullable(),
  overdue: z.boolean(),
  deadline,
  appeal_deadline: appealDeadline,
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  created_at: instant,
  updated_at: instant,
  version: z.number().int(),
  history: z.array(historyEntry).optional(),
  attachments: z.array(attachmentSchema).optional().describe('On single-request responses: its attachments, oldest first'),
});

export type FoiaRequestResponse = z.output<typeof foiaRequestResponseSchema>;

/** A page of requests. */
export const foiaRequestListSchema = z.object({
  data: z.array(foiaRequestResponseSchema.omit({ history: true, attachments: true })),
  total: z.number().int(),
  next_cursor: z.string().nullable(),
});

/** What POST /api/foia/requests/preview answers: create's computation, nothing stored. */
export const foiaPreviewResponseSchema = z.object({
  jurisdiction: z.string(),
  requester_class: z.enum(REQUESTER_CLASSES).nullable(),
  status: z.enum(['draft', 'submitted']),
  time_zone: z.string().describe('The jurisdiction’s zone, in which receipt and due dates are read'),
  submitted_at: instant.describe('The submission instant the deadline is counted from'),
  submitted_at_assumed: z
    .boolean()
    .describe('True for a draft: create stores no due date for it, so this is the deadline a submission at the time of the preview would get'),
  due_date: date.nullable().describe('The last day for the initial response; null where the law sets no number of days'),
  days_until_due: z.number().int().nullable().describe('Calendar days from today (in the jurisdiction’s zone) to the due date'),
  deadline: deadline
    .omit({ clock: true, time_zone: true, paused_on: true })
    .describe('The law’s deadline with its pinpoint citation, and the computation step by step (holidays skipped named)'),
  letter: z
    .object({ text: z.string(), markdown: z.string() })
    .describe('The request letter as create would render it (a draft’s letter states no due date, as the letter route gives it)'),
});

export type FoiaPreviewResponse = z.output<typeof foiaPreviewResponseSchema>;

/** One deadline reminder the reminder job recorded. */
export const foiaReminderSchema = z.object({
  id: z.number().int(),
  request_id: z.uuid(),
  kind: z.enum(FOIA_REMINDER_KINDS).describe('due_soon: the due date is near (FOIA_REMINDER_WITHIN_DAYS, 3 by default); overdue: it has passed'),
  due_date: date.describe('The due date the reminder is about (a pause and resume may since have moved the request’s)'),
  days_until_due: z
    .number()
    .int()
    .describe('Calendar days from the day it was recorded (in the agency’s zone) to the due date; negative when overdue (-1: one day late)'),
  created_at: instant.describe('When the reminder was recorded'),
});

const listFields = {
  total: z.number().int().describe('Reminders in the whole list, across pages'),
  next_cursor: z.string().nullable().describe('`cursor` of the next page; null on the last page'),
};

/** GET /api/foia/requests/{id}/reminders: the list envelope, plus the next reminder to come. */
export const foiaRequestRemindersSchema = z.object({
  data: z.array(foiaReminderSchema),
  ...listFields,
  upcoming: z
    .object({
      kind: z.literal('due_soon'),
      on: date.describe('The day (in the agency’s zone) the reminder job records it: FOIA_REMINDER_WITHIN_DAYS before the due date, or today if that day has passed'),
      due_date: date,
    })
    .nullable()
    .describe(
      'When the next due_soon reminder will be recorded; null when none will: the clock does not run, there is no due date, one is already recorded for this due date, or the due date has passed',
    ),
});

/** GET /api/foia/reminders: the caller's reminders across requests, each with what a list shows of its request. */
export const foiaReminderListSchema = z.object({
  data: z.array(foiaReminderSchema.extend({ subject: z.string().describe('The request’s subject'), agency_name: z.string().describe('The agency’s name') })),
  ...listFields,
});

/** True when the schema's output and the type are assignable both ways. */
type Mirrors<S extends z.ZodType, T> = [z.output<S>] extends [T] ? ([T] extends [z.output<S>] ? true : false) : false;
const _mirrors: [Mirrors<typeof foiaRequestRemindersSchema, FoiaRequestReminders>, Mirrors<typeof foiaReminderListSchema, ListEnvelope<FoiaReminderWithRequest>>] = [true, true];
void _mirrors;
