/**
 * How many of the signed-in person's notifications are unread, for the navigation: read when
 * the console opens, when the page changes, every minute, and at once when a page marks some
 * read (`notificationsChanged`).
 */
import { useEffect, useState } from 'preact/hooks';
import type { SunlightClient } from '../../../sdk/typescript/src/index.js';

const CHANGED = 'sunlight:notifications-changed';
const EVERY_MS = 60_000;

/** Tells the navigation that notifications were read (or arrived). */
export function notificationsChanged(): void {
  window.dispatchEvent(new Event(CHANGED));
}

/** The unread count, or null while unknown (or when `client` is null: the account may not read them). */
export function useUnreadCount(client: SunlightClient | null): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!client) return;
    let controller: AbortController | null = null;
    const read = () => {
      controller?.abort();
      const mine = (controller = new AbortController());
      client.foia.notifications.list({ unread: true, limit: 1 }, { signal: mine.signal, retries: 0 }).then(
        (page) => !mine.signal.aborted && setCount(page.total),
        () => undefined, // the count is a hint: the page itself says what went wrong
      );
    };
    read();
    const timer = setInterval(read, EVERY_MS);
    window.addEventListener(CHANGED, read);
    window.addEventListener('hashchange', read);
    return () => {
      controller?.abort();
      clearInterval(timer);
      window.removeEventListener(CHANGED, read);
      window.removeEventListener('hashchange', read);
    };
  }, [client]);
  return count;
}
