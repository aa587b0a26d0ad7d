/**
 * The Integrations page in a real browser over the real API, the whole corpus, the stack's own
 * worker (which runs integration runs) and its webhook queue, with a webhook receiver on
 * loopback that refuses the first attempt.
 *
 * The form says what is wrong before sending; an export of Texas (CSV and JSON) with a webhook
 * is started from it and watched to completion; its files download (a real CSV); the delivery
 * log shows the failed attempt and the delivered one, whose signature checks out with the
 * secret the page shows; the run is listed, and the type filter keeps it or leaves it out.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../core/integrations/webhook-signature.js';
import { startConsoleStack, type ConsoleStack } from './console-stack.js';

const SUB = 'integrations-e2e';

let stack: ConsoleStack;
let context: BrowserContext;
let page: Page;
let token: string;
let receiver: http.Server;
let receiverUrl: string;
const received: Array<{ status: number; signature: string | undefined; body: string }> = [];
let failFirst = 1;
const errors: string[] = [];
let runId = '';
let secret = '';

beforeAll(async () => {
  stack = await startConsoleStack({ webhooks: true });
  token = await stack.t.token({ sub: SUB, scope: 'execute:workflows read:storage' });
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const status = failFirst > 0 ? 500 : 200;
      if (failFirst > 0) failFirst--;
      received.push({ status, signature: req.headers['sunlight-signature'] as string | undefined, body });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/sunlight`;
  context = await stack.signedIn({ sub: SUB });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.t.baseUrl });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
}, 180_000);
afterAll(async () => {
  await context?.close();
  await stack?.close();
  await new Promise((r) => receiver?.close(r));
});

/** The API's own answer, to compare the page with. */
async function api<T = any>(path: string): Promise<T> {
  const res = await stack.t.request(path, { token });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

describe('the Integrations page', () => {
  it('opens from the navigation with the form, the webhook secret hidden, and no runs yet', async () => {
    await page.goto(`${stack.t.baseUrl}/#/map`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Integrations', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();
    await page.getByText('No runs yet.').waitFor();
    expect(await page.getByLabel('Law database export').isChecked()).toBe(true);
    expect(await page.getByLabel('CSV').isChecked()).toBe(true);
    expect(await page.getByLabel('JSON').isChecked()).toBe(true);

    // The secret is hidden until asked for, then the API's own; "Copy" puts it on the clipboard.
    const panel = page.getByRole('region', { name: 'Webhook signing' });
    await panel.getByRole('button', { name: 'Show secret' }).waitFor();
    const expected = (await api<{ secret: string }>('/api/integrations/webhook-secret')).secret;
    expect(await panel.textContent()).not.toContain(expected);
    expect(await panel.textContent()).toContain('Sunlight-Signature');
    await panel.getByRole('button', { name: 'Show secret' }).click();
    await panel.getByText(expected).waitFor();
    secret = expected;
    await panel.getByRole('button', { name: 'Copy secret' }).click();
    await panel.getByRole('status').filter({ hasText: 'The secret was copied to the clipboard.' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(expected);
    await panel.getByRole('button', { name: 'Hide secret' }).click();
    expect(await panel.textContent()).not.toContain(expected);
  });

  it('says what is wrong before starting anything', async () => {
    await page.getByLabel('CSV').uncheck();
    await page.getByLabel('JSON').uncheck();
    await page.getByLabel('Webhook URL (optional)').fill('not a web address');
    await page.getByRole('button', { name: 'Start run' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The run cannot be started yet' });
    await alert.waitFor();
    expect(await alert.getByRole('listitem').allTextContents()).toEqual(['Choose at least one format.', 'Give the webhook’s whole address, starting with https:// (or http://).']);
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('integ-format-csv');
    expect(await page.getByLabel('Webhook URL (optional)').getAttribute('aria-invalid')).toBe('true');

    // A FOIA digest asks for its window instead of formats.
    await page.getByLabel('FOIA digest').check();
    expect(await page.getByLabel('CSV').count()).toBe(0);
    expect(await page.getByLabel('Due within (days)').inputValue()).toBe('7');
    await page.getByLabel('Law database export').check();
    expect(await api('/api/integrations/workflows')).toMatchObject({ total: 0 });
  });

  it('starts an export of Texas with a webhook, and watches it complete', async () => {
    await page.getByLabel('CSV').check();
    await page.getByLabel('JSON').check();
    await page.getByText('Only some jurisdictions: all (no filter)').click();
    await page.getByRole('group', { name: 'Export only these jurisdictions' }).getByLabel('Texas', { exact: true }).check();
    await page.getByText('Only some jurisdictions: 1 chosen').waitFor();
    await page.getByLabel('Webhook URL (optional)').fill(receiverUrl);
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    expect(await stack.axe(page)).toEqual([]);
    await page.getByRole('button', { name: 'Start run' }).click();

    await page.getByRole('heading', { level: 1, name: 'Law database export run' }).waitFor();
    runId = page.url().split('#/integrations/')[1] ?? '';
    expect(runId).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByRole('status').filter({ hasText: /^Completed in / }).waitFor({ timeout: 90_000 });
    expect(await page.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);

    const run = await api(`/api/integrations/workflows/${runId}`);
    expect(run).toMatchObject({ type: 'export', status: 'completed', input: { formats: ['csv', 'json'], jurisdictions: ['texas'] }, webhook: { url: receiverUrl } });
    // The input as a definition list, the jurisdictions by name.
    const input = page.getByRole('region', { name: 'Input' });
    expect(await input.locator('dt').allTextContents()).toEqual(['Formats', 'Jurisdictions']);
    expect(await input.locator('dd').allTextContents()).toEqual(['csv, json', 'Texas']);
    // Every file the run stored, to download.
    const result = page.getByRole('region', { name: 'Result' });
    const buttons = await result.getByRole('button', { name: /^Download / }).allTextContents();
    expect(buttons.sort()).toEqual(Object.keys(run.result.links).map((n) => `Download ${n}`).sort());
    expect(buttons).toHaveLength(8);
  });

  it('downloads a file of the result', async () => {
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download jurisdictions.csv' }).click()]);
    expect(csv.suggestedFilename()).toBe('jurisdictions.csv');
    const text = fs.readFileSync(await csv.path(), 'utf8');
    expect(text.split('\r\n')[0]).toBe('slug,name,type,current_version,ingested_at');
    expect(text).toContain('texas,Texas');
    expect(text).not.toContain('washington');
    await page.getByRole('status').filter({ hasText: 'Downloaded jurisdictions.csv.' }).waitFor();
  });

  it('shows the webhook delivery log: the failed attempt, then the delivered one', async () => {
    const log = page.getByRole('region', { name: 'Webhook deliveries' });
    await log.getByRole('status').filter({ hasText: /^Delivered on attempt 2 \(HTTP 200/ }).waitFor({ timeout: 30_000 });
    const table = log.getByRole('table', { name: 'Delivery attempts, oldest first' });
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).locator('th, td').allTextContents()).toEqual(expect.arrayContaining(['1', '500', 'Failed']));
    expect(await rows.nth(1).locator('th, td').allTextContents()).toEqual(expect.arrayContaining(['2', '200', 'Delivered']));
    expect(await log.getByText(receiverUrl).count()).toBe(1);

    // What the receiver got: signed with the secret the page showed.
    expect(received.map((r) => r.status)).toEqual([500, 200]);
    const delivered = received.at(-1)!;
    expect(verifyWebhook(secret, delivered.signature, delivered.body)).toBe(true);
    expect(JSON.parse(delivered.body)).toMatchObject({ id: runId, type: 'export', status: 'completed', result_links: { 'jurisdictions.csv': expect.any(String) } });
    const apiLog = await api(`/api/integrations/workflows/${runId}/deliveries`);
    expect(apiLog.data.map((d: { attempt: number; outcome: string }) => [d.attempt, d.outcome])).toEqual([
      [1, 'failed'],
      [2, 'delivered'],
    ]);

    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'integrations-run');
  });

  it('lists the run, and filters the list by type', async () => {
    await page.getByRole('link', { name: '← Integrations' }).click();
    await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();
    const table = page.getByRole('table', { name: 'Your runs, newest first' });
    await table.waitFor();
    const row = table.getByRole('row').filter({ hasText: runId.slice(0, 8) });
    expect(await row.getByText('Completed').count()).toBe(1);
    expect(await row.getByRole('link', { name: /^Law database export\W+created / }).getAttribute('href')).toBe(`#/integrations/${runId}`);

    // (selectOption does not move the focus: put it there, as a keyboard user would.)
    await page.getByLabel('Filter by type').focus();
    await page.getByLabel('Filter by type').selectOption({ label: 'FOIA digest' });
    await page.getByText('No runs match these filters.').waitFor();
    expect(page.url()).toContain('type=foia-digest');
    await page.getByLabel('Filter by type').selectOption({ label: 'Law database export' });
    await page.getByRole('status').filter({ hasText: '1 run (of type law database export).' }).waitFor();
    expect(page.url()).toContain('type=export');
    await table.getByRole('row').filter({ hasText: runId.slice(0, 8) }).waitFor();
    // The focus stayed on the filter while the list was read again.
    expect(await page.evaluate('document.activeElement?.id')).toBe('integ-filter-type');

    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'integrations');

    // The address keeps the filter: a reload shows the same list.
    await page.reload();
    await page.getByRole('status').filter({ hasText: '1 run (of type law database export).' }).waitFor();
    expect(await page.getByLabel('Filter by type').inputValue()).toBe('export');
  });

  it('runs a FOIA digest without a webhook, and opens it from the list', async () => {
    await page.goto(`${stack.t.baseUrl}/#/integrations`);
    await page.getByLabel('FOIA digest').check();
    await page.getByLabel('Due within (days)').fill('30');
    await page.getByRole('button', { name: 'Start run' }).click();
    await page.getByRole('heading', { level: 1, name: 'FOIA digest run' }).waitFor();
    await page.getByRole('status').filter({ hasText: /^Completed in / }).waitFor({ timeout: 90_000 });
    await page.getByText('None of your requests is overdue or due within 30 days.').waitFor();
    await page.getByRole('region', { name: 'Result' }).getByRole('link', { name: 'Open the FOIA tracker' }).waitFor();
    await page.getByText('No webhook was named for this run').waitFor();

    await page.getByRole('link', { name: '← Integrations' }).click();
    const table = page.getByRole('table', { name: 'Your runs, newest first' });
    await table.waitFor();
    // Newest first.
    const links = await table.getByRole('link').allTextContents();
    expect(links.map((l) => l.split(',')[0])).toEqual(['FOIA digest', 'Law database export']);
    await table.getByRole('link', { name: /^Law database export/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Law database export run' }).waitFor();
    await page.getByRole('button', { name: 'Download jurisdictions.csv' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('pages on with "Show more", the focus on the first run added', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await stack.t.request('/api/integrations/workflows', { method: 'POST', token, json: { type: 'foia-digest', input: { within_days: i } } });
      expect(res.status).toBe(202);
    }
    await page.goto(`${stack.t.baseUrl}/#/integrations`);
    await page.getByRole('status').filter({ hasText: '22 runs.' }).waitFor();
    const rows = page.getByRole('table', { name: 'Your runs, newest first' }).locator('tbody tr');
    expect(await rows.count()).toBe(20);
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => rows.count()).toBe(22);
    expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    expect(await page.evaluate('document.activeElement?.id')).toMatch(/^integ-run-/);
    // The oldest run, the export, is last.
    expect(await rows.last().getByRole('link').textContent()).toMatch(/^Law database export/);
  });

  it('cancels a run that is still going', async () => {
    // A re-ingestion of every jurisdiction with force (an API client's kind of run) lasts long enough.
    const res = await stack.t.request('/api/integrations/workflows', { method: 'POST', token, json: { type: 'reingest', input: { force: true } } });
    const { id } = (await res.json()) as { id: string };
    await page.goto(`${stack.t.baseUrl}/#/integrations/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Re-ingestion run' }).waitFor();
    await page.getByRole('status').filter({ hasText: /^Running: / }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await page.getByRole('status').filter({ hasText: /^Cancelled\.$/ }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);
    // The focus the button had went to its section, not to the top of the page.
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('integ-progress-heading');
    expect(await api(`/api/integrations/workflows/${id}`)).toMatchObject({ status: 'cancelled' });
    expect(errors).toEqual([]);
  }, 60_000);

  it('says so for an address that is not a run', async () => {
    await page.goto(`${stack.t.baseUrl}/#/integrations/not-a-run`);
    await page.getByRole('heading', { level: 1, name: 'Run not found' }).waitFor();
    await page.goto(`${stack.t.baseUrl}/#/integrations/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('alert').filter({ hasText: 'Not found' }).waitFor();
  });
});
