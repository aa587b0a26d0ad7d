/**
 * Shapes that cross the research workflow's boundaries (workflow input, activity
 * arguments and results, the progress query). Plain JSON: Temporal serialises them.
 */
import type { ChatCitation, ChatSource } from '../chat-types.js';
import type { Topic } from '../question/question-topics.js';

/** What the API starts a research run with. */
export interface ResearchInput {
  userId: string;
  conversationId: string;
  /** The assistant message the result is stored in (also the workflow's business key). */
  messageId: string;
  question: string;
  jurisdictions?: string[];
}

/** The plan: which aspects of the law, in which jurisdictions. */
export interface ResearchPlan {
  question: string;
  topics: Topic[];
  categories: string[];
  jurisdictions: Array<{ slug: string; name: string }>;
  /** How the jurisdictions were chosen. */
  scope: 'named' | 'most_populous' | 'all';
  /** The plan in words, for the progress stream and the answer. */
  steps: string[];
}

/** One topic of one jurisdiction: a short value for the table, the claims behind it, their verified citations. */
export interface FindingCell {
  topic: Topic;
  /** Short, for the table; markers refer to `citations` (numbered from 1 within the cell). */
  value: string;
  claims: string[];
  citations: ChatCitation[];
  /** False when a claim's citations were all removed by the verifier. */
  supported: boolean;
}

export interface JurisdictionFinding {
  jurisdiction: string;
  name: string;
  cells: FindingCell[];
  sources: ChatSource[];
}

/** The synthesis: the answer with its comparison table, numbered citations and sources. */
export interface ResearchResult {
  answer: string;
  citations: ChatCitation[];
  sources: ChatSource[];
  table: { columns: string[]; rows: Array<{ jurisdiction: string; cells: string[] }> };
  unsupported: number;
  failed: string[];
}

export type ResearchStage = 'planning' | 'researching' | 'synthesizing' | 'storing' | 'done' | 'failed';

/** What the progress query answers while the run goes on. */
export interface ResearchProgress {
  stage: ResearchStage;
  plan: ResearchPlan | null;
  total: number;
  done: number;
  running: string[];
  failed: string[];
}

/** The workflow's return value: where the result was stored. */
export interface ResearchOutcome {
  status: 'complete' | 'failed';
  messageId: string;
  error: string | null;
}
