import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { SearchService } from '../search/search-service.js';
import type { TransparencyService } from '../transparency/transparency-service.js';
import type { LawRecordText } from '../transparency/transparency-views.js';
import { createAnswerPipeline, type AnswerPipeline } from './answer/answer-pipeline.js';
import { createDraftMaker, type DraftMaker } from './answer/draft-maker.js';
import { createEvidenceFinder } from './answer/evidence-finder.js';
import { createLawContext } from './law-context.js';
import { LawRetriever } from './retrieval/law-retriever.js';
import { createLawTools } from './retrieval/law-tools.js';

/** How answers are made (from configuration). */
export interface AnswerOptions {
  /** Records the retriever returns per question. */
  passages: number;
  phraseTimeoutMs: number;
  /** The longest the first words wait for the model (its first kept sentence) before the draft is sent. */
  firstSentenceMs: number;
  maxPhrasedChars: number;
  /** How long the jurisdiction names and categories are kept before being read again. */
  contextTtlMs: number;
}

export const DEFAULT_ANSWER_OPTIONS: AnswerOptions = { passages: 5, phraseTimeoutMs: 20_000, firstSentenceMs: 800, maxPhrasedChars: 600, contextTtlMs: 60_000 };

/** Records the hybrid search finds, in its order, with their texts. */
function retrieverOver(search: Pick<SearchService, 'search'>, transparency: TransparencyService, k: number) {
  return async (query: string, jurisdictions: string[]): Promise<LawRecordText[]> => {
    const docs = await new LawRetriever({ search, k, jurisdictions }).invoke(query);
    const texts = await transparency.recordTexts(docs.map((d) => d.metadata.id));
    const byId = new Map(texts.map((t) => [t.id, t]));
    return docs.flatMap((d) => byId.get(d.metadata.id) ?? []);
  };
}

/** Drafts over the law database and the hybrid search (the answer chain's and the research workflow's). */
export function createDraftMakerOver(transparency: TransparencyService, search: Pick<SearchService, 'search'>, passages: number): DraftMaker {
  return createDraftMaker({
    transparency,
    tools: createLawTools(transparency),
    evidence: createEvidenceFinder(transparency),
    retrieve: retrieverOver(search, transparency, passages),
  });
}

/** The answer chain over the law database, the hybrid search and a chat model. */
export function createAnswerPipelineOver(deps: {
  transparency: TransparencyService;
  search: Pick<SearchService, 'search'>;
  model: BaseChatModel;
  modelId: string;
  options?: Partial<AnswerOptions>;
}): AnswerPipeline {
  const options = { ...DEFAULT_ANSWER_OPTIONS, ...deps.options };
  return createAnswerPipeline({
    lawContext: createLawContext(deps.transparency, { ttlMs: options.contextTtlMs }),
    drafts: createDraftMakerOver(deps.transparency, deps.search, options.passages),
    model: deps.model,
    modelId: deps.modelId,
    phraseTimeoutMs: options.phraseTimeoutMs,
    firstSentenceMs: options.firstSentenceMs,
    maxPhrasedChars: options.maxPhrasedChars,
  });
}
