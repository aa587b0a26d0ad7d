import { proxyActivities } from '@temporalio/workflow';
import type { SystemActivities } from '../workers/activities/system-activities.js';

/** Input of `systemCheck`: a message the workflow returns with the worker's identity. */
export interface SystemCheckInput {
  message: string;
}

export interface SystemCheckResult {
  echo: string;
  worker: { taskQueue: string; pid: number; startedAt: string };
}

const { describeWorker } = proxyActivities<SystemActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { maximumAttempts: 3, initialInterval: '200 milliseconds' },
});

/**
 * Proves the wiring end to end (client → server → worker → activity → result); used by
 * the worker's integration test and by `make start`'s smoke check.
 */
export async function systemCheck(input: SystemCheckInput): Promise<SystemCheckResult> {
  const worker = await describeWorker();
  return { echo: input.message, worker };
}
