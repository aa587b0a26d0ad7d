/**
 * The Projects page in a real browser over the real API and the whole corpus: the owner creates
 * a project, adds one of their FOIA requests, one of their files and a saved search (re-run on
 * the page), and shares it with a colleague as a viewer; the colleague sees the items' labels
 * and runs the search, but gets neither the add form nor the member controls; made an editor,
 * the add form appears; removed, the project is gone for them.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleStack, type ConsoleStack } from './console-stack.js';

const OWNER = 'projects-e2e';
const COLLEAGUE = 'projects-e2e-colleague';

let stack: ConsoleStack;
let owner: BrowserContext;
let page: Page;
let token: string;
let projectId = '';
const errors: string[] = [];

beforeAll(async () => {
  stack = await startConsoleStack();
  token = await stack.t.token({ sub: OWNER, scope: 'read:foia write:foia read:storage write:storage read:projects write:projects' });
  const created = await stack.t.request('/api/foia/requests', {
    method: 'POST',
    token,
    json: { jurisdiction: 'texas', agency: { name: 'Austin Police Department' }, subject: 'Body camera policy', description: 'The current policy.' },
  });
  expect(created.status).toBe(201);
  const put = await stack.t.request(`/api/storage/objects/${encodeURIComponent('notes/interview.txt')}`, { method: 'PUT', token, body: 'notes', headers: { 'content-type': 'text/plain' } });
  expect(put.status).toBe(201);
  owner = await stack.signedIn({ sub: OWNER });
  page = await owner.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
}, 240_000);
afterAll(async () => {
  await owner?.close();
  await stack?.close();
});

async function api<T = any>(path: string, as = token): Promise<T> {
  const res = await stack.t.request(path, { token: as });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

describe('the Projects page', () => {
  it('creates a project from the navigation', async () => {
    await page.goto(`${stack.t.baseUrl}/#/map`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    await page.getByText('No projects yet.').waitFor();
    const form = page.getByRole('form', { name: 'New project' });
    await form.getByLabel('Name').fill('Body cameras');
    await form.getByLabel('Description (optional)').fill('Spring series on police recordings');
    await form.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { level: 1, name: 'Body cameras' }).waitFor();
    projectId = page.url().split('#/projects/')[1] ?? '';
    expect(await api(`/api/projects/${projectId}`)).toMatchObject({ name: 'Body cameras', role: 'owner', owner: OWNER });
  });

  it('adds a FOIA request, a file and a saved search, and re-runs the search', async () => {
    const form = page.getByRole('form', { name: 'Add to this project' });
    await form.getByLabel('FOIA request', { exact: true }).selectOption({ label: 'Body camera policy — Austin Police Department' });
    await form.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('status').filter({ hasText: 'Added “Body camera policy — Austin Police Department”.' }).waitFor();
    await form.getByLabel('What', { exact: true }).selectOption('stored_object');
    await form.getByLabel('File', { exact: true }).selectOption('notes/interview.txt');
    await form.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('heading', { name: 'Items (2)' }).waitFor();
    await form.getByLabel('What', { exact: true }).selectOption('saved_search');
    await form.getByLabel('Search query').fill('body camera recordings');
    await form.getByLabel('Jurisdictions (optional)').fill('texas');
    await form.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('heading', { name: 'Items (3)' }).waitFor();

    const items = await api(`/api/projects/${projectId}/items`);
    expect(items.data.map((i: { kind: string }) => i.kind)).toEqual(['saved_search', 'stored_object', 'foia_request']);
    expect(items.data[0].ref).toEqual({ query: 'body camera recordings', filters: { jurisdictions: ['texas'] } });

    await page.getByRole('button', { name: 'Run search' }).click();
    const run = page.getByRole('status').filter({ hasText: /results? today/ });
    await run.waitFor();
    const expected = await stack.t.request(`/api/projects/${projectId}/items/${items.data[0].id}/run`, { method: 'POST', token, json: { limit: 5 } }).then((r) => r.json());
    expect(expected.total).toBeGreaterThan(0);
    expect(await run.locator('li').count()).toBe(expected.data.length);
    // The owner's own records link to their pages.
    expect(await page.getByRole('link', { name: 'Body camera policy — Austin Police Department' }).getAttribute('href')).toMatch(/^#\/foia\//);
  });

  it('shares the project with a viewer, who reads and runs but cannot change it', async () => {
    const members = page.getByRole('form', { name: 'Add a member' });
    await members.getByLabel('Their user id (sub)').fill(COLLEAGUE);
    await members.getByLabel('Role', { exact: true }).selectOption('viewer');
    await members.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('cell', { name: COLLEAGUE, exact: true }).waitFor();
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'projects');

    const colleague = await stack.signedIn({ sub: COLLEAGUE });
    const theirs = await colleague.newPage();
    theirs.on('pageerror', (e) => errors.push(e.message));
    await theirs.goto(`${stack.t.baseUrl}/#/projects`);
    await theirs.getByRole('link', { name: 'Body cameras' }).click();
    await theirs.getByRole('heading', { level: 1, name: 'Body cameras' }).waitFor();
    await theirs.getByText('Your role: Viewer').waitFor();
    await theirs.getByRole('heading', { name: 'Items (3)' }).waitFor();
    // The label only: the request is the owner's, and opens through its own API for them alone.
    await theirs.getByText('Body camera policy — Austin Police Department').waitFor();
    expect(await theirs.getByRole('link', { name: 'Body camera policy — Austin Police Department' }).count()).toBe(0);
    expect(await theirs.getByRole('form', { name: 'Add to this project' }).count()).toBe(0);
    expect(await theirs.getByRole('form', { name: 'Add a member' }).count()).toBe(0);
    expect(await theirs.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    await theirs.getByRole('button', { name: 'Run search' }).click();
    await theirs.getByRole('status').filter({ hasText: /results? today/ }).waitFor();
    expect(await stack.axe(theirs)).toEqual([]);
    await stack.screenshot(theirs, 'projects-viewer');

    // Made an editor, they get the add form; removed, the project is gone for them.
    await page.getByRole('button', { name: 'Make editor' }).click();
    await page.getByRole('button', { name: 'Make viewer' }).waitFor();
    await theirs.reload();
    await theirs.getByRole('form', { name: 'Add to this project' }).waitFor();
    await page.getByRole('button', { name: `Remove ${COLLEAGUE}` }).click();
    await page.getByRole('button', { name: 'Make viewer' }).waitFor({ state: 'detached' });
    await theirs.reload();
    await theirs.getByRole('alert').filter({ hasText: /not found/i }).waitFor();
    await colleague.close();
  });

  it('lets the owner remove an item and delete the project', async () => {
    await page.getByRole('button', { name: 'Remove notes/interview.txt' }).click();
    await page.getByRole('heading', { name: 'Items (2)' }).waitFor();
    await page.getByRole('button', { name: 'Delete project…' }).click();
    await page.getByRole('button', { name: 'Delete project', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    await page.getByText('No projects yet.').waitFor();
    expect((await stack.t.request(`/api/projects/${projectId}`, { token })).status).toBe(404);
    expect(errors).toEqual([]);
  });
});
