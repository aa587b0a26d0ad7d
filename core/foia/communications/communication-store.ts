/**
 * A request's thread: the letters the requester sent (or Sunlight sent for them), the
 * agency's replies, and notes, in `foia_communications` under row-level security. Every
 * function runs inside a transaction that already acts as the user (`inUserTransaction`).
 */
import type { Knex } from 'knex';
import type { FoiaStatus } from '../foia-lifecycle.js';

export const COMMUNICATION_DIRECTIONS = ['outgoing', 'incoming', 'note'] as const;
export type CommunicationDirection = (typeof COMMUNICATION_DIRECTIONS)[number];

/** What a communication is: the request letter, a follow-up, an appeal, the agency's reply, or a note. */
export const COMMUNICATION_KINDS = ['request', 'follow_up', 'appeal', 'reply', 'note'] as const;
export type CommunicationKind = (typeof COMMUNICATION_KINDS)[number];

export const COMMUNICATION_CHANNELS = ['email', 'portal', 'mail', 'fax', 'phone', 'in_person', 'other'] as const;
export type CommunicationChannel = (typeof COMMUNICATION_CHANNELS)[number];

/**
 * Where an outgoing letter stands: `none` (logged, not sent by Sunlight), `draft` (written
 * by Sunlight, not sent yet), `queued` → `sending` → `sent` or `failed`.
 */
export const DELIVERY_STATES = ['none', 'draft', 'queued', 'sending', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Outgoing letters Sunlight writes: the kinds `POST …/send` sends. */
export const LETTER_KINDS = ['request', 'follow_up', 'appeal'] as const satisfies readonly CommunicationKind[];
export type LetterKind = (typeof LETTER_KINDS)[number];

export interface CommunicationRecord {
  id: string;
  request_id: string;
  direction: CommunicationDirection;
  kind: CommunicationKind;
  channel: CommunicationChannel;
  occurred_at: string;
  subject: string | null;
  body: string;
  from_address: string | null;
  to_address: string | null;
  /** Copies of an e-mailed letter (comma-separated), if any. */
  cc_address: string | null;
  /** The status this communication moved the request to, when logging it did. */
  status_to: FoiaStatus | null;
  delivery: DeliveryState;
  message_id: string | null;
  sent_at: string | null;
  delivery_error: string | null;
  delivery_attempts: number;
  created_at: string;
}

/** A new communication; `id` may be chosen by the caller (a send's idempotency key derives it). */
export type NewCommunication = Pick<CommunicationRecord, 'request_id' | 'direction' | 'kind' | 'channel' | 'occurred_at' | 'subject' | 'body'> &
  Partial<Pick<CommunicationRecord, 'id' | 'from_address' | 'to_address' | 'cc_address' | 'status_to' | 'delivery'>> & {
    /** The `Idempotency-Key` of the send that queued it (unique per user). */
    send_key?: string | null;
  };

/** An attachment as a communication lists it. */
export interface CommunicationAttachment {
  id: string;
  filename: string;
}

interface Row extends Omit<CommunicationRecord, 'occurred_at' | 'sent_at' | 'created_at'> {
  user_id: string;
  occurred_at: Date;
  sent_at: Date | null;
  created_at: Date;
}

const COLUMNS = [
  'id', 'request_id', 'direction', 'kind', 'channel', 'occurred_at', 'subject', 'body', 'from_address', 'to_address', 'cc_address', 'status_to',
  'delivery', 'message_id', 'sent_at', 'delivery_error', 'delivery_attempts', 'created_at',
] as const;

function toRecord(r: Row): CommunicationRecord {
  return {
    id: r.id,
    request_id: r.request_id,
    direction: r.direction,
    kind: r.kind,
    channel: r.channel,
    occurred_at: r.occurred_at.toISOString(),
    subject: r.subject,
    body: r.body,
    from_address: r.from_address,
    to_address: r.to_address,
    cc_address: r.cc_address,
    status_to: r.status_to,
    delivery: r.delivery,
    message_id: r.message_id,
    sent_at: r.sent_at ? r.sent_at.toISOString() : null,
    delivery_error: r.delivery_error,
    delivery_attempts: r.delivery_attempts,
    created_at: r.created_at.toISOString(),
  };
}

/** Records a communication of the transaction's user (row-level security checks the request is theirs). */
export async function insertCommunication(trx: Knex.Transaction, userId: string, input: NewCommunication): Promise<CommunicationRecord> {
  const [row] = await trx('foia_communications')
    .insert({ ...input, user_id: userId })
    .returning([...COLUMNS]);
  return toRecord(row as Row);
}

/** One communication of one request, or null (absent, or someone else's). */
export async function findCommunication(trx: Knex.Transaction, requestId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<CommunicationRecord | null> {
  const query = trx('foia_communications').select([...COLUMNS]).where({ id, request_id: requestId }).first();
  const row = (await (options.forUpdate ? query.forUpdate() : query)) as Row | undefined;
  return row ? toRecord(row) : null;
}

/** A request's thread, oldest first (by when it happened, then when it was logged). */
export async function listCommunications(trx: Knex.Transaction, requestId: string): Promise<CommunicationRecord[]> {
  const rows = (await trx('foia_communications')
    .select([...COLUMNS])
    .where({ request_id: requestId })
    .orderBy([{ column: 'occurred_at' }, { column: 'created_at' }, { column: 'id' }])) as Row[];
  return rows.map(toRecord);
}

/** The newest letter of `kind` Sunlight drafted and has not sent, if any. */
export async function latestDraft(trx: Knex.Transaction, requestId: string, kind: LetterKind): Promise<CommunicationRecord | null> {
  const row = (await trx('foia_communications')
    .select([...COLUMNS])
    .where({ request_id: requestId, kind, direction: 'outgoing', delivery: 'draft' })
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .first()) as Row | undefined;
  return row ? toRecord(row) : null;
}

/** Updates the delivery columns of one communication. */
export async function updateDelivery(
  trx: Knex.Transaction,
  id: string,
  values: Partial<Pick<CommunicationRecord, 'delivery' | 'message_id' | 'sent_at' | 'delivery_error' | 'to_address' | 'cc_address' | 'from_address' | 'occurred_at' | 'subject' | 'body'>> & {
    attempt?: boolean;
    send_key?: string | null;
  },
): Promise<CommunicationRecord | null> {
  const { attempt, ...columns } = values;
  const [row] = await trx('foia_communications')
    .where({ id })
    .update({ ...columns, ...(attempt ? { delivery_attempts: trx.raw('delivery_attempts + 1') } : {}) })
    .returning([...COLUMNS]);
  return row ? toRecord(row as Row) : null;
}

/** The communication an `Idempotency-Key` of the transaction's user queued, if any. */
export async function findBySendKey(trx: Knex.Transaction, sendKey: string): Promise<CommunicationRecord | null> {
  const row = (await trx('foia_communications').select([...COLUMNS]).where({ send_key: sendKey }).first()) as Row | undefined;
  return row ? toRecord(row) : null;
}

/** The newest outgoing letter of `kind` in one of the `deliveries` states, if any. */
export async function latestLetter(trx: Knex.Transaction, requestId: string, kind: LetterKind, deliveries: readonly DeliveryState[]): Promise<CommunicationRecord | null> {
  const row = (await trx('foia_communications')
    .select([...COLUMNS])
    .where({ request_id: requestId, kind, direction: 'outgoing' })
    .whereIn('delivery', [...deliveries])
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .first()) as Row | undefined;
  return row ? toRecord(row) : null;
}

/** The newest letter of `kind` Sunlight is sending (queued or sending), if any: a second send answers with it. */
export async function letterInFlight(trx: Knex.Transaction, requestId: string, kind: LetterKind): Promise<CommunicationRecord | null> {
  const row = (await trx('foia_communications')
    .select([...COLUMNS])
    .where({ request_id: requestId, kind, direction: 'outgoing' })
    .whereIn('delivery', ['queued', 'sending'])
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .first()) as Row | undefined;
  return row ? toRecord(row) : null;
}

/** Marks the request's attachments `ids` as part of communication `communicationId`; returns the ids that are not attachments of the request. */
export async function linkAttachments(trx: Knex.Transaction, requestId: string, communicationId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const linked = (await trx('foia_request_attachments')
    .where({ request_id: requestId })
    .whereIn('id', [...ids])
    .update({ communication_id: communicationId })
    .returning('id')) as Array<{ id: string }>;
  const found = new Set(linked.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/** The attachments of a request's communications, by communication id, oldest first. */
export async function communicationAttachments(trx: Knex.Transaction, requestId: string, communicationId?: string): Promise<Map<string, CommunicationAttachment[]>> {
  const query = trx('foia_request_attachments')
    .select('id', 'filename', 'communication_id')
    .where({ request_id: requestId })
    .whereNotNull('communication_id')
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
  if (communicationId) void query.where({ communication_id: communicationId });
  const rows = (await query) as Array<CommunicationAttachment & { communication_id: string }>;
  const byCommunication = new Map<string, CommunicationAttachment[]>();
  for (const { communication_id, ...attachment } of rows) {
    const list = byCommunication.get(communication_id) ?? [];
    list.push(attachment);
    byCommunication.set(communication_id, list);
  }
  return byCommunication;
}
