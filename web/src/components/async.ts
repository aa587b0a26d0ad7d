import { useEffect, useState } from 'preact/hooks';
import { errorText } from '../api/client.js';

export type AsyncState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; value: T };

/**
 * Runs `load` when `deps` change and keeps the latest result; an older load that finishes late
 * is ignored, and its request aborted.
 */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]): AsyncState<T> & { reload(): void } {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (value) => !controller.signal.aborted && setState({ status: 'ready', value }),
      (err: unknown) => !controller.signal.aborted && setState({ status: 'error', message: errorText(err) }),
    );
    return () => controller.abort();
  }, [...deps, tick]);
  return { ...state, reload: () => setTick((n) => n + 1) };
}
