/**
 * `#/notifications`: the signed-in person's notifications (deadline reminders, follow-ups
 * drafted, letters sent or refused), unread first then newest, each linking to its request;
 * one or all can be marked read, and the navigation's count follows.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { FoiaNotification as Notification } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { ErrorNotice, Loading, PageHeader } from '../../components/status.js';
import { notificationsChanged } from '../../components/unread-notifications.js';
import { useConsole } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { href } from '../../router.js';
import { DueDate, instantText, plural } from '../foia/foia-format.js';
import './notifications.css';

const PAGE = 50;

/** What a notification says, in words (the state first, never colour alone). */
export function notificationText(n: Pick<Notification, 'kind' | 'days_until_due'>): string {
  const d = n.days_until_due;
  const when = d < 0 ? `overdue by ${plural(-d, 'day')}` : d === 0 ? 'due today' : `due in ${plural(d, 'day')}`;
  // As a string: the API may add kinds before the SDK's types know them.
  switch (n.kind as string) {
    case 'due_soon':
    case 'overdue':
      return `Response ${when}`;
    case 'appeal_window_closing':
      return d < 0 ? 'The time to appeal has passed' : `Last day to appeal ${d === 0 ? 'is today' : `in ${plural(d, 'day')}`}`;
    case 'appeal_due_soon':
    case 'appeal_overdue':
      return `Appeal decision ${when}`;
    case 'follow_up':
      return 'Follow-up drafted: the agency is late';
    case 'sent':
      return 'Letter sent';
    case 'send_failed':
      return 'Letter not sent';
    default:
      return String(n.kind).replace(/_/g, ' ');
  }
}

export function NotificationsPage(_: PageProps) {
  const { client, session } = useConsole();
  const canWrite = session.scopes.includes('write:foia');
  const [list, setList] = useState<Notification[] | null>(null);
  const [total, setTotal] = useState(0);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const [busy, setBusy] = useState<number | 'all' | 'more' | null>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    client.foia.notifications.list({ limit: PAGE }, { signal: controller.signal }).then(
      (page) => {
        if (controller.signal.aborted) return;
        setList(page.data);
        setTotal(page.total);
        setCursor(page.next_cursor);
      },
      (err: unknown) => !controller.signal.aborted && setError(errorText(err)),
    );
    return () => controller.abort();
  }, [tick]);

  const say = (m: { kind: 'ok' | 'error'; text: string }) => {
    setMessage(m);
    requestAnimationFrame(() => messageRef.current?.focus());
  };

  const markRead = (n: Notification) => {
    setBusy(n.id);
    client.foia.notifications.markRead(n.id).then(
      (read) => {
        setBusy(null);
        setList((l) => (l ?? []).map((x) => (x.id === n.id ? { ...x, read_at: read.read_at } : x)));
        say({ kind: 'ok', text: `Marked read: ${notificationText(n)} (${n.subject}).` });
        notificationsChanged();
      },
      (err: unknown) => {
        setBusy(null);
        say({ kind: 'error', text: errorText(err) });
      },
    );
  };

  const markAll = () => {
    setBusy('all');
    client.foia.notifications.markAllRead().then(
      ({ marked }) => {
        setBusy(null);
        const now = new Date().toISOString();
        setList((l) => (l ?? []).map((x) => (x.read_at ? x : { ...x, read_at: now })));
        say({ kind: 'ok', text: marked === 0 ? 'Nothing was unread.' : `Marked ${plural(marked, 'notification')} read.` });
        notificationsChanged();
      },
      (err: unknown) => {
        setBusy(null);
        say({ kind: 'error', text: errorText(err) });
      },
    );
  };

  const more = () => {
    if (!cursor) return;
    setBusy('more');
    client.foia.notifications.list({ limit: PAGE, cursor }).then(
      (page) => {
        setBusy(null);
        setList((l) => [...(l ?? []), ...page.data]);
        setCursor(page.next_cursor);
      },
      (err: unknown) => {
        setBusy(null);
        say({ kind: 'error', text: errorText(err) });
      },
    );
  };

  const unread = list?.filter((n) => !n.read_at).length ?? 0;
  return (
    <div class="notifications-page">
      <PageHeader title="Notifications">
        <p class="notifications-lede">Deadline reminders and what happened to your letters, unread first. Each links to its request.</p>
      </PageHeader>
      <div ref={messageRef} tabIndex={-1} class="foia-message-slot">
        <p role="status" class={message?.kind === 'error' ? 'foia-message foia-message-error' : 'foia-message'}>
          {message?.text ?? ''}
        </p>
      </div>
      {list === null && !error && <Loading label="Loading your notifications…" />}
      {error && <ErrorNotice message={error} retry={() => setTick((n) => n + 1)} />}
      {list !== null &&
        (list.length === 0 ? (
          <p>No notifications yet. Sunlight tells you here when a due date nears or passes, and when a letter goes out or cannot.</p>
        ) : (
          <>
            <div class="notifications-bar">
              <p class="foia-count">
                {plural(total, 'notification')}
                {list.length > 0 && `, ${unread} unread${cursor ? ' of those shown' : ''}`}
              </p>
              {canWrite && (
                <button type="button" onClick={markAll} disabled={busy !== null || unread === 0}>
                  {busy === 'all' ? 'Marking…' : 'Mark all read'}
                </button>
              )}
            </div>
            <ul class="notifications-list" aria-label="Notifications, unread first">
              {list.map((n) => (
                <NotificationItem key={n.id} n={n} busy={busy === n.id} onRead={canWrite ? () => markRead(n) : null} />
              ))}
            </ul>
            {cursor && (
              <button type="button" class="foia-more" onClick={more} disabled={busy !== null}>
                {busy === 'more' ? 'Loading…' : 'Show more'}
              </button>
            )}
          </>
        ))}
    </div>
  );
}

function NotificationItem({ n, busy, onRead }: { n: Notification; busy: boolean; onRead: (() => void) | null }) {
  const text = notificationText(n);
  return (
    <li class={n.read_at ? 'notification' : 'notification notification-unread'}>
      <p class="notification-head">
        <span class="notification-state">{n.read_at ? 'Read' : 'Unread'}</span> <strong class={`notification-${n.kind}`}>{text}</strong>
      </p>
      <p class="notification-request">
        <a href={href(['foia', n.request_id])}>{n.subject}</a> <span class="foia-agency">{n.agency_name}</span>
      </p>
      {n.message && <p class="notification-message">{n.message}</p>}
      <p class="foia-muted notification-meta">
        {/* A letter's notification is dated by when it was recorded; the others by the due date they are about. */}
        {n.kind !== 'sent' && n.kind !== 'send_failed' && (
          <>
            {n.kind === 'follow_up' ? 'Follow-up fell due ' : 'Due date '}
            <DueDate date={n.due_date} long /> ·{' '}
          </>
        )}
        {n.kind === 'sent' || n.kind === 'send_failed' ? 'Recorded ' : 'recorded '}
        <time dateTime={n.created_at}>{instantText(n.created_at)}</time>
        {n.read_at && <> · read {instantText(n.read_at)}</>}
      </p>
      {!n.read_at && onRead && (
        <button type="button" onClick={onRead} disabled={busy} aria-label={`Mark read: ${text}, ${n.subject}`}>
          {busy ? 'Marking…' : 'Mark read'}
        </button>
      )}
    </li>
  );
}
