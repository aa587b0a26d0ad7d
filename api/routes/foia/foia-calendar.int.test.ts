/**
 * The per-user iCalendar feed over HTTP, parsed with a real iCalendar library (ical.js): the
 * due dates of the caller's requests and none of another user's, fetched without a bearer
 * token; rotating or revoking the feed token makes the old URL answer 404.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequest, FOIA_SCOPES, patchRequest } from './testing/foia-api-helpers.js';
import { startClockedFoiaApi, type ClockedFoiaApi } from './testing/foia-test-api.js';

let api: ClockedFoiaApi;
let alice: string;
let bob: string;
const requests: Record<string, { id: string; due_date: string | null }> = {};

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  start: string;
  isDate: boolean;
  end: string;
}

async function issue(token: string): Promise<{ feed_token: string; feed_path: string; created_at: string }> {
  const res = await api.t.request('/api/foia/calendar/feed-token', { method: 'POST', token });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body;
}

/** Fetches the feed as a calendar app would: no Authorization header. */
const fetchFeed = (path: string) => fetch(`${api.t.baseUrl}${path}`);

function parse(ics: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  expect(calendar.name).toBe('vcalendar');
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    expect(v.getFirstPropertyValue('dtstamp')).toBeTruthy();
    return { uid: e.uid, summary: e.summary, description: e.description, start: e.startDate.toString(), isDate: e.startDate.isDate, end: e.endDate.toString() };
  });
}

beforeAll(async () => {
  api = await startClockedFoiaApi(new Date('2026-01-05T15:00:00Z'));
  alice = await api.t.token({ sub: 'calendar-alice', scope: FOIA_SCOPES });
  bob = await api.t.token({ sub: 'calendar-bob', scope: FOIA_SCOPES });
  const submitted = (token: string, jurisdiction: string, at: string, subject: string) =>
    createRequest(api.t, token, { jurisdiction, status: 'submitted', submitted_at: at, subject, agency: { name: `${subject} office` } });
  requests['tx'] = await submitted(alice, 'texas', '2025-12-19T10:00:00-06:00', 'Jail records, 2024; intake logs');
  const denied = await submitted(alice, 'federal', '2025-11-03T10:00:00-05:00', 'Denied records');
  expect((await patchRequest(api.t, alice, denied.id, { status: 'denied', completed_at: '2025-12-05T10:00:00-05:00' })).status).toBe(200);
  requests['denied'] = denied;
  const appealed = await submitted(alice, 'federal', '2025-11-03T10:00:00-05:00', 'Appealed records');
  expect((await patchRequest(api.t, alice, appealed.id, { status: 'denied', completed_at: '2025-12-05T10:00:00-05:00' })).status).toBe(200);
  expect((await patchRequest(api.t, alice, appealed.id, { status: 'appealed', appealed_at: '2025-12-15T10:00:00-05:00' })).status).toBe(200);
  requests['appealed'] = appealed;
  requests['draft'] = await createRequest(api.t, alice, { subject: 'A draft' });
  requests['bob'] = await submitted(bob, 'texas', '2025-12-19T10:00:00-06:00', 'Bob secret records');
}, 60_000);
afterAll(async () => {
  await api?.close();
});

describe('GET /api/foia/calendar.ics', () => {
  it("carries the caller's due dates as all-day events, parsed by ical.js, and nothing of another user's", async () => {
    const { feed_token, feed_path } = await issue(alice);
    expect(feed_token).toMatch(/^scal_[\w-]{43}$/);
    expect(feed_path).toBe(`/api/foia/calendar.ics?feed_token=${feed_token}`);
    const profile = await (await api.t.request('/api/me/profile', { token: alice })).json();
    expect(Date.parse(profile.calendar_feed_token_created_at)).not.toBeNaN();

    const res = await fetchFeed(feed_path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const ics = await res.text();
    // RFC 5545: CRLF line ends, no physical line longer than 75 octets.
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
    expect(ics).not.toContain('Bob secret records');

    const events = parse(ics);
    const byUid = Object.fromEntries(events.map((e) => [e.uid, e]));
    const tx = requests['tx']!;
    expect(tx.due_date).toBe('2026-01-08');
    expect(Object.keys(byUid).sort()).toEqual(
      [`foia-${tx.id}-response-due@sunlight`, `foia-${requests['denied']!.id}-appeal-file-by@sunlight`, `foia-${requests['appealed']!.id}-appeal-decision-due@sunlight`].sort(),
    );
    const due = byUid[`foia-${tx.id}-response-due@sunlight`]!;
    expect(due).toMatchObject({ start: '2026-01-08', end: '2026-01-09', isDate: true, summary: 'Response due: Jail records, 2024; intake logs (Jail records, 2024; intake logs office)' });
    expect(due.description).toBe(
      'The agency’s response is due by January 8, 2026.\n' +
        "The law allows 10 business days (Tex. Gov't Code § 552.221(d)).\n" +
        'Request: “Jail records, 2024; intake logs” to Jail records, 2024; intake logs office.\n' +
        `Open in Sunlight: /api/foia/requests/${tx.id}`,
    );
    const fileBy = byUid[`foia-${requests['denied']!.id}-appeal-file-by@sunlight`]!;
    expect(fileBy).toMatchObject({ start: '2026-03-05', isDate: true, summary: 'Last day to appeal: Denied records (Denied records office)' });
    expect(fileBy.description).toContain('Your last day to file an appeal of the agency’s decision: March 5, 2026, 90 calendar days from December 5, 2025 (5 U.S.C. § 552(a)(6)(A)(ii)). The appeal goes to the head of the agency.');
    const decision = byUid[`foia-${requests['appealed']!.id}-appeal-decision-due@sunlight`]!;
    expect(decision).toMatchObject({ start: '2026-01-14', isDate: true });
    expect(decision.description).toContain('The head of the agency must decide your appeal by January 14, 2026.\nThe law allows 20 business days (5 U.S.C. § 552(a)(6)(A)(ii)).');

    // Stable UIDs: a second fetch describes the same events.
    expect(parse(await (await fetchFeed(feed_path)).text()).map((e) => e.uid).sort()).toEqual(events.map((e) => e.uid).sort());

    const bobs = parse(await (await fetchFeed((await issue(bob)).feed_path)).text());
    expect(bobs.map((e) => e.summary)).toEqual(['Response due: Bob secret records (Bob secret records office)']);
  });

  it('answers 404 for an unknown token and 400 without one, in the error envelope', async () => {
    const unknown = await fetchFeed('/api/foia/calendar.ics?feed_token=scal_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('NOT_FOUND');
    expect((await fetchFeed('/api/foia/calendar.ics?feed_token=garbage')).status).toBe(404);
    const missing = await fetchFeed('/api/foia/calendar.ics');
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.code).toBe('VALIDATION_ERROR');
    expect(unknown.headers.get('ratelimit-limit')).toBeTruthy();
  });

  it('revokes the old token when a new one is issued, and on DELETE', async () => {
    const first = await issue(alice);
    const second = await issue(alice);
    expect(second.feed_token).not.toBe(first.feed_token);
    expect((await fetchFeed(first.feed_path)).status).toBe(404);
    expect((await fetchFeed(second.feed_path)).status).toBe(200);

    const del = await api.t.request('/api/foia/calendar/feed-token', { method: 'DELETE', token: alice });
    expect(del.status).toBe(204);
    expect((await fetchFeed(second.feed_path)).status).toBe(404);
    expect((await (await api.t.request('/api/me/profile', { token: alice })).json()).calendar_feed_token_created_at).toBeNull();
    expect((await api.t.request('/api/foia/calendar/feed-token', { method: 'POST' })).status).toBe(401);
  });
});
