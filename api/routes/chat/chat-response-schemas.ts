/**
 * What the chat routes return, for the API description and the response checks of the
 * integration suite (the shapes of core/chat/chat-types.ts on the wire).
 */
import { z } from 'zod';

const instant = z.string().describe('ISO date-time');

export const chatCitationSchema = z.object({
  id: z.string().describe('A law record id that GET /api/v1/documents/{id} resolves'),
  citation: z.string().nullable().describe("The record's own legal citation, when it has one"),
  jurisdiction: z.string(),
  quote: z.string().describe('Verbatim text of the record that states the claim (pieces of one node may be joined with " … ")'),
});

export const chatSourceSchema = z.object({
  id: z.string(),
  type: z.enum(['statute_section', 'summary', 'process_map', 'right', 'exemption']),
  jurisdiction: z.string(),
  citation: z.string().nullable(),
  title: z.string(),
  found_by: z.enum(['lookup', 'search']).describe('Read by a structured lookup, or retrieved by search'),
});

const mode = z.enum(['answer', 'research']);
const status = z.enum(['complete', 'running', 'failed', 'cancelled']);

/** The JSON answer (`stream: false`), and the data of the stream's `done` event (which adds `usage`). */
export const chatReplySchema = z.object({
  conversation_id: z.string(),
  message_id: z.string(),
  mode,
  status,
  answer: z.string().describe('The answer with [n] citation markers'),
  citations: z.array(chatCitationSchema).describe('Marker n is citations[n-1]'),
  sources: z.array(chatSourceSchema),
  meta: z.record(z.string(), z.unknown()).describe('How the answer was made: kind, jurisdictions, model, phrased, rejected sentences, removed citations, usage, premise_corrected, timing'),
  research: z.record(z.string(), z.unknown()).nullable().describe('Research mode: the workflow id, plan, progress and comparison table'),
});

const summaryShape = {
  id: z.string(),
  title: z.string(),
  message_count: z.number().int(),
  created_at: instant,
  updated_at: instant,
};

export const conversationListSchema = z.object({
  data: z.array(z.object(summaryShape)),
  total: z.number().int(),
  next_cursor: z.string().nullable(),
});

export const conversationSchema = z.object({
  ...summaryShape,
  messages: z.array(
    z.object({
      id: z.string(),
      conversation_id: z.string(),
      role: z.enum(['user', 'assistant']),
      mode,
      status,
      content: z.string(),
      citations: z.array(chatCitationSchema),
      sources: z.array(chatSourceSchema),
      research: z.record(z.string(), z.unknown()).nullable(),
      meta: z.record(z.string(), z.unknown()),
      created_at: instant,
      updated_at: instant,
    }),
  ),
});

/** The events of the stream, as the description lists them (`data` is JSON). */
export const SSE_DESCRIPTION =
  'Server-Sent Events, each `event: <name>` with JSON `data`: `sources` `{ sources: Source[] }`, `citation` (a Citation with its ' +
  '`marker`), `token` `{ text }`, `progress` (research: stage, done, total, plan), `done` (the JSON answer plus `usage`), ' +
  '`error` (the error envelope); comment lines are heartbeats.';
