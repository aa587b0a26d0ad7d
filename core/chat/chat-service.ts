import { z } from 'zod';
import { NotFoundError, ServiceUnavailableError, ValidationError } from '../errors/app-error.js';
import { decodeCursor, encodeCursor, type ListEnvelope } from '../http/list-envelope.js';
import type { AnswerEvents, AnswerPipeline } from './answer/answer-pipeline.js';
import type { ChatCitation, ChatMessage, ChatMode, ChatSource, ConversationDetail, ConversationSummary, MessageStatus } from './chat-types.js';
import type { ConversationStore } from './conversation-store.js';
import type { LawContext } from './law-context.js';
import type { ReadQuestion } from './question/read-question.js';
import { followResearch } from './research/follow-research.js';
import type { ResearchRunner } from './research/research-runner.js';
import type { ResearchProgress } from './research/research-types.js';

export interface AskRequest {
  userId: string;
  message: string;
  conversationId?: string;
  jurisdictions?: string[];
  mode: ChatMode;
  /** Aborted when the client goes away: the model stops; a research run goes on and is stored. */
  signal?: AbortSignal;
}

/** What the caller hears while an answer is made. */
export interface ChatEvents extends AnswerEvents {
  progress?(progress: ResearchProgress): void;
}

/** The reply to one message (the JSON body of `stream: false`, and the `done` event's data). */
export interface ChatReply {
  conversation_id: string;
  message_id: string;
  mode: ChatMode;
  status: MessageStatus;
  answer: string;
  citations: ChatCitation[];
  sources: ChatSource[];
  meta: Record<string, unknown>;
  research: Record<string, unknown> | null;
}

export interface ChatService {
  ask(req: AskRequest, events?: ChatEvents): Promise<ChatReply>;
  listConversations(userId: string, page: { limit: number; cursor?: string }): Promise<ListEnvelope<ConversationSummary>>;
  getConversation(userId: string, id: string): Promise<ConversationDetail>;
}

export interface ChatServiceDeps {
  conversations: ConversationStore;
  answers: AnswerPipeline;
  lawContext: LawContext;
  /** Null when no workflow engine is configured: research mode then answers 503. */
  research: ResearchRunner | null;
  /** How often a research run's progress is asked for. */
  progressPollMs: number;
}

const listCursor = z.object({ u: z.string(), i: z.uuid() });

const replyOf = (m: ChatMessage): ChatReply => ({
  conversation_id: m.conversation_id,
  message_id: m.id,
  mode: m.mode,
  status: m.status,
  answer: m.content,
  citations: m.citations,
  sources: m.sources,
  meta: m.meta,
  research: m.research,
});

/** The last question of the conversation as it was read, for follow-ups. */
function lastRead(messages: ChatMessage[]): ReadQuestion | null {
  const last = [...messages].reverse().find((m) => m.role === 'user' && m.meta['read']);
  return (last?.meta['read'] as ReadQuestion | undefined) ?? null;
}

/** Conversations per user (row-level security), answers from the pipeline, research through the workflow. */
export function createChatService(deps: ChatServiceDeps): ChatService {
  const { conversations: store } = deps;

  const checkJurisdictions = async (jurisdictions: string[] | undefined) => {
    if (!jurisdictions?.length) return;
    const ctx = await deps.lawContext.current();
    const unknown = jurisdictions.filter((j) => !ctx.bySlug.has(j));
    if (unknown.length > 0) throw new ValidationError('Request validation failed', [{ path: 'body.jurisdictions', message: `Unknown jurisdiction(s): ${unknown.join(', ')}` }]);
  };

  /** Opens (or starts) the conversation and records the question, in one transaction. */
  const begin = (req: AskRequest) =>
    store.asUser(req.userId, async (tx) => {
      const conversation = req.conversationId ? await tx.findConversation(req.conversationId) : await tx.createConversation(req.message.slice(0, 80));
      if (!conversation) throw new NotFoundError(`Conversation ${req.conversationId} not found`, { id: req.conversationId });
      const previous = req.conversationId ? lastRead(await tx.messages(conversation.id)) : null;
      const question = await tx.addMessage({ conversationId: conversation.id, role: 'user', mode: req.mode, status: 'complete', content: req.message });
      return { conversationId: conversation.id, question, previous };
    });

  async function answer(req: AskRequest, events: ChatEvents): Promise<ChatReply> {
    const { conversationId, question, previous } = await begin(req);
    try {
      const r = await deps.answers.answer({ question: req.message, jurisdictions: req.jurisdictions, previous, signal: req.signal }, events);
      const status: MessageStatus = req.signal?.aborted ? 'cancelled' : 'complete';
      const stored = await store.asUser(req.userId, async (tx) => {
        await tx.updateMessage(question.id, { meta: { read: r.question } });
        return tx.addMessage({ conversationId, role: 'assistant', mode: 'answer', status, content: r.answer, citations: r.citations, sources: r.sources, meta: { ...r.meta } });
      });
      return replyOf(stored);
    } catch (err) {
      await store.asUser(req.userId, (tx) => tx.addMessage({ conversationId, role: 'assistant', mode: 'answer', status: 'failed', content: '' })).catch(() => undefined);
      throw err;
    }
  }

  async function research(req: AskRequest, events: ChatEvents): Promise<ChatReply> {
    const runner = deps.research;
    if (!runner) throw new ServiceUnavailableError('Research mode needs the workflow engine, which is not configured');
    const { conversationId } = await begin(req);
    const message = await store.asUser(req.userId, (tx) => tx.addMessage({ conversationId, role: 'assistant', mode: 'research', status: 'running', content: '' }));
    let run: Awaited<ReturnType<typeof runner.start>>;
    try {
      run = await runner.start({ userId: req.userId, conversationId, messageId: message.id, question: req.message, jurisdictions: req.jurisdictions });
    } catch (err) {
      // Never started: the message says so rather than staying "running" for ever.
      await store.asUser(req.userId, (tx) => tx.updateMessage(message.id, { status: 'failed' })).catch(() => undefined);
      throw err;
    }
    await store.asUser(req.userId, (tx) => tx.updateMessage(message.id, { research: { workflow_id: run.workflowId } }));
    const finished = await followResearch(run, { pollMs: deps.progressPollMs, signal: req.signal, onProgress: (p) => events.progress?.(p) });
    const stored = await store.asUser(req.userId, (tx) => tx.findMessage(message.id));
    if (!stored) throw new NotFoundError(`Message ${message.id} not found`);
    if (finished && stored.status !== 'running') {
      events.sources?.(stored.sources);
      stored.citations.forEach((c, i) => events.citation?.({ ...c, marker: i + 1 }));
      for (const paragraph of stored.content.split(/(?<=\n\n)/)) events.token?.(paragraph);
    }
    return replyOf(stored);
  }

  return {
    async ask(req, events = {}) {
      await checkJurisdictions(req.jurisdictions);
      return req.mode === 'research' ? research(req, events) : answer(req, events);
    },
    async listConversations(userId, page) {
      const after = decodeCursor(page.cursor, listCursor);
      // One row more than the page: a cursor only when there is a next page (a full last page has none).
      const { rows: fetched, total } = await store.asUser(userId, (tx) => tx.listConversations(page.limit + 1, after && { updatedAt: after.u, id: after.i }));
      const rows = fetched.slice(0, page.limit);
      const last = rows[rows.length - 1];
      const next = fetched.length > page.limit && last ? encodeCursor({ u: last.key.updatedAt, i: last.key.id }) : null;
      return { data: rows.map((r) => r.conversation), total, next_cursor: next };
    },
    async getConversation(userId, id) {
      return store.asUser(userId, async (tx) => {
        const conversation = await tx.findConversation(id);
        if (!conversation) throw new NotFoundError(`Conversation ${id} not found`, { id });
        return { ...conversation, messages: await tx.messages(id) };
      });
    },
  };
}
