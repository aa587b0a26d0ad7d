import type { ChatService } from '../../../core/chat/chat-service.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { conversationListQuery, conversationParams } from './chat-schemas.js';
import { conversationListSchema, conversationSchema } from './chat-response-schemas.js';

/** The caller's conversations with the assistant; row-level security keeps everyone else's out of reach. */
export function registerConversationRoutes(routes: RouteRegistry, deps: { chat: ChatService }): void {
  routes.add({
    method: 'get',
    path: '/api/chat/conversations',
    scope: 'chat:assistant',
    tags: ['chat'],
    summary: "The caller's conversations",
    description: 'Most recently active first: `{ data: [{ id, title, message_count, created_at, updated_at }], total, next_cursor }`.',
    query: conversationListQuery,
    success: { status: 200, description: 'List envelope of conversations' },
    response: conversationListSchema,
    handler: async ({ query, principal }) => ({ body: await deps.chat.listConversations(principal!.sub, query) }),
  });

  routes.add({
    method: 'get',
    path: '/api/chat/conversations/:id',
    scope: 'chat:assistant',
    tags: ['chat'],
    summary: 'One conversation with its messages',
    description:
      'Every message, oldest first, with its citations and sources. A research message carries `research` (workflow id, ' +
      'plan, comparison table, final progress) and `status` (`running` until the workflow stores its result). 404 for ' +
      'unknown ids and for other users\' conversations.',
    params: conversationParams,
    success: { status: 200, description: 'The conversation' },
    response: conversationSchema,
    handler: async ({ params, principal }) => ({ body: await deps.chat.getConversation(principal!.sub, params.id) }),
  });
}
