import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleStack, type ConsoleStack } from './console-stack.js';

let stack: ConsoleStack;
beforeAll(async () => {
  stack = await startConsoleStack();
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

const QUERY = 'attorney general ruling';
/** The words of the query as the API marks them (stems: "rules", "rulings"). */
const MATCHED = /attorney|general|rul/i;

const status = (page: Page) => page.locator('#search-status');
const hits = (page: Page) => page.locator('ol.search-list > li');

/** The number of hits the API finds for a search (what the page must announce). */
async function apiTotal(query: string, filters?: Record<string, string[]>): Promise<number> {
  const token = await stack.t.token({ scope: 'read:transparency' });
  const res = await stack.t.request('/api/v1/search', { method: 'POST', token, json: { query, ...(filters ? { filters } : {}) } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

/** Waits until the live region announces `expected` (the search's own count, not the previous one's). */
async function announced(page: Page, expected: string | RegExp): Promise<string> {
  await expect.poll(async () => (await status(page).textContent()) ?? '', { timeout: 15_000 }).toMatch(expected);
  return (await status(page).textContent()) ?? '';
}

const count = (total: number) => new RegExp(`^${total} results?(, \\d+ shown)?$`);

async function metaOf(list: Locator): Promise<string[]> {
  return list.locator('.search-hit-meta').allTextContents();
}

describe('the search page', () => {
  it('searches the law with filters, shows marked snippets, opens a hit beside the results, and keeps the search in the address', async () => {
    const context = await stack.signedIn();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${stack.t.baseUrl}/#/search`);
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();

    // The query, submitted with Enter, then the Texas filter (applied at once).
    const box = page.getByLabel('Search the law');
    await box.fill(QUERY);
    await box.press('Enter');
    const everywhere = await apiTotal(QUERY);
    await announced(page, count(everywhere));
    const texas = await apiTotal(QUERY, { jurisdictions: ['texas'] });
    expect(texas).toBeGreaterThan(1);
    expect(texas).not.toBe(everywhere);
    await page.getByRole('checkbox', { name: 'Texas', exact: true }).check();
    await expect.poll(() => page.evaluate('location.hash')).toMatch(/jurisdiction=texas/);
    await announced(page, count(texas));
    expect(await page.evaluate('decodeURIComponent(location.hash)')).toContain(`q=${QUERY.replace(/ /g, '+')}`);
    const shown = await hits(page).count();
    expect(shown).toBeGreaterThan(0);
    for (const meta of await metaOf(hits(page))) expect(meta).toContain('Texas');
    // Snippets carry the API's marks as <mark> elements, never as « » or markup text.
    const marks = await page.locator('.search-snippet mark').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    for (const m of marks) expect(m).toMatch(MATCHED);
    expect((await page.locator('.search-list').textContent()) ?? '').not.toMatch(/[«»]/);
    await expect(page.getByRole('region', { name: 'Filters' }).count()).resolves.toBe(1);
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'search-results');

    // A statute section opens beside the results: its citation, its text, the matched passage marked.
    const section = hits(page).filter({ hasText: 'Statute section' }).first();
    const open = section.getByRole('button');
    const citation = ((await open.textContent()) ?? '').trim();
    expect(citation).toMatch(/^Tex\. Gov't Code § 552\.\d+/);
    const openId = await open.getAttribute('id');
    await open.click();
    const panel = page.getByRole('complementary').filter({ has: page.locator('#document-panel-title') });
    await expect.poll(async () => (await panel.locator('#document-panel-title').textContent()) ?? '', { timeout: 15_000 }).toBe(citation);
    expect(((await panel.locator('.statute-text').textContent()) ?? '').length).toBeGreaterThan(100);
    const cited = (await panel.locator('mark').allTextContents()).join(' ');
    expect(cited).toMatch(MATCHED);
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'search-document');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#document-panel-title').count()).toBe(0);
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe(openId);

    // Only statute sections, when that type is chosen.
    await page.getByRole('checkbox', { name: 'Statute sections', exact: true }).check();
    await expect.poll(() => page.evaluate('location.hash')).toMatch(/type=statute_section/);
    const sections = await apiTotal(QUERY, { jurisdictions: ['texas'], types: ['statute_section'] });
    expect(sections).toBeGreaterThan(0);
    expect(sections).toBeLessThan(texas);
    await announced(page, count(sections));
    for (const meta of await metaOf(hits(page))) {
      expect(meta).toContain('Statute section');
      expect(meta).toContain('Texas');
    }

    // "Load more" appends the next page, and the focus goes to the first new hit.
    const before = await hits(page).count();
    const more = page.getByRole('button', { name: 'Load more' });
    if (sections > before) {
      await more.click();
      await expect.poll(() => hits(page).count()).toBeGreaterThan(before);
      // The focus moves once the new hits are drawn.
      await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe(`search-hit-${before}`);
      await announced(page, sections > before * 2 ? `${sections} results, ${before * 2} shown` : `${sections} results`);
      for (const meta of await metaOf(hits(page))) expect(meta).toContain('Statute section');
    } else {
      expect(await more.count()).toBe(0);
    }

    // A reload keeps the query and the filters.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    expect(await page.getByLabel('Search the law').inputValue()).toBe(QUERY);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Texas', exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Statute sections', exact: true }).isChecked()).toBe(true);
    await announced(page, count(sections));
    expect(await hits(page).count()).toBe(Math.min(sections, 10));

    // Words found nowhere: a plain empty state, and a way to search without the filters.
    await box.fill('zxqv blorptangle quuxfrob');
    await box.press('Enter');
    await announced(page, 'No results for “zxqv blorptangle quuxfrob” with these filters');
    expect(await page.getByText('Nothing in the law database matches').count()).toBe(1);
    expect(await hits(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Search without filters' }).click();
    await expect.poll(() => page.evaluate('location.hash')).not.toMatch(/jurisdiction=/);
    await announced(page, 'No results for “zxqv blorptangle quuxfrob”');
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'search-empty');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads a citation in the query and offers the cited section', async () => {
    const context = await stack.signedIn();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${stack.t.baseUrl}/#/search?q=${encodeURIComponent('§ 552.301')}&jurisdiction=texas`);
    await announced(page, count(await apiTotal('§ 552.301', { jurisdictions: ['texas'] })));
    await expect(hits(page).first().getByRole('button').textContent()).resolves.toContain('§ 552.301');
    expect(await hits(page).first().locator('.search-hit-meta').textContent()).toContain('the section your query cites');
    await page.getByRole('list', { name: 'How your search was read' }).getByRole('button', { name: 'open § 552.301' }).click();
    await expect.poll(async () => (await page.locator('#document-panel-title').textContent()) ?? '', { timeout: 15_000 }).toContain('§ 552.301');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts with examples, says what it read from the query, and shows errors in words with a retry', async () => {
    const context = await stack.signedIn();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${stack.t.baseUrl}/#/search`);
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    await page.getByRole('checkbox', { name: 'Federal', exact: true }).waitFor();
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'search-start');

    // Nothing to search for: said next to the box, and no request.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    expect(await page.getByText('Type the words, question or citation to search for.').count()).toBe(1);
    expect(await page.getByLabel('Search the law').getAttribute('aria-invalid')).toBe('true');

    // An example is a link; a jurisdiction named in the words restricts the search, and the page says so.
    await page.getByRole('link', { name: 'body camera recordings in Texas' }).click();
    await announced(page, count(await apiTotal('body camera recordings in Texas')));
    expect(await page.getByRole('list', { name: 'How your search was read' }).textContent()).toContain('Searching only Texas, named in your query.');
    for (const meta of await metaOf(hits(page))) expect(meta).toContain('Texas');

    // The service failing: the error in words, and "Try again" runs the search again.
    let failing = true;
    await page.route('**/api/v1/search', (route) =>
      failing
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'boom', status: 500, metadata: { request_id: 'req-search-1' } } }) })
        : route.continue(),
    );
    const box = page.getByLabel('Search the law');
    await box.fill('appeal of a denial');
    await box.press('Enter');
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.textContent()).toContain('Something went wrong on our side');
    expect(await alert.textContent()).not.toContain('boom');
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'search-error');
    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await announced(page, count(await apiTotal('appeal of a denial')));
    await page.unroute('**/api/v1/search');

    // A link naming a jurisdiction Sunlight does not know: said plainly, and removable.
    await page.goto(`${stack.t.baseUrl}/#/search?q=fees&jurisdiction=texas,atlantis`);
    await page.getByRole('alert').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('alert').textContent()).toContain('names a jurisdiction or category that Sunlight does not know');
    await page.getByRole('button', { name: 'Remove the filter atlantis (unknown)' }).click();
    await announced(page, count(await apiTotal('fees', { jurisdictions: ['texas'] })));
    expect(await page.evaluate('location.hash')).toBe('#/search?q=fees&jurisdiction=texas');

    // An exemption category: only exemptions have one, so only exemptions remain.
    await page.getByRole('checkbox', { name: 'Attorney-client privilege and work product', exact: true }).check();
    await expect.poll(() => page.evaluate('location.hash')).toMatch(/category=attorney_client/);
    const category = /category=([a-z_]+)/.exec(String(await page.evaluate('location.hash')))![1]!;
    const inCategory = await apiTotal('fees', { jurisdictions: ['texas'], categories: [category] });
    await announced(page, inCategory === 0 ? 'No results for “fees” with these filters' : count(inCategory));
    for (const meta of await metaOf(hits(page))) expect(meta).toContain('Exemption');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits the first-load budget', () => {
    const gzip = stack.manifest.pages.search!.gzipBytes;
    console.log(`search page first load: ${(gzip / 1024).toFixed(1)} KB of JavaScript (gzip)`);
    expect(gzip).toBeLessThan(200 * 1024);
  });
});
