import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleStack, type ConsoleStack } from './console-stack.js';

let stack: ConsoleStack;
beforeAll(async () => {
  stack = await startConsoleStack();
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

describe('the console shell', () => {
  it("keeps every page's first load under 200 KB of JavaScript, gzip-compressed (the budget the map and search pages are held to)", () => {
    const rows = Object.entries(stack.manifest.pages).map(([page, p]) => `${page} ${(p.gzipBytes / 1024).toFixed(1)} KB in ${p.files.length} files`);
    console.log(`first load, JavaScript gzip: ${rows.join('; ')}`);
    for (const [page, p] of Object.entries(stack.manifest.pages)) expect(p.gzipBytes, page).toBeLessThan(200 * 1024);
    expect(Object.keys(stack.manifest.pages)).toEqual(expect.arrayContaining(['assistant', 'foia', 'laws', 'map', 'search']));
  });

  it('is served at / with its assets from this origin, a strict policy, and its sign-in configuration', async () => {
    const res = await stack.t.request('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!).filter((s) => !s.startsWith('/api/docs') && !s.startsWith('data:'));
    expect(sources.length).toBeGreaterThanOrEqual(2);
    for (const s of sources) expect(s).toMatch(/^\/assets\/[\w-]+\.(?:js|css)$/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(new URL(stack.t.idp.issuerUrl).origin);
    const asset = await stack.t.request(sources.find((s) => s.endsWith('.js'))!);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
    const config = await (await stack.t.request('/console/config.json')).json();
    expect(config).toMatchObject({ client_id: 'sunlight-console', authorize_url: `${stack.t.idp.issuerUrl}authorize`, token_url: `${stack.t.idp.issuerUrl}oauth/token` });
    expect(config.scopes).toEqual(expect.arrayContaining(['read:transparency', 'chat:assistant', 'read:foia', 'write:foia']));
    expect((await stack.t.request('/assets/nothing-here.js')).status).toBe(404);
  });

  it('shows the navigation, every area a page of its own (none still to come), and keyboard users can skip to the page', async () => {
    const context = await stack.signedIn();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${stack.t.baseUrl}/#/collections`);
    await page.getByRole('heading', { level: 1, name: 'Collections' }).waitFor();
    await page.getByRole('heading', { level: 2, name: /Your collections/ }).waitFor();
    const links = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    expect(links).toEqual(
      expect.arrayContaining(['Map & compare', 'Law browser', 'Search', 'Research assistant', 'FOIA tracker', 'Packets', 'Files', 'Projects', 'Collections', 'Database', 'Integrations']),
    );
    expect(links.filter((l) => /coming/i.test(l))).toEqual([]);
    expect(await page.getByText('not available yet').count()).toBe(0);
    // From the top of the document (the page's heading has the focus, and a form follows it), Tab reaches the skip link first.
    await page.evaluate("document.body.tabIndex = -1; document.body.focus(); document.body.removeAttribute('tabindex')");
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Skip to content');
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'shell-navigation');
    expect(errors).toEqual([]);
    await context.close();
  });
});
