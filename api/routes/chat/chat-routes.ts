import type { ChatEvents, ChatReply, ChatService } from '../../../core/chat/chat-service.js';
import { AppError, InternalError } from '../../../core/errors/app-error.js';
import type { Logger } from '../../../core/logger/logger.js';
import type { RouteContext, RouteRegistry } from '../../http/route-registry.js';
import { chatReplySchema, SSE_DESCRIPTION } from './chat-response-schemas.js';
import { chatBody, type ChatBody } from './chat-schemas.js';
import { registerConversationRoutes } from './conversation-routes.js';
import { openSse } from './sse-stream.js';

export interface ChatRouteDeps {
  chat: ChatService;
  /** Seconds between SSE heartbeat comments. */
  heartbeatSeconds: number;
}

const DESCRIPTION =
  'Answers a question about public-records law from the law database. With `stream: true` (default) the response is ' +
  'Server-Sent Events: `sources` (records looked up and retrieved), `citation` (each verified citation with its marker), ' +
  '`token` (text deltas), `progress` (research mode: plan and jurisdictions done), then `done` (answer, citations, usage, ' +
  'conversation_id) or `error` (the error envelope); comment lines keep idle connections open, and a client that ' +
  'disconnects stops the generation. `stream: false` answers one JSON body `{ answer, citations: [{ id, citation, ' +
  'jurisdiction, quote }], conversation_id, … }`. Every citation `id` resolves at `GET /api/v1/documents/{id}`; its ' +
  'quote is verbatim text of that record, checked against the database before sending. Facts come from the structured ' +
  'law data and retrieval; the model only rephrases, and its sentences are kept only when they keep every fact and ' +
  'citation. `mode: "research"` runs a workflow (plan, per-jurisdiction lookups, a comparison table) and stores the ' +
  'result with the conversation even if the client leaves.';

/** The `done` event's data: the reply plus token usage. */
function doneData(reply: ChatReply) {
  return { ...reply, usage: (reply.meta['usage'] as unknown) ?? { prompt_tokens: 0, completion_tokens: 0 } };
}

function errorEnvelope(err: unknown, requestId: string, log: Logger) {
  if (err instanceof AppError) return err.toEnvelope();
  log.error({ err }, 'chat stream failed');
  return new InternalError(requestId).toEnvelope();
}

async function streamed(ctx: RouteContext<unknown, unknown, ChatBody>, deps: ChatRouteDeps): Promise<undefined> {
  const sse = openSse(ctx.res, { heartbeatMs: deps.heartbeatSeconds * 1000 });
  const events: ChatEvents = {
    sources: (sources) => sse.send('sources', { sources }),
    citation: (citation) => sse.send('citation', citation),
    token: (text) => sse.send('token', { text }),
    progress: (progress) => sse.send('progress', progress),
  };
  try {
    const reply = await deps.chat.ask(askOf(ctx, sse.signal), events);
    sse.send('done', doneData(reply));
  } catch (err) {
    sse.send('error', errorEnvelope(err, ctx.requestId, ctx.log));
  } finally {
    sse.end();
  }
  return undefined;
}

function askOf(ctx: RouteContext<unknown, unknown, ChatBody>, signal: AbortSignal) {
  const b = ctx.body;
  return { userId: ctx.principal!.sub, message: b.message, conversationId: b.conversation_id, jurisdictions: b.jurisdictions, mode: b.mode, signal };
}

/** `POST /api/chat` and the conversation routes (`chat:assistant`). */
export function registerChatRoutes(routes: RouteRegistry, deps: ChatRouteDeps): void {
  routes.add({
    method: 'post',
    path: '/api/chat',
    scope: 'chat:assistant',
    tags: ['chat'],
    summary: 'Ask the research assistant (SSE stream or JSON)',
    description: DESCRIPTION,
    body: chatBody,
    success: { status: 200, description: `With \`stream: true\` (default): ${SSE_DESCRIPTION}`, contentType: 'text/event-stream' },
    alternatives: { 'application/json': { schema: chatReplySchema, description: 'With `stream: false`: the answer as one JSON body' } },
    errors: [404, 503],
    examples: { body: { message: 'How long does a Texas agency have to respond to a records request?', stream: false } },
    handler: async (ctx) => {
      if (ctx.body.stream) return streamed(ctx, deps);
      const gone = new AbortController();
      ctx.res.on('close', () => !ctx.res.writableEnded && gone.abort());
      return { body: await deps.chat.ask(askOf(ctx, gone.signal)) };
    },
  });
  registerConversationRoutes(routes, deps);
}
