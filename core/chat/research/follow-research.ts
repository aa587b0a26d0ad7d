import { EngineUnreachableError, type ResearchRun } from './research-runner.js';
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
 * stores its result with the conversation). Throws `EngineUnreachableError` when the
 * workflow engine has not answered for `unreachableMs`.
 */
export async function followResearch(
  run: ResearchRun,
  opts: { pollMs: number; signal?: AbortSignal; onProgress(p: ResearchProgress): void; unreachableMs?: number; now?: () => number },
): Promise<boolean> {
  const now = opts.now ?? Date.now;
  const unreachableMs = opts.unreachableMs ?? 8_000;
  let ended = false;
  const outcome = run.outcome().then(
    () => void (ended = true),
    () => void (ended = true),
  );
  let last = '';
  let unreachableSince: number | null = null;
  const report = async () => {
    let p: ResearchProgress | null;
    try {
      p = await run.progress();
      unreachableSince = null;
    } catch (err) {
      // The engine is down: say so once it has not answered for `unreachableMs` (the run resumes when it is back).
      if (!(err instanceof EngineUnreachableError)) throw err;
      unreachableSince ??= now();
      if (now() - unreachableSince >= unreachableMs) throw err;
      return;
    }
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
