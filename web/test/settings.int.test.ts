/**
 * The settings page in a real browser over the real API: the profile form checks itself, saves
 * (PUT) and is read back after a reload; letters are then signed with it; the calendar feed's
 * address is issued and shown once in full (copied to the clipboard, and a calendar app can
 * read it without signing in), made anew (the old address stops working) and revoked. This stack
 * has no mail server: sending a letter says so in words.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleStack, type ConsoleStack } from './console-stack.js';

const SUB = 'settings-e2e';

let stack: ConsoleStack;
let context: BrowserContext;
let page: Page;
let token: string;
const errors: string[] = [];

beforeAll(async () => {
  stack = await startConsoleStack();
  token = await stack.t.token({ sub: SUB, scope: 'read:foia write:foia' });
  context = await stack.signedIn({ sub: SUB });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.t.baseUrl });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
}, 240_000);
afterAll(async () => {
  await context?.close();
  await stack?.close();
});

async function api<T = any>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const res = await stack.t.request(path, { token, ...init });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (res.headers.get('content-type')?.includes('json') ? res.json() : res.text()) as Promise<T>;
}

const profile = () => page.getByRole('form', { name: 'Your profile' });
const feed = () => page.getByRole('region', { name: 'Calendar feed' });

describe('settings', () => {
  it('is reached from beside the account, and the profile form checks itself before saving', async () => {
    await page.goto(`${stack.t.baseUrl}/#/foia`);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await profile().getByLabel('E-mail me my notifications').check();
    await profile().getByRole('button', { name: 'Save profile' }).click();
    await profile().getByRole('alert').filter({ hasText: 'To be told by e-mail, give your e-mail address.' }).waitFor();
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('profile-email');
    expect(await profile().getByLabel('E-mail address', { exact: true }).getAttribute('aria-invalid')).toBe('true');
  });

  it('saves the profile, which is read back after a reload and signs the letters', async () => {
    await profile().getByLabel('Name', { exact: true }).fill('Ada Reporter');
    await profile().getByLabel('Organization').fill('The Daily Example');
    await profile().getByLabel('E-mail address', { exact: true }).fill('ada@example.org');
    await profile().getByLabel('Phone', { exact: true }).fill('+1 512 555 0100');
    await profile().getByLabel('Postal address').fill('1 Main St\nAustin, TX 78701');
    await profile().getByLabel(/Send the follow-ups Sunlight drafts/).check();
    await profile().getByRole('button', { name: 'Save profile' }).click();
    await profile().getByRole('status').filter({ hasText: /^Profile saved/ }).waitFor();
    expect(await api('/api/me/profile')).toMatchObject({
      name: 'Ada Reporter',
      organization: 'The Daily Example',
      email: 'ada@example.org',
      phone: '+1 512 555 0100',
      address: '1 Main St\nAustin, TX 78701',
      follow_up_auto_send: true,
      notify_email: true,
      notify_webhook_url: null,
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await profile().getByLabel('Name', { exact: true }).inputValue()).toBe('Ada Reporter');
    expect(await profile().getByLabel('E-mail me my notifications').isChecked()).toBe(true);

    // A request that names no requester is signed from the profile.
    const r = await api('/api/foia/requests', { method: 'POST', json: { jurisdiction: 'texas', agency: { name: 'City of Austin' }, subject: 'Signed letter', description: 'Council emails, 2024.' } });
    expect(await api(`/api/foia/requests/${r.id}/letter`)).toContain('Ada Reporter');
  });

  it('refuses a private webhook address in words from the API', async () => {
    await profile().getByLabel('Also post them to this webhook (optional)').fill('http://127.0.0.1:9/hook');
    await profile().getByRole('button', { name: 'Save profile' }).click();
    const alert = profile().getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^The profile was not saved\. Webhook: /);
    expect(await alert.textContent()).not.toMatch(/\{|"code"|body\./);
    await profile().getByLabel('Also post them to this webhook (optional)').fill('');
    await profile().getByRole('button', { name: 'Save profile' }).click();
    await profile().getByRole('status').filter({ hasText: /^Profile saved/ }).waitFor();
  });

  let firstUrl = '';
  it('issues the calendar feed address, shows it once in full, and copies it', async () => {
    await feed().getByText('You have no feed address yet.').waitFor();
    await feed().getByRole('button', { name: 'Make my feed address' }).click();
    const field = feed().getByLabel(/Your feed address/);
    await field.waitFor();
    firstUrl = await field.inputValue();
    expect(firstUrl).toMatch(new RegExp(`^${stack.t.baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/api/foia/calendar\\.ics\\?feed_token=.+`));
    await feed().getByRole('button', { name: 'Copy address' }).click();
    await feed().getByRole('status').filter({ hasText: 'Feed address copied to the clipboard.' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(firstUrl);
    // A calendar app reads it without signing in.
    const ics = await fetch(firstUrl);
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await ics.text()).toContain('BEGIN:VCALENDAR');
    expect((await api('/api/me/profile')).calendar_feed_token_created_at).not.toBeNull();
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'settings');
    // Shown once: gone after a reload.
    await page.reload();
    await feed().getByText(/^You have a feed address, made /).waitFor();
    expect(await feed().getByLabel(/Your feed address/).count()).toBe(0);
  });

  it('makes a new address (the old one stops working), then revokes it after asking', async () => {
    await feed().getByRole('button', { name: 'Make a new feed address' }).click();
    await feed().getByRole('status').filter({ hasText: 'A new feed address was made; the old one no longer works.' }).waitFor();
    const second = await feed().getByLabel(/Your feed address/).inputValue();
    expect(second).not.toBe(firstUrl);
    expect((await fetch(firstUrl)).status).toBe(404);
    expect((await fetch(second)).status).toBe(200);

    await feed().getByRole('button', { name: 'Revoke the feed address' }).click();
    await feed().getByRole('group', { name: /Revoke the feed address\?/ }).getByRole('button', { name: 'Yes, revoke' }).click();
    await feed().getByRole('status').filter({ hasText: 'The feed address was revoked' }).waitFor();
    await feed().getByText('You have no feed address yet.').waitFor();
    expect((await fetch(second)).status).toBe(404);
    expect(errors).toEqual([]);
  });
});

describe('sending without a mail server', () => {
  it('says that sending is off, and how to go on', async () => {
    const r = await api('/api/foia/requests', {
      method: 'POST',
      json: { jurisdiction: 'federal', agency: { name: 'Federal Bureau of Prisons', email: 'foia@bop.example.gov' }, subject: 'Sending is off', description: 'Body camera contracts, 2024.' },
    });
    await page.goto(`${stack.t.baseUrl}/#/foia/${r.id}`);
    await page.getByRole('heading', { level: 1, name: 'Sending is off' }).waitFor();
    const correspondence = page.getByRole('region', { name: 'Correspondence' });
    await correspondence.getByRole('button', { name: 'Send the request letter…' }).click();
    await correspondence.getByRole('form', { name: 'Send the request letter to foia@bop.example.gov?' }).getByRole('button', { name: 'Yes, send' }).click();
    await correspondence
      .getByRole('status')
      .filter({ hasText: 'Sending is off on this Sunlight server (no mail server is configured). Send the letter yourself, then log it under “Log a communication”.' })
      .waitFor();
    // Nothing was sent, nothing recorded; the request is still a draft.
    expect((await api(`/api/foia/requests/${r.id}/communications`)).data).toEqual([]);
    expect((await api(`/api/foia/requests/${r.id}`)).status).toBe('draft');
    expect(errors).toEqual([]);
  });
});
