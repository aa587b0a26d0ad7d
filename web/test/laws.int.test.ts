import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, startConsoleStack, type ConsoleStack } from './console-stack.js';

let stack: ConsoleStack;
beforeAll(async () => {
  stack = await startConsoleStack();
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

/** Whether the element's box is inside the window (its top and bottom on screen). */
async function inView(page: Page, selector: string): Promise<boolean> {
  return (await page.evaluate(`(() => {
    const r = document.querySelector(${JSON.stringify(selector)})?.getBoundingClientRect();
    return !!r && r.height > 0 && r.top >= -1 && r.bottom <= window.innerHeight;
  })()`)) as boolean;
}

/** Waits until `expression` is true in the page (page.waitForFunction would need 'unsafe-eval', which the console's policy forbids). */
async function until(page: Page, expression: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${expression}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const activeId = (page: Page) => page.evaluate('document.activeElement?.id') as Promise<string | undefined>;

describe('the law browser', () => {
  it("lists the jurisdictions, opens Texas's profile with its reviewed facts, rights and exemptions", async () => {
    const context = await stack.signedIn();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${stack.t.baseUrl}/#/laws`);
    await page.getByRole('heading', { level: 1, name: 'Law browser' }).waitFor();
    await page.getByRole('status').filter({ hasText: '52 jurisdictions.' }).waitFor();
    await page.getByLabel('Filter jurisdictions').fill('Texas');
    await page.getByRole('status').filter({ hasText: 'Showing 1 of 52 jurisdictions.' }).waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBe(2);
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'laws-list');
    await page.getByRole('link', { name: 'Texas', exact: true }).click();

    await page.getByRole('heading', { level: 1, name: 'Texas' }).waitFor();
    expect(page.url()).toMatch(/#\/laws\/texas$/);
    expect(await page.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');

    // The response deadline as the reviewed fact states it: no fixed number of days (§ 552.221(a)).
    const deadline = page.getByRole('region', { name: 'Response deadline' });
    await deadline.getByText('No fixed deadline').waitFor();
    await deadline.getByRole('button', { name: /Tex\. Gov't Code § 552\.221\(a\)/ }).waitFor();
    // The 10 business days, with its pinpoint citation and its source: the statute's own words.
    const extension = page.getByRole('region', { name: 'Extension of time' });
    const tenDays = extension.getByRole('listitem').filter({ hasText: '10 business days' });
    expect(await tenDays.count()).toBe(1);
    await tenDays.getByRole('button', { name: /Tex\. Gov't Code § 552\.221\(d\)/ }).waitFor();
    expect(await tenDays.locator('.source-kind').textContent()).toBe('statute text');
    expect(await tenDays.locator('blockquote').textContent()).toContain('the officer shall certify that fact in writing');
    // A field without a fact is "not stated", never a guessed "no".
    expect(await page.getByRole('region', { name: 'Appeals', exact: true }).getByText('Not stated').count()).toBe(1);

    // A citation opens the cited section beside the page, the quote marked.
    await tenDays.getByRole('button', { name: /552\.221\(d\)/ }).click();
    const panel = page.getByRole('complementary');
    await panel.getByRole('heading', { name: "Tex. Gov't Code § 552.221(d)" }).waitFor();
    expect(await panel.locator('mark').textContent()).toContain('the officer shall certify that fact in writing');
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });

    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'laws-texas-profile');

    // The tabs follow the arrow keys.
    await page.getByRole('tab', { name: 'Profile' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { level: 2, name: 'Rights' }).waitFor();
    expect(await activeId(page)).toBe('laws-tab-rights');
    expect(await page.getByRole('tab', { name: /^Rights/ }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('article', { name: 'Right to obtain copies' }).waitFor();

    // Exemptions by category: the law-enforcement one among them.
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { level: 2, name: 'Exemptions' }).waitFor();
    const lawEnforcement = page.getByRole('region', { name: 'Law enforcement' });
    await lawEnforcement.getByRole('heading', { level: 3, name: 'Law enforcement' }).waitFor();
    const item = lawEnforcement.getByRole('article', { name: 'Law Enforcement' });
    await item.getByRole('button', { name: /Tex\. Gov't Code § 552\.108\(a\)/ }).waitFor();
    expect(await item.locator('.source-kind').textContent()).toBe('dataset');
    expect(await page.getByRole('region', { name: 'Personal privacy' }).getByRole('article').count()).toBe(3);
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'laws-texas-exemptions');

    // A right named by ?section= opens the Rights tab there, marked and focused.
    await page.goto(`${stack.t.baseUrl}/#/laws/texas?section=texas:written_denial_with_reasons:written_denial_with_reasons`);
    expect(await page.getByRole('tab', { name: /^Rights/ }).getAttribute('aria-selected')).toBe('true');
    const right = page.getByRole('article', { name: /^Written denial stating the reasons/ });
    await right.waitFor();
    expect(await right.getAttribute('class')).toContain('laws-item-target');
    await until(page, `document.activeElement?.id === 'laws-rec-texas:written_denial_with_reasons:written_denial_with_reasons-title'`);

    // A citation opened elsewhere in the console arrives in the reader through the side panel's link.
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByRole('region', { name: 'Extension of time' }).getByRole('button', { name: /552\.221\(d\)/ }).click();
    await panel.getByRole('link', { name: 'Open in the law browser' }).click();
    await until(page, `decodeURIComponent(location.hash) === '#/laws/texas?section=sec:texas:552.221(d)'`);
    // The tab follows the hash once the page has rendered: poll rather than read it once (slow under load).
    await expect.poll(() => page.getByRole('tab', { name: 'Statute text' }).getAttribute('aria-selected'), { timeout: 10_000 }).toBe('true');
    await until(page, `document.activeElement?.id === 'laws-statute-target'`);
    expect(await page.locator('mark#laws-statute-target').textContent()).toContain('If an officer for public information cannot produce');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the statute at the section asked for, highlighted and focused, and follows its cross-references', async () => {
    const context = await stack.signedIn();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${stack.t.baseUrl}/#/laws/texas?section=sec:texas:552.221(d)`);
    await page.getByRole('heading', { level: 1, name: 'Texas' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Statute text' }).getAttribute('aria-selected')).toBe('true');
    const target = page.locator('mark#laws-statute-target');
    await target.waitFor();
    expect(await target.textContent()).toMatch(/^\(d\)\s+If an officer for public information cannot produce public information/);
    await page.getByText("Showing Tex. Gov't Code § 552.221(d), highlighted in the text below.").waitFor();
    await until(page, `document.activeElement?.id === 'laws-statute-target'`);
    expect(await inView(page, 'mark#laws-statute-target')).toBe(true);
    // It sits in its section, under the section's label and citation.
    const section = page.getByRole('article', { name: /^§ 552\.221\. APPLICATION FOR PUBLIC INFORMATION/ });
    expect(await section.locator('mark#laws-statute-target').count()).toBe(1);
    await section.getByText("Tex. Gov't Code § 552.221", { exact: false }).first().waitFor();
    expect(await stack.axe(page)).toEqual([]);
    // The window as the reader sees it (the whole page would be the whole chapter, some 80 screens tall).
    await page.screenshot({ path: path.join(SCREENSHOTS, 'laws-texas-statute.png') });

    // A cross-reference inside the section is a link to the cited subsection.
    const toA = section.getByRole('link', { name: 'Subsection (a)', exact: true }).first();
    await toA.waitFor();
    await toA.click();
    await until(page, `decodeURIComponent(location.hash).endsWith('section=sec:texas:552.221(a)')`);
    await until(page, `document.getElementById('laws-statute-target')?.textContent.includes('shall promptly produce public information')`);
    await until(page, `document.activeElement?.id === 'laws-statute-target'`);
    expect(await inView(page, 'mark#laws-statute-target')).toBe(true);

    // And one to another section: § 552.302 cites § 552.301.
    await page.goto(`${stack.t.baseUrl}/#/laws/texas?view=statute&section=sec:texas:552.302`);
    const s302 = page.getByRole('article', { name: /^§ 552\.302\./ });
    await until(page, `document.activeElement?.id === 'laws-sec-sec:texas:552.302-title'`);
    const to301 = s302.getByRole('link', { name: 'Section 552.301', exact: true }).first();
    await to301.waitFor();
    await to301.click();
    await until(page, `document.activeElement?.id === 'laws-sec-sec:texas:552.301-title'`);
    expect(await inView(page, '[id="laws-sec-sec:texas:552.301-title"]')).toBe(true);
    expect(await page.getByRole('article', { name: /^§ 552\.301\./ }).getAttribute('class')).toContain('laws-statute-section-target');
    // Back returns to the citing section.
    await page.goBack();
    await until(page, `decodeURIComponent(location.hash).endsWith('section=sec:texas:552.302')`);

    // "Go to a section" reads a citation as people write it.
    await page.getByLabel('Go to a section').fill('Sec. 552.301(b)');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await until(page, `document.getElementById('laws-statute-target')?.textContent.includes('10th business day')`);
    await page.getByLabel('Go to a section').fill('552.999');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'No section of the statute matches “552.999”.' }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('says plainly when the statute text is not in the law database', async () => {
    const token = await stack.t.token({ scope: 'read:transparency' });
    const list = await (await stack.t.request('/api/v2/transparency/jurisdictions?has_statute_text=false', { token })).json();
    const without = list.data.find((j: { slug: string }) => j.slug === 'alabama') ?? list.data[0];
    expect(without.statute_text.available).toBe(false);

    const context = await stack.signedIn();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${stack.t.baseUrl}/#/laws/${without.slug}?view=statute`);
    await page.getByRole('heading', { level: 1, name: without.name }).waitFor();
    await page.getByText('The statute text is not in the law database; facts rest on the dataset or a citation.').first().waitFor();
    expect(await page.getByRole('tab', { name: 'Statute text (none)' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('.laws-statute-section').count()).toBe(0);
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'laws-no-statute-text');
    // Its facts rest on citations alone, and say so.
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByRole('region', { name: 'Response deadline' }).locator('.source-kind').first().waitFor();
    expect(await page.getByRole('region', { name: 'Response deadline' }).locator('.source-kind').first().textContent()).toBe('citation only');
    expect(await stack.axe(page)).toEqual([]);

    // An unknown jurisdiction is said in words.
    await page.goto(`${stack.t.baseUrl}/#/laws/atlantis`);
    await page.getByText('There is no jurisdiction “atlantis” in the law database.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
