import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_USER } from '../../test/support/test-api.js';
import { startConsoleStack, type ConsoleStack } from './console-stack.js';

/* Access tokens that live 35 s: the console renews them 30 s before they expire, so within seconds. */
let stack: ConsoleStack;
beforeAll(async () => {
  stack = await startConsoleStack({ idpUserTokenTtlSeconds: 35 });
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

async function signIn(page: Page): Promise<void> {
  await page.goto(`${stack.t.baseUrl}/#/packets`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.href.startsWith(`${stack.t.idp.issuerUrl}authorize`));
  expect(await stack.axe(page)).toEqual([]);
  await stack.screenshot(page, 'sign-in-login-page');
  await page.getByLabel('Username').fill(TEST_USER.username);
  await page.getByLabel('Password').fill(TEST_USER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(`Signed in as ${TEST_USER.username}`).waitFor();
}

const grantOf = (r: Request): string | null => (r.url().startsWith(`${stack.t.idp.issuerUrl}oauth/token`) && r.method() === 'POST' ? new URLSearchParams(r.postData() ?? '').get('grant_type') : null);

describe('signing in to the console', () => {
  it('goes through the login page with PKCE and comes back to the page asked for, the code gone from the address', async () => {
    const context = await stack.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const grants: string[] = [];
    page.on('request', (r) => {
      const g = grantOf(r);
      if (g) grants.push(g);
    });
    await page.goto(stack.t.baseUrl);
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'sign-in-start');
    await signIn(page);
    expect(grants).toEqual(['authorization_code']);
    expect(page.url()).toBe(`${stack.t.baseUrl}/#/packets`);
    await page.getByRole('heading', { level: 1, name: 'Packets' }).waitFor();
    // The token the console holds is one the API accepts: the person's own, with the console's scopes.
    const saved = JSON.parse((await page.evaluate("sessionStorage.getItem('sunlight.tokens')")) as string) as { access: string; scope: string };
    const res = await stack.t.request('/api/foia/requests', { token: saved.access });
    expect(res.status).toBe(200);
    expect(saved.scope.split(' ')).toEqual(expect.arrayContaining(['read:transparency', 'read:foia', 'write:foia', 'chat:assistant']));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renews the access token with the refresh token before it expires, without asking again', async () => {
    const context = await stack.browser.newContext();
    const page = await context.newPage();
    await signIn(page);
    const before = JSON.parse((await page.evaluate("sessionStorage.getItem('sunlight.tokens')")) as string) as { access: string; refresh: string };
    // 30 s before the token expires (here: 5 s after sign-in), the console renews it by itself.
    await page.waitForRequest((r) => grantOf(r) === 'refresh_token', { timeout: 20_000 });
    // Polled from here: the page's policy forbids the string evaluation waitForFunction would poll with.
    await expect.poll(async () => JSON.parse((await page.evaluate("sessionStorage.getItem('sunlight.tokens')")) as string).access as string, { timeout: 10_000 }).not.toBe(before.access);
    const after = JSON.parse((await page.evaluate("sessionStorage.getItem('sunlight.tokens')")) as string) as { access: string; refresh: string };
    expect(after.refresh).not.toBe(before.refresh);
    expect((await stack.t.request('/api/v2/transparency/jurisdictions?limit=1', { token: after.access })).status).toBe(200);
    expect(await page.getByText(`Signed in as ${TEST_USER.username}`).count()).toBe(1);
    await context.close();
  });

  it('signs out: the tokens are forgotten, the refresh token revoked, and the sign-in page shown', async () => {
    const context = await stack.browser.newContext();
    const page = await context.newPage();
    await signIn(page);
    const { refresh } = JSON.parse((await page.evaluate("sessionStorage.getItem('sunlight.tokens')")) as string) as { refresh: string };
    const revoked = page.waitForRequest((r) => r.url() === `${stack.t.idp.issuerUrl}oauth/revoke`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await revoked;
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate("sessionStorage.getItem('sunlight.tokens')")).toBeNull();
    const reuse = await fetch(`${stack.t.idp.issuerUrl}oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refresh, client_id: 'sunlight-console' }),
    });
    expect(reuse.status).toBe(400);
    await context.close();
  });

  it('asks to sign in again, in words, when the session cannot be renewed', async () => {
    const context = await stack.browser.newContext();
    const page = await context.newPage();
    await page.goto(stack.t.baseUrl);
    // Once this page has started (with no session), leave what an earlier session would have left.
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // An access token past its time and a refresh token the provider never issued.
    await page.evaluate(`sessionStorage.setItem('sunlight.tokens', JSON.stringify({ access: 'x.eyJzdWIiOiJkZW1vIn0.x', refresh: 'not-a-real-one', expiresAt: Date.now() - 1000, scope: 'read:transparency' }))`);
    await page.goto(`${stack.t.baseUrl}/#/map`);
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 20_000 });
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/signed out|sign in again/i);
    await stack.screenshot(page, 'sign-in-session-ended');
    await context.close();
  });
});
