import { defineQuery } from '@temporalio/workflow';
import type { ResearchProgress } from '../core/chat/research/research-types.js';

export type { ResearchInput, ResearchOutcome, ResearchProgress } from '../core/chat/research/research-types.js';

/** The research workflow's registered name. */
export const RESEARCH_WORKFLOW = 'researchQuestion';

/** Business key: one research run per assistant message. */
export const researchWorkflowId = (messageId: string): string => `research-${messageId}`;

/** Where the run is: stage, plan, jurisdictions done and running. The API streams it as `progress` events. */
export const researchProgressQuery = defineQuery<ResearchProgress>('researchProgress');
