/**
 * The FOIA tracker in a real browser over the real API and the whole corpus: write requests
 * through the form with the live preview of the legal due date and the letter, save them, find
 * them in the list and on the calendar, change their status (only the allowed transitions are
 * offered), copy and download the letter.
 *
 * Texas's reviewed fact (data/legal-facts/texas.json) is that the law sets no fixed number of
 * days: the officer must produce "promptly" (Tex. Gov't Code § 552.221(a)); its 10 business days
 * (§ 552.221(d)) are the agency's time to certify a delay. So the Texas request has no due date,
 * said in words with the citation, and the due-date arithmetic (holidays skipped, days left,
 * calendar) is checked on a federal request: 20 business days, 5 U.S.C. § 552(a)(6)(A)(i).
 * Its deadline reminders are recorded by the reminder job's own code, run at instants the test
 * chooses around that due date, and shown on the request page and the list.
 */
import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../core/calendar/iso-date.js';
import { FoiaDeadlineReminderJob } from '../../core/foia/reminders/foia-deadline-reminder-job.js';
import { createPgFoiaReminderStore } from '../../core/foia/reminders/foia-reminder-store.js';
import { createLogger } from '../../core/logger/logger.js';
import { startConsoleStack, type ConsoleStack } from './console-stack.js';

const SUB = 'foia-e2e';
const TEXAS = { subject: 'Use-of-force reports', agency: 'Austin Police Department', description: 'All use-of-force reports filed in 2024, with their supervisor reviews.' };
const FEDERAL = { subject: 'Body camera contracts', agency: 'Federal Bureau of Prisons', description: 'Contracts and invoices for body-worn cameras, 2023 to 2025.' };

let stack: ConsoleStack;
let context: BrowserContext;
let page: Page;
let token: string;
const errors: string[] = [];
const ids: { texas?: string; federal?: string } = {};

beforeAll(async () => {
  stack = await startConsoleStack();
  token = await stack.t.token({ sub: SUB, scope: 'read:foia write:foia read:transparency' });
  context = await stack.signedIn({ sub: SUB });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.t.baseUrl });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
}, 180_000);
afterAll(async () => {
  await context?.close();
  await stack?.close();
});

/** The API's own answer, to compare the page with. */
async function api<T = any>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const res = await stack.t.request(path, { token, ...init });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (res.headers.get('content-type')?.includes('json') ? res.json() : res.text()) as Promise<T>;
}

const longDate = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
const letterDate = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

async function fillForm(jurisdiction: string, r: typeof TEXAS) {
  await page.getByLabel('Jurisdiction (required)').selectOption(jurisdiction);
  await page.getByLabel('Agency name (required)').fill(r.agency);
  await page.getByLabel('Subject (required)').fill(r.subject);
  await page.getByLabel('Records sought (required)').fill(r.description);
  await page.getByLabel('Your name').fill('Ada Reporter');
}

const captionOf = (month: string) =>
  `Due dates in ${new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`))}`;
const shiftMonth = (month: string, by: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

const preview = () => page.getByRole('complementary', { name: 'Preview' });
const transitions = () => page.getByRole('group', { name: 'Change the status to:' }).getByRole('button').allTextContents();
const labels: Record<string, string> = { submitted: 'Submitted', withdrawn: 'Withdrawn', acknowledged: 'Acknowledged', processing: 'Processing', fix_required: 'Fix required', payment_required: 'Payment required', fulfilled: 'Fulfilled', partially_fulfilled: 'Partially fulfilled', denied: 'Denied', no_responsive_records: 'No responsive records' };

describe('the FOIA tracker', () => {
  it('starts empty, and the form validates before saving', async () => {
    await page.goto(`${stack.t.baseUrl}/#/foia`);
    await page.getByRole('heading', { level: 1, name: 'FOIA tracker' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'No requests yet.' }).waitFor();
    await page.getByRole('link', { name: 'New request' }).click();
    await page.getByRole('heading', { level: 1, name: 'New request' }).waitFor();
    await page.getByLabel('Jurisdiction (required)').locator('option[value="texas"]').waitFor({ state: 'attached' });
    await expect(preview().getByText('Choose a jurisdiction to see the legal due date').isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Save request' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please fill in: Jurisdiction, Agency name, Subject, Records sought.' }).waitFor();
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('foia-new-jurisdiction');
    expect(await page.getByLabel('Jurisdiction (required)').getAttribute('aria-invalid')).toBe('true');
  });

  it('Texas: the preview gives the law’s standard and citation (no fixed number of days) and the letter, before saving', async () => {
    await fillForm('texas', TEXAS);
    const expected = await api('/api/foia/requests/preview', { method: 'POST', json: { jurisdiction: 'texas', agency: { name: TEXAS.agency }, subject: TEXAS.subject, description: TEXAS.description } });
    expect(expected).toMatchObject({ due_date: null, deadline: { days: null, citation: "Tex. Gov't Code § 552.221(a)" } });
    await preview().locator('.foia-due-big').getByText('No fixed due date: the law sets no number of days.').waitFor();
    await preview().locator('.foia-rule').getByText(expected.deadline.no_fixed_deadline_reason).waitFor();
    expect(expected.deadline.no_fixed_deadline_reason).toMatch(/promptly/);
    await preview().getByText("Tex. Gov't Code § 552.221(a)", { exact: true }).waitFor();
    const letter = preview().getByRole('region', { name: 'Letter preview' });
    await letter.getByText(TEXAS.description).waitFor();
    const text = (await letter.textContent()) ?? '';
    expect(text).toContain('Re: Texas Public Information Act request: Use-of-force reports');
    expect(text).toContain(TEXAS.agency);
    expect(text).toContain('Ada Reporter');
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'foia-new-preview-no-fixed-deadline');

    await page.getByRole('button', { name: 'Save request' }).click();
    await page.getByRole('heading', { level: 1, name: TEXAS.subject }).waitFor();
    ids.texas = page.url().split('#/foia/')[1];
    expect(ids.texas).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('Texas: the request page offers only the allowed transitions, submits with the ETag, and shows the deadline', async () => {
    const draft = await api(`/api/foia/requests/${ids.texas}`);
    expect(draft.status).toBe('draft');
    expect(await transitions()).toEqual(draft.allowed_transitions.map((s: string) => labels[s]));
    expect(await transitions()).toEqual(['Submitted', 'Withdrawn']);
    const deadline = page.getByRole('region', { name: 'Deadline' });
    await deadline.getByText('No due date yet: the clock starts when the request is submitted.').waitFor();

    await page.getByRole('group', { name: 'Change the status to:' }).getByRole('button', { name: 'Submitted' }).click();
    await page.getByRole('status').filter({ hasText: 'Status changed to Submitted.' }).waitFor();
    const submitted = await api(`/api/foia/requests/${ids.texas}`);
    expect(submitted).toMatchObject({ status: 'submitted', version: 2, due_date: null });
    expect(await transitions()).toEqual(submitted.allowed_transitions.map((s: string) => labels[s]));
    await deadline.locator('.foia-due-big').getByText('No fixed due date: the law sets no number of days.').waitFor();
    await deadline.locator('.foia-rule').getByText(submitted.deadline.no_fixed_deadline_reason).waitFor();
    await deadline.getByText("Tex. Gov't Code § 552.221(a)", { exact: true }).waitFor();
    await deadline.getByText('The response clock is running').waitFor();
    await page.getByRole('table', { name: 'Status changes, oldest first' }).getByRole('cell', { name: 'Submitted' }).waitFor();
  });

  it('Texas: copies the letter to the clipboard and downloads it as text and Markdown', async () => {
    const expected = await api<string>(`/api/foia/requests/${ids.texas}/letter`);
    const region = page.getByRole('region', { name: 'Letter text' });
    await region.getByText(TEXAS.description).waitFor();
    await page.getByRole('button', { name: 'Copy letter' }).click();
    await page.getByRole('status').filter({ hasText: 'Letter copied to the clipboard.' }).waitFor();
    const copied = (await page.evaluate('navigator.clipboard.readText()')) as string;
    expect(copied).toBe(expected);
    expect(copied).toContain("Tex. Gov't Code § 552.221(a)");

    const [text] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as text (.txt)' }).click()]);
    expect(text.suggestedFilename()).toBe(`foia-request-${ids.texas}.txt`);
    expect(fs.readFileSync(await text.path(), 'utf8')).toBe(expected);
    const [markdown] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as Markdown (.md)' }).click()]);
    expect(markdown.suggestedFilename()).toBe(`foia-request-${ids.texas}.md`);
    expect(fs.readFileSync(await markdown.path(), 'utf8')).toBe(await api<string>(`/api/foia/requests/${ids.texas}/letter?format=markdown`));
    await page.getByRole('status').filter({ hasText: `Letter downloaded as foia-request-${ids.texas}.md.` }).waitFor();
  });

  it('federal: the preview counts 20 business days from the submission, naming the holidays skipped, and updates as the form changes', async () => {
    await page.goto(`${stack.t.baseUrl}/#/foia/new`);
    await page.getByRole('heading', { level: 1, name: 'New request' }).waitFor();
    await fillForm('federal', FEDERAL);
    await page.getByLabel('Already sent to the agency').check();
    // 16:00 in the browser's zone (UTC here): Friday 2025-11-21 in Washington, D.C., day 0.
    await page.getByLabel('Submission date and time (your time)').fill('2025-11-21T16:00');
    // 20 business days: Nov 24-26 (3), [27 Thanksgiving], 28 (4), Dec 1-5 (9), 8-12 (14), 15-19 (19), 22 (20).
    await preview().locator('.foia-due-big').getByText('Due Monday, December 22, 2025').waitFor();
    await preview().locator('.foia-rule').getByText('The law allows 20 business days for the initial response').waitFor();
    await preview().getByText('5 U.S.C. § 552(a)(6)(A)(i)', { exact: true }).waitFor();
    const holidays = preview().locator('.foia-holidays');
    expect(await holidays.textContent()).toMatch(/^Holidays skipped: .*2025-11-27.*Thanksgiving/);
    const letter = preview().getByRole('region', { name: 'Letter preview' });
    await letter.getByText('By my count, your response is due by December 22, 2025.', { exact: false }).waitFor();
    await stack.screenshot(page, 'foia-new-preview');

    // Not sent yet: the preview counts from now, as the API does, and the letter states no due date.
    await page.getByLabel('Not yet: save it as a draft').check();
    const now = await api('/api/foia/requests/preview', { method: 'POST', json: { jurisdiction: 'federal', agency: { name: FEDERAL.agency }, subject: FEDERAL.subject, description: FEDERAL.description } });
    expect(now).toMatchObject({ submitted_at_assumed: true, deadline: { days: 20, unit: 'business' } });
    await preview().locator('.foia-due-big').getByText(`If you send it now: due ${longDate(now.due_date)}`).waitFor();
    const skipped = now.deadline.explanation.find((l: string) => l.startsWith('Holidays skipped:'));
    if (skipped) expect(await holidays.textContent()).toBe(skipped);
    else expect(await holidays.count()).toBe(0);
    await expect(letter.getByText('By my count').count()).resolves.toBe(0);
    expect(await stack.axe(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save request' }).click();
    await page.getByRole('heading', { level: 1, name: FEDERAL.subject }).waitFor();
    ids.federal = page.url().split('#/foia/')[1];
  });

  it('federal: submitting shows the due date, how it was counted and the days left; axe finds nothing serious', async () => {
    await page.getByRole('group', { name: 'Change the status to:' }).getByRole('button', { name: 'Submitted' }).click();
    await page.getByRole('status').filter({ hasText: 'Status changed to Submitted. Due ' }).waitFor();
    const r = await api(`/api/foia/requests/${ids.federal}`);
    expect(r).toMatchObject({ status: 'submitted', deadline: { days: 20, unit: 'business', citation: '5 U.S.C. § 552(a)(6)(A)(i)', clock: 'running' } });
    const deadline = page.getByRole('region', { name: 'Deadline' });
    await deadline.getByText(`Due ${longDate(r.due_date)}`).waitFor();
    await deadline.getByText(`${r.days_until_due} days left`).first().waitFor();
    for (const line of r.deadline.explanation) await deadline.getByRole('listitem').filter({ hasText: line }).first().waitFor();
    expect(await transitions()).toEqual(r.allowed_transitions.map((s: string) => labels[s]));
    await page.getByRole('region', { name: 'Letter text' }).getByText(`your response is due by ${letterDate(r.due_date)}`, { exact: false }).waitFor();
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'foia-detail');
  });

  it('the list shows both with due dates and days left, filters by status and sorts by due date', async () => {
    await page.getByRole('link', { name: '← All requests' }).click();
    await page.getByRole('heading', { level: 1, name: 'FOIA tracker' }).waitFor();
    await page.getByRole('status').filter({ hasText: '2 requests.' }).waitFor();
    const federal = await api(`/api/foia/requests/${ids.federal}`);
    const table = page.getByRole('table', { name: 'Your requests, by due date, soonest first (requests without one last)' });
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(3);
    const first = await rows.nth(1).getByRole('cell').allTextContents();
    expect(await rows.nth(1).getByRole('rowheader').textContent()).toBe(`${FEDERAL.subject}${FEDERAL.agency}`);
    const short = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${federal.due_date}T00:00:00Z`));
    expect(first).toEqual(['Federal', 'Submitted', short, `${federal.days_until_due} days left`]);
    expect(await rows.nth(2).getByRole('cell').allTextContents()).toEqual(['Texas', 'Submitted', 'None', 'No fixed deadline']);
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'foia-list');

    await page.getByLabel('Status').selectOption('draft');
    await page.getByRole('status').filter({ hasText: 'No requests match these filters.' }).waitFor();
    await page.getByLabel('Status').selectOption('submitted');
    await page.getByRole('status').filter({ hasText: '2 requests match these filters.' }).waitFor();
    await page.getByLabel('Sort').selectOption('-updated_at');
    await page.getByRole('table', { name: 'Your requests, most recently updated first' }).waitFor();
    expect(await page.getByRole('table').getByRole('rowheader').first().textContent()).toContain(FEDERAL.subject);
    await page.getByLabel('Status').selectOption('');
  });

  it('the calendar shows the request on its due date, month by month', async () => {
    const federal = await api(`/api/foia/requests/${ids.federal}`);
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Calendar' }).click();
    const month = federal.due_date.slice(0, 7) as string;
    const caption = captionOf(month);
    const d = new Date();
    const thisMonth = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
    await page.getByRole('table', { name: captionOf(thisMonth) }).waitFor();
    // The due date is 20 business days away: this month or the next.
    for (let m = thisMonth; m < month; ) {
      m = shiftMonth(m, 1);
      await page.getByRole('button', { name: /^Next month/ }).click();
      await page.getByRole('table', { name: captionOf(m) }).waitFor();
    }
    const calendar = page.getByRole('table', { name: caption });
    await calendar.waitFor();
    const cell = calendar.getByRole('cell').filter({ has: page.getByRole('link', { name: FEDERAL.subject }) });
    expect(await cell.count()).toBe(1);
    expect(await cell.locator('.foia-day-number').textContent()).toMatch(new RegExp(`^${Number(federal.due_date.slice(8))}( today)?$`));
    await page.getByRole('status').filter({ hasText: '1 request due in' }).waitFor();
    expect(await cell.locator('.foia-cal-note').textContent()).toBe(`Submitted · ${federal.days_until_due} days left`);
    expect(await calendar.getByRole('columnheader').allTextContents()).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'foia-calendar');

    await page.getByRole('button', { name: /^Next month/ }).click();
    await page.getByRole('table', { name: captionOf(shiftMonth(month, 1)) }).waitFor();
    await page.getByRole('status').filter({ hasText: 'No requests are due in' }).waitFor();
    await page.getByRole('button', { name: /^Previous month/ }).click();
    await page.getByRole('table', { name: caption }).waitFor();
    await calendar.getByRole('link', { name: FEDERAL.subject }).click();
    await page.getByRole('heading', { level: 1, name: FEDERAL.subject }).waitFor();
    expect(errors).toEqual([]);
  });

  it('reminders: the request page says when the next one comes, then both pages show the ones the reminder job recorded', async () => {
    const federal = await api(`/api/foia/requests/${ids.federal}`);
    const due: string = federal.due_date;
    await page.goto(`${stack.t.baseUrl}/#/foia`);
    await page.getByRole('heading', { level: 1, name: 'FOIA tracker' }).waitFor();
    const recent = page.getByRole('region', { name: 'Recent reminders' });
    await recent.getByText('No reminders yet.').waitFor();

    await page.goto(`${stack.t.baseUrl}/#/foia/${ids.federal}`);
    await page.getByRole('heading', { level: 1, name: FEDERAL.subject }).waitFor();
    const reminders = page.getByRole('region', { name: 'Reminders' });
    await reminders.getByText('No reminders yet.').waitFor();
    // Twenty business days away: the due-soon reminder is recorded three days before the due date.
    expect((await api(`/api/foia/requests/${ids.federal}/reminders`)).upcoming).toEqual({ kind: 'due_soon', on: addDays(due, -3), due_date: due });
    await reminders.getByText(`The next reminder will be recorded on ${longDate(addDays(due, -3))}.`).waitFor();

    // The job at noon in Washington two days before the due date, then the day after it.
    const run = (at: string) =>
      new FoiaDeadlineReminderJob({ store: createPgFoiaReminderStore(stack.t.database.db), logger: createLogger({ level: 'silent' }), now: () => new Date(at) }).perform({ withinDays: 3 });
    const soonAt = `${addDays(due, -2)}T17:00:00.000Z`;
    const lateAt = `${addDays(due, 1)}T17:00:00.000Z`;
    expect((await run(soonAt)).recorded).toBe(1);
    expect((await run(lateAt)).recorded).toBe(1);
    const recorded = await api(`/api/foia/requests/${ids.federal}/reminders`);
    expect(recorded).toMatchObject({ total: 2, upcoming: null, data: [{ kind: 'overdue', days_until_due: -1 }, { kind: 'due_soon', days_until_due: 2 }] });

    const shortInstant = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
    const expected = [`Overdue by 1 day — reminder recorded ${shortInstant(lateAt)}`, `Due in 2 days — reminder recorded ${shortInstant(soonAt)}`];
    await page.goto(`${stack.t.baseUrl}/#/foia`);
    await recent.getByRole('listitem').first().waitFor();
    expect(await recent.getByRole('listitem').allTextContents()).toEqual(expected.map((line) => `${FEDERAL.subject} (${FEDERAL.agency}): ${line}`));
    expect(await stack.axe(page)).toEqual([]);

    await recent.getByRole('link', { name: FEDERAL.subject }).first().click();
    await page.getByRole('heading', { level: 1, name: FEDERAL.subject }).waitFor();
    await reminders.getByRole('listitem').first().waitFor();
    expect(await reminders.getByRole('list').getByRole('listitem').allTextContents()).toEqual(expected);
    // The due-soon reminder for this due date is recorded: none is to come.
    expect(await reminders.getByText('The next reminder will be recorded').count()).toBe(0);
    expect(await stack.axe(page)).toEqual([]);
    await reminders.scrollIntoViewIfNeeded();
    await stack.screenshot(page, 'foia-reminders');

    // A request without a due date (Texas sets no fixed number of days) gets none, and the page says why.
    await page.goto(`${stack.t.baseUrl}/#/foia/${ids.texas}`);
    await page.getByRole('heading', { level: 1, name: TEXAS.subject }).waitFor();
    await reminders.getByText('No reminders yet.').waitFor();
    await reminders.getByText('Reminders are recorded while the response clock runs and the request has a due date.').waitFor();
    expect(errors).toEqual([]);
  });

  it('a read-only account sees the request but is offered no changes; a bad address says so', async () => {
    const reader = await stack.signedIn({ sub: SUB, scopes: ['read:transparency', 'read:foia'] });
    const p = await reader.newPage();
    p.on('pageerror', (e) => errors.push(e.message));
    await p.goto(`${stack.t.baseUrl}/#/foia/${ids.texas}`);
    await p.getByRole('heading', { level: 1, name: TEXAS.subject }).waitFor();
    await p.getByText('Your account may read requests but not change them').waitFor();
    expect(await p.getByRole('group', { name: 'Change the status to:' }).count()).toBe(0);
    await p.goto(`${stack.t.baseUrl}/#/foia/not-a-request`);
    await p.getByRole('heading', { level: 1, name: 'Request not found' }).waitFor();
    await reader.close();
    expect(errors).toEqual([]);
  });
});
