/**
 * Drafting follow-ups, always as the request's owner (row-level security): the letter for
 * the send route (`draftFollowUp`), and the job's step that records a drafted (or queued)
 * follow-up with its notification (`recordFollowUp`). The law is read before the writing
 * transaction, so a transaction never waits for a second pool connection.
 */
import type { Knex } from 'knex';
import { daysBetween } from '../../calendar/iso-date.js';
import { inUserTransaction } from '../../db/user-transaction.js';
import { ConflictError, NotFoundError } from '../../errors/app-error.js';
import { findProfile, type UserProfile } from '../../profile/profile-store.js';
import { requesterFromProfile } from '../../profile/profile-service.js';
import { insertCommunication, type CommunicationChannel } from '../communications/communication-store.js';
import type { FoiaLawStore } from '../foia-law-store.js';
import { toRecord, type FoiaRequestRow } from '../foia-request-rows.js';
import type { FoiaRequestRecord } from '../foia-request-types.js';
import { formatLetterText } from '../letters/format-letter.js';
import { buildFollowUpLetter, followUpSubject, loadFollowUpLaw, type FollowUpLaw } from '../letters/follow-up-letter.js';
import { insertNotification } from '../notifications/notification-store.js';
import { localDate } from '../request-deadline.js';
import { followUpDueOn } from './follow-up-schedule.js';

/** A follow-up letter: the e-mail's subject and the letter as plain text. */
export interface FollowUpDraft {
  subject: string;
  body: string;
}

/** What `recordFollowUp` did: null when no follow-up was due (or one was already recorded). */
export interface RecordedFollowUp {
  communicationId: string;
  /** True when it was recorded as `queued` for sending (the caller enqueues it). */
  queued: boolean;
  dueOn: string;
}

export interface FollowUpDrafter {
  /** The follow-up letter of one of the user's overdue requests, dated today; NotFoundError for someone else's, ConflictError when not overdue. */
  draftFollowUp(userId: string, requestId: string): Promise<FollowUpDraft>;
  /**
   * Records a follow-up on the user's overdue request when one is due at `now` (locking the
   * request, and re-reading its last letter, so concurrent runs record one): a communication
   * (`draft`, or `queued` when `autoSend` and the profile asks for it and the agency has an
   * e-mail address) and a `follow_up` notification.
   */
  recordFollowUp(userId: string, requestId: string, input: { now: Date; interval: number; autoSend: boolean }): Promise<RecordedFollowUp | null>;
}

type Loaded = { request: FoiaRequestRecord; profile: UserProfile };

async function load(trx: Knex.Transaction, requestId: string, forUpdate = false): Promise<Loaded | null> {
  const query = trx('foia_requests').select('*').where({ id: requestId }).first();
  const row = (await (forUpdate ? query.forUpdate() : query)) as FoiaRequestRow | undefined;
  return row ? { request: toRecord(row), profile: await findProfile(trx) } : null;
}

function letter(loaded: Loaded, law: FollowUpLaw, today: string): FollowUpDraft {
  const requester = loaded.request.requester ?? requesterFromProfile(loaded.profile);
  const blocks = buildFollowUpLetter({ ...loaded.request, requester }, law, today);
  return { subject: followUpSubject(loaded.request, law.letter), body: formatLetterText(blocks) };
}

function channelOf(agency: FoiaRequestRecord['agency']): CommunicationChannel {
  return agency.email ? 'email' : agency.portal_url ? 'portal' : 'mail';
}

export function createFollowUpDrafter(deps: { db: Knex; law: FoiaLawStore; now?: () => Date }): FollowUpDrafter {
  const now = deps.now ?? (() => new Date());
  const lawFor = (r: FoiaRequestRecord) => loadFollowUpLaw(deps.law, r.jurisdiction, r.requester_class);

  return {
    async draftFollowUp(userId, requestId) {
      const at = now();
      const loaded = await inUserTransaction(deps.db, userId, (trx) => load(trx, requestId));
      if (!loaded) throw new NotFoundError('FOIA request not found');
      const { request } = loaded;
      const today = localDate(at, request.time_zone);
      // The letter says the response was due and has not come: only true of an overdue request.
      if (request.clock !== 'running' || !request.due_date || daysBetween(request.due_date, today) <= 0) {
        throw new ConflictError(
          request.clock === 'running' && request.due_date
            ? `A follow-up cites the passed deadline: this request is not overdue (the response is due on ${request.due_date}).`
            : 'A follow-up cites the passed deadline: this request has no running deadline that has passed.',
          { status: request.status, clock: request.clock, due_date: request.due_date },
        );
      }
      return letter(loaded, await lawFor(request), today);
    },

    async recordFollowUp(userId, requestId, { now: at, interval, autoSend }) {
      const first = await inUserTransaction(deps.db, userId, (trx) => load(trx, requestId));
      if (!first) return null;
      const law = await lawFor(first.request);
      return inUserTransaction(deps.db, userId, async (trx) => {
        const loaded = await load(trx, requestId, true);
        // Changed since the law was read (another writer): the next run sees the new state.
        if (!loaded || loaded.request.version !== first.request.version) return null;
        const { request, profile } = loaded;
        const today = localDate(at, request.time_zone);
        if (request.clock !== 'running' || !request.due_date || daysBetween(request.due_date, today) <= 0) return null;
        const last = (await trx('foia_communications').max('occurred_at as at').where({ request_id: requestId, direction: 'outgoing' }).first()) as { at: Date | null } | undefined;
        const contacts = [request.submitted_at ? new Date(request.submitted_at) : null, last?.at ?? null].filter((d): d is Date => d !== null);
        const lastContactOn = contacts.length > 0 ? localDate(new Date(Math.max(...contacts.map((d) => d.getTime()))), request.time_zone) : request.due_date;
        const dueOn = followUpDueOn({ dueDate: request.due_date, lastContactOn, interval });
        if (daysBetween(dueOn, today) < 0) return null;

        const draft = letter(loaded, law, today);
        const queued = autoSend && profile.follow_up_auto_send && request.agency.email !== null;
        const communication = await insertCommunication(trx, userId, {
          request_id: requestId,
          direction: 'outgoing',
          kind: 'follow_up',
          channel: channelOf(request.agency),
          occurred_at: at.toISOString(),
          subject: draft.subject,
          body: draft.body,
          to_address: request.agency.email,
          delivery: queued ? 'queued' : 'draft',
        });
        await insertNotification(trx, userId, {
          request_id: requestId,
          kind: 'follow_up',
          due_date: dueOn,
          days_until_due: daysBetween(today, dueOn),
          message: queued
            ? `A follow-up letter citing the missed deadline is being sent to ${request.agency.email}.`
            : `A follow-up letter citing the missed deadline is drafted in the request's communications; review it and send it.`,
          communication_id: communication.id,
          created_at: at.toISOString(),
        });
        return { communicationId: communication.id, queued, dueOn };
      });
    },
  };
}
