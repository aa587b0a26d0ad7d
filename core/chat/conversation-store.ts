import type { Knex } from 'knex';
import type { ChatCitation, ChatMessage, ChatMode, ChatSource, ConversationSummary, MessageStatus } from './chat-types.js';
import { APP_ROLE, inUserTransaction } from '../db/user-transaction.js';

/** The role the API and the research worker act as on chat tables (see the migration). */
export const CHAT_APP_ROLE = APP_ROLE;

/** A message to add. */
export interface NewMessage {
  conversationId: string;
  role: 'user' | 'assistant';
  mode: ChatMode;
  status: MessageStatus;
  content: string;
  citations?: ChatCitation[];
  sources?: ChatSource[];
  research?: Record<string, unknown> | null;
  meta?: Record<string, unknown>;
}

/** What may change on a message (an answer finishing, a research run reporting). */
export type MessagePatch = Partial<Pick<NewMessage, 'status' | 'content' | 'citations' | 'sources' | 'research' | 'meta'>>;

/** Position after which the next page of conversations starts. */
export interface ConversationKey {
  updatedAt: string;
  id: string;
}

/** Operations inside one transaction that sees only one user's rows. */
export interface ChatUserTransaction {
  createConversation(title: string): Promise<ConversationSummary>;
  /** The conversation, or null when it does not exist or belongs to someone else. */
  findConversation(id: string): Promise<ConversationSummary | null>;
  addMessage(message: NewMessage): Promise<ChatMessage>;
  updateMessage(id: string, patch: MessagePatch): Promise<ChatMessage | null>;
  findMessage(id: string): Promise<ChatMessage | null>;
  /** Every message, oldest first. */
  messages(conversationId: string): Promise<ChatMessage[]>;
  /** Newest first, `limit` of them after `after` (each with its exact key), and the caller's total. */
  listConversations(limit: number, after?: ConversationKey): Promise<{ rows: Array<{ conversation: ConversationSummary; key: ConversationKey }>; total: number }>;
}

/** Where conversations are stored. */
export interface ConversationStore {
  /** Runs `fn` in one transaction as the application role with `app.user_id` = `userId` (row-level security). */
  asUser<T>(userId: string, fn: (tx: ChatUserTransaction) => Promise<T>): Promise<T>;
}

type Timestamp = Date | string;
const iso = (t: Timestamp): string => (t instanceof Date ? t : new Date(t)).toISOString();

/** A message as Postgres returns it: timestamps may come back as Date objects. */
type MessageRow = Omit<ChatMessage, 'created_at' | 'updated_at'> & { created_at: Timestamp; updated_at: Timestamp };

interface ConversationRow {
  id: string;
  title: string;
  message_count: number | string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

const MESSAGE_COLUMNS = ['id', 'conversation_id', 'role', 'mode', 'status', 'content', 'citations', 'sources', 'research', 'meta', 'created_at', 'updated_at'];

function toMessage(r: MessageRow): ChatMessage {
  return { ...r, created_at: iso(r.created_at), updated_at: iso(r.updated_at) };
}

function toSummary(r: ConversationRow): ConversationSummary {
  return { id: r.id, title: r.title, message_count: Number(r.message_count), created_at: iso(r.created_at), updated_at: iso(r.updated_at) };
}

/** jsonb columns are written as JSON text: pg would send a JS array as a Postgres array. */
function jsonColumns(m: MessagePatch): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (m.status !== undefined) out['status'] = m.status;
  if (m.content !== undefined) out['content'] = m.content;
  for (const key of ['citations', 'sources', 'research', 'meta'] as const) {
    if (m[key] !== undefined) out[key] = m[key] === null ? null : JSON.stringify(m[key]);
  }
  return out;
}

/** The Postgres store. The connection may be a superuser: every transaction drops to the application role first. */
export function createPgConversationStore(db: Knex): ConversationStore {
  return {
    asUser: (userId, fn) => inUserTransaction(db, userId, (trx) => fn(userTransaction(trx, userId))),
  };
}

function conversations(trx: Knex.Transaction): Knex.QueryBuilder {
  return trx('chat_conversations as c').select(
    'c.id', 'c.title', 'c.created_at', 'c.updated_at',
    trx.raw('(SELECT count(*) FROM chat_messages m WHERE m.conversation_id = c.id) AS message_count'),
  );
}

function userTransaction(trx: Knex.Transaction, userId: string): ChatUserTransaction {
  const touch = (conversationId: string) => trx('chat_conversations').where({ id: conversationId }).update({ updated_at: trx.fn.now() });
  return {
    async createConversation(title) {
      const [row] = await trx('chat_conversations').insert({ user_id: userId, title }).returning(['id', 'title', 'created_at', 'updated_at']);
      return toSummary({ ...(row as ConversationRow), message_count: 0 });
    },
    async findConversation(id) {
      const row = (await conversations(trx).where('c.id', id).first()) as ConversationRow | undefined;
      return row ? toSummary(row) : null;
    },
    async addMessage(m) {
      const [row] = await trx('chat_messages')
        .insert({ conversation_id: m.conversationId, user_id: userId, role: m.role, mode: m.mode, ...jsonColumns(m) })
        .returning(MESSAGE_COLUMNS);
      await touch(m.conversationId);
      return toMessage(row as MessageRow);
    },
    async updateMessage(id, patch) {
      const [row] = await trx('chat_messages').where({ id }).update({ ...jsonColumns(patch), updated_at: trx.fn.now() }).returning(MESSAGE_COLUMNS);
      if (!row) return null;
      await touch((row as MessageRow).conversation_id);
      return toMessage(row as MessageRow);
    },
    async findMessage(id) {
      const row = (await trx('chat_messages').select(MESSAGE_COLUMNS).where({ id }).first()) as MessageRow | undefined;
      return row ? toMessage(row) : null;
    },
    async messages(conversationId) {
      const rows = (await trx('chat_messages').select(MESSAGE_COLUMNS).where({ conversation_id: conversationId }).orderBy('seq')) as MessageRow[];
      return rows.map(toMessage);
    },
    async listConversations(limit, after) {
      // The key keeps Postgres's microseconds (a JS Date would round them and skip or repeat rows).
      const page = conversations(trx).select(trx.raw('c.updated_at::text AS sort_key')).orderBy([{ column: 'c.updated_at', order: 'desc' }, { column: 'c.id', order: 'desc' }]).limit(limit);
      if (after) page.whereRaw('(c.updated_at, c.id) < (?::timestamptz, ?::uuid)', [after.updatedAt, after.id]);
      const [rows, count] = await Promise.all([page, trx('chat_conversations').count<{ count: number }[]>('* as count').first()]);
      return {
        rows: (rows as Array<ConversationRow & { sort_key: string }>).map((r) => ({ conversation: toSummary(r), key: { updatedAt: r.sort_key, id: r.id } })),
        total: Number(count?.count ?? 0),
      };
    },
  };
}
