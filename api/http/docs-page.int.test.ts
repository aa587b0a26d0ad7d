import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test/support/browser.js';
import { startTestApi, TEST_CLIENT, TEST_USER, type TestApi } from '../../test/support/test-api.js';

let t: TestApi;
let browser: Browser;
beforeAll(async () => {
  t = await startTestApi();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('GET /api/docs', () => {
  it('serves Swagger UI from this origin only (no CDN), under a strict content security policy', async () => {
    const res = await t.request('/api/docs/');
    expect(res.status).toBe(200);
    const html = await res.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(3);
    for (const s of sources) expect(s.startsWith('/api/docs/')).toBe(true);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect((await t.request('/api/docs/assets/swagger-ui-bundle.js')).status).toBe(200);
  });

  it('renders every operation, and "Authorize" with client credentials gets a token from the identity provider that the API accepts', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${t.baseUrl}/api/docs/`);
    await page.waitForSelector('.opblock', { timeout: 30_000 });
    expect(await page.locator('.opblock').count()).toBeGreaterThan(30);

    await page.click('button.authorize');
    await page.fill('#client_id_clientCredentials', TEST_CLIENT.clientId);
    await page.fill('#client_secret_clientCredentials', TEST_CLIENT.clientSecret);
    const token = page.waitForResponse((r) => r.url().startsWith(t.idp.issuerUrl) && r.url().includes('oauth/token'));
    const credentials = page.locator('.auth-container').filter({ hasText: 'Flow: clientCredentials' });
    await credentials.locator('button.authorize').click();
    expect((await token).status()).toBe(200);
    await credentials.locator('button', { hasText: 'Logout' }).waitFor({ timeout: 10_000 });
    await page.locator('.modal-ux button.close-modal').first().click();
    await page.locator('.modal-ux').waitFor({ state: 'detached', timeout: 10_000 });

    // Try it out: the jurisdictions list, sent with the token Swagger UI obtained.
    const op = page.locator('#operations-transparency-getApiV2TransparencyJurisdictions');
    await op.locator('.opblock-summary-control').click();
    await op.locator('button.try-out__btn').click({ timeout: 10_000 });
    const api = page.waitForResponse((r) => r.url().includes('/api/v2/transparency/jurisdictions') && r.request().method() === 'GET');
    await op.locator('button.execute').click();
    const response = await api;
    expect(response.status()).toBe(200);
    expect(response.request().headers()['authorization']).toMatch(/^Bearer /);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('"Authorize" with the authorization code flow signs a person in at the login page, with PKCE, in a popup', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.baseUrl}/api/docs/`);
    await page.waitForSelector('.opblock', { timeout: 30_000 });
    await page.click('button.authorize');
    const code = page.locator('.auth-container').filter({ hasText: 'Flow: authorizationCode' });
    const popup = page.waitForEvent('popup');
    await code.locator('button.authorize').click();
    const login = await popup;
    await login.waitForURL((url) => url.href.startsWith(`${t.idp.issuerUrl}authorize`) && url.searchParams.get('code_challenge_method') === 'S256');
    await login.getByLabel('Username').fill(TEST_USER.username);
    await login.getByLabel('Password').fill(TEST_USER.password);
    const token = page.waitForResponse((r) => r.url() === `${t.idp.issuerUrl}oauth/token` && r.request().postData()?.includes('grant_type=authorization_code') === true);
    await login.getByRole('button', { name: 'Sign in' }).click();
    expect((await token).status()).toBe(200);
    await code.locator('button', { hasText: 'Logout' }).waitFor({ timeout: 10_000 });
    await page.close();
  }, 120_000);
});
