import type { Client } from '@temporalio/client';
import { ServiceUnavailableError } from '../../errors/app-error.js';
import { RESEARCH_WORKFLOW, researchProgressQuery, researchWorkflowId } from '../../../workflows/research-contracts.js';
import type { ResearchInput, ResearchOutcome, ResearchProgress } from './research-types.js';

/** A research run the caller follows. */
export interface ResearchRun {
  workflowId: string;
  /**
   * Where it is now; null when it cannot be asked yet (not picked up by a worker). Throws
   * `EngineUnreachableError` when the workflow engine does not answer.
   */
  progress(): Promise<ResearchProgress | null>;
  outcome(): Promise<ResearchOutcome>;
}

/** Starts research runs: the chat service's port to the research workflow. */
export interface ResearchRunner {
  start(input: ResearchInput): Promise<ResearchRun>;
}

/** The workflow engine did not answer in time: the caller is told at once rather than kept waiting. */
export class EngineUnreachableError extends ServiceUnavailableError {
  constructor() {
    super('The workflow engine cannot be reached; try research mode again later');
  }
}

/** gRPC statuses that mean the server did not answer (UNAVAILABLE, DEADLINE_EXCEEDED), as Temporal's errors carry them. */
function unreachable(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === 14 || code === 4) return true;
    if (e instanceof Error && /UNAVAILABLE|DEADLINE_EXCEEDED|ECONNREFUSED|deadline/i.test(e.message)) return true;
  }
  return false;
}

/**
 * Research runs as Temporal workflows on `taskQueue`, one per assistant message (its id is
 * the business key). Starting and each progress query have a deadline (`callTimeoutMs`), so
 * an engine that is down is reported within seconds, not after the run's whole timeout.
 */
export function createTemporalResearchRunner(client: Client, opts: { taskQueue: string; timeoutMs: number; callTimeoutMs?: number }): ResearchRunner {
  const callTimeoutMs = opts.callTimeoutMs ?? 5_000;
  const withDeadline = <T>(fn: () => Promise<T>) => client.withDeadline(Date.now() + callTimeoutMs, fn);
  return {
    async start(input) {
      const handle = await withDeadline(() =>
        client.workflow.start(RESEARCH_WORKFLOW, {
          taskQueue: opts.taskQueue,
          workflowId: researchWorkflowId(input.messageId),
          args: [input],
          workflowExecutionTimeout: opts.timeoutMs,
        }),
      ).catch((err: unknown) => {
        throw unreachable(err) ? new EngineUnreachableError() : err;
      });
      return {
        workflowId: handle.workflowId,
        progress: () =>
          withDeadline(() => handle.query(researchProgressQuery)).catch((err: unknown) => {
            if (unreachable(err)) throw new EngineUnreachableError();
            return null;
          }),
        outcome: () => handle.result() as Promise<ResearchOutcome>,
      };
    },
  };
}
