import { z } from 'zod';
import { ValidationError } from '../errors/app-error.js';
import { decodeCursor, encodeCursor, type ListEnvelope } from '../http/list-envelope.js';
import { deadlineRulesFor, loadDeadlineLaw, type DeadlineLaw } from './deadline-law.js';
import { clockAfter, type FoiaStatus } from './foia-lifecycle.js';
import type { FoiaLawStore } from './foia-law-store.js';
import { applyPatch, findRequestOrThrow, lawForPatch } from './apply-patch.js';
import { FUTURE_TOLERANCE_MS } from './foia-patch-plan.js';
import type { CreateFoiaRequestInput, FoiaEditableFields, FoiaPatchDocument } from './foia-request-fields.js';
import type { FoiaRequestStore } from './foia-request-store.js';
import type { FoiaHistoryEntry, FoiaListQuery, FoiaRequestRecord, FoiaRequestValues } from './foia-request-types.js';
import { jurisdictionTimeZone } from './jurisdiction-time-zones.js';
import { loadLetterLaw } from './letters/letter-law.js';
import { formatLetterMarkdown, formatLetterText } from './letters/format-letter.js';
import { renderRequestLetter, renderRequestLetterPdf, type LetterFormat, type RenderedLetter, type RenderedLetterPdf } from './letters/render-request-letter.js';
import { buildRequestLetter } from './letters/request-letter.js';
import type { DeadlineInfo } from './foia-request-types.js';
import type { LetterSigner } from '../profile/profile-service.js';
import { daysBetween } from '../calendar/iso-date.js';
import { localDate, startDeadline } from './request-deadline.js';
import { checkedDirectoryEntry, fillFromDirectory, patchNamesDirectory, patchWithDirectory, withDirectoryOfficer, type RequestAgencyDirectory } from './agencies/request-agency.js';
import {
  DEFAULT_REMINDER_WITHIN_DAYS,
  upcomingReminder,
  type FoiaReminder,
  type FoiaReminderKind,
  type FoiaReminderQuery,
  type FoiaReminderWithRequest,
  type UpcomingReminder,
} from './reminders/foia-reminders.js';

/** A request as the API shows it: stored fields, where the deadline stands today, and (for one request) its history. */
export interface FoiaRequestView extends FoiaRequestRecord {
  /** Calendar days until the due date in the jurisdiction's zone, while the clock runs; else null. */
  days_until_due: number | null;
  /** The clock runs and the due date has passed. */
  overdue: boolean;
  history?: FoiaHistoryEntry[];
}

/**
 * What creating a request would compute, without storing it: the response deadline (for a
 * draft, as though it were submitted at the time of the preview) and the letter.
 */
export interface FoiaPreview {
  jurisdiction: string;
  requester_class: FoiaEditableFields['requester_class'];
  status: 'draft' | 'submitted';
  /** The jurisdiction's zone, in which receipt and due dates are read. */
  time_zone: string;
  /** The submission instant the deadline was counted from. */
  submitted_at: string;
  /** True for a draft: create stores no due date, so the deadline shown is the one a submission now would get. */
  submitted_at_assumed: boolean;
  due_date: string | null;
  /** Calendar days from today (in the jurisdiction's zone) to the due date; null without one. */
  days_until_due: number | null;
  deadline: DeadlineInfo;
  /** The letter as create would render it (for a draft, without a due date, as the letter route gives it). */
  letter: { text: string; markdown: string };
}

/** Filters and page of the list, as the router passes them: the store's query with an opaque cursor. */
export type FoiaListParams = Omit<FoiaListQuery, 'after' | 'now'> & { cursor?: string };

/** Filter and page of a reminder list, as the router passes them. */
export interface FoiaReminderListParams {
  kind?: FoiaReminderKind;
  limit: number;
  cursor?: string;
}

/** One request's reminders, and when the next `due_soon` one will be recorded (null when none will). */
export interface FoiaRequestReminders extends ListEnvelope<FoiaReminder> {
  upcoming: UpcomingReminder | null;
}

/** The FOIA dashboard's operations, always on behalf of one user. */
export interface FoiaService {
  create(userId: string, input: CreateFoiaRequestInput): Promise<FoiaRequestView>;
  get(userId: string, id: string): Promise<FoiaRequestView>;
  list(userId: string, params: FoiaListParams): Promise<ListEnvelope<FoiaRequestView>>;
  /**
   * Applies a merge patch. With `expectedVersions` (from If-Match) the request must still
   * be at one of them, else PreconditionFailedError; without, the patch applies to the
   * current version (transitions are still checked against the current status).
   */
  patch(userId: string, id: string, doc: FoiaPatchDocument, expectedVersions?: number[]): Promise<FoiaRequestView>;
  letter(userId: string, id: string, format: LetterFormat): Promise<RenderedLetter>;
  /** The request letter as a PDF (`GET …/letter?format=pdf`). */
  letterPdf(userId: string, id: string): Promise<RenderedLetterPdf>;
  /** What `create` would compute for `input` (deadline and letter), storing nothing. */
  preview(input: CreateFoiaRequestInput): Promise<FoiaPreview>;
  /** The reminders the reminder job recorded for one request, newest first, and the next one to come; NotFoundError for someone else's. */
  reminders(userId: string, id: string, params: FoiaReminderListParams): Promise<FoiaRequestReminders>;
  /** The user's reminders across all requests, newest first, each with its request's subject and agency name. */
  allReminders(userId: string, params: FoiaReminderListParams): Promise<ListEnvelope<FoiaReminderWithRequest>>;
}

export interface FoiaServiceDeps {
  requests: FoiaRequestStore;
  law: FoiaLawStore;
  now?: () => Date;
  /** How many days before the due date the reminder job records `due_soon` (config `FOIA_REMINDER_WITHIN_DAYS`; default 3). */
  reminderWithinDays?: number;
  /** Signs letters of requests that name no requester with the user's profile. */
  signer?: LetterSigner;
  /** The agency directory requests may name (`agency.directory_id`); without it, naming an entry is refused. */
  agencies?: RequestAgencyDirectory;
}

const cursorSchema = z.object({ s: z.string(), k: z.string(), id: z.uuid() });
const reminderCursorSchema = z.object({ k: z.string().min(1), id: z.number().int().min(1) });

/** The store's reminder query for `params` (a bad cursor is a ValidationError). */
function reminderQuery(params: FoiaReminderListParams, requestId?: string): FoiaReminderQuery {
  const cursor = decodeCursor(params.cursor, reminderCursorSchema);
  return {
    limit: params.limit,
    ...(requestId ? { requestId } : {}),
    ...(params.kind ? { kind: params.kind } : {}),
    ...(cursor ? { after: { key: cursor.k, id: cursor.id } } : {}),
  };
}

/** A page of the store's rows (which hold one more than `limit` when a next page exists). */
function reminderPage<T>(rows: Array<{ reminder: FoiaReminderWithRequest; sortKey: string }>, total: number, limit: number, present: (r: FoiaReminderWithRequest) => T): ListEnvelope<T> {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const next = rows.length > limit && last ? encodeCursor({ k: last.sortKey, id: last.reminder.id }) : null;
  return { data: page.map((r) => present(r.reminder)), total, next_cursor: next };
}

export function createFoiaService(deps: FoiaServiceDeps): FoiaService {
  const now = deps.now ?? (() => new Date());
  const withinDays = deps.reminderWithinDays ?? DEFAULT_REMINDER_WITHIN_DAYS;

  const view = (record: FoiaRequestRecord, at: Date | TodayIn, history?: FoiaHistoryEntry[]): FoiaRequestView => {
    const today = at instanceof Date ? todayIn(at) : at;
    const days = record.clock === 'running' && record.due_date ? daysBetween(today(record.time_zone), record.due_date) : null;
    return { ...record, days_until_due: days, overdue: days !== null && days < 0, ...(history ? { history } : {}) };
  };

  const findOrThrow = findRequestOrThrow;

  /** What a letter is rendered from: the request signed by its requester (else the profile), the law, today. */
  const letterInputs = async (userId: string, id: string) => {
    const at = now();
    const record = await deps.requests.asUser(userId, (tx) => findOrThrow(tx, id));
    const law = await withDirectoryOfficer(await loadLetterLaw(deps.law, record.jurisdiction, record.requester_class), deps.agencies, userId, record.agency);
    const requester = record.requester ?? (await deps.signer?.requesterOf(userId)) ?? null;
    return { request: { ...record, requester }, law, today: at };
  };

  return {
    async create(userId, input) {
      const at = now();
      const { status, submitted_at, note, requester_class = null, requester = null, ...rest } = input;
      const fields = { ...rest, requester_class, requester };
      if (fields.agency.directory_id) {
        fields.agency = fillFromDirectory(fields.agency, await checkedDirectoryEntry(deps.agencies, userId, fields.agency.directory_id, fields.jurisdiction));
      }
      const submittedAt = status === 'submitted' ? checkedSubmittedAt(submitted_at, at) : null;
      const law = submittedAt ? await loadDeadlineLaw(deps.law, fields.jurisdiction) : null;
      const values = initialValues(fields, status, submittedAt, law, at);
      return deps.requests.asUser(userId, async (tx) => {
        const record = await tx.insert({ ...values, created_at: at.toISOString() });
        const entry: FoiaHistoryEntry = { from: null, to: status, at: submittedAt ?? at.toISOString(), note };
        await tx.addHistory(record.id, entry);
        return view(record, at, [entry]);
      });
    },

    async get(userId, id) {
      const at = now();
      return deps.requests.asUser(userId, async (tx) => view(await findOrThrow(tx, id), at, await tx.history(id)));
    },

    async list(userId, params) {
      const at = now();
      const cursor = decodeCursor(params.cursor, cursorSchema);
      if (cursor && cursor.s !== params.sort) {
        throw new ValidationError('Invalid cursor', [{ path: 'cursor', message: 'The cursor belongs to another sort order' }]);
      }
      const { cursor: _c, ...filters } = params;
      const query: FoiaListQuery = { ...filters, now: at, ...(cursor ? { after: { key: cursor.k, id: cursor.id } } : {}) };
      const { rows, total } = await deps.requests.asUser(userId, (tx) => tx.list(query));
      const page = rows.slice(0, params.limit);
      const last = page[page.length - 1];
      const next = rows.length > params.limit && last ? encodeCursor({ s: params.sort, k: last.sortKey, id: last.record.id }) : null;
      const today = todayIn(at); // one time-zone conversion per zone, not per row
      return { data: page.map((r) => view(r.record, today)), total, next_cursor: next };
    },

    async patch(userId, id, doc, expectedVersions) {
      // Law data is read before the transaction (see apply-patch.ts).
      let law: DeadlineLaw | null = null;
      if (doc.status !== undefined) law = await lawForPatch(deps.law, await deps.requests.asUser(userId, (tx) => findOrThrow(tx, id)), doc);
      // So is the directory entry the patched request names (checked, and filling empty contact details).
      const checked = patchNamesDirectory(doc) ? await patchWithDirectory(deps.agencies, userId, await deps.requests.asUser(userId, (tx) => findOrThrow(tx, id)), doc) : doc;
      const at = now();
      return deps.requests.asUser(userId, async (tx) => {
        const { record } = await applyPatch(tx, id, checked, { at, law, expectedVersions });
        return view(record, at, await tx.history(id));
      });
    },

    async letter(userId, id, format) {
      return renderRequestLetter({ ...(await letterInputs(userId, id)), format });
    },

    async letterPdf(userId, id) {
      return renderRequestLetterPdf(await letterInputs(userId, id));
    },

    async preview(input) {
      const at = now();
      const { status, submitted_at, note: _note, requester_class = null, requester = null, ...rest } = input;
      const fields: FoiaEditableFields = { ...rest, requester_class, requester };
      // Validated as create validates it (a future submission date is refused), then counted as a submission.
      const submittedAt = status === 'submitted' ? checkedSubmittedAt(submitted_at, at) : at.toISOString();
      const [law, letterLaw] = await Promise.all([
        loadDeadlineLaw(deps.law, fields.jurisdiction),
        loadLetterLaw(deps.law, fields.jurisdiction, requester_class),
      ]);
      const timeZone = jurisdictionTimeZone(fields.jurisdiction);
      const rules = deadlineRulesFor(law, requester_class);
      const { due_date, deadline } = startDeadline({ jurisdiction: fields.jurisdiction, timeZone, submittedAt, rules, calendar: law.calendar });
      const today = localDate(at, timeZone);
      // The letter of the request as create would store it: a draft has no due date yet.
      const letterRequest = { ...fields, due_date: status === 'submitted' ? due_date : null };
      const blocks = buildRequestLetter(letterRequest, letterLaw, today);
      return {
        jurisdiction: fields.jurisdiction,
        requester_class,
        status,
        time_zone: timeZone,
        submitted_at: submittedAt,
        submitted_at_assumed: status !== 'submitted',
        due_date,
        days_until_due: due_date ? daysBetween(today, due_date) : null,
        deadline,
        letter: { text: formatLetterText(blocks), markdown: formatLetterMarkdown(blocks) },
      };
    },

    async reminders(userId, id, params) {
      const at = now();
      const query = reminderQuery(params, id);
      return deps.requests.asUser(userId, async (tx) => {
        // Someone else's request is invisible under row-level security, and so are its reminders: 404.
        const record = await findOrThrow(tx, id);
        const { rows, total } = await tx.reminders(query);
        const upcoming = upcomingReminder({
          clock: record.clock,
          due_date: record.due_date,
          today: localDate(at, record.time_zone),
          withinDays,
          dueSoonRecorded: record.clock === 'running' && record.due_date !== null ? await tx.hasReminder(id, 'due_soon', record.due_date) : false,
        });
        const page = reminderPage(rows, total, params.limit, ({ subject: _s, agency_name: _a, ...reminder }): FoiaReminder => reminder);
        return { ...page, upcoming };
      });
    },

    async allReminders(userId, params) {
      const query = reminderQuery(params);
      const { rows, total } = await deps.requests.asUser(userId, (tx) => tx.reminders(query));
      return reminderPage(rows, total, params.limit, (r) => r);
    },
  };
}

/** "Today" in a time zone, at one instant. */
type TodayIn = (timeZone: string) => string;

/** Today's date per zone at `at`, each zone converted once (Intl formatters are slow to build). */
function todayIn(at: Date): TodayIn {
  const cache = new Map<string, string>();
  return (timeZone) => {
    let date = cache.get(timeZone);
    if (date === undefined) cache.set(timeZone, (date = localDate(at, timeZone)));
    return date;
  };
}

function checkedSubmittedAt(submittedAt: string | undefined, at: Date): string {
  if (submittedAt === undefined) return at.toISOString();
  if (Date.parse(submittedAt) > at.getTime() + FUTURE_TOLERANCE_MS) {
    throw new ValidationError('Invalid transition date', [{ path: 'body.submitted_at', message: 'Must not be in the future' }]);
  }
  return new Date(submittedAt).toISOString();
}

function initialValues(
  fields: FoiaEditableFields,
  status: FoiaStatus,
  submittedAt: string | null,
  law: DeadlineLaw | null,
  at: Date,
): FoiaRequestValues {
  const timeZone = jurisdictionTimeZone(fields.jurisdiction);
  const deadline =
    submittedAt && law
      ? startDeadline({ jurisdiction: fields.jurisdiction, timeZone, submittedAt, rules: deadlineRulesFor(law, fields.requester_class), calendar: law.calendar })
      : { due_date: null, deadline: null };
  return {
    ...fields,
    time_zone: timeZone,
    status,
    submitted_at: submittedAt,
    acknowledged_at: null,
    completed_at: null,
    appealed_at: null,
    clock: clockAfter(status, 'not_started'),
    clock_paused_on: null,
    ...deadline,
    appeal_due_date: null,
    appeal_deadline: null,
    updated_at: at.toISOString(),
  };
}
