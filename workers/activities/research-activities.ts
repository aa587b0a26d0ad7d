import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Knex } from 'knex';
import type { VectorSearch } from '../../core/search/search-contracts.js';
import { createPgConversationStore, type ConversationStore } from '../../core/chat/conversation-store.js';
import { createDraftMakerOver, DEFAULT_ANSWER_OPTIONS } from '../../core/chat/create-answer-pipeline.js';
import { createLawContext, type LawContext } from '../../core/chat/law-context.js';
import { createLawTools } from '../../core/chat/retrieval/law-tools.js';
import { planResearch } from '../../core/chat/research/research-plan.js';
import { researchJurisdiction, synthesizeResearch, type ResearchStepDeps } from '../../core/chat/research/research-steps.js';
import type { JurisdictionFinding, ResearchPlan, ResearchProgress, ResearchResult } from '../../core/chat/research/research-types.js';
import type { Logger } from '../../core/logger/logger.js';
import { createSearch } from '../../core/search/create-search.js';
import { searchOptionsFrom } from '../../core/search/search-service.js';
import { createTransparencyService } from '../../core/transparency/transparency-service.js';
import { createPgTransparencyStore } from '../../core/transparency/transparency-store.js';

export interface ResearchActivityDeps extends ResearchStepDeps {
  lawContext: LawContext;
  conversations: ConversationStore;
  logger: Logger;
}

/** What `storeResearchResult` writes into the assistant message. */
export interface StoreResearchInput {
  userId: string;
  messageId: string;
  status: 'complete' | 'failed';
  result: ResearchResult | null;
  plan: ResearchPlan | null;
  progress: ResearchProgress;
  error?: string;
}

/**
 * The research workflow's activities over injected dependencies: planning, one
 * jurisdiction's lookups (heartbeating per topic), synthesis, and storing the result in
 * the conversation as its owner (row-level security applies to the worker too).
 */
export function createResearchActivities(deps: ResearchActivityDeps) {
  const log = deps.logger.child({ module: 'research' });
  return {
    async planResearch(input: { question: string; jurisdictions: string[] }): Promise<ResearchPlan> {
      const ctx = await deps.lawContext.current();
      const unknown = input.jurisdictions.filter((j) => !ctx.bySlug.has(j));
      if (unknown.length > 0) throw ApplicationFailure.nonRetryable(`Unknown jurisdiction(s): ${unknown.join(', ')}`, 'InvalidResearchInput');
      if (ctx.places.length === 0) throw ApplicationFailure.nonRetryable('The law database is empty: ingest the corpus first', 'InvalidResearchInput');
      return planResearch(input.question, input.jurisdictions, ctx);
    },

    async researchJurisdiction(input: { plan: ResearchPlan; jurisdiction: string }): Promise<JurisdictionFinding> {
      const ctx = await deps.lawContext.current();
      return researchJurisdiction(deps, ctx, input.plan, input.jurisdiction, (topic) => Context.current().heartbeat({ jurisdiction: input.jurisdiction, topic }));
    },

    async synthesizeResearch(input: { plan: ResearchPlan; findings: JurisdictionFinding[]; failed: string[] }): Promise<ResearchResult> {
      return synthesizeResearch(input.plan, input.findings, input.failed);
    },

    /** Idempotent: writes the same message with the same values on every attempt. */
    async storeResearchResult(input: StoreResearchInput): Promise<void> {
      await deps.conversations.asUser(input.userId, async (tx) => {
        const message = await tx.findMessage(input.messageId);
        if (!message) throw ApplicationFailure.nonRetryable(`Message ${input.messageId} not found for its user`, 'MessageNotFound');
        const r = input.result;
        const research = { ...(message.research ?? {}), plan: input.plan, progress: input.progress, table: r?.table ?? null, unsupported: r?.unsupported ?? 0, error: input.error ?? null };
        await tx.updateMessage(input.messageId, {
          status: input.status,
          content: r?.answer ?? `The research could not be completed: ${input.error ?? 'unknown error'}.`,
          citations: r?.citations ?? [],
          sources: r?.sources ?? [],
          research,
        });
      });
      log.info({ messageId: input.messageId, status: input.status }, 'research result stored');
    },
  };
}

export type ResearchActivities = ReturnType<typeof createResearchActivities>;

/**
 * Research dependencies over the worker's database when the process passes none: the law
 * database's read side, keyword-only hybrid search (the worker holds no vector index), and
 * the conversation store.
 */
export function researchDepsOver(
  db: Knex,
  search: { vector: VectorSearch | null; fusion: { rrfK: number; weights: { keyword: number; vector: number } } } = {
    vector: null,
    fusion: { rrfK: 3, weights: { keyword: 1, vector: 1 } },
  },
): Omit<ResearchActivityDeps, 'logger'> {
  const store = createPgTransparencyStore(db);
  const transparency = createTransparencyService({ store });
  const { search: hybrid } = createSearch({ db, transparency: store, vector: search.vector, options: searchOptionsFrom(search.fusion) });
  return {
    lawContext: createLawContext(transparency, { ttlMs: DEFAULT_ANSWER_OPTIONS.contextTtlMs }),
    drafts: createDraftMakerOver(transparency, hybrid, DEFAULT_ANSWER_OPTIONS.passages),
    tools: createLawTools(transparency),
    conversations: createPgConversationStore(db),
  };
}
