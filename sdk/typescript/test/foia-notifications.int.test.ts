/**
 * How reminders reach the user, through the SDK against the real API: notifications recorded by
 * the reminder store's own code (listed unread first, filtered, paged, marked read), the iCalendar
 * feed fetched with its feed token and no bearer token (parsed with ical.js), the token rotated
 * and revoked, and the profile that signs letters. Another user sees none of it.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgFoiaReminderStore } from '../../../core/foia/reminders/foia-reminder-store.js';
import { seedFoiaLaw } from '../../../core/foia/testing/seed-foia-law.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';
import { collect, NotFoundError, ValidationError, type FoiaCreateRequest, type FoiaRequestWithEtag, type SunlightClient } from '../src/index.js';
import { sdkFor, type Sent } from './harness.js';

const SCOPES = 'read:foia write:foia';

let t: TestApi;
let client: SunlightClient;
let sent: Sent[];
let stranger: SunlightClient;
let texas: FoiaRequestWithEtag;

const request = (over: Partial<FoiaCreateRequest> = {}): FoiaCreateRequest => ({
  jurisdiction: 'texas',
  agency: { name: 'Austin Police Department', email: 'records@example.gov' },
  subject: 'Use-of-force reports',
  description: 'All use-of-force reports filed in 2024, with their supervisor reviews.',
  ...over,
});

beforeAll(async () => {
  t = await startTestApi();
  await seedFoiaLaw(t.database.db);
  ({ client, sent } = sdkFor(t, { token: await t.token({ sub: 'sdk-notified', scope: SCOPES }) }));
  stranger = sdkFor(t, { token: await t.token({ sub: 'sdk-notified-stranger', scope: SCOPES }) }).client;
  // Day 0 Fri 2025-11-21: due Tue 2025-12-09 (Thanksgiving and the day after skipped).
  texas = await client.foia.create(request({ status: 'submitted', submitted_at: '2025-11-21T16:00:00-06:00', subject: 'Jail intake logs' }));
  await stranger.foia.create(request({ status: 'submitted', submitted_at: '2025-11-21T16:00:00-06:00', subject: 'Stranger secret records' }));
  const reminders = createPgFoiaReminderStore(t.database.db);
  await reminders.recordDueReminders({ withinDays: 3, now: new Date('2025-12-07T18:00:00Z') }); // due_soon
  await reminders.recordDueReminders({ withinDays: 3, now: new Date('2025-12-10T18:00:00Z') }); // overdue
});
afterAll(async () => {
  await t?.close();
});

describe('foia.notifications', () => {
  it("lists the caller's notifications unread first, filters and pages them, and marks them read", async () => {
    expect(texas.due_date).toBe('2025-12-09');
    const page = await client.foia.notifications.list();
    expect(page.total).toBe(2);
    expect(page.data.map((n) => [n.kind, n.due_date, n.subject])).toEqual([
      ['overdue', '2025-12-09', 'Jail intake logs'],
      ['due_soon', '2025-12-09', 'Jail intake logs'],
    ]);
    const [overdue, dueSoon] = page.data;

    const read = await client.foia.notifications.markRead(dueSoon!.id);
    expect(read).toMatchObject({ id: dueSoon!.id, read_at: expect.any(String) });
    expect((await client.foia.notifications.markRead(dueSoon!.id)).read_at).toBe(read.read_at);
    expect((await client.foia.notifications.list({ unread: true })).data.map((n) => n.id)).toEqual([overdue!.id]);
    expect((await client.foia.notifications.list({ unread: false, kind: 'due_soon' })).data.map((n) => n.id)).toEqual([dueSoon!.id]);
    expect(sent.at(-1)!.url).toContain('unread=false&kind=due_soon');

    expect((await collect(client.foia.notifications.listAll({ limit: 1 }))).map((n) => n.id)).toEqual([overdue!.id, dueSoon!.id]);
    await expect(stranger.foia.notifications.markRead(overdue!.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await stranger.foia.notifications.list()).data.map((n) => n.subject)).toEqual(['Stranger secret records', 'Stranger secret records']);

    expect(await client.foia.notifications.markAllRead()).toEqual({ marked: 1 });
    expect((await client.foia.notifications.list({ unread: true })).total).toBe(0);
  });
});

describe('foia.calendar', () => {
  it('issues a feed token, and the feed (fetched without a bearer token) carries the due dates as iCalendar events', async () => {
    const issued = await client.foia.calendar.rotateFeedToken();
    expect(issued.feed_path).toBe(`/api/foia/calendar.ics?feed_token=${issued.feed_token}`);
    expect(client.foia.calendar.feedUrl(issued)).toBe(`${t.baseUrl}${issued.feed_path}`);
    expect((await client.me.profile.get()).calendar_feed_token_created_at).toEqual(expect.any(String));

    const ics = await client.foia.calendar.feed(issued.feed_token);
    const feedRequest = sent.at(-1)!;
    expect(feedRequest.url).toBe(client.foia.calendar.feedUrl(issued.feed_token));
    expect(feedRequest.headers['authorization']).toBeUndefined();
    expect(ics).not.toContain('Stranger secret records');
    const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.uid, e.startDate.toString(), e.startDate.isDate])).toEqual([[`foia-${texas.id}-response-due@sunlight`, '2025-12-09', true]]);
    expect(events[0]!.summary).toBe('Response due: Jail intake logs (Austin Police Department)');
  });

  it('revokes the old token when a new one is issued, and on revokeFeedToken', async () => {
    const first = await client.foia.calendar.rotateFeedToken();
    const second = await client.foia.calendar.rotateFeedToken();
    await expect(client.foia.calendar.feed(first.feed_token)).rejects.toBeInstanceOf(NotFoundError);
    expect(await client.foia.calendar.feed(second.feed_token)).toContain('BEGIN:VCALENDAR');
    await client.foia.calendar.revokeFeedToken();
    await expect(client.foia.calendar.feed(second.feed_token)).rejects.toBeInstanceOf(NotFoundError);
    expect((await client.me.profile.get()).calendar_feed_token_created_at).toBeNull();
  });
});

describe('me.profile', () => {
  it('is empty until written, replaced whole by update, and signs the letters of requests that name no requester', async () => {
    const empty = await stranger.me.profile.get();
    expect(empty).toMatchObject({ name: null, email: null, follow_up_auto_send: false, notify_email: false, updated_at: null });

    const written = await client.me.profile.update({ name: 'Dana Reporter', organization: 'The Daily Example', email: 'dana@example.org', address: '1 Main St\nAustin, TX 78701', notify_email: true });
    expect(written).toMatchObject({ name: 'Dana Reporter', email: 'dana@example.org', phone: null, notify_email: true, notify_webhook_secret: null, updated_at: expect.any(String) });
    expect(await client.me.profile.get()).toEqual(written);
    expect(await client.foia.letter(texas.id)).toContain('Dana Reporter');

    // Fields left out are cleared.
    const replaced = await client.me.profile.update({ name: 'Dana Reporter' });
    expect(replaced).toMatchObject({ name: 'Dana Reporter', email: null, organization: null, notify_email: false });
    await expect(client.me.profile.update({ notify_email: true })).rejects.toBeInstanceOf(ValidationError);
    expect((await stranger.me.profile.get()).name).toBeNull();
  });
});
