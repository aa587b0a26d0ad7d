import type { Client } from '@temporalio/client';
import { RESEARCH_WORKFLOW, researchProgressQuery, researchWorkflowId } from '../../../workflows/research-contracts.js';
import type { ResearchInput, ResearchOutcome, ResearchProgress } from './research-types.js';

/** A research run the caller follows. */
export interface ResearchRun {
  workflowId: string;
  /** Where it is now; null when it cannot be asked (not yet picked up by a worker). */
  progress(): Promise<ResearchProgress | null>;
  outcome(): Promise<ResearchOutcome>;
}

/** Starts research runs: the chat service's port to the research workflow. */
export interface ResearchRunner {
  start(input: ResearchInput): Promise<ResearchRun>;
}

/** Research runs as Temporal workflows on `taskQueue`, one per assistant message (its id is the business key). */
export function createTemporalResearchRunner(client: Client, opts: { taskQueue: string; timeoutMs: number }): ResearchRunner {
  return {
    async start(input) {
      const handle = await client.workflow.start(RESEARCH_WORKFLOW, {
        taskQueue: opts.taskQueue,
        workflowId: researchWorkflowId(input.messageId),
        args: [input],
        workflowExecutionTimeout: opts.timeoutMs,
      });
      return {
        workflowId: handle.workflowId,
        progress: () => handle.query(researchProgressQuery).catch(() => null),
        outcome: () => handle.result() as Promise<ResearchOutcome>,
      };
    },
  };
}
