/** Cursor pagination: lists answer `{ data, total, next_cursor }`; the next page is asked for with `cursor`. */
import type { Page } from './types.js';

/**
 * Every item of every page, fetching the next page (with the previous page's `next_cursor`)
 * only when the items so far have been consumed. Stops at the page whose `next_cursor` is null.
 */
export async function* paginate<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  const seen = new Set<string>();
  for (;;) {
    const page = await fetchPage(cursor);
    yield* page.data;
    const next = page.next_cursor;
    if (next === null || next === undefined || next === '') return;
    // A cursor seen before would loop for ever: the API never sends one, but stop rather than spin.
    if (seen.has(next)) throw new Error(`The API returned the cursor ${JSON.stringify(next)} twice`);
    seen.add(next);
    cursor = next;
  }
}

/**
 * Every item of a list whose query takes a `cursor`: `list` asked with `query`, then with each
 * page's `next_cursor` (the first page without a `cursor` at all).
 */
export function paginateQuery<Q extends { cursor?: string }, T>(list: (query: Q) => Promise<Page<T>>, query: Omit<Q, 'cursor'>): AsyncGenerator<T, void, undefined> {
  return paginate((cursor) => list({ ...query, ...(cursor === undefined ? {} : { cursor }) } as Q));
}

/** Collects an async iterable into an array, at most `max` items (default: all). */
export async function collect<T>(items: AsyncIterable<T>, options: { max?: number } = {}): Promise<T[]> {
  const out: T[] = [];
  const max = options.max ?? Number.POSITIVE_INFINITY;
  if (max <= 0) return out;
  for await (const item of items) {
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}
