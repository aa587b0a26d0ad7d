/**
 * The whole console as a reporter uses it, over the real API and services with the default
 * chat model (the offline one): sign in at the login page, look up Texas's deadline on the map,
 * search and open a statute section, ask the assistant and see a streamed, cited answer, create
 * a FOIA request and move it to submitted with its due date shown, sign out. Prints what the
 * first load of the map costs.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_USER } from '../../test/support/test-api.js';
import { startConsoleStack, type ConsoleStack } from './console-stack.js';

let stack: ConsoleStack;
beforeAll(async () => {
  stack = await startConsoleStack();
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();

describe('a reporter in the console', () => {
  it('signs in, reads the map, searches, asks the assistant, tracks a request and signs out', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Sign in with PKCE at the development identity provider's login page.
    await page.goto(stack.t.baseUrl);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Username').fill(TEST_USER.username);
    await page.getByLabel('Password').fill(TEST_USER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(`Signed in as ${TEST_USER.username}`).waitFor();

    // The map: Texas's response deadline, with the words and section that state it.
    await page.getByRole('heading', { level: 1, name: 'Map and compare' }).waitFor();
    const texas = page.getByRole('group', { name: /^Map of the states/ }).getByRole('button', { name: /^Texas: / });
    await texas.click();
    const details = page.getByRole('region', { name: 'Selected jurisdiction' });
    await details.getByText("Tex. Gov't Code § 552.221(a)").first().waitFor();
    expect(await details.textContent()).toMatch(/No fixed deadline/);
    const timing = (await page.evaluate(`(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const scripts = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js'));
      return { domContentLoaded: Math.round(nav.domContentLoadedEventEnd), load: Math.round(nav.loadEventEnd), scripts: scripts.length, scriptBytes: scripts.reduce((n, r) => n + r.encodedBodySize, 0) };
    })()`)) as { domContentLoaded: number; load: number; scripts: number; scriptBytes: number };
    console.log(
      `map, first load after sign-in: DOMContentLoaded ${timing.domContentLoaded} ms, load ${timing.load} ms, ${timing.scripts} scripts, ` +
        `${(timing.scriptBytes / 1024).toFixed(1)} KB as served (${(stack.manifest.pages['map']!.gzipBytes / 1024).toFixed(1)} KB gzip)`,
    );
    expect(stack.manifest.pages['map']!.gzipBytes).toBeLessThan(200 * 1024);
    await stack.screenshot(page, 'journey-1-map', { fullPage: false });

    // Search, and open a statute section beside the results.
    await nav(page, 'Search');
    await page.getByLabel('Search the law').fill('attorney general decision withhold');
    await page.getByLabel('Search the law').press('Enter');
    const hit = page.locator('.search-list > li').filter({ hasText: 'Statute section' }).first().getByRole('button');
    await hit.waitFor({ timeout: 20_000 });
    const citation = ((await hit.textContent()) ?? '').trim();
    await hit.click();
    const panel = page.getByRole('complementary').filter({ has: page.locator('#document-panel-title') });
    await expect.poll(async () => (await panel.locator('#document-panel-title').textContent()) ?? '', { timeout: 15_000 }).toBe(citation);
    await stack.screenshot(page, 'journey-2-search', { fullPage: false });
    await panel.getByRole('button', { name: 'Close' }).click();

    // The assistant: the answer arrives as a stream and cites the section that states it.
    await nav(page, 'Research assistant');
    await page.getByLabel('Your question').fill('How long does a Texas agency have to respond to a records request?');
    const asked = Date.now();
    await page.getByRole('button', { name: 'Ask' }).click();
    const answerBox = page.locator('article.assistant-turn').last().locator('.assistant-answer');
    // Sample the answer as it is written: the lengths it passes through, and when the first words came.
    const lengths: number[] = [];
    let firstWordsMs: number | null = null;
    for (let i = 0; i < 1200; i++) {
      const [text, busy] = await Promise.all([answerBox.textContent({ timeout: 60_000 }).catch(() => ''), answerBox.getAttribute('aria-busy').catch(() => 'true')]);
      const length = (text ?? '').trim().length;
      if (length > 0 && firstWordsMs === null) firstWordsMs = Date.now() - asked;
      if (length > 0 && lengths.at(-1) !== length) lengths.push(length);
      if (busy === 'false' && length > 0) break;
      await page.waitForTimeout(25);
    }
    const answer = ((await answerBox.textContent()) ?? '').trim();
    console.log(`assistant: first words ${firstWordsMs} ms after "Ask", ${lengths.length} sizes on the way, ${answer.length} characters: ${answer.slice(0, 160)}`);
    expect(answer).toMatch(/Texas/);
    expect(answer).toMatch(/promptly|no fixed number of days/i);
    const cited = page.getByRole('button', { name: /^\[1\] Tex\. Gov't Code § 552\.221/ }).first();
    await cited.waitFor();
    await cited.click();
    await panel.locator('mark').first().waitFor();
    await stack.screenshot(page, 'journey-3-assistant', { fullPage: false });
    await panel.getByRole('button', { name: 'Close' }).click();

    // The FOIA tracker: a federal request, submitted, with its legal due date.
    await nav(page, 'FOIA tracker');
    await page.getByRole('link', { name: 'New request' }).click();
    await page.getByLabel('Jurisdiction (required)').locator('option[value="federal"]').waitFor({ state: 'attached' });
    await page.getByLabel('Jurisdiction (required)').selectOption('federal');
    await page.getByLabel('Agency name (required)').fill('Federal Bureau of Prisons');
    await page.getByLabel('Subject (required)').fill('Use-of-force reports, 2025');
    await page.getByLabel('Records sought (required)').fill('All use-of-force reports filed at FCI Dublin in 2025.');
    await page.getByRole('button', { name: 'Save request' }).click();
    await page.getByRole('heading', { level: 1, name: 'Use-of-force reports, 2025' }).waitFor();
    await page.getByRole('group', { name: 'Change the status to:' }).getByRole('button', { name: 'Submitted' }).click();
    await page.getByRole('status').filter({ hasText: 'Status changed to Submitted. Due ' }).waitFor();
    const deadline = page.getByRole('region', { name: 'Deadline' });
    expect(await deadline.textContent()).toMatch(/20 business days/);
    expect(await deadline.textContent()).toMatch(/5 U\.S\.C\. § 552\(a\)\(6\)\(A\)\(i\)/);
    await stack.screenshot(page, 'journey-4-foia', { fullPage: false });

    // Sign out.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
