/**
 * Packets and Files in a real browser over the real API, the whole corpus and the stack's own
 * compile worker (one stack for both: the Files page shows the packet's outputs).
 *
 * Packets: the builder says what is missing before sending; parts are added, reordered and
 * removed; a Texas profile, a comparison of the initial deadline in every jurisdiction and
 * Tex. Gov't Code § 552.301 compile with a progress bar to completion; the PDF downloads
 * (a real PDF) and the packet is listed with the earlier ones.
 *
 * Files: the packet's outputs are listed under packets/; a text file is uploaded under a path
 * of one's choosing, listed, downloaded and deleted (after a question); "Load more" pages on.
 */
import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleStack, type ConsoleStack } from './console-stack.js';

const SUB = 'packets-e2e';
const TITLE = 'Texas deadlines packet';
const STATUTE = "Tex. Gov't Code § 552.301";

let stack: ConsoleStack;
let context: BrowserContext;
let page: Page;
let token: string;
const errors: string[] = [];
let compilationId = '';

beforeAll(async () => {
  stack = await startConsoleStack();
  token = await stack.t.token({ sub: SUB, scope: 'compile:documents read:storage write:storage read:transparency' });
  context = await stack.signedIn({ sub: SUB });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
}, 180_000);
afterAll(async () => {
  await context?.close();
  await stack?.close();
});

/** The API's own answer, to compare the page with. */
async function api<T = any>(path: string, init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {}): Promise<T> {
  const res = await stack.t.request(path, { token, ...init });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  if (res.status === 204) return undefined as T;
  return (res.headers.get('content-type')?.includes('json') ? res.json() : res.text()) as Promise<T>;
}

const part = (n: number, label: string) => page.getByRole('group', { name: `Part ${n}: ${label}` });
const legends = () => page.locator('.packet-part > fieldset > legend').allTextContents();

async function addPart(kind: string) {
  await page.getByLabel('Kind of part to add').selectOption({ label: kind });
  await page.getByRole('button', { name: 'Add part' }).click();
}

describe('the packet builder', () => {
  it('starts empty, and says what is missing before sending anything', async () => {
    await page.goto(`${stack.t.baseUrl}/#/packets`);
    await page.getByRole('heading', { level: 1, name: 'Packets' }).waitFor();
    await page.getByText('No packets yet.').waitFor();
    expect(await page.getByLabel('PDF').isChecked()).toBe(true);
    expect(await page.getByLabel('Markdown').isChecked()).toBe(true);
    expect(await page.getByLabel('HTML').isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Compile packet' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The packet cannot be compiled yet' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Give the packet a title.');
    expect(await alert.textContent()).toContain('Add at least one part.');
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('packet-title');
    expect(await page.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');
  });

  it('adds, reorders and removes parts, and points at a part left incomplete', async () => {
    await page.getByLabel('Title').fill(TITLE);
    await addPart('Jurisdiction profile');
    // The new part's first field takes the focus.
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toMatch(/^packet-part-\d+-jurisdiction$/);
    await part(1, 'Jurisdiction profile').getByLabel('Jurisdiction', { exact: true }).locator('option[value="texas"]').waitFor({ state: 'attached' });
    await part(1, 'Jurisdiction profile').getByLabel('Jurisdiction', { exact: true }).selectOption('texas');

    await addPart('Comparison');
    await addPart('Statute');
    await addPart('Search results');
    expect(await legends()).toEqual(['Part 1: Jurisdiction profile', 'Part 2: Comparison', 'Part 3: Statute', 'Part 4: Search results']);

    // Moved up, the search becomes part 3 and the focus stays on its button.
    await part(4, 'Search results').getByRole('button', { name: 'Move up: part 4' }).click();
    expect(await legends()).toEqual(['Part 1: Jurisdiction profile', 'Part 2: Comparison', 'Part 3: Search results', 'Part 4: Statute']);
    await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("aria-label")')).toBe('Move up: part 3');
    await page.getByRole('status').filter({ hasText: 'Search results moved to part 3 of 4.' }).waitFor({ state: 'attached' });
    await page.keyboard.press('Enter');
    // Enter on the same button moves it once more.
    expect(await legends()).toEqual(['Part 1: Jurisdiction profile', 'Part 2: Search results', 'Part 3: Comparison', 'Part 4: Statute']);

    // Incomplete parts are named, and the first one's field takes the focus.
    await page.getByRole('button', { name: 'Compile packet' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The packet cannot be compiled yet' });
    await alert.waitFor();
    const problems = await alert.getByRole('listitem').allTextContents();
    expect(problems).toEqual(['Part 2 (search results): give a query.', 'Part 3 (comparison): choose at least one field.', 'Part 4 (statute): give a citation.']);
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toMatch(/^packet-part-\d+-query$/);

    await part(2, 'Search results').getByRole('button', { name: 'Remove: part 2' }).click();
    expect(await legends()).toEqual(['Part 1: Jurisdiction profile', 'Part 2: Comparison', 'Part 3: Statute']);
    await page.getByRole('status').filter({ hasText: 'Removed part 2: Search results.' }).waitFor({ state: 'attached' });

    await part(2, 'Comparison').getByLabel('Initial response deadline').check();
    expect(await part(2, 'Comparison').getByLabel('All jurisdictions').isChecked()).toBe(true);
    await part(3, 'Statute').getByLabel('Citation').fill(STATUTE);
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'packets');
  });

  it('compiles the packet with a progress bar until it completes', async () => {
    await page.getByRole('button', { name: 'Compile packet' }).click();
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    compilationId = page.url().split('#/packets/')[1] ?? '';
    expect(compilationId).toMatch(/^[0-9a-f-]{36}$/);
    const bar = page.getByRole('progressbar', { name: 'Parts gathered' });
    await bar.waitFor();
    expect(await bar.getAttribute('max')).toBe('3');
    await page.getByRole('status').filter({ hasText: /^Completed: 3 of 3 parts gathered/ }).waitFor({ timeout: 90_000 });
    expect(await bar.getAttribute('value')).toBe('3');
    expect(await page.getByRole('button', { name: 'Cancel compilation' }).count()).toBe(0);

    const compiled = await api(`/api/documents/compile/${compilationId}`);
    expect(compiled).toMatchObject({ status: 'completed', title: TITLE, formats: ['pdf', 'markdown'], progress: { done: 3, total: 3 } });
    expect(compiled.parts).toEqual([
      { kind: 'jurisdiction_profile', jurisdiction: 'texas' },
      { kind: 'comparison', fields: ['initial_deadline'], jurisdictions: 'all' },
      { kind: 'statute', citation: STATUTE },
    ]);
    const contents = await page.getByRole('region', { name: 'Contents asked for' }).getByRole('listitem').allTextContents();
    expect(contents).toEqual(['Jurisdiction profile: Texas', 'Comparison: Initial response deadline, in all jurisdictions', `Statute: ${STATUTE}`]);
    // Part failures, if any, are listed with their reasons.
    for (const f of compiled.part_failures) await page.getByText(f.reason).waitFor();
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'packets-completed');
  });

  it('downloads the PDF and the Markdown', async () => {
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(pdf.suggestedFilename()).toBe('texas-deadlines-packet.pdf');
    const bytes = fs.readFileSync(await pdf.path());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await page.getByRole('status').filter({ hasText: 'Downloaded texas-deadlines-packet.pdf.' }).waitFor();

    const [md] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Markdown' }).click()]);
    expect(md.suggestedFilename()).toBe('texas-deadlines-packet.md');
    const text = fs.readFileSync(await md.path(), 'utf8');
    expect(text).toContain(TITLE);
    expect(text).toContain('552.301');
  });

  it('lists the packet with the earlier ones, and opens it again', async () => {
    await page.getByRole('link', { name: '← Packets' }).click();
    await page.getByRole('heading', { level: 1, name: 'Packets' }).waitFor();
    // The draft is kept for another packet.
    expect(await page.getByLabel('Title').inputValue()).toBe(TITLE);
    const table = page.getByRole('table', { name: /^Your packets, newest first/ });
    await table.waitFor();
    const row = table.getByRole('row').filter({ hasText: TITLE });
    expect(await row.getByText('Completed').count()).toBe(1);
    await row.getByRole('link', { name: TITLE }).click();
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByRole('button', { name: 'Download PDF' }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('the Files page', () => {
  const NOTE = 'Call the records officer on Monday.\n';

  it('lists the packet’s outputs under packets/', async () => {
    await page.goto(`${stack.t.baseUrl}/#/files`);
    await page.getByRole('heading', { level: 1, name: 'Files' }).waitFor();
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: 'Packets' }).click();
    await page.getByRole('heading', { level: 2, name: 'Files under “packets/”' }).waitFor();
    expect(await page.getByLabel('Path starts with').inputValue()).toBe('packets/');
    const keys = await page.locator('.files-table tbody th').allTextContents();
    expect(keys).toEqual([`packets/${compilationId}/texas-deadlines-packet.md`, `packets/${compilationId}/texas-deadlines-packet.pdf`]);
    const pdfRow = page.getByRole('row').filter({ hasText: 'texas-deadlines-packet.pdf' });
    expect(await pdfRow.getByRole('cell', { name: 'PDF', exact: true }).count()).toBe(1);
  });

  it('uploads a file under a path of one’s choosing, and downloads it', async () => {
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: 'All files' }).click();
    await page.getByRole('heading', { level: 2, name: 'All files' }).waitFor();
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(NOTE) });
    expect(await page.getByLabel('Save as (path)').inputValue()).toBe('notes.txt');
    await page.getByLabel('Save as (path)').fill('research/notes.txt');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('status').filter({ hasText: `Uploaded research/notes.txt (${NOTE.length} bytes).` }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'research/notes.txt' });
    await row.waitFor();
    expect(await row.getByRole('cell', { name: 'Text', exact: true }).count()).toBe(1);
    expect(await api('/api/storage/objects/research%2Fnotes.txt')).toBe(NOTE);
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'files');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download research/notes.txt' }).click()]);
    expect(download.suggestedFilename()).toBe('notes.txt');
    expect(fs.readFileSync(await download.path(), 'utf8')).toBe(NOTE);
  });

  it('deletes a file only after asking', async () => {
    await page.getByRole('button', { name: 'Delete research/notes.txt' }).click();
    const question = page.getByRole('group', { name: 'Delete research/notes.txt?' });
    await question.waitFor();
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Yes, delete');
    // "Keep" leaves it, and the focus returns to Delete.
    await question.getByRole('button', { name: 'Keep' }).click();
    await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("aria-label")')).toBe('Delete research/notes.txt');
    expect((await stack.t.request('/api/storage/objects/research%2Fnotes.txt', { token })).status).toBe(200);

    await page.getByRole('button', { name: 'Delete research/notes.txt' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('status').filter({ hasText: 'Deleted research/notes.txt.' }).waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'research/notes.txt' }).count()).toBe(0);
    expect((await stack.t.request('/api/storage/objects/research%2Fnotes.txt', { token })).status).toBe(404);
  });

  it('pages on with "Load more"', async () => {
    for (let i = 0; i < 53; i++) {
      const key = `bulk/item-${String(i).padStart(2, '0')}.txt`;
      const res = await stack.t.request(`/api/storage/objects/${encodeURIComponent(key)}`, { token, method: 'PUT', body: `item ${i}`, headers: { 'content-type': 'text/plain' } });
      expect(res.status, key).toBeLessThan(300);
    }
    await page.goto(`${stack.t.baseUrl}/#/files?prefix=bulk%2F`);
    await page.getByRole('heading', { level: 2, name: 'Files under “bulk/”' }).waitFor();
    await page.getByText('53 files.').waitFor();
    expect(await page.locator('.files-table tbody tr').count()).toBe(50);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => page.locator('.files-table tbody tr').count()).toBe(53);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
