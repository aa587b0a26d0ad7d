import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, rolledBack } from '../../test/support/rolled-back.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.js';
import type { Knex } from '../db/knex.js';
import { CHAT_APP_ROLE, createPgConversationStore, type ConversationStore } from './conversation-store.js';

let database: TestDatabase;
let store: ConversationStore;
const conversations: Record<string, string> = {};
const messages: Record<string, string> = {};

/** Runs `fn` as the application role for `user` (or none) on the raw connection, rolled back afterwards. */
async function asRole<T>(user: string | null, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return rolledBack(database.db, async (trx) => {
    await trx.raw(`SELECT set_config('role', ?, true)`, [CHAT_APP_ROLE]);
    if (user) await trx.raw(`SELECT set_config('app.user_id', ?, true)`, [user]);
    return fn(trx);
  });
}

const count = countRows;

beforeAll(async () => {
  database = await createTestDatabase();
  store = createPgConversationStore(database.db);
  for (const user of ['alice', 'bob']) {
    await store.asUser(user, async (tx) => {
      const c = await tx.createConversation(`${user}'s question`);
      const m = await tx.addMessage({ conversationId: c.id, role: 'user', mode: 'answer', status: 'complete', content: 'How long in Texas?' });
      await tx.addMessage({ conversationId: c.id, role: 'assistant', mode: 'answer', status: 'complete', content: '10 days [1].', citations: [{ id: 'sec:texas:1', citation: null, jurisdiction: 'texas', quote: 'q' }] });
      conversations[user] = c.id;
      messages[user] = m.id;
    });
  }
});
afterAll(async () => {
  await database?.drop();
});

describe('chat tables under row-level security', () => {
  it('are forced and owned by neither application role', async () => {
    const rows = await database.db('pg_class').select('relname', 'relrowsecurity', 'relforcerowsecurity').whereIn('relname', ['chat_conversations', 'chat_messages']);
    expect(rows).toEqual(expect.arrayContaining([
      { relname: 'chat_conversations', relrowsecurity: true, relforcerowsecurity: true },
      { relname: 'chat_messages', relrowsecurity: true, relforcerowsecurity: true },
    ]));
    const owners = await database.db('pg_tables').whereIn('tablename', ['chat_conversations', 'chat_messages']).pluck('tableowner');
    expect(owners).not.toContain(CHAT_APP_ROLE);
  });

  it('show the application role only the current user\'s rows, and none without a user', async () => {
    expect(await asRole('alice', (trx) => count(trx, 'chat_conversations'))).toBe(1);
    expect(await asRole('alice', (trx) => count(trx, 'chat_messages'))).toBe(2);
    expect(await asRole(null, (trx) => count(trx, 'chat_conversations'))).toBe(0);
    expect(await asRole(null, (trx) => count(trx, 'chat_messages'))).toBe(0);
  });

  it('refuse rows written for someone else, and deletes', async () => {
    await expect(asRole('alice', (trx) => trx('chat_conversations').insert({ user_id: 'bob', title: 'forged' }))).rejects.toThrow(/row-level security/);
    await expect(asRole('alice', (trx) => trx('chat_messages').insert({ conversation_id: conversations['bob'], user_id: 'bob', role: 'user', mode: 'answer', status: 'complete', content: 'x' }))).rejects.toThrow(/row-level security/);
    await expect(asRole('alice', (trx) => trx('chat_conversations').where({ id: conversations['alice'] }).delete())).rejects.toThrow(/permission denied/);
  });
});

describe('the store', () => {
  it('finds only the caller\'s conversations and messages', async () => {
    await store.asUser('alice', async (tx) => {
      expect(await tx.findConversation(conversations['bob']!)).toBeNull();
      expect(await tx.messages(conversations['bob']!)).toEqual([]);
      expect(await tx.findMessage(messages['bob']!)).toBeNull();
      expect(await tx.updateMessage(messages['bob']!, { content: 'hijacked' })).toBeNull();
      const own = await tx.findConversation(conversations['alice']!);
      expect(own).toMatchObject({ title: "alice's question", message_count: 2 });
    });
    const bobs = await store.asUser('bob', (tx) => tx.messages(conversations['bob']!));
    expect(bobs.map((m) => m.content)).toEqual(['How long in Texas?', '10 days [1].']);
    expect(bobs[1]!.citations).toEqual([{ id: 'sec:texas:1', citation: null, jurisdiction: 'texas', quote: 'q' }]);
  });

  it('lists newest first and pages by exact keys', async () => {
    // One transaction each: now() is the transaction's start time.
    for (const t of ['one', 'two', 'three']) await store.asUser('carol', (tx) => tx.createConversation(t));
    const first = await store.asUser('carol', (tx) => tx.listConversations(2));
    expect(first.total).toBe(3);
    expect(first.rows.map((r) => r.conversation.title)).toEqual(['three', 'two']);
    const rest = await store.asUser('carol', (tx) => tx.listConversations(2, first.rows[1]!.key));
    expect(rest.rows.map((r) => r.conversation.title)).toEqual(['one']);
  });
});
