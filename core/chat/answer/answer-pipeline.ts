import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { AnswerMeta, ChatCitation, ChatSource } from '../chat-types.js';
import type { LawContext } from '../law-context.js';
import { readQuestion, type ReadQuestion } from '../question/read-question.js';
import type { DraftMaker } from './draft-maker.js';
import { phraseLead, type PhraseOutcome } from './phrase-lead.js';
import type { FinalDraft, RenderedClaim } from './render-draft.js';

/** What the pipeline tells its caller as it goes (the SSE events, or nothing for JSON). */
export interface AnswerEvents {
  sources?(sources: ChatSource[]): void;
  citation?(citation: ChatCitation & { marker: number }): void;
  token?(text: string): void;
}

export interface AnswerRequest {
  question: string;
  /** Jurisdictions given with the request. */
  jurisdictions?: string[];
  /** The conversation's previous question, as read, for follow-ups. */
  previous?: ReadQuestion | null;
  signal?: AbortSignal;
}

export interface AnswerResult {
  answer: string;
  citations: ChatCitation[];
  sources: ChatSource[];
  meta: AnswerMeta;
  question: ReadQuestion;
  /** The deterministic draft and the model's raw output, for evaluation. */
  draft: FinalDraft;
  phrase: PhraseOutcome | null;
}

export interface AnswerPipelineDeps {
  lawContext: LawContext;
  drafts: DraftMaker;
  model: BaseChatModel;
  modelId: string;
  phraseTimeoutMs: number;
  /** How long after the question the first words may wait for the model's first kept sentence before the draft is sent instead. */
  firstSentenceMs: number;
  /** Longer leads (long lists across states) are sent as drafted: the model would only slow them down. */
  maxPhrasedChars: number;
  now?: () => number;
}

/**
 * The answer chain: read the question → look the facts up with the law tools (and search
 * with the hybrid retriever) → a deterministic, cited draft → every citation verified
 * against the database → the model rephrases the lead under the guard → the draft's own
 * sentences for whatever the model dropped or altered → body and table as drafted.
 */
export function createAnswerPipeline(deps: AnswerPipelineDeps) {
  const now = deps.now ?? (() => performance.now());
  return {
    async answer(req: AnswerRequest, events: AnswerEvents = {}): Promise<AnswerResult> {
      const started = now();
      let firstToken: number | null = null;
      let text = '';
      const emit = (t: string) => {
        if (t.length === 0) return;
        firstToken ??= now() - started;
        text += t;
        events.token?.(t);
      };

      const ctx = await deps.lawContext.current();
      const q = readQuestion(req.question, { mentionIndex: ctx.mentionIndex, exemptionCategories: [...ctx.categories.keys()], requested: req.jurisdictions, previous: req.previous });
      const { draft, removed, sources } = await deps.drafts.make(q, ctx);
      events.sources?.(sources);
      draft.citations.forEach((c, i) => events.citation?.({ ...c, marker: i + 1 }));

      // Only cited facts and corrections are the model's to phrase: the answer's own notes ("Reading "Wayne County" as
      // Wayne County, Michigan"), absences and counts are sent as written, those that open the lead at once.
      const phrasable = draft.lead.filter((c) => c.supported && (c.role === 'fact' || c.role === 'correction'));
      const opening = new Set(draft.lead.slice(0, Math.max(0, draft.lead.findIndex((c) => phrasable.includes(c)))));
      for (const c of opening) emit(text.length > 0 ? ` ${c.text}` : c.text);
      const leadChars = phrasable.reduce((n, c) => n + c.text.length, 0);
      let phrase: PhraseOutcome | null = null;
      if (phrasable.length > 0 && leadChars <= deps.maxPhrasedChars && !req.signal?.aborted) {
        const names = ctx.places.map((p) => p.name);
        phrase = await phraseLead(deps.model, {
          question: q.text,
          claims: phrasable,
          jurisdictionNames: names,
          signal: req.signal,
          timeoutMs: deps.phraseTimeoutMs,
          // The budget counts from the question, not from the draft: looking the law up already used part of it.
          firstSentenceMs: Math.max(0, deps.firstSentenceMs - (now() - started)),
          onKept: (s) => emit(text.length > 0 ? ` ${s}` : s),
        });
      }
      const uncovered = new Set(phrase ? phrase.uncovered.map((i) => phrasable[i]) : phrasable);
      const rest: RenderedClaim[] = draft.lead.filter((c) => !opening.has(c) && (!phrasable.includes(c) || uncovered.has(c)));
      for (const c of rest) emit(text.length > 0 ? ` ${c.text}` : c.text);
      if (draft.body.length > 0) emit(`\n\n${draft.body.map((c) => `- ${c.text}`).join('\n')}`);
      if (draft.table) emit(`\n\n${draft.table}`);

      const meta: AnswerMeta = {
        kind: q.comparison !== null ? 'comparison' : q.topic,
        jurisdictions: q.jurisdictions,
        model: deps.modelId,
        phrased: (phrase?.kept.length ?? 0) > 0,
        rejected: phrase?.rejected ?? [],
        removed_citations: removed,
        usage: phrase?.usage ?? { prompt_tokens: 0, completion_tokens: 0 },
        premise_corrected: draft.premiseFalse,
        timing: { first_token_ms: firstToken, total_ms: now() - started },
      };
      return { answer: text, citations: draft.citations, sources, meta, question: q, draft, phrase };
    },
  };
}

export type AnswerPipeline = ReturnType<typeof createAnswerPipeline>;
