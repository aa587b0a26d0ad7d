/** Request schemas of the research assistant's routes. */
import { z } from 'zod';
import { paginationShape } from '../../../core/http/list-envelope.js';

export const chatBody = z
  .object({
    message: z.string().trim().min(1).max(4000).describe('The question'),
    conversation_id: z.uuid({ message: 'Not a conversation id' }).optional().describe('Continue this conversation (the caller\'s own)'),
    jurisdictions: z.array(z.string().min(1).max(64)).min(1).max(52).optional().describe('Jurisdiction slugs the question is about'),
    stream: z.boolean().default(true).describe('Server-Sent Events (default) or one JSON body'),
    mode: z.enum(['answer', 'research']).default('answer').describe('"research" runs a multi-step research workflow'),
  })
  .strict();

export type ChatBody = z.infer<typeof chatBody>;

export const conversationParams = z.object({ id: z.uuid({ message: 'Not a conversation id' }) });

export const conversationListQuery = z.object({ ...paginationShape }).strict();
