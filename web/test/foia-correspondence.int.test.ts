/**
 * A FOIA request's correspondence, sending and appeal in a real browser over the real API, with
 * letters sent to a real SMTP server on loopback (the stack's `mail` option) by the outgoing-letter
 * queue run as the worker runs it: the agency's reply is logged and moves the request; a letter
 * the API refuses to send says why in words; the request letter is sent and seen "sent" (and the
 * server has it); a federal partial release is appealed (the agency's cited exemption matched to
 * 5 U.S.C. § 552(b)(7)(C) in the statute's words, the appeal route, the letter) and the appeal
 * sent; the agency is picked from the directory in the new-request form and its page opened;
 * the notifications the letters left are listed and marked read, with the count in the nav.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleStack, type ConsoleStack } from './console-stack.js';

const SUB = 'foia-correspondence-e2e';
const AGENCY_EMAIL = 'foia@fbi.example.gov';
const REQUESTER = { name: 'Dana Reporter', organization: 'The Daily Example', email: 'dana@example.com' };

let stack: ConsoleStack;
let context: BrowserContext;
let page: Page;
let token: string;
const errors: string[] = [];

beforeAll(async () => {
  stack = await startConsoleStack({ mail: true });
  token = await stack.t.token({ sub: SUB, scope: 'read:foia write:foia read:transparency' });
  context = await stack.signedIn({ sub: SUB });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
}, 240_000);
afterAll(async () => {
  await context?.close();
  await stack?.close();
});

async function api<T = any>(path: string, init: { method?: string; json?: unknown; headers?: Record<string, string>; body?: string } = {}): Promise<T> {
  const res = await stack.t.request(path, { token, ...init });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : res.headers.get('content-type')?.includes('json') ? res.json() : res.text()) as Promise<T>;
}

async function create(body: Record<string, unknown>): Promise<string> {
  const r = await api<{ id: string }>('/api/foia/requests', {
    method: 'POST',
    json: { description: 'All use-of-force reviews completed in 2024, with the reviewers’ findings.', ...body },
  });
  return r.id;
}

const region = (name: string) => page.getByRole('region', { name, exact: true });
const correspondence = () => region('Correspondence');
const thread = () => correspondence().getByRole('list', { name: 'Correspondence, oldest first' });
const status = (r: ReturnType<typeof region>, text: string | RegExp) => r.getByRole('status').filter({ hasText: text });

async function open(id: string, title: string) {
  await page.goto(`${stack.t.baseUrl}/#/foia/${id}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

describe('a request’s correspondence', () => {
  let texas = '';

  it('logs the agency’s reply with its letter attached, and the reply moves the request', async () => {
    texas = await create({
      jurisdiction: 'texas',
      agency: { name: 'Austin Police Department', email: 'records@austin.example.gov' },
      subject: 'Use-of-force reports',
      status: 'submitted',
      submitted_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      requester: REQUESTER,
    });
    await open(texas, 'Use-of-force reports');
    await correspondence().getByText('Nothing yet.').waitFor();
    const request = await api(`/api/foia/requests/${texas}`);
    // Only the statuses the request may move to are offered, after "unchanged".
    const options = await correspondence().getByLabel('Status after it').locator('option').allTextContents();
    expect(options[0]).toBe('Unchanged (Submitted)');
    expect(options).toHaveLength(request.allowed_transitions.length + 1);
    expect(options).toContain('Acknowledged');

    // The agency's letter is attached first, then picked in the log form.
    const attachments = region('Attachments');
    await attachments.getByLabel('File', { exact: true }).setInputFiles({ name: 'acknowledgment.txt', mimeType: 'text/plain', buffer: Buffer.from('We received your request.\n') });
    await attachments.getByRole('button', { name: 'Attach file' }).click();
    await status(attachments, 'Attached acknowledgment.txt').waitFor();

    const form = correspondence().getByRole('form', { name: 'Log a communication' });
    await form.getByLabel('A reply from the agency').check();
    await form.getByLabel('Status after it').selectOption('acknowledged');
    await form.getByLabel('Subject (optional)').fill('Your request PIR-2025-118');
    await form.getByLabel('What it says').fill('We received your request on Monday and assigned it number PIR-2025-118.');
    await form.getByLabel('acknowledgment.txt').check();
    await form.getByRole('button', { name: 'Log it' }).click();
    await status(form, 'Logged: reply from the agency. The request is now Acknowledged.').waitFor();
    await expect.poll(() => page.evaluate('document.activeElement?.classList.contains("foia-message-slot")')).toBe(true);

    const item = thread().getByRole('listitem').filter({ hasText: 'Reply from the agency' });
    await item.getByText('Moved the request to Acknowledged.').waitFor();
    await item.getByText('Attachments: acknowledgment.txt').waitFor();
    // The body is folded until asked for.
    expect(await item.getByText('assigned it number PIR-2025-118').isVisible()).toBe(false);
    await item.getByText('Show the text').click();
    expect(await item.getByText('assigned it number PIR-2025-118').isVisible()).toBe(true);
    // The request as the page shows it now, and as the API has it.
    await page.locator('.foia-detail-meta').getByText('Acknowledged', { exact: true }).waitFor();
    const after = await api(`/api/foia/requests/${texas}`);
    expect(after.status).toBe('acknowledged');
    const { data } = await api(`/api/foia/requests/${texas}/communications`);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ direction: 'incoming', kind: 'reply', channel: 'email', status_to: 'acknowledged', subject: 'Your request PIR-2025-118', attachments: [{ filename: 'acknowledgment.txt' }] });
    expect(await stack.axe(page)).toEqual([]);
    await correspondence().scrollIntoViewIfNeeded();
    await stack.screenshot(page, 'foia-correspondence-reply');
  });

  it('says in words why a letter cannot be sent (no reply address)', async () => {
    const id = await create({ jurisdiction: 'federal', agency: { name: 'Federal Bureau of Prisons', email: 'foia@bop.example.gov' }, subject: 'Unsigned letter' });
    await open(id, 'Unsigned letter');
    await correspondence().getByRole('button', { name: 'Send the request letter…' }).click();
    const confirm = correspondence().getByRole('form', { name: 'Send the request letter to foia@bop.example.gov?' });
    expect(await confirm.getByLabel('To', { exact: true }).inputValue()).toBe('foia@bop.example.gov');
    await confirm.getByRole('button', { name: 'Yes, send' }).click();
    await status(correspondence(), 'Agencies reply to your own e-mail address, and none is known').waitFor();
    expect(stack.smtp!.messages).toHaveLength(0);
  });

  let federal = '';
  it('sends the request letter by e-mail and shows it sent', async () => {
    federal = await create({ jurisdiction: 'federal', agency: { name: 'Federal Bureau of Investigation', email: AGENCY_EMAIL }, subject: 'Use-of-force reviews', requester: REQUESTER });
    await open(federal, 'Use-of-force reviews');
    await correspondence().getByRole('button', { name: 'Send the request letter…' }).click();
    const confirm = correspondence().getByRole('form', { name: `Send the request letter to ${AGENCY_EMAIL}?` });
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('foia-send-request-to');
    await confirm.getByRole('button', { name: 'Yes, send' }).click();
    await status(correspondence(), new RegExp(`^Request letter sent to ${AGENCY_EMAIL.replace(/\./g, '\\.')} on `)).waitFor({ timeout: 30_000 });

    const [mail] = await stack.smtp!.waitFor(1);
    expect(mail!.envelope.to).toEqual([AGENCY_EMAIL]);
    expect(mail!.parsed.text).toContain('Use-of-force reviews');
    expect(mail!.parsed.attachments.map((a) => a.contentType)).toContain('application/pdf');
    const item = thread().getByRole('listitem').filter({ hasText: 'Request letter to the agency' });
    await item.getByText('Sent', { exact: true }).waitFor();
    await item.getByText(`to ${AGENCY_EMAIL}`).waitFor();
    // Sent: the request is submitted, and its clock runs.
    await page.locator('.foia-detail-meta').getByText('Submitted', { exact: true }).waitFor();
    expect((await api(`/api/foia/requests/${federal}`)).status).toBe('submitted');
    expect(await stack.axe(page)).toEqual([]);
    await correspondence().scrollIntoViewIfNeeded();
    await stack.screenshot(page, 'foia-correspondence-sent');
  });

  it('downloads the letter as a PDF', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), region('Letter').getByRole('button', { name: 'Download as PDF (.pdf)' }).click()]);
    expect(download.suggestedFilename()).toBe(`foia-request-${federal}.pdf`);
    const fs = await import('node:fs');
    expect(fs.readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('an appeal of a partial release', () => {
  let id = '';
  it('matches the cited exemption to the statute, gives the appeal route and drafts the letter', async () => {
    id = await create({
      jurisdiction: 'federal',
      agency: { name: 'Federal Bureau of Investigation', email: AGENCY_EMAIL },
      subject: 'Officer misconduct files',
      status: 'submitted',
      submitted_at: '2025-11-03T10:00:00-05:00',
      tracking_numbers: ['FBI-2025-0042'],
      requester: REQUESTER,
    });
    await api(`/api/foia/requests/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ status: 'partially_fulfilled', completed_at: new Date(Date.now() - 86_400_000).toISOString() }),
    });
    await open(id, 'Officer misconduct files');
    const panel = region('Appeal');
    await panel.getByLabel('The agency’s reasons').fill('Names of the officers were withheld: release could be an unwarranted invasion of personal privacy.');
    await panel.getByLabel('Exemptions the agency cited (one per line)').fill('5 U.S.C. 552(b)(7)(C)');
    await panel.getByRole('button', { name: 'Draft the appeal' }).click();
    await panel.getByRole('heading', { level: 3, name: 'What the agency cited, matched to the law' }).waitFor({ timeout: 60_000 });
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('What the agency cited, matched to the law');

    const matches = panel.getByRole('list', { name: 'Matched exemptions' });
    const b7c = matches.getByRole('listitem').filter({ hasText: '“5 U.S.C. 552(b)(7)(C)”' });
    await b7c.getByText('(matched by citation)').waitFor();
    await b7c.getByRole('button', { name: '5 U.S.C. § 552(b)(7)(C): open the statute text' }).waitFor();
    await b7c.getByText('could reasonably be expected to constitute an unwarranted invasion of personal privacy').first().waitFor();
    await b7c.getByText('Segregability').first().waitFor();
    await b7c.getByText('Any reasonably segregable portion of a record shall be provided').first().waitFor();
    // The appeal route: stated, or "not stated" said plainly.
    const route = panel.locator('dl');
    for (const term of ['Address the appeal to', 'Your deadline to appeal', 'The reviewer’s deadline to decide', 'Where the law says so']) await route.getByText(term).waitFor();
    const letter = await panel.getByRole('region', { name: 'Appeal letter text' }).textContent();
    expect(letter).toContain('552(b)(7)(C)');
    expect(letter).toContain('FBI-2025-0042');
    // What the page shows is what the API drafted (the newest draft, stored among the communications).
    const { data } = await api(`/api/foia/requests/${id}/communications`);
    const drafted = data.filter((c: any) => c.kind === 'appeal' && c.delivery === 'draft');
    expect(drafted).toHaveLength(1);
    expect(drafted[0].body.trim()).toBe(letter!.trim());
    await thread().getByRole('listitem').filter({ hasText: 'Appeal to the agency' }).getByText('Drafted, not sent').waitFor();
    expect(await stack.axe(page)).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await stack.screenshot(page, 'foia-appeal-draft');
  });

  it('opens the statute text of the matched exemption beside the page', async () => {
    await region('Appeal').getByRole('button', { name: '5 U.S.C. § 552(b)(7)(C): open the statute text' }).click();
    await page.getByRole('complementary').getByRole('heading', { level: 2 }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('sends the appeal, and the request is appealed', async () => {
    const before = stack.smtp!.messages.length;
    const panel = region('Appeal');
    await panel.getByRole('button', { name: 'Send the appeal…' }).click();
    await panel.getByRole('form', { name: `Send the appeal to ${AGENCY_EMAIL}?` }).getByRole('button', { name: 'Yes, send' }).click();
    const messages = await stack.smtp!.waitFor(before + 1, 30_000);
    expect(messages.at(-1)!.parsed.text).toContain('552(b)(7)(C)');
    await page.locator('.foia-detail-meta').getByText('Appealed', { exact: true }).waitFor({ timeout: 30_000 });
    await thread().getByRole('listitem').filter({ hasText: 'Appeal to the agency' }).getByText('Sent', { exact: true }).waitFor();
    expect((await api(`/api/foia/requests/${id}`)).status).toBe('appealed');
    // Appealed: no appeal panel any more.
    expect(await region('Appeal').count()).toBe(0);
  });
});

describe('the agency directory', () => {
  it('picks the agency from the directory in the new-request form, and opens its page from the request', async () => {
    const { data } = await api(`/api/foia/agencies?jurisdiction=federal&kind=records&limit=10`);
    expect(data.length).toBeGreaterThan(0);
    const agency = data[0];
    await page.goto(`${stack.t.baseUrl}/#/foia/new`);
    await page.getByRole('heading', { level: 1, name: 'New request' }).waitFor();
    await page.getByLabel('Jurisdiction (required)').selectOption('federal');
    await page.getByLabel('Search the agency directory').fill(agency.name);
    const choice = page.getByRole('list', { name: 'Agencies in the directory' }).getByRole('button', { name: `Use ${agency.name}`, exact: true });
    await choice.click();
    await page.getByText(`From the directory: ${agency.name}`).waitFor();
    expect(await page.getByLabel('Agency name (required)').inputValue()).toBe(agency.name);
    expect(await page.getByLabel('Agency email').inputValue()).toBe(agency.email ?? '');
    expect(await page.getByLabel('Agency records portal (web address)').inputValue()).toBe(agency.portal_url ?? '');
    expect(await choice.getAttribute('aria-pressed')).toBe('true');
    // The preview has caught up with the form (while it works it is shown faded).
    await page.locator('.foia-preview-body:not([aria-busy])').waitFor();
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'foia-agency-picker');

    await page.getByLabel('Subject (required)').fill('Directory request');
    await page.getByLabel('Records sought (required)').fill('Every contract for body-worn cameras signed in 2024.');
    await page.getByRole('button', { name: 'Save request' }).click();
    await page.getByRole('heading', { level: 1, name: 'Directory request' }).waitFor();
    const id = /#\/foia\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    expect((await api(`/api/foia/requests/${id}`)).agency).toMatchObject({ name: agency.name, directory_id: agency.id });

    await page.getByRole('link', { name: 'The agency in the directory (contact and statistics)' }).click();
    await page.getByRole('heading', { level: 1, name: agency.name }).waitFor();
    const stats = region('How it answers');
    await stats.getByText('Median time to a first response').waitFor();
    expect(await stats.getByText('not enough requests yet').count()).toBe(4);
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'foia-agency');

    // The shared entry is read only: the user makes a copy with a correction, edits it, and deletes it.
    await page.getByRole('button', { name: 'Make my own copy' }).click();
    await page.getByLabel('Phone').fill('(512) 555-0100');
    await page.getByRole('button', { name: 'Save my copy' }).click();
    await page.getByText('Your own entry').waitFor();
    const copyId = /#\/foia\/agencies\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    expect(copyId).not.toBe(agency.id);
    expect(await api(`/api/foia/agencies/${copyId}`)).toMatchObject({ name: agency.name, based_on: agency.id, source: 'user', phone: '(512) 555-0100', email: agency.email });
    expect((await api(`/api/foia/agencies/${agency.id}`)).phone).toBe(agency.phone);
    await page.getByRole('button', { name: 'Edit your entry' }).click();
    await page.getByLabel('Notes').fill('Ask for the records unit.');
    await page.getByRole('button', { name: 'Save your entry' }).click();
    await page.getByText('Your entry is saved.').waitFor();
    expect((await api(`/api/foia/agencies/${copyId}`)).notes).toBe('Ask for the records unit.');
    expect(await stack.axe(page)).toEqual([]);
    // No request names the copy: it can be deleted.
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete your entry' }).click();
    await page.waitForURL(/#\/foia$/);
    expect((await stack.t.request(`/api/foia/agencies/${copyId}`, { token })).status).toBe(404);
  });
});

describe('notifications', () => {
  it('lists the letters sent, unread first, counts them in the navigation, and marks them read', async () => {
    const { data, total } = await api('/api/foia/notifications');
    expect(total).toBeGreaterThanOrEqual(2);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await page.goto(`${stack.t.baseUrl}/#/notifications`);
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await nav.getByRole('link', { name: `Notifications ${total} unread` }).waitFor();
    const list = page.getByRole('list', { name: 'Notifications, unread first' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(total);
    await list.getByRole('listitem').first().getByText('Letter sent').waitFor();
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'notifications');

    const first = data[0];
    await list.getByRole('button', { name: `Mark read: Letter sent, ${first.subject}` }).first().click();
    await page.getByRole('status').filter({ hasText: `Marked read: Letter sent (${first.subject}).` }).waitFor();
    await nav.getByRole('link', { name: `Notifications ${total - 1} unread` }).waitFor();
    expect((await api(`/api/foia/notifications?unread=true`)).total).toBe(total - 1);

    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('status').filter({ hasText: /^Marked \d+ notifications? read\.$/ }).waitFor();
    await nav.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    expect(await list.getByText('Unread', { exact: true }).count()).toBe(0);
    expect((await api(`/api/foia/notifications?unread=true`)).total).toBe(0);
    expect(errors).toEqual([]);
  });
});
