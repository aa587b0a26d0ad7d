/**
 * The table browser (`#/database`) in a real browser over the real API and the whole ingested
 * corpus: pick a table, read its columns' descriptions, sort by a column header, filter, page
 * on, and export the filtered rows as CSV (compared with the API's own count).
 */
import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleStack, type ConsoleStack } from './console-stack.js';

let stack: ConsoleStack;
let context: BrowserContext;
let page: Page;
let token: string;
const errors: string[] = [];

beforeAll(async () => {
  stack = await startConsoleStack();
  token = await stack.t.token({ sub: 'database-e2e', scope: 'read:database' });
  context = await stack.signedIn({ sub: 'database-e2e' });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
}, 240_000);
afterAll(async () => {
  await context?.close();
  await stack?.close();
});

async function api<T = any>(path: string): Promise<T> {
  const res = await stack.t.request(path, { token });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json() as Promise<T>;
}

const firstColumn = () => page.locator('.database-rows tbody tr td:first-child').allTextContents();

describe('the table browser', () => {
  it('shows a table’s columns with descriptions and its rows, sorted by a header', async () => {
    await page.goto(`${stack.t.baseUrl}/#/database?table=jurisdictions`);
    await page.getByRole('heading', { level: 2, name: /^Rows of jurisdictions \(52\)$/ }).waitFor();
    expect(await page.getByLabel('Table').inputValue()).toBe('jurisdictions');
    await page.locator('.database-columns summary').click();
    const lawName = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'law_name' }) });
    expect(await lawName.getByRole('cell', { name: 'Name of the public-records law' }).count()).toBe(1);
    expect(await page.locator('.database-rows tbody tr').count()).toBe(25);

    await page.getByRole('button', { name: 'Sort by name', exact: true }).click();
    await page.locator('th[aria-sort="ascending"]').waitFor();
    const sorted = await api<{ data: Array<{ slug: string }> }>('/api/database/tables/jurisdictions/rows?sort=name&limit=25');
    await expect.poll(firstColumn).toEqual(sorted.data.map((r) => r.slug));
    await page.getByRole('button', { name: 'Sort by name, descending' }).click();
    await page.locator('th[aria-sort="descending"]').waitFor();
    const reversed = await api<{ data: Array<{ slug: string }> }>('/api/database/tables/jurisdictions/rows?sort=-name&limit=25');
    await expect.poll(firstColumn).toEqual(reversed.data.map((r) => r.slug));
  });

  it('filters, pages on and back', async () => {
    await page.getByLabel('Column').selectOption('type');
    await page.getByLabel('Condition').selectOption('eq');
    await page.getByLabel('Value').fill('state');
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('heading', { level: 2, name: 'Rows of jurisdictions (50 matching)' }).waitFor();
    const all = await api<{ data: Array<{ slug: string }> }>('/api/database/tables/jurisdictions/rows?type=state&sort=-name&limit=50');
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 2').waitFor();
    await expect.poll(firstColumn).toEqual(all.data.slice(25).map((r) => r.slug));
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(firstColumn).toEqual(all.data.slice(0, 25).map((r) => r.slug));
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'database');
  });

  it('exports the filtered rows as CSV', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('jurisdictions.csv');
    const lines = fs.readFileSync(await download.path(), 'utf8').trimEnd().split('\r\n');
    expect(lines[0]!.startsWith('slug,name,type,')).toBe(true);
    expect(lines).toHaveLength(51);
    expect(lines.slice(1).every((l) => l.includes(',state,'))).toBe(true);
    await page.getByRole('status').filter({ hasText: 'Exported jurisdictions.csv.' }).waitFor();
  });

  it('switches tables and removes filters', async () => {
    await page.getByRole('button', { name: 'Remove filter type equals state' }).click();
    await page.getByRole('heading', { level: 2, name: /^Rows of jurisdictions \(52\)$/ }).waitFor();
    await page.getByLabel('Table').selectOption('legal_facts');
    await page.getByRole('heading', { level: 2, name: /^Rows of legal_facts \(/ }).waitFor();
    const { data } = await api<{ data: Array<{ name: string; row_count: number }> }>('/api/database/tables');
    const facts = data.find((t) => t.name === 'legal_facts')!;
    expect(await page.getByRole('heading', { level: 2, name: `Rows of legal_facts (${facts.row_count.toLocaleString('en-US')})` }).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
