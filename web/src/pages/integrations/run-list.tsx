/**
 * The caller's integration runs, newest first (`GET /api/integrations/workflows`), filtered by
 * type and status (kept in the address, `#/integrations?type=export&status=completed`), a page
 * at a time with "Show more".
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { WorkflowRun } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { useAsync } from '../../components/async.js';
import { ErrorNotice, Loading } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { href, navigate } from '../../router.js';
import { whenText } from '../files/file-words.js';
import { RUN_STATUSES, RUN_TYPES, STATUS_LABELS, TYPE_LABELS, durationText, isFinished, stepText, type RunStatus, type RunType } from './integration-words.js';
import { StatusBadge } from './run-view.js';

const PAGE = 20;

export function RunList({ type, status }: { type: RunType | undefined; status: RunStatus | undefined }) {
  const filter = (c: { type?: string; status?: string }) => navigate(['integrations'], { type, status, ...c }, true);
  // Refresh reads the list again from its first page (the button stays, and keeps the focus).
  const [round, setRound] = useState(0);
  return (
    <section aria-labelledby="integ-runs-heading" class="integ-runs">
      <h2 id="integ-runs-heading">Your runs</h2>
      <form class="integ-filter" aria-label="Filter the runs" onSubmit={(e) => e.preventDefault()}>
        <div class="integ-field">
          <label for="integ-filter-type">Filter by type</label>
          <select id="integ-filter-type" value={type ?? ''} onChange={(e) => filter({ type: e.currentTarget.value || undefined })}>
            <option value="">All types</option>
            {RUN_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div class="integ-field">
          <label for="integ-filter-status">Filter by status</label>
          <select id="integ-filter-status" value={status ?? ''} onChange={(e) => filter({ status: e.currentTarget.value || undefined })}>
            <option value="">All statuses</option>
            {RUN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="button" onClick={() => setRound((n) => n + 1)}>
          Refresh
        </button>
      </form>
      <RunTable key={`${type ?? ''}|${status ?? ''}|${round}`} type={type} status={status} />
    </section>
  );
}

function RunTable({ type, status }: { type: RunType | undefined; status: RunStatus | undefined }) {
  const { client } = useConsole();
  const query = { limit: PAGE, ...(type ? { type } : {}), ...(status ? { status } : {}) };
  const first = useAsync((signal) => client.integrations.list(query, { signal }), []);
  const [more, setMore] = useState<{ rows: WorkflowRun[]; next: string | null; status: 'idle' | 'loading' | 'error'; message?: string } | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const filtered = type !== undefined || status !== undefined;

  if (first.status === 'loading') return <Loading label="Loading your runs…" />;
  if (first.status === 'error') return <ErrorNotice message={first.message} retry={first.reload} />;

  const rows = [...first.value.data, ...(more?.rows ?? [])];
  const next = more ? more.next : first.value.next_cursor;
  const total = first.value.total;
  const showMore = () => {
    if (!next || more?.status === 'loading') return;
    const c = new AbortController();
    controller.current = c;
    setMore({ rows: more?.rows ?? [], next, status: 'loading' });
    client.integrations.list({ ...query, cursor: next }, { signal: c.signal }).then(
      (page) => {
        if (c.signal.aborted) return;
        setMore((m) => ({ rows: [...(m?.rows ?? []), ...page.data], next: page.next_cursor, status: 'idle' }));
        // The focus goes on to the first run added (the button may be gone).
        const firstNew = page.data[0];
        if (firstNew) requestAnimationFrame(() => document.getElementById(`integ-run-${firstNew.id}`)?.focus());
      },
      (err: unknown) => !c.signal.aborted && setMore((m) => ({ rows: m?.rows ?? [], next, status: 'error', message: errorText(err) })),
    );
  };
  const which = [type ? `of type ${TYPE_LABELS[type].toLowerCase()}` : '', status ? `${STATUS_LABELS[status].toLowerCase()}` : ''].filter(Boolean).join(', ');

  return (
    <>
      <p role="status" class="integ-count">
        {total === 0 ? (filtered ? 'No runs match these filters.' : 'No runs yet.') : `${total} ${total === 1 ? 'run' : 'runs'}${which ? ` (${which})` : ''}.`}
      </p>
      {rows.length > 0 && (
        <div class="integ-table-wrap">
          <table class="integ-table">
            <caption>Your runs, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Run</th>
                <th scope="col">Status</th>
                <th scope="col">Step</th>
                <th scope="col">Created</th>
                <th scope="col">Duration</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <th scope="row" class="integ-row-head">
                    <a id={`integ-run-${r.id}`} href={href(['integrations', r.id])}>
                      {TYPE_LABELS[r.type]}
                      <span class="visually-hidden">, created {whenText(r.created_at)}</span>
                    </a>
                    <br />
                    <code class="integ-short-id" title={r.id}>
                      {r.id.slice(0, 8)}
                    </code>
                  </th>
                  <td>
                    <StatusBadge status={r.status} />
                  </td>
                  <td>{isFinished(r.status) ? <span class="integ-muted">—</span> : stepText(r)}</td>
                  <td class="integ-nowrap">
                    <time dateTime={r.created_at}>{whenText(r.created_at)}</time>
                  </td>
                  <td class="integ-nowrap">{r.duration_ms !== null ? durationText(r.duration_ms) : <span class="integ-muted">{isFinished(r.status) ? '—' : 'not ended'}</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next && (
        <div class="integ-more">
          {more?.status === 'error' && more.message && <ErrorNotice message={more.message} />}
          <button type="button" onClick={showMore} aria-disabled={more?.status === 'loading' ? 'true' : undefined}>
            {more?.status === 'loading' ? 'Loading more…' : 'Show more'}
          </button>
        </div>
      )}
    </>
  );
}
