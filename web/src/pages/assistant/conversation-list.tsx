import { useEffect, useState } from 'preact/hooks';
import type { ConversationSummary } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { ErrorNotice, Loading } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { href } from '../../router.js';

const PAGE = 20;

type ListState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; items: ConversationSummary[]; next: string | null; total: number };

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The signed-in person's conversations, most recent first; `version` changes when one was added to. */
export function ConversationList({ current, version, onNew }: { current: string | undefined; version: number; onNew(): void }) {
  const { client } = useConsole();
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [more, setMore] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    // A refresh keeps the list on screen; only the first load says "Loading".
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    client.chat.conversations.list({ limit: PAGE }, { signal: controller.signal }).then(
      (page) => !controller.signal.aborted && setState({ status: 'ready', items: page.data, next: page.next_cursor, total: page.total }),
      (err: unknown) => !controller.signal.aborted && setState({ status: 'error', message: errorText(err) }),
    );
    return () => controller.abort();
  }, [client, version, tick]);

  const showMore = async () => {
    if (state.status !== 'ready' || !state.next) return;
    setMore({ busy: true, error: null });
    try {
      const page = await client.chat.conversations.list({ limit: PAGE, cursor: state.next });
      setState({ status: 'ready', items: [...state.items, ...page.data.filter((c) => !state.items.some((i) => i.id === c.id))], next: page.next_cursor, total: page.total });
      setMore({ busy: false, error: null });
    } catch (err) {
      setMore({ busy: false, error: errorText(err) });
    }
  };

  return (
    <nav class="assistant-conversations" aria-labelledby="assistant-conversations-title">
      <h2 id="assistant-conversations-title">Conversations</h2>
      <p>
        <a
          class="assistant-new"
          href={href(['assistant'])}
          aria-current={current === undefined ? 'page' : undefined}
          onClick={(e) => {
            // Already at the address: no route change, so the page starts afresh itself.
            if (current === undefined) {
              e.preventDefault();
              onNew();
            }
          }}
        >
          New conversation
        </a>
      </p>
      {state.status === 'loading' && <Loading label="Loading your conversations…" />}
      {state.status === 'error' && <ErrorNotice message={state.message} retry={() => setTick((n) => n + 1)} />}
      {state.status === 'ready' && state.items.length === 0 && <p class="assistant-muted">No conversations yet. Ask a question to start one.</p>}
      {state.status === 'ready' && state.items.length > 0 && (
        <>
          <ul>
            {state.items.map((c) => (
              <li key={c.id}>
                <a href={href(['assistant', c.id])} aria-current={c.id === current ? 'page' : undefined}>
                  {c.title || 'Untitled conversation'}
                </a>
                <span class="assistant-muted">
                  {' '}
                  {c.message_count} message{c.message_count === 1 ? '' : 's'} · {when(c.updated_at)}
                </span>
              </li>
            ))}
          </ul>
          {state.next && (
            <button type="button" onClick={() => void showMore()} disabled={more.busy}>
              {more.busy ? 'Loading…' : `Show more (${state.total - state.items.length} more)`}
            </button>
          )}
          {more.error && <ErrorNotice message={more.error} retry={() => void showMore()} />}
        </>
      )}
    </nav>
  );
}
