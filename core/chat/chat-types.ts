/**
 * The research assistant's public shapes: what a citation, a source and a stored message
 * look like on the wire (snake_case, as the rest of the API) and in the conversation store.
 */

/**
 * A citation in an answer. `id` is a law record id (statute or summary section, right,
 * exemption) that `GET /api/v1/documents/{id}` resolves; `quote` is verbatim text of that
 * record; `citation` is the record's own legal citation, when it has one.
 */
export interface ChatCitation {
  id: string;
  citation: string | null;
  jurisdiction: string;
  quote: string;
}

/** The kind of law record a source is. */
export type SourceType = 'statute_section' | 'summary' | 'process_map' | 'right' | 'exemption';

/** A record the answer was built from: retrieved by search or read by a structured lookup. */
export interface ChatSource {
  id: string;
  type: SourceType;
  jurisdiction: string;
  citation: string | null;
  title: string;
  /** How it was found. */
  found_by: 'lookup' | 'search';
}

/** How an answer was made, kept with the message and reported in `done`. */
export interface AnswerMeta {
  kind: string;
  jurisdictions: string[];
  model: string;
  /** True when the model's phrasing was kept (in part); false when the deterministic draft was sent. */
  phrased: boolean;
  /** Sentences of the model's output rejected by the guard, and why. */
  rejected: Array<{ sentence: string; reason: string }>;
  /** Citations the verifier removed, with why. */
  removed_citations: Array<{ id: string; reason: string }>;
  usage: { prompt_tokens: number; completion_tokens: number };
  /** Whether the question's premise was checked against the data and found false (and corrected). */
  premise_corrected: boolean;
  /** Milliseconds from the request to the first text token, and to the end. */
  timing: { first_token_ms: number | null; total_ms: number };
}

export type ChatMode = 'answer' | 'research';
export type MessageStatus = 'complete' | 'running' | 'failed' | 'cancelled';

/** A message of a conversation as the API returns it. */
export interface ChatMessage {
  id: string;
  conversation_id: string;
  role: 'user' | 'assistant';
  mode: ChatMode;
  status: MessageStatus;
  content: string;
  citations: ChatCitation[];
  sources: ChatSource[];
  research: Record<string, unknown> | null;
  meta: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

/** A conversation in the caller's list. */
export interface ConversationSummary {
  id: string;
  title: string;
  message_count: number;
  created_at: string;
  updated_at: string;
}

/** One conversation with its messages, oldest first. */
export interface ConversationDetail extends ConversationSummary {
  messages: ChatMessage[];
}
