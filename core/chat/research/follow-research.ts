import type { ResearchRun } from './research-runner.js';
import type { ResearchProgress } from './research-types.js';

/** Sleeps `ms`, or less when the signal aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Follows a research run: asks for its progress every `pollMs` and reports each change,
 * until the run ends (true) or the caller stops listening (false: the run goes on and
 * stores its result with the conversation).
 */
export async function followResearch(
  run: ResearchRun,
  opts: { pollMs: number; signal?: AbortSignal; onProgress(p: ResearchProgress): void },
): Promise<boolean> {
  let ended = false;
  const outcome = run.outcome().then(
    () => void (ended = true),
    () => void (ended = true),
  );
  let last = '';
  const report = async () => {
    const p = await run.progress();
    const key = JSON.stringify(p);
    if (p && key !== last) {
      last = key;
      opts.onProgress(p);
    }
  };
  while (!ended && !opts.signal?.aborted) {
    await report();
    await Promise.race([pause(opts.pollMs, opts.signal), outcome]);
  }
  if (opts.signal?.aborted) return false;
  await outcome;
  return true;
}
