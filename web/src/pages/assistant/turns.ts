/** A question and its answer, as the page shows them (streamed now, or read from a stored conversation). */
import type { ChatCitation, ChatSource, Conversation, ResearchProgress } from '../../../../sdk/typescript/src/index.js';

export type TurnStatus = 'streaming' | 'complete' | 'running' | 'failed' | 'cancelled';

export interface Turn {
  key: string;
  question: string;
  mode: 'answer' | 'research';
  answer: string;
  citations: ChatCitation[];
  sources: ChatSource[];
  status: TurnStatus;
  progress: ResearchProgress | null;
  /** The error in words, when the answer failed. */
  error: string | null;
  meta: Record<string, unknown> | null;
  /** When the answer was made (ISO), once known. */
  at: string | null;
}

export function newTurn(key: string, question: string, mode: Turn['mode']): Turn {
  return { key, question, mode, answer: '', citations: [], sources: [], status: 'streaming', progress: null, error: null, meta: null, at: null };
}

function isProgress(v: unknown): v is ResearchProgress {
  return typeof v === 'object' && v !== null && typeof (v as ResearchProgress).stage === 'string' && typeof (v as ResearchProgress).total === 'number';
}

/** The turns of a stored conversation: each question with the answer that followed it. */
export function turnsOf(conversation: Conversation): Turn[] {
  const turns: Turn[] = [];
  // The question still waiting for its answer.
  let open: Turn | null = null;
  for (const m of conversation.messages) {
    if (m.role === 'user') {
      open = { ...newTurn(m.id, m.content, m.mode), status: 'failed', error: 'No answer was stored for this question.', at: m.created_at };
      turns.push(open);
      continue;
    }
    let turn: Turn | null = open;
    open = null;
    if (!turn) {
      // An answer without its question (not expected): shown on its own.
      turn = newTurn(m.id, '', m.mode);
      turns.push(turn);
    }
    turn.error = null;
    turn.mode = m.mode;
    turn.answer = m.content;
    turn.citations = m.citations;
    turn.sources = m.sources;
    turn.status = m.status;
    turn.meta = m.meta;
    turn.at = m.created_at;
    turn.progress = isProgress(m.research?.progress) ? m.research.progress : null;
    if (m.status === 'failed') turn.error = 'This answer could not be made.';
  }
  return turns;
}

/** Words for a research run's stage. */
export const STAGE_WORDS: Record<ResearchProgress['stage'], string> = {
  planning: 'Planning the research',
  researching: 'Looking the law up in each jurisdiction',
  synthesizing: 'Writing the comparison',
  storing: 'Saving the result',
  done: 'Research finished',
  failed: 'The research failed',
};

/**
 * The end of the last whole sentence in `text` after `from` (a sentence end followed by more
 * text, its citation markers included), or `from` when none has ended yet.
 */
export function lastSentenceEnd(text: string, from: number): number {
  const re = /[.!?](?:\s*\[\d+\])*(?=\s)/g;
  re.lastIndex = from;
  let end = from;
  for (let m = re.exec(text); m; m = re.exec(text)) end = m.index + m[0].length;
  return end;
}
