import { useEffect, useRef, useState } from 'preact/hooks';
import type { FoiaListQuery, FoiaRequestList, FoiaStatus } from '../../../../sdk/typescript/src/index.js';
import { errorText } from '../../api/client.js';
import { useAsync } from '../../components/async.js';
import { ErrorNotice, Loading, PageHeader } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { href, navigate } from '../../router.js';
import { RequestCalendar, currentMonth, isMonth } from './foia-calendar.js';
import { DueBadge, DueDate, ReminderText, STATUSES, STATUS_LABELS, StatusLabel, isStatus, plural, useJurisdictionName } from './foia-format.js';

type Sort = NonNullable<FoiaListQuery['sort']>;
type Row = FoiaRequestList['data'][number];

const SORTS: ReadonlyArray<[Sort, string]> = [
  ['due_date', 'Due date, soonest first'],
  ['-due_date', 'Due date, latest first'],
  ['-updated_at', 'Recently updated first'],
  ['updated_at', 'Least recently updated first'],
];
const SORT_WORDS: Record<Sort, string> = {
  'due_date': 'by due date, soonest first (requests without one last)',
  '-due_date': 'by due date, latest first',
  '-updated_at': 'most recently updated first',
  'updated_at': 'least recently updated first',
};
const isSort = (s: string | null): s is Sort => SORTS.some(([k]) => k === s);

export interface ListState {
  view: 'list' | 'calendar';
  status: FoiaStatus | null;
  overdue: boolean;
  sort: Sort;
  month: string;
}

function readState(query: URLSearchParams): ListState {
  const status = query.get('status');
  const sort = query.get('sort');
  const month = query.get('month');
  return {
    view: query.get('view') === 'calendar' ? 'calendar' : 'list',
    status: isStatus(status) ? status : null,
    overdue: query.get('overdue') === 'true',
    sort: isSort(sort) ? sort : 'due_date',
    month: isMonth(month) ? month : currentMonth(),
  };
}

export function listQuery(s: ListState): Record<string, string | undefined> {
  return {
    view: s.view === 'calendar' ? 'calendar' : undefined,
    status: s.status ?? undefined,
    overdue: s.overdue ? 'true' : undefined,
    sort: s.view === 'list' && s.sort !== 'due_date' ? s.sort : undefined,
    month: s.view === 'calendar' && s.month !== currentMonth() ? s.month : undefined,
  };
}

const PAGE = 50;

/** `#/foia`: the requests as a table, or their due dates on a calendar. */
export function RequestList({ query }: { query: URLSearchParams }) {
  const state = readState(query);
  const go = (next: Partial<ListState>) => navigate(['foia'], listQuery({ ...state, ...next }), true);

  return (
    <div class="foia-page">
      <PageHeader title="FOIA tracker">
        <p class="foia-lede">Your public-records requests, their legal due dates, and the days left.</p>
      </PageHeader>
      <RecentReminders />
      <div class="foia-toolbar">
        <a class="foia-button-link" href={href(['foia', 'new'])}>
          New request
        </a>
        <nav aria-label="Views" class="foia-views">
          <a href={href(['foia'], listQuery({ ...state, view: 'list' }))} aria-current={state.view === 'list' ? 'page' : undefined}>
            List
          </a>
          <a href={href(['foia'], listQuery({ ...state, view: 'calendar' }))} aria-current={state.view === 'calendar' ? 'page' : undefined}>
            Calendar
          </a>
        </nav>
      </div>
      <form class="foia-filters" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <div class="foia-field">
          <label for="foia-filter-status">Status</label>
          <select id="foia-filter-status" value={state.status ?? ''} onChange={(e) => go({ status: isStatus(e.currentTarget.value) ? e.currentTarget.value : null })}>
            <option value="">All statuses</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div class="foia-field foia-check">
          <input id="foia-filter-overdue" type="checkbox" checked={state.overdue} onChange={(e) => go({ overdue: e.currentTarget.checked })} />
          <label for="foia-filter-overdue">Overdue only</label>
        </div>
        {state.view === 'list' && (
          <div class="foia-field">
            <label for="foia-filter-sort">Sort</label>
            <select id="foia-filter-sort" value={state.sort} onChange={(e) => go({ sort: isSort(e.currentTarget.value) ? e.currentTarget.value : 'due_date' })}>
              {SORTS.map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        )}
      </form>
      {state.view === 'list' ? (
        <RequestTable state={state} />
      ) : (
        <RequestCalendar month={state.month} status={state.status} overdue={state.overdue} onMonth={(month) => go({ month })} />
      )}
    </div>
  );
}

/** How many of the latest reminders the list page shows. */
const RECENT_REMINDERS = 5;

/** The latest deadline reminders across the requests, each linking to its request. */
function RecentReminders() {
  const { client } = useConsole();
  const loaded = useAsync((signal) => client.foia.allReminders({ limit: RECENT_REMINDERS }, { signal }), []);
  return (
    <section aria-labelledby="foia-recent-reminders-heading" class="foia-recent-reminders">
      <h2 id="foia-recent-reminders-heading">Recent reminders</h2>
      {loaded.status === 'loading' && <Loading label="Loading the reminders…" />}
      {loaded.status === 'error' && <ErrorNotice message={loaded.message} retry={loaded.reload} />}
      {loaded.status === 'ready' &&
        (loaded.value.data.length === 0 ? (
          <p class="foia-muted">No reminders yet. One is recorded when a due date is near, and again once it has passed.</p>
        ) : (
          <ul class="foia-reminders">
            {loaded.value.data.map((m) => (
              <li key={m.id}>
                <a href={href(['foia', m.request_id])}>{m.subject}</a> <span class="foia-muted">({m.agency_name})</span>: <ReminderText reminder={m} />
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

function RequestTable({ state }: { state: ListState }) {
  const { client } = useConsole();
  const name = useJurisdictionName(client);
  const key = JSON.stringify([state.status, state.overdue, state.sort]);
  const query: FoiaListQuery = { sort: state.sort, limit: PAGE, ...(state.status ? { status: state.status } : {}), ...(state.overdue ? { overdue: true } : {}) };
  const first = useAsync((signal) => client.foia.list(query, { signal }), [key]);

  // Pages added by "Show more", reset with the filters.
  const [more, setMore] = useState<{ rows: Row[]; next: string | null; status: 'idle' | 'loading' | 'error'; message?: string } | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    setMore(null);
    return () => controller.current?.abort();
  }, [key]);

  if (first.status === 'loading') return <Loading label="Loading your requests…" />;
  if (first.status === 'error') return <ErrorNotice message={first.message} retry={first.reload} />;
  const rows = [...first.value.data, ...(more?.rows ?? [])];
  const next = more ? more.next : first.value.next_cursor;
  const total = first.value.total;
  const filtered = state.status !== null || state.overdue;

  const showMore = () => {
    if (!next || more?.status === 'loading') return;
    const c = new AbortController();
    controller.current = c;
    setMore({ rows: more?.rows ?? [], next, status: 'loading' });
    client.foia.list({ ...query, cursor: next }, { signal: c.signal }).then(
      (page) => !c.signal.aborted && setMore((m) => ({ rows: [...(m?.rows ?? []), ...page.data], next: page.next_cursor, status: 'idle' })),
      (err: unknown) => !c.signal.aborted && setMore((m) => ({ rows: m?.rows ?? [], next, status: 'error', message: errorText(err) })),
    );
  };

  return (
    <section aria-labelledby="foia-list-heading">
      <h2 id="foia-list-heading" class="visually-hidden">
        Requests
      </h2>
      <p role="status" class="foia-count">
        {total === 0 ? (filtered ? 'No requests match these filters.' : 'No requests yet.') : `${plural(total, 'request')}${filtered ? ' match these filters' : ''}.`}
      </p>
      {total === 0 && !filtered && (
        <p>
          <a href={href(['foia', 'new'])}>Write your first request</a>: Sunlight works out the legal due date and drafts the letter.
        </p>
      )}
      {rows.length > 0 && (
        <div class="foia-table-wrap">
          <table class="foia-table">
            <caption>Your requests, {SORT_WORDS[state.sort]}</caption>
            <thead>
              <tr>
                <th scope="col">Request</th>
                <th scope="col">Jurisdiction</th>
                <th scope="col">Status</th>
                <th scope="col">Due date</th>
                <th scope="col">Days left</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <th scope="row" class="foia-row-head">
                    <a href={href(['foia', r.id])}>{r.subject}</a>
                    <span class="foia-agency">{r.agency.name}</span>
                  </th>
                  <td>{name(r.jurisdiction)}</td>
                  <td>
                    <StatusLabel status={r.status} />
                  </td>
                  <td>{r.due_date ? <DueDate date={r.due_date} /> : <span class="foia-muted">{r.status === 'draft' ? 'Not yet (draft)' : 'None'}</span>}</td>
                  <td>
                    <DueBadge request={r} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next && (
        <div class="foia-more">
          {more?.status === 'error' && more.message && <ErrorNotice message={more.message} />}
          <button type="button" onClick={showMore} disabled={more?.status === 'loading'}>
            {more?.status === 'loading' ? 'Loading more…' : `Show more (${plural(total - rows.length, 'more request')})`}
          </button>
        </div>
      )}
    </section>
  );
}
