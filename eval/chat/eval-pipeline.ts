/**
 * The answer pipeline both chat evaluations run: `POST /api/chat` minus HTTP, over the
 * evaluation database, with keyword search only (that database has no vector index) and
 * either the offline model or the deterministic draft echo.
 */
import path from 'node:path';
import { createAnswerPipelineOver, type AnswerOptions } from '../../core/chat/create-answer-pipeline.js';
import type { AnswerPipeline } from '../../core/chat/answer/answer-pipeline.js';
import { createChatModel, type ChatModelHandle } from '../../core/chat/models/create-chat-model.js';
import { DraftEchoChatModel } from '../../core/chat/models/testing/draft-echo-model.js';
import type { Knex } from '../../core/db/knex.js';
import { createSearch } from '../../core/search/create-search.js';
import { searchOptionsFrom } from '../../core/search/search-service.js';
import { createTransparencyService } from '../../core/transparency/transparency-service.js';
import { createPgTransparencyStore } from '../../core/transparency/transparency-store.js';
import { repoRoot } from '../../test/support/test-env.js';

/** `echo` returns the draft as the model's phrasing; anything else is the offline model. */
export function modelOf(kind: string): ChatModelHandle {
  if (kind === 'echo') return { provider: 'local', modelId: 'echo:draft', model: new DraftEchoChatModel(), close: async () => undefined };
  return createChatModel({
    provider: 'local', model: '', baseUrl: undefined, apiKey: undefined, anthropicApiKey: undefined,
    local: { modelPath: path.join(repoRoot, '.local/models/smollm2-135m-instruct/SmolLM2-135M-Instruct.Q4_1.gguf'), contextSize: 2048, threads: 2 },
    maxTokens: 160, temperature: 0,
  });
}

/** The answer pipeline over the evaluation database and a model (`options` override the evaluation's). */
export function evalAnswerPipeline(db: Knex, handle: ChatModelHandle, options: Partial<AnswerOptions> = {}): AnswerPipeline {
  const store = createPgTransparencyStore(db);
  const transparency = createTransparencyService({ store });
  // Keyword side only: the evaluation database has no vector index (structured answers do not need one).
  const { search } = createSearch({ db, transparency: store, vector: null, options: searchOptionsFrom({ rrfK: 60, weights: { keyword: 1, vector: 1 } }) });
  return createAnswerPipelineOver({ transparency, search, model: handle.model, modelId: handle.modelId, options: { phraseTimeoutMs: 60_000, ...options } });
}
