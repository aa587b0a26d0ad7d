/**
 * FOIA request tracking through the SDK against the real API (with the FOIA law fixture of
 * core/foia/testing for deadlines and letters): create, list and iterate, get with its ETag,
 * merge-patch updates with If-Match, refused transitions, stale ETags, the letter, and the
 * deadline reminders (recorded by the reminder job's own code at an instant the test chooses).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../core/calendar/iso-date.js';
import { FoiaDeadlineReminderJob } from '../../../core/foia/reminders/foia-deadline-reminder-job.js';
import { createPgFoiaReminderStore } from '../../../core/foia/reminders/foia-reminder-store.js';
import { seedFoiaLaw } from '../../../core/foia/testing/seed-foia-law.js';
import { createLogger } from '../../../core/logger/logger.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { collect, ConflictError, NotFoundError, PreconditionFailedError, ScopeError, ValidationError, type FoiaCreateRequest, type SunlightClient } from '../src/index.js';
import { pathsOf, sdkFor, type Sent } from './harness.js';

let t: TestApi;
let client: SunlightClient;
let sent: Sent[];

beforeAll(async () => {
  t = await startTestApi();
  await seedFoiaLaw(t.database.db);
  ({ client, sent } = sdkFor(t, { token: await t.token({ sub: 'sdk-journalist', scope: 'read:foia write:foia' }) }));
});
afterAll(async () => {
  await t?.close();
});

const request = (over: Partial<FoiaCreateRequest> = {}): FoiaCreateRequest => ({
  jurisdiction: 'texas',
  agency: { name: 'Austin Police Department', email: 'records@example.gov' },
  subject: 'Use-of-force reports',
  description: 'All use-of-force reports filed in 2024, with their supervisor reviews.',
  tags: ['police'],
  ...over,
});

describe('foia.create and foia.get', () => {
  it('creates a draft with its ETag, and reads it back with the same ETag', async () => {
    const created = await client.foia.create(request({ jurisdiction: 'TX', requester: { name: 'Ada Reporter', organization: 'The Ledger' } }));
    expect(created).toMatchObject({ jurisdiction: 'texas', status: 'draft', allowed_transitions: ['submitted', 'withdrawn'], etag: 'W/"1"', due_date: null });
    expect(created.requester).toMatchObject({ name: 'Ada Reporter', organization: 'The Ledger' });
    const read = await client.foia.get(created.id);
    expect(read).toEqual(created);
    expect(read.history?.map((h) => [h.from, h.to])).toEqual([[null, 'draft']]);
  });

  it('creates a submitted request with its due date computed from the law', async () => {
    const submitted = await client.foia.create(request({ status: 'submitted', submitted_at: '2025-03-03T15:00:00-06:00' }));
    expect(submitted).toMatchObject({ status: 'submitted', submitted_at: expect.any(String), due_date: expect.stringMatching(/^2025-03-\d\d$/) });
    expect(submitted.deadline).toMatchObject({ citation: expect.stringContaining('552') });
  });

  it("throws NotFoundError for an unknown id and for another user's request", async () => {
    await expect(client.foia.get('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(NotFoundError);
    const mine = await client.foia.create(request());
    const other = sdkFor(t, { token: await t.token({ sub: 'someone-else', scope: 'read:foia write:foia' }) }).client;
    await expect(other.foia.get(mine.id)).rejects.toMatchObject({ name: 'NotFoundError', status: 404 });
  });

  it('throws ScopeError when the token may only read', async () => {
    const reader = sdkFor(t, { token: await t.token({ sub: 'sdk-journalist', scope: 'read:foia' }) }).client;
    const err = await reader.foia.create(request()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ScopeError);
    expect(err).toMatchObject({ requiredScope: 'write:foia', providedScopes: ['read:foia'] });
  });
});

describe('foia.update', () => {
  it('sends a merge patch with If-Match and answers the new version with its ETag', async () => {
    const draft = await client.foia.create(request());
    const before = sent.length;
    const submitted = await client.foia.update(draft.id, { status: 'submitted', submitted_at: '2025-03-03T15:00:00-06:00', note: 'Sent by email' }, { ifMatch: draft });
    expect(submitted).toMatchObject({ status: 'submitted', etag: 'W/"2"', due_date: expect.any(String) });
    const patch = sent.slice(before).find((s) => s.method === 'PATCH')!;
    expect(patch.headers).toMatchObject({ 'content-type': 'application/merge-patch+json', 'if-match': 'W/"1"' });
    const edited = await client.foia.update(draft.id, { notes: 'Called the office.', tags: ['police', 'followed-up'] }, { ifMatch: submitted.etag });
    expect(edited).toMatchObject({ notes: 'Called the office.', tags: ['police', 'followed-up'], status: 'submitted', etag: 'W/"3"' });
  });

  it('throws ConflictError with the allowed transitions for a refused transition', async () => {
    const draft = await client.foia.create(request());
    const err = await client.foia.update(draft.id, { status: 'fulfilled' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect(err).toMatchObject({ status: 409, code: 'CONFLICT', allowedTransitions: ['submitted', 'withdrawn'], metadata: { status: 'draft', requested_status: 'fulfilled' } });
    expect((await client.foia.get(draft.id)).status).toBe('draft');
  });

  it('throws PreconditionFailedError for a stale ETag and changes nothing', async () => {
    const draft = await client.foia.create(request());
    await client.foia.update(draft.id, { notes: 'first' }, { ifMatch: draft });
    const err = await client.foia.update(draft.id, { notes: 'second' }, { ifMatch: draft.etag }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PreconditionFailedError);
    expect(err).toMatchObject({ status: 412, code: 'PRECONDITION_FAILED' });
    expect((await client.foia.get(draft.id)).notes).toBe('first');
  });

  it('updateWithRetry re-reads after a 412 and applies the change to the current version', async () => {
    const draft = await client.foia.create(request({ tags: ['police'] }));
    const other = sdkFor(t, { token: await t.token({ sub: 'sdk-journalist', scope: 'read:foia write:foia' }) }).client;
    const seen: string[] = [];
    const result = await client.foia.updateWithRetry(draft.id, async (current) => {
      seen.push(current.etag);
      // Someone else changes the request between our read and our write, the first time only.
      if (seen.length === 1) await other.foia.update(draft.id, { tags: [...current.tags, 'budget'] });
      return { tags: [...current.tags, 'priority'] };
    });
    expect(seen).toEqual(['W/"1"', 'W/"2"']);
    expect(result).toMatchObject({ tags: ['police', 'budget', 'priority'], etag: 'W/"3"' });
  });
});

describe('foia.list and foia.iterate', () => {
  it('lists with filters and iterates every page with a small limit', async () => {
    const lister = sdkFor(t, { token: await t.token({ sub: 'sdk-lister', scope: 'read:foia write:foia' }) });
    for (const [i, jurisdiction] of ['texas', 'federal', 'washington', 'texas', 'ohio'].entries()) {
      await lister.client.foia.create(request({ jurisdiction, subject: `Request ${i}`, tags: i % 2 === 0 ? ['even'] : ['odd'] }));
    }
    const texas = await lister.client.foia.list({ jurisdiction: 'texas' });
    expect(texas.total).toBe(2);
    expect(texas.data.every((r) => r.jurisdiction === 'texas')).toBe(true);
    expect((await lister.client.foia.list({ tag: 'even', overdue: false })).total).toBe(3);
    const before = lister.sent.length;
    const all = await collect(lister.client.foia.iterate({ limit: 2, sort: 'updated_at' }));
    expect(all.map((r) => r.subject)).toEqual(['Request 0', 'Request 1', 'Request 2', 'Request 3', 'Request 4']);
    expect(pathsOf(t, lister.sent.slice(before))).toHaveLength(3);
  });
});

describe('foia.letter', () => {
  it('renders the letter as text and as Markdown', async () => {
    const r = await client.foia.create(request({ jurisdiction: 'federal', agency: { name: 'federal records office' }, subject: 'Surveillance technology contracts', max_fee: 50 }));
    const text = await client.foia.letter(r.id);
    expect(text).toContain('Re: Freedom of Information Act request: Surveillance technology contracts');
    expect(text).toContain('Under the Freedom of Information Act (5 U.S.C. § 552)');
    expect(text).toContain('fees of up to $50.00');
    const markdown = await client.foia.letter(r.id, { format: 'markdown' });
    expect(markdown).not.toBe(text);
    expect(markdown).toContain('Freedom of Information Act');
  });
});

describe('foia.preview', () => {
  it('answers the due date (with its explanation and citation) and the letter create would compute, storing nothing', async () => {
    const previewer = sdkFor(t, { token: await t.token({ sub: 'sdk-previewer', scope: 'read:foia' }) });
    const before = previewer.sent.length;
    const preview = await previewer.client.foia.preview(request({ status: 'submitted', submitted_at: '2025-11-21T16:00:00-06:00', requester: { name: 'Ada Reporter' } }));
    // Day 0 Fri 2025-11-21; Thanksgiving and the Friday after are skipped: due Tue 2025-12-09.
    expect(preview).toMatchObject({
      jurisdiction: 'texas',
      status: 'submitted',
      submitted_at_assumed: false,
      time_zone: 'America/Chicago',
      due_date: '2025-12-09',
      deadline: { days: 10, unit: 'business', citation: "Tex. Gov't Code § 552.221(d)", received_on: '2025-11-21' },
    });
    expect(preview.deadline.explanation.find((l) => l.startsWith('Holidays skipped:'))).toContain('Thanksgiving');
    expect(preview.letter.text).toContain('By my count, your response is due by December 9, 2025.');
    expect(preview.letter.markdown).toContain('**Re:');
    expect(pathsOf(t, previewer.sent.slice(before))).toEqual(['POST /api/foia/requests/preview']);

    const draft = await previewer.client.foia.preview(request());
    expect(draft).toMatchObject({ status: 'draft', submitted_at_assumed: true, due_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((await previewer.client.foia.list()).total).toBe(0);
  });

  it('throws ValidationError with the issues for what create refuses', async () => {
    const err = await client.foia.preview(request({ status: 'submitted', submitted_at: '2999-01-01T00:00:00Z' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(err).toMatchObject({ status: 400, issues: [{ path: 'body.submitted_at', message: 'Must not be in the future' }] });
  });
});

describe('foia.reminders and foia.allReminders', () => {
  it("reads the reminders the reminder job recorded, the next one to come, and refuses another user's request", async () => {
    const owner = sdkFor(t, { token: await t.token({ sub: 'sdk-reminders', scope: 'read:foia write:foia' }) });
    const foia = owner.client.foia;
    // Texas, day 0 Fri 2025-11-21: due Tue 2025-12-09 (the law fixture).
    const soon = await foia.create(request({ status: 'submitted', submitted_at: '2025-11-21T16:00:00-06:00', subject: 'Due soon' }));
    const later = await foia.create(request({ status: 'submitted', subject: 'Submitted today' }));
    expect(await foia.reminders(soon.id)).toEqual({ data: [], total: 0, next_cursor: null, upcoming: null }); // the due date has passed (today is real)
    // Due at least ten business days from now: the job records due_soon three days before.
    expect((await foia.reminders(later.id)).upcoming).toEqual({ kind: 'due_soon', on: addDays(later.due_date!, -3), due_date: later.due_date });

    const job = (at: string) => new FoiaDeadlineReminderJob({ store: createPgFoiaReminderStore(t.database.db), logger: createLogger({ level: 'silent' }), now: () => new Date(at) });
    await job('2025-12-07T18:00:00Z').perform({ withinDays: 3 }); // Sun 12-07 in Chicago: due in 2 days
    await job('2025-12-10T18:00:00Z').perform({ withinDays: 3 }); // Wed 12-10: overdue by 1 day

    const page = await foia.reminders(soon.id, { limit: 1 });
    expect(page).toMatchObject({ total: 2, next_cursor: expect.any(String), upcoming: null });
    expect(page.data).toEqual([{ id: expect.any(Number), request_id: soon.id, kind: 'overdue', due_date: '2025-12-09', days_until_due: -1, created_at: '2025-12-10T18:00:00.000Z' }]);
    const every = await collect(foia.iterateReminders(soon.id, { limit: 1 }));
    expect(every.map((r) => [r.kind, r.days_until_due])).toEqual([['overdue', -1], ['due_soon', 2]]);
    expect((await foia.reminders(soon.id, { kind: 'due_soon' })).data.map((r) => r.created_at)).toEqual(['2025-12-07T18:00:00.000Z']);

    const all = await foia.allReminders({ kind: 'overdue' });
    expect(all.data.map((r) => [r.request_id, r.subject, r.agency_name, r.kind])).toEqual([[soon.id, 'Due soon', 'Austin Police Department', 'overdue']]);
    const before = owner.sent.length;
    expect((await collect(foia.iterateAllReminders({ limit: 1 }))).map((r) => r.kind)).toEqual(['overdue', 'due_soon']);
    expect(pathsOf(t, owner.sent.slice(before))).toEqual(['GET /api/foia/reminders?limit=1', expect.stringMatching(/^GET \/api\/foia\/reminders\?limit=1&cursor=/)]);

    const stranger = sdkFor(t, { token: await t.token({ sub: 'sdk-reminders-stranger', scope: 'read:foia' }) }).client;
    await expect(stranger.foia.reminders(soon.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await stranger.foia.allReminders()).toEqual({ data: [], total: 0, next_cursor: null });
    const err = await foia.allReminders({ kind: 'late' as never }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(err).toMatchObject({ status: 400, issues: [expect.objectContaining({ path: 'query.kind' })] });
  });
});
