/**
 * Waiting for something the API runs in the background to end, by polling it: what
 * `documents.wait` (a compilation) and `integrations.wait` (a workflow run) share. Each keeps
 * its own options type, finished statuses and timeout error.
 */
import { abortableSleep, type CallOptions } from './http.js';

/** The statuses a compilation and a workflow run end in. */
export const FINISHED_STATUSES = ['completed', 'failed', 'cancelled'] as const;

/** How `wait` polls: how often, for how long, whom it tells of progress, and what stops it. */
export interface PollOptions<T> {
  /** Between polls (default 1000). */
  intervalMs?: number;
  /** Give up after this long (default 10 minutes) with the caller's timeout error; what is waited for goes on. */
  timeoutMs?: number;
  /** Called with what was read whenever its status or progress has changed since the last poll (and first). */
  onProgress?: (current: T) => void;
  /** Stops waiting: `wait` rejects with the signal's reason (what is waited for goes on). */
  signal?: AbortSignal;
}

/** Anything with a status and a progress to report. */
export interface Polled {
  status: string;
  progress: unknown;
}

/**
 * Reads with `get` (every `intervalMs`) until `isFinished`, and resolves with the last state
 * read then. `onProgress` hears of each change of status or progress. After `timeoutMs` it
 * rejects with `timedOut(timeoutMs, last state read)`; an abort of `signal` rejects with the
 * signal's reason (each read is also given the signal). Each read is one request with the
 * client's timeout and retries.
 */
export async function waitUntilFinished<T extends Polled>(
  get: (call: CallOptions | undefined) => Promise<T>,
  isFinished: (current: T) => boolean,
  options: PollOptions<T>,
  timedOut: (timeoutMs: number, last: T) => Error,
): Promise<T> {
  const { intervalMs = 1000, timeoutMs = 600_000, onProgress, signal } = options;
  const deadline = Date.now() + timeoutMs;
  let seen: string | undefined;
  for (;;) {
    signal?.throwIfAborted();
    const current = await get(signal ? { signal } : undefined);
    const now = JSON.stringify([current.status, current.progress]);
    if (now !== seen) {
      seen = now;
      onProgress?.(current);
    }
    if (isFinished(current)) return current;
    const left = deadline - Date.now();
    if (left <= 0) throw timedOut(timeoutMs, current);
    await abortableSleep(Math.min(Math.max(0, intervalMs), left), signal);
  }
}
