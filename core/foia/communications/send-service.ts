/**
 * `POST /api/foia/requests/{id}/send`: queues a letter for the send job (send-letter-job.ts).
 * A request letter is the one `GET …/letter` shows (status draft: the request is submitted
 * when the mail server accepts it; submitted: a re-send); a follow-up or appeal is the newest one drafted
 * (or the newest that failed, as a new letter), or, for a follow-up, one the injected drafter
 * writes. A letter of that kind already on its way, or the one an Idempotency-Key queued, is
 * answered again instead of queueing a second.
 */
import type { Knex } from 'knex';
import { inUserTransaction } from '../../db/user-transaction.js';
import { AppError, ConflictError } from '../../errors/app-error.js';
import { findProfile } from '../../profile/profile-store.js';
import { findRequestOrThrow } from '../apply-patch.js';
import { foiaUserTransaction } from '../foia-request-store.js';
import type { FoiaRequestRecord } from '../foia-request-types.js';
import type { CommunicationView } from './communication-service.js';
import {
  communicationAttachments,
  findBySendKey,
  insertCommunication,
  latestLetter,
  letterInFlight,
  updateDelivery,
  type CommunicationRecord,
  type LetterKind,
} from './communication-store.js';
import type { LetterQueue } from './letter-queue.js';
import { fromHeader } from './send-letter-job.js';

/** Letters other parts of Sunlight draft on demand (the follow-up drafter is injected when it exists). */
export interface LetterDrafts {
  followUp?(userId: string, requestId: string): Promise<{ subject: string; body: string }>;
}

export interface SendLetterInput {
  kind: LetterKind;
  /** Recipients instead of the agency's e-mail address. */
  to?: string[] | undefined;
  cc?: string[] | undefined;
}

export interface FoiaSendService {
  /** Queues the letter and answers with its communication (`queued`, or further along when answered again). */
  send(userId: string, requestId: string, input: SendLetterInput, idempotencyKey?: string): Promise<CommunicationView>;
}

export interface FoiaSendDeps {
  db: Knex;
  queue: LetterQueue;
  letters: RequestLetters;
  /** Whether an SMTP server is configured, and MAIL_FROM. */
  mail: { enabled: boolean; from: string };
  drafts?: LetterDrafts;
  now?: () => Date;
}

/** Sending needs an SMTP server (409). */
export class SendingDisabledError extends AppError {
  constructor() {
    super(
      409,
      'SENDING_DISABLED',
      'Sending is off: this Sunlight server has no SMTP server configured (SMTP_URL). Send the letter yourself and log it with POST /api/foia/requests/{id}/communications.',
    );
  }
}

/** The letter cannot be sent as the request stands (no recipient, no reply address, unsigned): 422. */
export class LetterNotSendableError extends AppError {
  constructor(code: string, message: string) {
    super(422, code, message);
  }
}

/** The request letter exactly as `GET …/letter` renders it (signed from the profile where the request names no requester). */
export interface RequestLetters {
  letter(userId: string, requestId: string, format: 'text'): Promise<{ body: string }>;
}

/** The e-mail subject of a letter: its `Re: …` line without "Re: ". */
function subjectOf(text: string): string | null {
  return /^Re:\s*(.+)$/m.exec(text)?.[1]?.trim() ?? null;
}

const SENDABLE_REQUEST_STATUSES = ['draft', 'submitted'];

export function createFoiaSendService(deps: FoiaSendDeps): FoiaSendService {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const answer = async (trx: Knex.Transaction, c: CommunicationRecord): Promise<CommunicationView> => ({
    ...c,
    attachments: (await communicationAttachments(trx, c.request_id, c.id)).get(c.id) ?? [],
  });

  /** The communication an idempotency key or an in-flight letter already stands for, if any. */
  const earlier = async (trx: Knex.Transaction, requestId: string, kind: LetterKind, key: string | undefined): Promise<CommunicationRecord | null> => {
    if (key) {
      const byKey = await findBySendKey(trx, key);
      if (byKey && (byKey.request_id !== requestId || byKey.kind !== kind)) {
        throw new ConflictError('This Idempotency-Key was already used to send another letter', { communication_id: byKey.id });
      }
      if (byKey) return byKey;
    }
    return letterInFlight(trx, requestId, kind);
  };

  const refuseRequestStatus = (request: FoiaRequestRecord): void => {
    if (!SENDABLE_REQUEST_STATUSES.includes(request.status)) {
      throw new ConflictError(`The request letter is sent while the request is a draft (or sent again while submitted); this request is ${request.status}`, {
        status: request.status,
      });
    }
  };

  return {
    async send(userId, requestId, input, key) {
      if (!deps.mail.enabled) throw new SendingDisabledError();
      const { kind } = input;
      const at = now();
      const pre = await inUserTransaction(db, userId, async (trx) => {
        const request = await findRequestOrThrow(foiaUserTransaction(trx, userId), requestId);
        const profile = await findProfile(trx);
        const found = await earlier(trx, requestId, kind, key);
        const source = kind === 'request' || found ? null : await latestLetter(trx, requestId, kind, ['draft', 'failed']);
        return { request, profile, found, source };
      });
      const { request, profile } = pre;

      let letter: { subject: string; body: string } | null = null;
      let from = deps.mail.from;
      let to: string[] = [];
      if (!pre.found) {
        to = input.to ?? (request.agency.email ? [request.agency.email] : []);
        if (to.length === 0) {
          throw new LetterNotSendableError('NO_RECIPIENT', "The agency has no e-mail address: add one to the request (agency.email) or give the recipients in 'to'.");
        }
        if (!(request.requester?.email ?? profile.email)) {
          throw new LetterNotSendableError('NO_REPLY_ADDRESS', "Agencies reply to your own address: add your e-mail address to your profile (PUT /api/me/profile) or to the request's requester.");
        }
        from = fromHeader(deps.mail.from, request.requester?.name ?? profile.name);
        if (kind === 'request') {
          refuseRequestStatus(request);
          const { body } = await deps.letters.letter(userId, requestId, 'text');
          if (body.includes('[Your name]')) {
            throw new LetterNotSendableError('UNSIGNED_LETTER', "The letter would be signed '[Your name]': add your name to your profile (PUT /api/me/profile) or to the request's requester.");
          }
          letter = { subject: subjectOf(body) ?? request.subject, body };
        } else if (!pre.source) {
          if (kind === 'follow_up' && deps.drafts?.followUp) letter = await deps.drafts.followUp(userId, requestId);
          else throw new ConflictError(`No ${kind === 'follow_up' ? 'follow-up' : 'appeal'} letter is drafted for this request: draft one first, then send it.`, { kind });
        }
      }

      const communication = await inUserTransaction(db, userId, async (trx) => {
        // The lock serialises sends of one request: a double click queues one letter.
        const locked = await findRequestOrThrow(foiaUserTransaction(trx, userId), requestId, true);
        const found = await earlier(trx, requestId, kind, key);
        if (found) return answer(trx, found);
        const addressed = { from_address: from, to_address: to.join(', '), cc_address: input.cc?.length ? input.cc.join(', ') : null, send_key: key ?? null };
        if (kind === 'request') refuseRequestStatus(locked);
        const source = kind === 'request' ? null : await latestLetter(trx, requestId, kind, ['draft', 'failed']);
        if (source?.delivery === 'draft') {
          const queued = await updateDelivery(trx, source.id, { ...addressed, delivery: 'queued', occurred_at: at.toISOString(), delivery_error: null });
          return answer(trx, queued ?? source);
        }
        const text = source ? { subject: source.subject ?? request.subject, body: source.body } : letter;
        if (!text) throw new ConflictError(`No ${kind === 'follow_up' ? 'follow-up' : 'appeal'} letter is drafted for this request: draft one first, then send it.`, { kind });
        const created = await insertCommunication(trx, userId, {
          request_id: requestId,
          direction: 'outgoing',
          kind,
          channel: 'email',
          occurred_at: at.toISOString(),
          subject: text.subject,
          body: text.body,
          delivery: 'queued',
          ...addressed,
        });
        return answer(trx, created);
      });
      if (communication.delivery === 'queued') await deps.queue.enqueue({ userId, requestId, communicationId: communication.id });
      return communication;
    },
  };
}
