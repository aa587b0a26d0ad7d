import type { FoiaCommunicationService } from '../../../core/foia/communications/communication-service.js';
import type { FoiaSendService } from '../../../core/foia/communications/send-service.js';
import { callerOf, idempotencyKeyOf } from '../../http/caller.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import {
  communicationListSchema,
  communicationParams,
  communicationSchema,
  logCommunicationBody,
  loggedCommunicationSchema,
  sendBody,
} from './foia-communication-schemas.js';
import { letterQuery, requestIdParams } from './foia-route-schemas.js';

const TAGS = ['foia'];
const BASE = '/api/foia/requests/:id';
const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** A request's thread of communications, and sending its letters by e-mail. */
export function registerFoiaCommunicationRoutes(routes: RouteRegistry, deps: { communications: FoiaCommunicationService; sending: FoiaSendService }): void {
  routes.add({
    method: 'get',
    path: `${BASE}/communications`,
    scope: 'read:foia',
    tags: TAGS,
    summary: "A FOIA request's communications (letters, replies, notes), oldest first, with their attachments",
    params: requestIdParams,
    response: communicationListSchema,
    handler: async ({ principal, params }) => {
      const data = await deps.communications.list(callerOf(principal), params.id);
      return { body: { data, total: data.length, next_cursor: null }, headers: NO_STORE };
    },
  });

  routes.add({
    method: 'get',
    path: `${BASE}/communications/:communication_id`,
    scope: 'read:foia',
    tags: TAGS,
    summary: 'One communication of a FOIA request',
    params: communicationParams,
    response: communicationSchema,
    handler: async ({ principal, params }) => ({ body: await deps.communications.get(callerOf(principal), params.id, params.communication_id), headers: NO_STORE }),
  });

  routes.add({
    method: 'get',
    path: `${BASE}/communications/:communication_id/letter`,
    scope: 'read:foia',
    tags: TAGS,
    summary: 'An outgoing letter of the thread (a follow-up, an appeal, a request letter as sent) as text, Markdown or PDF',
    description: 'format=text (the letter exactly as sent or drafted), markdown or pdf. Replies and notes are not letters: 409.',
    params: communicationParams,
    query: letterQuery,
    success: { status: 200, description: 'The letter as plain text (format=text)', contentType: 'text/plain' },
    alternatives: { 'text/markdown': { description: 'The letter as Markdown (format=markdown)' }, 'application/pdf': { description: 'The letter as PDF (format=pdf)' } },
    responseHeaders: { 'Content-Disposition': 'inline, with a file name for saving the letter' },
    errors: [409],
    handler: async ({ principal, params, query, res }) => {
      const letter = await deps.communications.letter(callerOf(principal), params.id, params.communication_id, query.format);
      res.setHeader('Content-Type', letter.contentType);
      res.setHeader('Content-Disposition', `inline; filename="${letter.filename}"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.status(200).send(letter.body);
      return undefined;
    },
  });

  routes.add({
    method: 'post',
    path: `${BASE}/communications`,
    scope: 'write:foia',
    tags: TAGS,
    summary: 'Log a communication: the agency’s reply, a letter you sent by other means, or a note',
    description:
      'With `status`, the request moves as PATCH would move it, in the same transaction: a reply asking for payment pauses the deadline clock, ' +
      'a later one moving to processing resumes it (the due date moves by the days paused). The change is dated by occurred_at (a reply ' +
      'logged late pauses or resumes the clock as of its own date), which must not precede the request’s last status change (400). A refused transition is 409 with ' +
      'metadata.allowed_transitions and nothing is stored. The history entry names the communication. `attachment_ids` files attachments ' +
      'already uploaded to the request (POST …/attachments) under it.',
    params: requestIdParams,
    body: logCommunicationBody,
    examples: {
      body: { direction: 'incoming', channel: 'email', occurred_at: '2025-12-03T10:00:00-06:00', subject: 'Fee estimate', body: 'The estimated cost is $42.', status: 'payment_required' },
    },
    success: { status: 201, description: 'The communication, and where the request stands' },
    responseHeaders: { Location: 'URL of the communication' },
    response: loggedCommunicationSchema,
    errors: [409, 412],
    handler: async ({ principal, params, body }) => {
      const logged = await deps.communications.log(callerOf(principal), params.id, {
        ...body,
        kind: body.kind ?? (body.direction === 'incoming' ? 'reply' : 'note'),
        channel: body.channel ?? (body.direction === 'note' ? 'other' : 'email'),
      });
      return { status: 201, body: logged, headers: { ...NO_STORE, Location: `/api/foia/requests/${params.id}/communications/${logged.communication.id}` } };
    },
  });

  routes.add({
    method: 'post',
    path: `${BASE}/send`,
    scope: 'write:foia',
    tags: TAGS,
    summary: 'Send the request letter, a follow-up or an appeal to the agency by e-mail',
    description:
      'Queues the letter and answers 202 with its communication (delivery queued → sending → sent or failed; poll GET …/communications/{id}). ' +
      'The e-mail goes from MAIL_FROM with your name, Reply-To your address (the request’s requester, else your profile), to the agency’s ' +
      'e-mail address or `to`, with the letter as text and as a PDF. kind=request: the request must be a draft (it becomes submitted when ' +
      'the mail server accepts the letter, and the deadline clock starts then) or submitted (sent again). follow_up / appeal: the newest ' +
      'drafted letter of that kind (a follow-up is written on the spot when none is drafted, only for an overdue request: it says the deadline passed); an appeal moves the request to appealed once sent, where the lifecycle allows. A letter of that kind ' +
      'already on its way, or the one an Idempotency-Key queued, is answered again instead of sending twice. 409 when sending is off (no ' +
      'SMTP server) or nothing is drafted; 422 when there is no recipient, no reply address, or no name to sign with.',
    params: requestIdParams,
    body: sendBody,
    examples: { body: { kind: 'request' } },
    requestHeaders: [{ name: 'Idempotency-Key', required: false, description: 'A retry with the same key answers with the same communication' }],
    success: { status: 202, description: 'The queued letter' },
    responseHeaders: { Location: 'URL of the communication' },
    response: communicationSchema,
    errors: [409, 422],
    handler: async ({ principal, params, body, req }) => {
      const communication = await deps.sending.send(callerOf(principal), params.id, body, idempotencyKeyOf(req.header('idempotency-key')));
      return { status: 202, body: communication, headers: { ...NO_STORE, Location: `/api/foia/requests/${params.id}/communications/${communication.id}` } };
    },
  });
}
