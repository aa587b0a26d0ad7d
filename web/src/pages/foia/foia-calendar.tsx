/**
 * The requests' due dates on a month grid: a table (caption, weekday column headers, one cell
 * per day), each request a link; previous and next month buttons.
 */
import type { FoiaRequest, FoiaStatus } from '../../../../sdk/typescript/src/index.js';
import { useAsync } from '../../components/async.js';
import { ErrorNotice, Loading } from '../../components/status.js';
import { useConsole } from '../../context.js';
import { href } from '../../router.js';
import { dueState, plural, STATUS_LABELS } from './foia-format.js';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const isMonth = (s: string | null): s is string => s !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(s);

const pad = (n: number) => String(n).padStart(2, '0');

/** This month in the reader's own time, `YYYY-MM`. */
export function currentMonth(): string {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
}

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

const monthName = (month: string) => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

/** The month's days as weeks of seven (Sunday first), null outside the month. */
function weeks(month: string): Array<Array<string | null>> {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells: Array<string | null> = [...Array<null>(first).fill(null), ...Array.from({ length: days }, (_, i) => `${month}-${pad(i + 1)}`)];
  while (cells.length % 7 !== 0) cells.push(null);
  const out: Array<Array<string | null>> = [];
  for (let i = 0; i < cells.length; i += 7) out.push(cells.slice(i, i + 7));
  return out;
}

type Due = Pick<FoiaRequest, 'id' | 'subject' | 'status' | 'due_date' | 'days_until_due' | 'overdue' | 'deadline'>;

export function RequestCalendar({ month, status, overdue, onMonth }: { month: string; status: FoiaStatus | null; overdue: boolean; onMonth(month: string): void }) {
  const { client } = useConsole();
  const first = `${month}-01`;
  const last = `${month}-31`;
  // Soonest due first (none last): read until past the month's end, so later requests are never fetched.
  const due = useAsync(
    async (signal) => {
      const found: Due[] = [];
      const query = { sort: 'due_date' as const, limit: 100, ...(status ? { status } : {}), ...(overdue ? { overdue: true } : {}) };
      for await (const r of client.foia.iterate(query, { signal })) {
        if (!r.due_date || r.due_date > last) break;
        if (r.due_date >= first) found.push(r);
      }
      return found;
    },
    [month, status, overdue],
  );
  const byDay = new Map<string, Due[]>();
  if (due.status === 'ready') for (const r of due.value) byDay.set(r.due_date!, [...(byDay.get(r.due_date!) ?? []), r]);
  const now = today();
  const label = monthName(month);

  return (
    <section aria-labelledby="foia-calendar-heading" class="foia-calendar">
      <div class="foia-calendar-bar">
        <button type="button" onClick={() => onMonth(shiftMonth(month, -1))}>
          <span aria-hidden="true">← </span>Previous month<span class="visually-hidden"> ({monthName(shiftMonth(month, -1))})</span>
        </button>
        <h2 id="foia-calendar-heading">{label}</h2>
        <button type="button" onClick={() => onMonth(shiftMonth(month, 1))}>
          Next month<span class="visually-hidden"> ({monthName(shiftMonth(month, 1))})</span>
          <span aria-hidden="true"> →</span>
        </button>
        {month !== currentMonth() && (
          <button type="button" onClick={() => onMonth(currentMonth())}>
            This month
          </button>
        )}
      </div>
      {due.status === 'loading' && <Loading label="Loading due dates…" />}
      {due.status === 'error' && <ErrorNotice message={due.message} retry={due.reload} />}
      {due.status === 'ready' && (
        <>
          <p role="status" class="foia-count">
            {due.value.length === 0 ? `No requests are due in ${label}.` : `${plural(due.value.length, 'request')} due in ${label}.`}
          </p>
          <div class="foia-table-wrap">
            <table class="foia-month">
              <caption>Due dates in {label}</caption>
              <thead>
                <tr>
                  {WEEKDAYS.map((d) => (
                    <th key={d} scope="col" abbr={d}>
                      {d.slice(0, 3)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {weeks(month).map((week, i) => (
                  <tr key={i}>
                    {week.map((day, j) =>
                      day === null ? (
                        <td key={j} class="foia-day foia-day-empty" />
                      ) : (
                        <td key={day} class={`foia-day${day === now ? ' foia-today' : ''}`} aria-current={day === now ? 'date' : undefined}>
                          <span class="foia-day-number">
                            {Number(day.slice(8))}
                            {day === now && <span class="foia-today-word"> today</span>}
                          </span>
                          {byDay.has(day) && (
                            <ul class="foia-day-list">
                              {byDay.get(day)!.map((r) => {
                                const state = dueState(r);
                                return (
                                  <li key={r.id}>
                                    <a href={href(['foia', r.id])} class={state.tone === 'overdue' ? 'foia-cal-overdue' : undefined}>
                                      {r.subject}
                                    </a>
                                    <span class="foia-cal-note">
                                      {STATUS_LABELS[r.status]} · {state.text}
                                    </span>
                                  </li>
                                );
                              })}
                            </ul>
                          )}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
