/**
 * A FOIA request's attachments in a real browser over the real API: a file is attached as the
 * agency's letter (streamed into the person's storage), listed with the request (also after a
 * reload), shown among the person's files under foia/, downloaded,
 * and removed after a question.
 */
import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleStack, type ConsoleStack } from './console-stack.js';

const SUB = 'foia-attachments-e2e';
const LETTER = 'Dear requester,\nWe received your request on November 3 and will answer within ten business days.\n';
const FILE = 'agency-reply.txt';

let stack: ConsoleStack;
let context: BrowserContext;
let page: Page;
let token: string;
let requestId = '';
const errors: string[] = [];

beforeAll(async () => {
  stack = await startConsoleStack();
  token = await stack.t.token({ sub: SUB, scope: 'read:foia write:foia read:storage' });
  const res = await stack.t.request('/api/foia/requests', {
    token,
    method: 'POST',
    json: { jurisdiction: 'texas', agency: { name: 'Austin Police Department' }, subject: 'Use-of-force reports', description: 'All use-of-force reports filed in 2024.' },
  });
  if (!res.ok) throw new Error(`create: ${res.status} ${await res.text()}`);
  requestId = ((await res.json()) as { id: string }).id;
  context = await stack.signedIn({ sub: SUB });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
}, 180_000);
afterAll(async () => {
  await context?.close();
  await stack?.close();
});

async function api<T = any>(path: string): Promise<T> {
  const res = await stack.t.request(path, { token });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (res.headers.get('content-type')?.includes('json') ? res.json() : res.text()) as Promise<T>;
}

const section = () => page.getByRole('region', { name: 'Attachments' });
const table = () => page.getByRole('table', { name: 'Files attached to this request, oldest first' });

describe('a FOIA request’s attachments', () => {
  it('starts with none, and asks for a file before attaching', async () => {
    await page.goto(`${stack.t.baseUrl}/#/foia/${requestId}`);
    await page.getByRole('heading', { level: 1, name: 'Use-of-force reports' }).waitFor();
    await section().getByText('No attachments yet.').waitFor();
    await section().getByRole('button', { name: 'Attach file' }).click();
    await section().getByRole('alert').filter({ hasText: 'Choose a file to attach.' }).waitFor();
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('foia-attach-file');
  });

  it('attaches the agency’s letter, and lists it with the request', async () => {
    await section().getByLabel('File', { exact: true }).setInputFiles({ name: FILE, mimeType: 'text/plain', buffer: Buffer.from(LETTER) });
    await section().getByLabel('Kind').selectOption('agency_letter');
    await section().getByLabel('Description (optional)').fill('Acknowledgment of the request');
    await section().getByRole('button', { name: 'Attach file' }).click();
    await section().getByRole('status').filter({ hasText: `Attached ${FILE} (letter from the agency, ${LETTER.length} bytes).` }).waitFor();
    const row = table().getByRole('row').filter({ hasText: FILE });
    await row.waitFor();
    expect(await row.getByRole('cell', { name: 'Letter from the agency' }).count()).toBe(1);
    await row.getByText('Acknowledgment of the request').waitFor();
    // The form is ready for another file.
    expect(await section().getByLabel('Description (optional)').inputValue()).toBe('');

    const read = await api(`/api/foia/requests/${requestId}`);
    expect(read.attachments).toHaveLength(1);
    expect(read.attachments[0]).toMatchObject({ filename: FILE, kind: 'agency_letter', description: 'Acknowledgment of the request', size: LETTER.length, content_type: 'text/plain' });

    // Still there after a reload.
    await page.reload();
    await table().getByRole('row').filter({ hasText: FILE }).waitFor();
    expect(await stack.axe(page)).toEqual([]);
    await section().scrollIntoViewIfNeeded();
    await stack.screenshot(page, 'foia-attachments');
  });

  it('downloads it', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), section().getByRole('button', { name: `Download ${FILE}` }).click()]);
    expect(download.suggestedFilename()).toBe(FILE);
    expect(fs.readFileSync(await download.path(), 'utf8')).toBe(LETTER);
    await section().getByRole('status').filter({ hasText: `Downloaded ${FILE}.` }).waitFor();
  });

  it('is among the person’s files under foia/', async () => {
    const { attachments } = await api(`/api/foia/requests/${requestId}`);
    await page.goto(`${stack.t.baseUrl}/#/files?prefix=foia%2F`);
    await page.getByRole('heading', { level: 2, name: 'Files under “foia/”' }).waitFor();
    await page.getByRole('row').filter({ hasText: attachments[0].object_key }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Use-of-force reports' }).waitFor();
  });

  it('removes it only after asking', async () => {
    await table().getByRole('button', { name: `Remove ${FILE}` }).click();
    const question = section().getByRole('group', { name: `Remove ${FILE}?` });
    await question.waitFor();
    await question.getByRole('button', { name: 'Yes, remove' }).click();
    await section().getByRole('status').filter({ hasText: `Removed ${FILE}.` }).waitFor();
    await section().getByText('No attachments yet.').waitFor();
    expect((await api(`/api/foia/requests/${requestId}/attachments`)).data).toEqual([]);
    expect(errors).toEqual([]);
  });
});
