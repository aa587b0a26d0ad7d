/**
 * A request's thread: letters sent, the agency's replies, notes. Logging one can move the
 * request's status, through the very path PATCH takes (apply-patch.ts: the lifecycle's rules
 * and the deadline clock), in the same transaction: a refused transition stores nothing.
 */
import type { Knex } from 'knex';
import { inUserTransaction } from '../../db/user-transaction.js';
import { ConflictError, NotFoundError, ValidationError, type FieldIssue } from '../../errors/app-error.js';
import { formatLetterMarkdown } from '../letters/format-letter.js';
import { renderLetterPdf, textToLetterBlocks } from '../letters/letter-pdf.js';
import type { LetterDownloadFormat, RenderedLetter, RenderedLetterPdf } from '../letters/render-request-letter.js';
import { applyPatch, findRequestOrThrow, lawForPatch } from '../apply-patch.js';
import type { FoiaLawStore } from '../foia-law-store.js';
import { TRANSITION_DATE_FIELD, type FoiaStatus } from '../foia-lifecycle.js';
import { FUTURE_TOLERANCE_MS } from '../foia-patch-plan.js';
import type { FoiaPatchDocument } from '../foia-request-fields.js';
import { foiaUserTransaction } from '../foia-request-store.js';
import type { FoiaRequestRecord } from '../foia-request-types.js';
import {
  communicationAttachments,
  findCommunication,
  insertCommunication,
  linkAttachments,
  listCommunications,
  type CommunicationAttachment,
  type CommunicationChannel,
  type CommunicationDirection,
  type CommunicationKind,
  type CommunicationRecord,
} from './communication-store.js';

/** A communication with the files filed under it. */
export interface CommunicationView extends CommunicationRecord {
  attachments: CommunicationAttachment[];
}

/** Where the request stands after logging a communication. */
export interface RequestAfterLog {
  id: string;
  status: FoiaStatus;
  due_date: string | null;
  clock: FoiaRequestRecord['clock'];
  version: number;
}

export interface LogCommunicationInput {
  direction: CommunicationDirection;
  kind: CommunicationKind;
  channel: CommunicationChannel;
  /** When it was sent or received; now when absent. */
  occurred_at?: string | undefined;
  subject: string | null;
  body: string;
  from_address: string | null;
  to_address: string | null;
  attachment_ids: string[];
  /** The status the communication moves the request to (the agency acknowledged, asks for payment, denied…). */
  status?: FoiaStatus | undefined;
}

export interface FoiaCommunicationService {
  /** Logs a communication and, with `status`, applies the transition as PATCH would; 404 for someone else's request. */
  log(userId: string, requestId: string, input: LogCommunicationInput): Promise<{ communication: CommunicationView; request: RequestAfterLog }>;
  /** The thread, oldest first. */
  list(userId: string, requestId: string): Promise<CommunicationView[]>;
  get(userId: string, requestId: string, id: string): Promise<CommunicationView>;
  /** An outgoing letter of the thread (sent, queued or drafted) as a file: text, Markdown or PDF. */
  letter(userId: string, requestId: string, id: string, format: LetterDownloadFormat): Promise<RenderedLetter | RenderedLetterPdf>;
}

const KIND_WORDS: Record<CommunicationKind, string> = {
  request: 'Request letter',
  follow_up: 'Follow-up',
  appeal: 'Appeal',
  reply: 'Reply',
  note: 'Note',
};

/** The history note of a transition a communication brought. */
function historyNote(c: CommunicationRecord): string {
  const what = c.direction === 'incoming' ? `${KIND_WORDS[c.kind]} received` : c.direction === 'outgoing' ? `${KIND_WORDS[c.kind]} sent` : KIND_WORDS[c.kind];
  const subject = c.subject ? `: ${c.subject.length > 200 ? `${c.subject.slice(0, 199)}…` : c.subject}` : '';
  return `${what} (${c.channel.replace('_', ' ')})${subject} [communication ${c.id}]`;
}

/** The patch a logged status makes: the status, dated by the communication where the status records a date (acknowledged_at…). */
function patchFor(status: FoiaStatus, occurredAt: string, note: string): FoiaPatchDocument {
  const field = TRANSITION_DATE_FIELD[status];
  return { status, note, ...(field ? { [field]: occurredAt } : {}) };
}

/** A transition date problem, reported on the field the caller sent. */
function onOccurredAt(err: unknown): unknown {
  if (!(err instanceof ValidationError)) return err;
  const issues = ((err.metadata?.['issues'] ?? []) as FieldIssue[]).map((i) =>
    /^body\.(submitted|acknowledged|completed|appealed)_at$/.test(i.path) ? { ...i, path: 'body.occurred_at' } : i,
  );
  return new ValidationError(err.message, issues);
}

export function createFoiaCommunicationService(deps: { db: Knex; law: FoiaLawStore; now?: () => Date }): FoiaCommunicationService {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const view = (c: CommunicationRecord, attachments: Map<string, CommunicationAttachment[]>): CommunicationView => ({ ...c, attachments: attachments.get(c.id) ?? [] });

  return {
    async log(userId, requestId, input) {
      const at = now();
      const occurredAt = input.occurred_at ? new Date(input.occurred_at) : at;
      if (occurredAt.getTime() > at.getTime() + FUTURE_TOLERANCE_MS) {
        throw new ValidationError('Invalid communication date', [{ path: 'body.occurred_at', message: 'Must not be in the future' }]);
      }
      const current = await inUserTransaction(db, userId, (trx) => findRequestOrThrow(foiaUserTransaction(trx, userId), requestId));
      const moves = input.status !== undefined && input.status !== current.status;
      // Law data is read before the transaction (see apply-patch.ts).
      const law = moves ? await lawForPatch(deps.law, current, { status: input.status }) : null;

      return inUserTransaction(db, userId, async (trx) => {
        const tx = foiaUserTransaction(trx, userId);
        let request = await findRequestOrThrow(tx, requestId, true);
        const communication = await insertCommunication(trx, userId, {
          request_id: requestId,
          direction: input.direction,
          kind: input.kind,
          channel: input.channel,
          occurred_at: occurredAt.toISOString(),
          subject: input.subject,
          body: input.body,
          from_address: input.from_address,
          to_address: input.to_address,
          status_to: moves ? (input.status ?? null) : null,
        });
        const unknown = await linkAttachments(trx, requestId, communication.id, input.attachment_ids);
        if (unknown.length > 0) {
          throw new ValidationError('Unknown attachments', unknown.map((id) => ({ path: 'body.attachment_ids', message: `${id} is not an attachment of this request` })));
        }
        if (moves && input.status) {
          // The reply dates the change (a fee letter logged a week late pauses the clock from its own date),
          // but never before the request's last status change: the clock's history runs forward.
          const last = (await tx.history(requestId)).at(-1);
          if (last && occurredAt.getTime() < Date.parse(last.at)) {
            throw new ValidationError('Invalid communication date', [
              { path: 'body.occurred_at', message: `A communication that changes the status must not be dated before the request's last status change (${last.to}, ${last.at})` },
            ]);
          }
          try {
            ({ record: request } = await applyPatch(tx, requestId, patchFor(input.status, occurredAt.toISOString(), historyNote(communication)), { at, law, eventAt: occurredAt.toISOString() }));
          } catch (err) {
            throw onOccurredAt(err);
          }
        }
        const attachments = await communicationAttachments(trx, requestId, communication.id);
        return {
          communication: view(communication, attachments),
          request: { id: request.id, status: request.status, due_date: request.due_date, clock: request.clock, version: request.version },
        };
      });
    },

    async list(userId, requestId) {
      return inUserTransaction(db, userId, async (trx) => {
        await findRequestOrThrow(foiaUserTransaction(trx, userId), requestId);
        const [thread, attachments] = [await listCommunications(trx, requestId), await communicationAttachments(trx, requestId)];
        return thread.map((c) => view(c, attachments));
      });
    },

    async letter(userId, requestId, id, format) {
      const communication = await inUserTransaction(db, userId, async (trx) => {
        await findRequestOrThrow(foiaUserTransaction(trx, userId), requestId);
        return findCommunication(trx, requestId, id);
      });
      if (!communication) throw new NotFoundError('Communication not found');
      if (communication.direction !== 'outgoing' || communication.body.trim() === '') {
        throw new ConflictError('Only letters (outgoing communications with a text) download as a letter', { direction: communication.direction });
      }
      const filename = `foia-${communication.kind.replace('_', '-')}-${communication.id}`;
      const blocks = textToLetterBlocks(communication.body);
      if (format === 'pdf') {
        const body = await renderLetterPdf(blocks, { title: communication.subject ?? communication.kind, date: new Date(communication.created_at) });
        return { contentType: 'application/pdf', filename: `${filename}.pdf`, body };
      }
      return format === 'markdown'
        ? { contentType: 'text/markdown; charset=utf-8', filename: `${filename}.md`, body: formatLetterMarkdown(blocks) }
        : { contentType: 'text/plain; charset=utf-8', filename: `${filename}.txt`, body: communication.body.endsWith('\n') ? communication.body : `${communication.body}\n` };
    },

    async get(userId, requestId, id) {
      return inUserTransaction(db, userId, async (trx) => {
        await findRequestOrThrow(foiaUserTransaction(trx, userId), requestId);
        const communication = await findCommunication(trx, requestId, id);
        if (!communication) throw new NotFoundError('Communication not found');
        return view(communication, await communicationAttachments(trx, requestId, id));
      });
    },
  };
}
