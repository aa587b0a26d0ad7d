import type { Knex } from 'knex';

/**
 * The research assistant's conversations and their messages, each row owned by one user
 * (the token's `sub`) and isolated by row-level security exactly as FOIA requests are: the
 * API and the research worker switch to `sunlight_app` per transaction and set
 * `app.user_id`; FORCE makes the policies apply to the tables' owner too.
 *
 * `sunlight_app` is created by 20261123000000_create_foia_requests, which always runs
 * first; roles are cluster-wide and outlive this migration's `down`.
 */
const APP_ROLE = 'sunlight_app';
const TABLES = ['chat_conversations', 'chat_messages'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE chat_conversations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL CHECK (user_id <> ''),
      title text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  // The list order, per user, with the id as tie-breaker (keyset pagination).
  await knex.raw('CREATE INDEX chat_conversations_user_updated_idx ON chat_conversations (user_id, updated_at DESC, id DESC)');

  await knex.raw(`
    CREATE TABLE chat_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      conversation_id uuid NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
      user_id text NOT NULL CHECK (user_id <> ''),
      seq bigint GENERATED ALWAYS AS IDENTITY,
      role text NOT NULL CHECK (role IN ('user', 'assistant')),
      mode text NOT NULL CHECK (mode IN ('answer', 'research')),
      status text NOT NULL CHECK (status IN ('complete', 'running', 'failed', 'cancelled')),
      content text NOT NULL,
      citations jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(citations) = 'array'),
      sources jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(sources) = 'array'),
      -- Research mode: the workflow id, its plan, the comparison table and the final progress.
      research jsonb,
      -- How the answer was made: question kind, model, whether the model's phrasing was kept, token counts.
      meta jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX chat_messages_conversation_idx ON chat_messages (conversation_id, seq)');

  const mine = `user_id = current_setting('app.user_id', true)`;
  for (const table of TABLES) {
    await knex.raw(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`);
    await knex.raw(`ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`);
    await knex.raw(`CREATE POLICY ${table}_owner ON ${table} TO ${APP_ROLE} USING (${mine}) WITH CHECK (${mine})`);
    // No DELETE: conversations are kept; a later issue may add deletion with its own policy.
    await knex.raw(`GRANT SELECT, INSERT, UPDATE ON ${table} TO ${APP_ROLE}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  // Dropping the tables drops their policies and grants; the role stays (see above).
  await knex.raw('DROP TABLE IF EXISTS chat_messages');
  await knex.raw('DROP TABLE IF EXISTS chat_conversations');
}
