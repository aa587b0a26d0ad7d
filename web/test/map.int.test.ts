import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleStack, type ConsoleStack } from './console-stack.js';

let stack: ConsoleStack;
beforeAll(async () => {
  stack = await startConsoleStack();
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

/** The jurisdictions in the table's order. */
async function tableOrder(page: Page): Promise<string[]> {
  return page.locator('.map-table tbody th[scope="row"]').allTextContents();
}

describe('the map and compare page', () => {
  it('colours the jurisdictions by a field, shows the selected one with its citation, and sorts and downloads the table', async () => {
    const context = await stack.signedIn();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${stack.t.baseUrl}/#/map`);
    await page.getByRole('heading', { level: 1, name: 'Map and compare' }).waitFor();
    const map = page.getByRole('group', { name: /^Map of the states/ });
    await map.getByRole('button', { name: /^Texas: / }).waitFor();
    // 50 states on the map (DC's shape is too small: it has a button beside the map, as has Federal).
    expect(await map.getByRole('button').count()).toBe(50);
    const outside = page.getByRole('group', { name: 'Not on the map' });
    expect(await outside.getByRole('button').allTextContents()).toEqual(['Federal20 business days', 'District of Columbia15 business days']);

    const colourBy = page.getByLabel('Colour by');
    expect(await colourBy.locator('option').first().textContent()).toBe('Response deadline');
    await colourBy.selectOption({ label: 'Response deadline' });
    // The law sets no number of days for Texas; the shape's label says so in words.
    const texas = map.getByRole('button', { name: 'Texas: No fixed deadline' });
    const details = page.getByRole('region', { name: 'Selected jurisdiction' });

    // By pointer: the shape, with the value, citation and source kind in the details and the address.
    await texas.click();
    await expect.poll(() => details.getByRole('heading', { level: 3 }).textContent()).toBe('Texas');
    const detailText = () => details.textContent();
    await expect.poll(detailText).toContain('No fixed deadline ("promptly: as soon as possible under the circumstances');
    expect(await detailText()).toContain("Tex. Gov't Code § 552.221(a)");
    expect(await details.locator('.source-kind').textContent()).toBe('statute text');
    // The reviewer's note says where the often-quoted 10 business days come from.
    await expect.poll(detailText).toContain("Reviewer’s note:");
    expect(await detailText()).toContain('10 business days is the limit for certifying a delay (§ 552.221(d))');
    expect(page.url()).toContain('#/map?field=initial_deadline&j=texas');
    expect(await details.getByRole('link', { name: 'Texas in the law browser' }).getAttribute('href')).toBe('#/laws/texas');
    expect(await page.locator('.map-tooltip').textContent()).toContain("Tex. Gov't Code § 552.221(a)");

    // By keyboard: another selection, then Tab from Tennessee to Texas and Enter.
    await outside.getByRole('button', { name: /^Federal\b/ }).click();
    await expect.poll(() => details.getByRole('heading', { level: 3 }).textContent()).toBe('Federal');
    expect(await detailText()).toContain('5 U.S.C. § 552(a)(6)(A)(i)');
    await map.getByRole('button', { name: /^Tennessee: / }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.getAttribute("aria-label")')).toBe('Texas: No fixed deadline');
    expect(await page.locator('.map-tooltip').textContent()).toContain('Texas');
    await page.keyboard.press('Enter');
    await expect.poll(() => details.getByRole('heading', { level: 3 }).textContent()).toBe('Texas');
    expect(await detailText()).toContain("Tex. Gov't Code § 552.221(a)");
    expect(await page.evaluate('document.activeElement?.getAttribute("aria-label")')).toBe('Texas: No fixed deadline');
    expect(await texas.getAttribute('aria-current')).toBe('true');

    // The cited record opens beside the page, the quoted words marked.
    await details.getByRole('button', { name: "Read Tex. Gov't Code § 552.221(a)" }).click();
    const panel = page.getByRole('complementary');
    await expect.poll(() => panel.getByRole('heading', { level: 2 }).textContent()).toContain('552.221');
    expect(await panel.locator('mark').textContent()).toContain('shall promptly produce public information');
    expect(await stack.axe(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Close' }).click();

    // The legend and the table carry the words too.
    const legend = page.locator('.map-legend');
    expect(await legend.textContent()).toContain('No fixed deadline');
    const table = page.getByRole('table');
    expect(await table.locator('caption').textContent()).toContain('Response deadline in 52 jurisdictions');
    expect(await table.getByRole('row', { name: /^Federal / }).textContent()).toContain('20 business days');
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'map-deadline');

    // Another field: the table, the map and the details follow, and the address keeps it.
    await colourBy.selectOption({ label: 'Fee waiver' });
    await expect.poll(() => table.locator('caption').textContent()).toContain('Fee waiver in 52 jurisdictions');
    expect(page.url()).toContain('#/map?field=fee_waiver&j=texas');
    expect(await table.getByRole('columnheader', { name: 'Fee waiver' }).count()).toBe(1);
    expect(await table.getByRole('row', { name: /^Texas / }).textContent()).toContain('Available: the governmental body determines that waiver or reduction');
    expect(await table.getByRole('row', { name: /^Alabama / }).textContent()).toContain('Not available');
    expect(await map.getByRole('button', { name: 'Texas: Available' }).count()).toBe(1);
    await expect.poll(detailText).toContain("Tex. Gov't Code § 552.267(a)");

    // Sorting by value puts the table in another order, and back the other way.
    const byName = await tableOrder(page);
    expect(byName.slice(0, 3)).toEqual(['Alabama', 'Alaska', 'Arizona']);
    const valueHeader = table.getByRole('columnheader', { name: 'Fee waiver' });
    expect(await valueHeader.getAttribute('aria-sort')).toBeNull();
    expect(await table.getByRole('columnheader', { name: 'Jurisdiction' }).getAttribute('aria-sort')).toBe('ascending');
    await valueHeader.getByRole('button').click();
    expect(await valueHeader.getAttribute('aria-sort')).toBe('ascending');
    const byValue = await tableOrder(page);
    expect(byValue).not.toEqual(byName);
    expect([...byValue].sort()).toEqual([...byName].sort());
    // Available first (Alaska is), not available after (Alabama is).
    expect(byValue.indexOf('Alaska')).toBeLessThan(byValue.indexOf('Alabama'));
    await valueHeader.getByRole('button').click();
    expect(await valueHeader.getAttribute('aria-sort')).toBe('descending');
    expect((await tableOrder(page)).indexOf('Alabama')).toBeLessThan((await tableOrder(page)).indexOf('Alaska'));

    // The table as CSV, in the order shown.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('sunlight-fee-waiver.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Jurisdiction,Fee waiver,Citation,Source');
    expect(lines).toHaveLength(53);
    expect(lines).toContain(
      "Texas,Available: the governmental body determines that waiver or reduction of the charge is in the public interest because providing the copy of the information primarily benefits the general public,Tex. Gov't Code § 552.267(a),statute text",
    );
    // In the table's order (fee waiver, descending: "Not available" before "Available"), quoted where a cell needs it.
    const at = (name: string) => lines.findIndex((l) => l.startsWith(`${name},`));
    expect(at('Alabama')).toBeLessThan(at('Alaska'));
    expect(lines[at('Maryland')]).toMatch(/^Maryland,"?Available: the applicant asks for a waiver; [^"]+"?,"Md\. Code Ann\., Gen\. Prov\. § 4-206\(e\)",[a-z ]+$/);

    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'map-fee-waiver');

    // A reload (or a link) keeps the field and the selection.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Map and compare' }).waitFor();
    await expect.poll(() => page.getByLabel('Colour by').inputValue()).toBe('fee_waiver');
    await expect.poll(() => details.getByRole('heading', { level: 3 }).textContent()).toBe('Texas');
    await expect.poll(detailText).toContain("Tex. Gov't Code § 552.267(a)");

    // Unknown is "Not stated", never "no".
    await page.getByLabel('Colour by').selectOption({ label: 'Attorney fees' });
    await expect.poll(() => table.locator('caption').textContent()).toContain('Attorney fees in 52 jurisdictions');
    expect(await table.getByRole('row', { name: /^Mississippi / }).textContent()).toContain('Not stated');
    expect(await map.getByRole('button', { name: 'Mississippi: Not stated' }).count()).toBe(1);
    expect(await legend.textContent()).toContain('Not stated1 jurisdiction');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('says so in words when the comparison cannot be loaded, and tries again', async () => {
    const context = await stack.signedIn();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route('**/api/v2/transparency/compare?*', (route) => route.abort('failed'));
    await page.goto(`${stack.t.baseUrl}/#/map?field=appeal_route&j=federal`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('The service could not be reached. Check your connection and try again.');
    expect(await page.getByLabel('Colour by').inputValue()).toBe('appeal_route');
    await page.unroute('**/api/v2/transparency/compare?*');
    await alert.getByRole('button', { name: 'Try again' }).click();
    const details = page.getByRole('region', { name: 'Selected jurisdiction' });
    await expect.poll(() => details.textContent()).toContain('Administrative: the head of the agency within 90 calendar days');
    expect(await details.textContent()).toContain('5 U.S.C. § 552(a)(6)(A)');
    expect(await page.getByRole('group', { name: /^Map of the states/ }).getByRole('button', { name: 'Texas: Oversight: Texas Attorney General' }).count()).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the first load of the map page under 200 KB of JavaScript (gzip)', () => {
    const bytes = stack.manifest.pages['map']!.gzipBytes;
    console.log(`map page first load: ${(bytes / 1024).toFixed(1)} KB of JavaScript, gzip (${stack.manifest.pages['map']!.files.length} files)`);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(200 * 1024);
  });
});
