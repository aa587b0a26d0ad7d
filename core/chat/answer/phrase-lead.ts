import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { AIMessageChunk } from '@langchain/core/messages';
import { ChatPromptTemplate } from '@langchain/core/prompts';
import { covers, judgeSentence, SentenceSplitter, sentencesOf, type GuardContext } from './phrasing-guard.js';
import type { RenderedClaim } from './render-draft.js';

/**
 * The model's only job: restate the draft's lead in plain words. The prompt is short
 * because the offline model is small; the guard, not the prompt, keeps the facts.
 */
export /**
 * The question as the model sees it: the model rephrases the draft, and the question only
 * sets its register, so a long message (up to 4,000 characters) is cut rather than making a
 * small local model read all of it before its first word.
 */
const MAX_PROMPT_QUESTION = 300;

export function promptQuestion(question: string): string {
  const q = question.replace(/\s+/g, ' ').trim();
  if (q.length <= MAX_PROMPT_QUESTION) return q;
  const cut = q.slice(0, MAX_PROMPT_QUESTION);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_PROMPT_QUESTION / 2))} …`;
}

const PHRASE_PROMPT = ChatPromptTemplate.fromMessages([
  [
    'system',
    'You rewrite a draft answer about public-records law in plain English for a journalist. ' +
      'Keep every number, name and citation marker such as [1] exactly as in the draft. Do not add facts, laws or citations. Be brief.',
  ],
  ['human', 'Question: {question}\n\nDraft: {draft}\n\nRewrite the draft.'],
]);

/** What phrasing produced: the kept sentences, what was rejected, what the draft must still say. */
export interface PhraseOutcome {
  kept: string[];
  rejected: Array<{ sentence: string; reason: string }>;
  /** Indexes of claims no kept sentence carries in full. */
  uncovered: number[];
  usage: { prompt_tokens: number; completion_tokens: number };
  /** The model's raw output, for evaluation. */
  raw: string;
  /** Why generation ended early, when it did (`slow`: no sentence kept within the first-sentence budget). */
  stopped: 'rejected' | 'timeout' | 'slow' | 'aborted' | 'error' | null;
}

export interface PhraseOptions {
  question: string;
  claims: readonly RenderedClaim[];
  jurisdictionNames: readonly string[];
  signal?: AbortSignal;
  timeoutMs: number;
  /**
   * The longest the reader waits for the first kept sentence: past it, phrasing stops and
   * the caller sends the draft, so the first words never wait on a slow model.
   */
  firstSentenceMs?: number;
  /** Called with each sentence as soon as the guard keeps it. */
  onKept(sentence: string): void;
}

function usageOf(chunk: AIMessageChunk, usage: PhraseOutcome['usage']): void {
  const u = chunk.usage_metadata;
  if (!u) return;
  usage.prompt_tokens += u.input_tokens;
  usage.completion_tokens += u.output_tokens;
}

/**
 * Streams the model's rewrite of the lead claims through the guard. The first rejected
 * sentence stops generation (what follows a bad sentence is not worth judging); a timeout
 * or the caller's abort stops it too. Claims left uncovered are reported for the caller to
 * send as drafted.
 */
export async function phraseLead(model: BaseChatModel, opts: PhraseOptions): Promise<PhraseOutcome> {
  const claims = opts.claims;
  // Sentences are judged against the draft's sentences: a correction ("No: the question assumes
  // …, but … otherwise. In X, …") is two sentences with opposite polarities.
  const units = claims.flatMap((c, claim) => sentencesOf(c.text).map((text) => ({ text, claim })));
  const guard: GuardContext = { claims: units, jurisdictionNames: opts.jurisdictionNames };
  const out: PhraseOutcome = { kept: [], rejected: [], uncovered: [], usage: { prompt_tokens: 0, completion_tokens: 0 }, raw: '', stopped: null };
  const matched = new Map<number, string[]>();
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    out.stopped = 'timeout';
    stop.abort();
  }, opts.timeoutMs);
  const firstTimer =
    opts.firstSentenceMs === undefined
      ? undefined
      : setTimeout(() => {
          if (out.kept.length > 0) return;
          out.stopped = 'slow';
          stop.abort();
        }, opts.firstSentenceMs);
  const judge = (sentence: string): boolean => {
    const j = judgeSentence(sentence, guard);
    if (!j.ok) {
      out.rejected.push({ sentence, reason: j.reason });
      return false;
    }
    out.kept.push(sentence);
    clearTimeout(firstTimer);
    matched.set(j.claim, [...(matched.get(j.claim) ?? []), sentence]);
    opts.onKept(sentence);
    return true;
  };
  const splitter = new SentenceSplitter();
  try {
    const stream = await PHRASE_PROMPT.pipe(model).stream(
      { question: promptQuestion(opts.question), draft: claims.map((c) => c.text).join(' ') },
      { signal: stop.signal },
    );
    for await (const chunk of stream) {
      usageOf(chunk as AIMessageChunk, out.usage);
      const text = typeof chunk.content === 'string' ? chunk.content : '';
      out.raw += text;
      if (!splitter.push(text).every(judge)) {
        out.stopped = 'rejected';
        stop.abort();
        break;
      }
    }
    if (out.stopped === null) splitter.flush().every(judge);
  } catch {
    // A failed or aborted model leaves the draft to speak; the caller's signal is reported as abort.
    out.stopped ??= opts.signal?.aborted ? 'aborted' : 'error';
  } finally {
    clearTimeout(timer);
    clearTimeout(firstTimer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
  const coveredUnit = (u: number) => (matched.get(u) ?? []).some((s) => covers(s, units[u]!.text));
  out.uncovered = claims.map((_, i) => i).filter((i) => units.some((u, k) => u.claim === i && !coveredUnit(k)));
  return out;
}
