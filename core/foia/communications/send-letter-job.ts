/**
 * Sends one outgoing letter (a communication in `queued`) by e-mail, as its user. Idempotent
 * per communication: the row is locked and moved to `sending` (and committed) before the SMTP
 * conversation, so a run that finds `sent` does nothing, and one that finds `sending` (an
 * earlier run died mid-send: the agency may or may not have the letter) marks it `failed`
 * and asks the user to check, never sending blindly a second time. A temporary SMTP error puts
 * the letter back in `queued` and fails the job, which BullMQ retries with backoff; after the
 * last attempt, or on a permanent (5xx) refusal, the letter is `failed`. The user gets a
 * notification either way. After sending, a request letter submits a draft (the deadline
 * clock starts at the send time) and an appeal moves the request to `appealed`, where the
 * lifecycle allows it.
 */
import { UnrecoverableError, type JobsOptions } from 'bullmq';
import type { Knex } from 'knex';
import { z } from 'zod';
import { daysBetween } from '../../calendar/iso-date.js';
import { inUserTransaction } from '../../db/user-transaction.js';
import type { Logger } from '../../logger/logger.js';
import { messageIdFor, type Mailer } from '../../mail/mailer.js';
import { findProfile } from '../../profile/profile-store.js';
import { QueueJob } from '../../queue/queue-job.js';
import { applyPatch, lawForPatch } from '../apply-patch.js';
import type { FoiaLawStore } from '../foia-law-store.js';
import { canTransition } from '../foia-lifecycle.js';
import type { FoiaPatchDocument } from '../foia-request-fields.js';
import { foiaUserTransaction } from '../foia-request-store.js';
import type { FoiaRequestRecord } from '../foia-request-types.js';
import { renderLetterPdf, textToLetterBlocks } from '../letters/letter-pdf.js';
import { localDate } from '../request-deadline.js';
import { insertNotification } from '../notifications/notification-store.js';
import { findCommunication, updateDelivery, type CommunicationRecord } from './communication-store.js';

/** The queue of outgoing letters. */
export const FOIA_MAIL_QUEUE = 'foia-mail';
/** The custom backoff's name (the queue runner's strategy answers it). */
export const MAIL_BACKOFF = 'foia-mail-exponential';
/** Attempts per letter: BullMQ's and the job's own count agree. */
export const MAIL_ATTEMPTS = 5;

const dataSchema = z.object({ userId: z.string().min(1), requestId: z.uuid(), communicationId: z.uuid() });
export type SendLetterData = z.infer<typeof dataSchema>;

/** The options every letter is enqueued with (the job id is the communication's). */
export const SEND_LETTER_OPTIONS: JobsOptions = {
  attempts: MAIL_ATTEMPTS,
  backoff: { type: MAIL_BACKOFF },
  removeOnComplete: { count: 1_000 },
  removeOnFail: { count: 5_000 },
};

/** The wait after the `attemptsMade`-th failure: `baseMs` × 4^(n−1) (30 s, 2 min, 8 min, 32 min by default). */
export function mailBackoffStrategy(baseMs = 30_000) {
  return (attemptsMade: number, type?: string): number => (type === MAIL_BACKOFF ? baseMs * 4 ** Math.max(0, attemptsMade - 1) : 0);
}

export type SendLetterOutcome = 'sent' | 'already_sent' | 'failed' | 'skipped';

export interface SendLetterDeps {
  db: Knex;
  law: FoiaLawStore;
  mailer: Mailer;
  /** MAIL_FROM: the envelope and From address; the user's name is shown with it. */
  from: string;
  logger: Logger;
  now?: () => Date;
}

const INTERRUPTED =
  'Sending was interrupted and it is not known whether the agency received this letter. Check with the agency (or your sent mail) before sending it again.';

/** `"Name" <address>` with the user's name and MAIL_FROM's address; MAIL_FROM itself without a name. */
export function fromHeader(mailFrom: string, name: string | null): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  if (!name) return mailFrom;
  const display = `${name} via Sunlight`.replace(/[\r\n"\\]/g, ' ').trim();
  return `"${display}" <${address}>`;
}

function smtpError(err: unknown): { message: string; permanent: boolean } {
  const e = err as { responseCode?: number; code?: string; message?: string };
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  const detail = code ? `SMTP ${code}` : (e.code ?? 'connection error');
  // The server's words may quote the message; keep the status line only, short.
  const words = String(e.message ?? '').split('\n')[0]?.slice(0, 300) ?? '';
  return { message: `The mail server did not accept the letter (${detail}): ${words}`, permanent: code !== null && code >= 500 && code < 600 };
}

export class SendLetterJob extends QueueJob<SendLetterData, SendLetterOutcome> {
  static readonly jobName = 'foia.send-letter';
  readonly name = SendLetterJob.jobName;
  readonly queueName = FOIA_MAIL_QUEUE;
  override readonly options = SEND_LETTER_OPTIONS;

  constructor(private readonly deps: SendLetterDeps) {
    super();
  }

  parse(data: unknown): SendLetterData {
    return dataSchema.parse(data);
  }

  async perform(data: SendLetterData): Promise<SendLetterOutcome> {
    const { db, logger } = this.deps;
    const log = logger.child({ requestId: data.requestId, communicationId: data.communicationId });
    const claim = await inUserTransaction(db, data.userId, (trx) => this.claim(trx, data));
    if (claim.outcome) return claim.outcome;
    const { communication, request, replyTo } = claim;

    try {
      const pdf = await renderLetterPdf(textToLetterBlocks(communication.body), { title: communication.subject ?? request.subject, date: new Date(communication.occurred_at) });
      const sent = await this.deps.mailer.send({
        from: fromHeader(this.deps.from, request.requester?.name ?? claim.profileName),
        to: splitAddresses(communication.to_address),
        ...(claim.cc.length > 0 ? { cc: claim.cc } : {}),
        replyTo,
        subject: communication.subject ?? request.subject,
        text: communication.body,
        messageId: messageIdFor(communication.id, this.deps.from),
        attachments: [{ filename: `${communication.kind === 'request' ? 'request' : communication.kind.replace('_', '-')}-letter.pdf`, contentType: 'application/pdf', content: pdf }],
      });
      await this.markSent(data, communication, sent.messageId);
      log.info({ attempt: communication.delivery_attempts }, 'letter sent');
      return 'sent';
    } catch (err) {
      if (err instanceof SentButNotRecorded) throw err.cause;
      const { message, permanent } = smtpError(err);
      const last = permanent || communication.delivery_attempts >= MAIL_ATTEMPTS;
      await inUserTransaction(db, data.userId, async (trx) => {
        await updateDelivery(trx, communication.id, { delivery: last ? 'failed' : 'queued', delivery_error: message });
        if (last) await notify(trx, data.userId, request, 'send_failed', `Your ${letterWords(communication)} could not be sent: ${message}`, communication.id, this.now());
      });
      log.warn({ attempt: communication.delivery_attempts, last, err: { message } }, 'letter not sent');
      if (last) throw new UnrecoverableError(message);
      throw new Error(message);
    }
  }

  private now(): Date {
    return (this.deps.now ?? (() => new Date()))();
  }

  /** Locks the letter and moves it to `sending`, or says why there is nothing to send. */
  private async claim(trx: Knex.Transaction, data: SendLetterData): Promise<
    | { outcome: SendLetterOutcome }
    | { outcome?: undefined; communication: CommunicationRecord; request: FoiaRequestRecord; replyTo: string; cc: string[]; profileName: string | null }
  > {
    const communication = await findCommunication(trx, data.requestId, data.communicationId, { forUpdate: true });
    if (!communication) return { outcome: 'skipped' }; // the request is gone
    if (communication.delivery === 'sent') return { outcome: 'already_sent' };
    const request = await foiaUserTransaction(trx, data.userId).find(data.requestId);
    if (!request) return { outcome: 'skipped' };
    if (communication.delivery === 'sending') {
      await updateDelivery(trx, communication.id, { delivery: 'failed', delivery_error: INTERRUPTED });
      await notify(trx, data.userId, request, 'send_failed', `Your ${letterWords(communication)} may not have been sent. ${INTERRUPTED}`, communication.id, this.now());
      return { outcome: 'failed' };
    }
    if (communication.delivery !== 'queued') return { outcome: 'skipped' };
    const profile = await findProfile(trx);
    const replyTo = request.requester?.email ?? profile.email;
    const recipients = splitAddresses(communication.to_address);
    if (!replyTo || recipients.length === 0) {
      const message = !replyTo ? 'No reply address: add your e-mail address to your profile or to the request.' : 'No recipient address.';
      await updateDelivery(trx, communication.id, { delivery: 'failed', delivery_error: message });
      await notify(trx, data.userId, request, 'send_failed', `Your ${letterWords(communication)} could not be sent: ${message}`, communication.id, this.now());
      return { outcome: 'failed' };
    }
    const claimed = await updateDelivery(trx, communication.id, { delivery: 'sending', attempt: true, delivery_error: null });
    return { communication: claimed ?? communication, request, replyTo, cc: splitAddresses(communication.cc_address), profileName: profile.name };
  }

  /**
   * Records the letter as sent, then (best effort, in a savepoint) the transition it brings:
   * a failure of the transition never leaves a sent letter looking unsent.
   */
  private async markSent(data: SendLetterData, communication: CommunicationRecord, messageId: string): Promise<void> {
    const sentAt = this.now();
    try {
      const current = await inUserTransaction(this.deps.db, data.userId, (trx) => foiaUserTransaction(trx, data.userId).find(data.requestId));
      const doc = current ? transitionAfterSending(communication, current, sentAt) : null;
      const law = doc && current ? await lawForPatch(this.deps.law, current, doc).catch(() => null) : null;
      await inUserTransaction(this.deps.db, data.userId, async (trx) => {
        await updateDelivery(trx, communication.id, { delivery: 'sent', sent_at: sentAt.toISOString(), message_id: messageId, delivery_error: null });
        const tx = foiaUserTransaction(trx, data.userId);
        let request = await tx.find(data.requestId, { forUpdate: true });
        if (doc && request) {
          try {
            request = await trx.transaction(async (savepoint) => (await applyPatch(foiaUserTransaction(savepoint, data.userId), data.requestId, doc, { at: sentAt, law })).record);
          } catch (err) {
            this.deps.logger.warn({ requestId: data.requestId, err: { message: (err as Error).message } }, 'letter sent; the status change it brings was not applied');
          }
        }
        if (request) await notify(trx, data.userId, request, 'sent', `Your ${letterWords(communication)} was sent to ${communication.to_address ?? 'the agency'}.`, communication.id, sentAt);
      });
    } catch (err) {
      throw new SentButNotRecorded(err);
    }
  }
}

/**
 * The letter went out but recording it failed (the database was unreachable): the job fails
 * with the letter still `sending`, so the retry marks it `failed` and asks the user to check
 * rather than sending it again.
 */
class SentButNotRecorded extends Error {
  constructor(override readonly cause: unknown) {
    super('The letter was sent but could not be recorded');
  }
}

/** The transition sending a letter brings: a request letter submits a draft; an appeal appeals. */
function transitionAfterSending(c: CommunicationRecord, request: FoiaRequestRecord, sentAt: Date): FoiaPatchDocument | null {
  const note = `${c.kind === 'request' ? 'Request letter' : 'Appeal'} sent by e-mail to ${c.to_address ?? 'the agency'} [communication ${c.id}]`;
  if (c.kind === 'request' && request.status === 'draft') return { status: 'submitted', submitted_at: sentAt.toISOString(), note };
  if (c.kind === 'appeal' && canTransition(request.status, 'appealed')) return { status: 'appealed', appealed_at: sentAt.toISOString(), note };
  return null;
}

function letterWords(c: CommunicationRecord): string {
  return c.kind === 'request' ? 'request letter' : c.kind === 'follow_up' ? 'follow-up letter' : 'appeal letter';
}

/** Addresses kept comma-separated in one column. */
export function splitAddresses(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

/** A `sent` / `send_failed` notification for the user, once per letter and kind. */
async function notify(trx: Knex.Transaction, userId: string, request: FoiaRequestRecord, kind: 'sent' | 'send_failed', message: string, communicationId: string, at: Date): Promise<void> {
  const today = localDate(at, request.time_zone);
  await insertNotification(trx, userId, {
    request_id: request.id,
    kind,
    due_date: today,
    days_until_due: request.due_date && request.clock === 'running' ? daysBetween(today, request.due_date) : 0,
    message,
    communication_id: communicationId,
    created_at: at.toISOString(),
  });
}
