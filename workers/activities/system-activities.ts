/** Activities of the system-check workflow, built over what the worker knows of itself. */
export interface SystemActivities {
  describeWorker(): Promise<{ taskQueue: string; pid: number; startedAt: string }>;
}

export function createSystemActivities(deps: { taskQueue: string; startedAt: Date }): SystemActivities {
  return {
    async describeWorker() {
      return { taskQueue: deps.taskQueue, pid: process.pid, startedAt: deps.startedAt.toISOString() };
    },
  };
}
