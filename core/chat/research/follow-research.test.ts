import { describe, expect, it } from 'vitest';
import { followResearch } from './follow-research.js';
import { EngineUnreachableError, type ResearchRun } from './research-runner.js';
import type { ResearchOutcome } from './research-types.js';

/** A run whose engine answers `answering` progress queries, then goes down; its outcome never comes. */
function runGoingDown(answering: number): ResearchRun {
  let asked = 0;
  return {
    workflowId: 'research-1',
    progress: async () => {
      asked++;
      if (asked > answering) throw new EngineUnreachableError();
      return { stage: 'researching', done: asked, total: 4 } as never;
    },
    outcome: () => new Promise<ResearchOutcome>(() => undefined),
  };
}

describe('followResearch', () => {
  it('reports progress, then gives up with a 503 once the engine has not answered for unreachableMs', async () => {
    let clock = 0;
    const seen: unknown[] = [];
    const following = followResearch(runGoingDown(2), { pollMs: 1, unreachableMs: 50, now: () => (clock += 10), onProgress: (p) => seen.push(p) });
    await expect(following).rejects.toBeInstanceOf(EngineUnreachableError);
    await expect(following).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(2);
  });

  it('rides out a short outage', async () => {
    let asked = 0;
    let finish: (o: ResearchOutcome) => void = () => undefined;
    const run: ResearchRun = {
      workflowId: 'research-2',
      progress: async () => {
        asked++;
        if (asked === 2) throw new EngineUnreachableError();
        if (asked === 4) finish({} as ResearchOutcome);
        return null;
      },
      outcome: () => new Promise<ResearchOutcome>((resolve) => (finish = resolve)),
    };
    await expect(followResearch(run, { pollMs: 1, unreachableMs: 10_000, onProgress: () => undefined })).resolves.toBe(true);
  });
});
