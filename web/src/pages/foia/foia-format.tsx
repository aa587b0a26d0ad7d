/**
 * Words and small pieces shared by the FOIA tracker's views: status names, due dates and the
 * days-left badge (always in words, never colour alone), jurisdiction names.
 */
import { useEffect, useState } from 'preact/hooks';
import type { FoiaReminder, FoiaRequest, FoiaStatus, JurisdictionSummary, SunlightClient } from '../../../../sdk/typescript/src/index.js';

export const STATUS_LABELS: Readonly<Record<FoiaStatus, string>> = {
  draft: 'Draft',
  submitted: 'Submitted',
  acknowledged: 'Acknowledged',
  processing: 'Processing',
  fix_required: 'Fix required',
  payment_required: 'Payment required',
  fulfilled: 'Fulfilled',
  partially_fulfilled: 'Partially fulfilled',
  denied: 'Denied',
  no_responsive_records: 'No responsive records',
  appealed: 'Appealed',
  in_litigation: 'In litigation',
  withdrawn: 'Withdrawn',
};

export const STATUSES = Object.keys(STATUS_LABELS) as FoiaStatus[];

export const isStatus = (s: string | null): s is FoiaStatus => s !== null && s in STATUS_LABELS;

export type RequesterClass = NonNullable<FoiaRequest['requester_class']>;

export const REQUESTER_CLASSES: ReadonlyArray<[RequesterClass, string]> = [
  ['nonresident', 'Nonresident of the state'],
  ['commercial', 'Commercial requester'],
  ['media', 'News media'],
  ['incarcerated', 'Incarcerated person'],
  ['own_records', 'Person asking for records about themselves'],
];

export const requesterClassLabel = (c: RequesterClass | null): string => REQUESTER_CLASSES.find(([k]) => k === c)?.[1] ?? 'None (the standard deadline)';

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `2025-12-09` → "Tuesday, December 9, 2025" (a calendar date, not an instant: read in UTC). */
export function longDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}

/** `2025-12-09` → "Dec 9, 2025". */
export function shortDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}

/** An instant in the reader's own time: "Nov 21, 2025, 4:00 PM". */
export function instantText(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** An instant's date in the reader's own time: "Nov 24, 2026". */
export function instantDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));
}

/** Where the deadline stood when a reminder was recorded, in words: "Due in 2 days", "Due today", "Overdue by 1 day". */
export function reminderState(r: Pick<FoiaReminder, 'kind' | 'days_until_due'>): string {
  const d = r.days_until_due;
  if (r.kind === 'overdue' || d < 0) return `Overdue by ${plural(Math.abs(d), 'day')}`;
  if (d === 0) return 'Due today';
  return `Due in ${plural(d, 'day')}`;
}

/** A reminder in words: "Due in 2 days — reminder recorded Nov 24, 2026" (the state first, never colour alone). */
export function ReminderText({ reminder }: { reminder: Pick<FoiaReminder, 'kind' | 'days_until_due' | 'created_at'> }) {
  return (
    <>
      <strong class={`foia-reminder-${reminder.kind}`}>{reminderState(reminder)}</strong> — reminder recorded{' '}
      <time dateTime={reminder.created_at}>{instantDate(reminder.created_at)}</time>
    </>
  );
}

export function DueDate({ date, long = false }: { date: string; long?: boolean }) {
  return <time dateTime={date}>{long ? longDate(date) : shortDate(date)}</time>;
}

type DueFields = Pick<FoiaRequest, 'status' | 'due_date' | 'days_until_due' | 'overdue' | 'deadline'>;

/** Where the deadline stands, in words: the text of the badge and its tone (the tone only repeats the words). */
export function dueState(r: DueFields): { text: string; tone: 'overdue' | 'soon' | 'ok' | 'none' } {
  const { clock, remaining_days, unit, no_fixed_deadline_reason } = r.deadline;
  if (clock === 'not_started') return { text: 'Not submitted yet', tone: 'none' };
  if (clock === 'paused') {
    const left = remaining_days !== null && unit ? `: ${plural(remaining_days, `${unit} day`)} left when it resumes` : '';
    return { text: `Clock paused${left}`, tone: 'none' };
  }
  if (clock === 'stopped') return { text: `Closed (${STATUS_LABELS[r.status].toLowerCase()})`, tone: 'none' };
  if (!r.due_date || r.days_until_due === null) return { text: no_fixed_deadline_reason ? 'No fixed deadline' : 'Due date not stated', tone: 'none' };
  const d = r.days_until_due;
  if (r.overdue || d < 0) return { text: `Overdue by ${plural(-d, 'day')}`, tone: 'overdue' };
  if (d === 0) return { text: 'Due today', tone: 'soon' };
  return { text: `${plural(d, 'day')} left`, tone: d <= 3 ? 'soon' : 'ok' };
}

export function DueBadge({ request }: { request: DueFields }) {
  const { text, tone } = dueState(request);
  return <span class={`foia-badge foia-badge-${tone}`}>{text}</span>;
}

export function StatusLabel({ status }: { status: FoiaStatus }) {
  return <span class={`foia-status foia-status-${status}`}>{STATUS_LABELS[status]}</span>;
}

/** `district-of-columbia` → "District Of Columbia", until the law database's name is known. */
const fallbackName = (slug: string) => slug.replace(/(^|-)([a-z])/g, (_m, sep: string, c: string) => `${sep ? ' ' : ''}${c.toUpperCase()}`);

let jurisdictionCache: Promise<JurisdictionSummary[]> | null = null;

/** The 52 jurisdictions (federal first, then by name), loaded once per visit. */
export function loadJurisdictions(client: SunlightClient): Promise<JurisdictionSummary[]> {
  jurisdictionCache ??= client.transparency.jurisdictions.list({ limit: 100 }).then(
    (page) => [...page.data].sort((a, b) => Number(b.type === 'federal') - Number(a.type === 'federal') || a.name.localeCompare(b.name)),
    (err: unknown) => {
      jurisdictionCache = null;
      throw err;
    },
  );
  return jurisdictionCache;
}

/** A jurisdiction's name by slug (its slug, capitalised, while the names load or if they cannot). */
export function useJurisdictionName(client: SunlightClient): (slug: string) => string {
  const [names, setNames] = useState<Map<string, string> | null>(null);
  useEffect(() => {
    let live = true;
    loadJurisdictions(client).then(
      (list) => live && setNames(new Map(list.map((j) => [j.slug, j.name]))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client]);
  return (slug) => names?.get(slug) ?? fallbackName(slug);
}
