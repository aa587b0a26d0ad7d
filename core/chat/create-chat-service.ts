import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { SearchService } from '../search/search-service.js';
import type { TransparencyService } from '../transparency/transparency-service.js';
import { createChatService, type ChatService } from './chat-service.js';
import { createPgConversationStore } from './conversation-store.js';
import { createAnswerPipelineOver, DEFAULT_ANSWER_OPTIONS } from './create-answer-pipeline.js';
import { createLawContext } from './law-context.js';
import type { ChatModelHandle } from './models/create-chat-model.js';
import { createTemporalResearchRunner } from './research/research-runner.js';

/** Everything the chat service is built from, as a process's wiring has it. */
export interface ChatServiceWiring {
  db: Knex;
  transparency: TransparencyService;
  search: Pick<SearchService, 'search'>;
  model: ChatModelHandle;
  /** Null: research mode answers 503. */
  temporal: { client: Client; taskQueue: string } | null;
  phraseTimeoutMs: number;
  firstSentenceMs: number;
  research: { timeoutMs: number; pollMs: number };
}

/** The chat service over Postgres (conversations with RLS), the law database, hybrid search, a chat model and Temporal. */
export function createChatServiceOver(w: ChatServiceWiring): ChatService {
  return createChatService({
    conversations: createPgConversationStore(w.db),
    answers: createAnswerPipelineOver({ transparency: w.transparency, search: w.search, model: w.model.model, modelId: w.model.modelId, options: { phraseTimeoutMs: w.phraseTimeoutMs, firstSentenceMs: w.firstSentenceMs } }),
    lawContext: createLawContext(w.transparency, { ttlMs: DEFAULT_ANSWER_OPTIONS.contextTtlMs }),
    research: w.temporal ? createTemporalResearchRunner(w.temporal.client, { taskQueue: w.temporal.taskQueue, timeoutMs: w.research.timeoutMs }) : null,
    progressPollMs: w.research.pollMs,
  });
}
