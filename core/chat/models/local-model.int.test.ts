import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../test/support/test-env.js';
import { seedLawDatabase } from '../../../test/support/seed-law-database.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { createSearch } from '../../search/create-search.js';
import { searchOptionsFrom } from '../../search/search-service.js';
import { createTransparencyService } from '../../transparency/transparency-service.js';
import { createPgTransparencyStore } from '../../transparency/transparency-store.js';
import type { AnswerPipeline } from '../answer/answer-pipeline.js';
import { containsQuote } from '../answer/quote.js';
import { createAnswerPipelineOver } from '../create-answer-pipeline.js';
import { createChatModel, type ChatModelHandle } from './create-chat-model.js';

/**
 * The real offline model (SmolLM2-135M, CPU) on a few questions: the answers keep the
 * data's facts and only verified citations whatever it writes. Few questions: two shared cores.
 */
let database: TestDatabase;
let handle: ChatModelHandle;
let pipeline: AnswerPipeline;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedLawDatabase(database.db);
  const store = createPgTransparencyStore(database.db);
  const transparency = createTransparencyService({ store });
  const { search } = createSearch({ db: database.db, transparency: store, vector: null, options: searchOptionsFrom({ rrfK: 60, weights: { keyword: 1, vector: 1 } }) });
  handle = createChatModel({
    provider: 'local', model: '', baseUrl: undefined, apiKey: undefined, anthropicApiKey: undefined,
    local: { modelPath: path.join(repoRoot, '.local/models/smollm2-135m-instruct/SmolLM2-135M-Instruct.Q4_1.gguf'), contextSize: 2048, threads: 2 },
    maxTokens: 120, temperature: 0,
  });
  pipeline = createAnswerPipelineOver({ transparency, search, model: handle.model, modelId: handle.modelId, options: { phraseTimeoutMs: 90_000, firstSentenceMs: 90_000 } });
}, 180_000);
afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

async function verifiedAgainstDatabase(citations: Array<{ id: string; quote: string }>) {
  for (const c of citations) {
    const rows = await database.db.raw(
      `SELECT text FROM law_sections WHERE id = ? UNION ALL SELECT statutory_text FROM rights WHERE id = ? UNION ALL SELECT description FROM exemptions WHERE id = ?`,
      [c.id, c.id, c.id],
    );
    expect(rows.rows).toHaveLength(1);
    expect(containsQuote(rows.rows[0].text, c.quote)).toBe(true);
  }
}

describe('the offline chat model in the answer pipeline', () => {
  it('keeps the deadline and its citation, streaming tokens', async () => {
    const tokens: string[] = [];
    const a = await pipeline.answer({ question: 'How long does a Texas agency have to respond to a records request?' }, { token: (t) => tokens.push(t) });
    expect(a.answer).toContain('10 business days');
    expect(a.answer).toContain('[1]');
    expect(tokens.join('')).toBe(a.answer);
    expect(a.meta.model).toBe('local:SmolLM2-135M-Instruct.Q4_1.gguf');
    expect(a.phrase?.raw.length).toBeGreaterThan(0);
    expect(a.meta.timing.first_token_ms).not.toBeNull();
    await verifiedAgainstDatabase(a.citations);
  }, 180_000);

  it('corrects a false premise whatever the model writes', async () => {
    const a = await pipeline.answer({ question: 'What is the 3-day deadline in Washington?' });
    expect(a.answer).toContain('the question assumes a deadline of 3 days');
    expect(a.answer).toContain('5 business days');
    expect(a.meta.premise_corrected).toBe(true);
    await verifiedAgainstDatabase(a.citations);
  }, 180_000);
});
