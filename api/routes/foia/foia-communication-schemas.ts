/** Request and response schemas of the communication and send routes. */
import { z } from 'zod';
import {
  COMMUNICATION_CHANNELS,
  COMMUNICATION_DIRECTIONS,
  COMMUNICATION_KINDS,
  DELIVERY_STATES,
  LETTER_KINDS,
  type CommunicationDirection,
  type CommunicationKind,
} from '../../../core/foia/communications/communication-store.js';
import { FOIA_STATUSES } from '../../../core/foia/foia-lifecycle.js';
import { instantField, optionalText } from '../../../core/foia/foia-request-fields.js';
import { requestIdParams } from './foia-route-schemas.js';

/** The longest body a logged communication keeps (a long letter pasted in whole fits). */
export const MAX_COMMUNICATION_BODY = 100_000;

export const communicationParams = requestIdParams.extend({ communication_id: z.uuid({ message: 'Not a communication id' }) });

/** The kinds each direction allows, and the one it defaults to. */
const KINDS_OF: Record<CommunicationDirection, { allowed: readonly CommunicationKind[]; default: CommunicationKind | null }> = {
  outgoing: { allowed: LETTER_KINDS, default: null },
  incoming: { allowed: ['reply'], default: 'reply' },
  note: { allowed: ['note'], default: 'note' },
};

/** Body of POST /api/foia/requests/{id}/communications. */
export const logCommunicationBody = z
  .object({
    direction: z.enum(COMMUNICATION_DIRECTIONS).describe('outgoing (a letter you sent by other means), incoming (the agency’s reply) or note'),
    kind: z.enum(COMMUNICATION_KINDS).optional().describe('request, follow_up or appeal for outgoing (required); reply for incoming and note for note (the defaults)'),
    channel: z.enum(COMMUNICATION_CHANNELS).optional().describe('How it travelled; default email (other for a note)'),
    occurred_at: instantField.optional().describe('When it was sent or received (not in the future); default now. Dates the status change where the status records a date (acknowledged_at, completed_at…)'),
    subject: optionalText(500),
    body: z.string().max(MAX_COMMUNICATION_BODY).default(''),
    from_address: optionalText(500),
    to_address: optionalText(500),
    attachment_ids: z
      .array(z.uuid({ message: 'Not an attachment id' }))
      .max(50)
      .default([])
      .transform((ids) => [...new Set(ids)])
      .describe('Attachments of this request (uploaded first) that came with it'),
    status: z.enum(FOIA_STATUSES).optional().describe('The status the request moves to, by the rules of PATCH (a refused transition is 409 and nothing is stored)'),
  })
  .strict()
  .superRefine((b, ctx) => {
    const kinds = KINDS_OF[b.direction];
    if (b.kind === undefined && kinds.default === null) ctx.addIssue({ code: 'custom', path: ['kind'], message: 'Required for an outgoing letter: request, follow_up or appeal' });
    else if (b.kind !== undefined && !kinds.allowed.includes(b.kind)) ctx.addIssue({ code: 'custom', path: ['kind'], message: `A ${b.direction} communication is ${kinds.allowed.join(', ')}` });
  });

/** Body of POST /api/foia/requests/{id}/send. */
export const sendBody = z
  .object({
    kind: z.enum(LETTER_KINDS).describe('request (the request letter), follow_up or appeal (the newest one drafted)'),
    to: z.array(z.email().max(320)).min(1).max(10).optional().describe("Recipients instead of the agency's e-mail address"),
    cc: z.array(z.email().max(320)).max(10).optional(),
  })
  .strict();

/** One communication of a request's thread. */
export const communicationSchema = z.object({
  id: z.uuid(),
  request_id: z.uuid(),
  direction: z.enum(COMMUNICATION_DIRECTIONS),
  kind: z.enum(COMMUNICATION_KINDS),
  channel: z.enum(COMMUNICATION_CHANNELS),
  occurred_at: z.string().describe('ISO 8601: when it was sent or received'),
  subject: z.string().nullable(),
  body: z.string(),
  from_address: z.string().nullable(),
  to_address: z.string().nullable().describe('Recipients, comma-separated'),
  cc_address: z.string().nullable(),
  status_to: z.enum(FOIA_STATUSES).nullable().describe('The status logging it moved the request to'),
  delivery: z.enum(DELIVERY_STATES).describe('none (not sent by Sunlight), draft, queued, sending, sent, failed'),
  message_id: z.string().nullable(),
  sent_at: z.string().nullable(),
  delivery_error: z.string().nullable().describe('Why the last attempt failed (and what to do), when it did'),
  delivery_attempts: z.number().int().min(0),
  created_at: z.string(),
  attachments: z.array(z.object({ id: z.uuid(), filename: z.string() })),
});

export const communicationListSchema = z.object({ data: z.array(communicationSchema), total: z.number().int().min(0), next_cursor: z.null() });

export const loggedCommunicationSchema = z.object({
  communication: communicationSchema,
  request: z
    .object({
      id: z.uuid(),
      status: z.enum(FOIA_STATUSES),
      due_date: z.string().nullable(),
      clock: z.enum(['not_started', 'running', 'paused', 'stopped']),
      version: z.number().int(),
    })
    .describe('Where the request stands after it (fetch the request for the whole)'),
});
