/**
 * Collections in a real browser over the real API, the whole corpus and the stack's own worker
 * (which indexes into collections): a collection is created; a PDF is uploaded and indexed with
 * a progress bar to completion; a bigger one is cancelled while it embeds; the collection is
 * searched, each hit with its text, metadata and score (as the API answers); and it is deleted
 * from the list after a question.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelEmbeddings } from '../../core/search/embeddings/model-embeddings.js';
import { makePdf } from '../../core/vectors/testing/make-pdf.js';
import { startConsoleStack, type ConsoleStack } from './console-stack.js';

const SUB = 'collections-e2e';
const NAME = 'Council records';
const PAGES = [
  'Minutes of the city council. The council approved the parks budget and new playground equipment for the east side.',
  'Police department memo. Body camera footage is retained for ninety days unless it is flagged as evidence in an investigation.',
  'Letter from the records officer. Your request for emails is granted in part; personnel files are withheld as private.',
];

let stack: ConsoleStack;
let context: BrowserContext;
let page: Page;
let token: string;
const errors: string[] = [];
/** While set, the worker's embedding of a batch waits for it: a run that stays running, to cancel. */
let hold: Promise<void> | null = null;

beforeAll(async () => {
  stack = await startConsoleStack({
    collectionEmbeddings: (real) =>
      Object.assign(Object.create(real) as ModelEmbeddings, {
        embedDocuments: async (texts: string[]) => {
          if (hold) await hold;
          return real.embedDocuments(texts);
        },
      }),
  });
  token = await stack.t.token({ sub: SUB, scope: 'read:vectors write:vectors' });
  context = await stack.signedIn({ sub: SUB });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
}, 240_000);
afterAll(async () => {
  await context?.close();
  await stack?.close();
});

async function api<T = any>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const res = await stack.t.request(path, { token, ...init });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

const status = () => page.locator('.collections-run [role="status"]');

describe('the collections page', () => {
  let id = '';

  it('creates a collection and opens it', async () => {
    await page.goto(`${stack.t.baseUrl}/#/collections`);
    await page.getByRole('heading', { level: 1, name: 'Collections' }).waitFor();
    await page.getByText('No collections yet.').waitFor();
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await page.getByLabel('Description (optional)').fill('March records response');
    await page.getByRole('button', { name: 'Create collection' }).click();
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    id = page.url().split('/').at(-1)!;
    expect((await api(`/api/vectors/collections/${id}`)).name).toBe(NAME);
    await page.getByText('0 items, 0 chunks').waitFor();
  });

  it('uploads a PDF and indexes it with a progress bar to completion', async () => {
    await page.getByLabel('File (PDF, text, Markdown or HTML)').setInputFiles({ name: 'march.pdf', mimeType: 'application/pdf', buffer: await makePdf(PAGES) });
    await page.getByRole('button', { name: 'Upload and index' }).click();
    await status().getByText('Indexed collections/', { exact: false }).waitFor({ timeout: 60_000 });
    expect(await status().textContent()).toBe(`Indexed collections/${id}/march.pdf: 3 pages, 3 chunks embedded, 0 unchanged.`);
    const bar = page.locator('#collection-progress-bar');
    expect(await bar.getAttribute('value')).toBe(await bar.getAttribute('max'));
    // The collection's counts are read again once the run completes.
    await page.getByText('3 items, 3 chunks').waitFor();
    expect((await api(`/api/vectors/collections/${id}`)).item_count).toBe(3);
  });

  it('cancels a run while it embeds', async () => {
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    try {
      const pages = Array.from({ length: 40 }, (_, i) => `Page ${i + 1}. ${PAGES[i % 3]}`);
      await page.getByLabel('File (PDF, text, Markdown or HTML)').setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: await makePdf(pages) });
      await page.getByRole('button', { name: 'Upload and index' }).click();
      await status().getByText('Embedding the text', { exact: false }).waitFor({ timeout: 30_000 });
      expect(await page.getByRole('button', { name: 'Upload and index' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Cancel indexing' }).click();
      await page.getByRole('button', { name: 'Cancelling…' }).waitFor();
    } finally {
      hold = null;
      release();
    }
    await status().getByText('was cancelled', { exact: false }).waitFor({ timeout: 30_000 });
    expect(await status().textContent()).toMatch(/^Indexing collections\/.+\/big\.pdf was cancelled after \d+ of 40 chunks/);
    expect(await page.getByRole('button', { name: 'Cancel indexing' }).count()).toBe(0);
    // What the run stored before it stopped stays, and the counts are read again.
    const after = await api(`/api/vectors/collections/${id}`);
    await page.getByText(`${after.item_count} items, ${after.chunk_count} chunks`).waitFor();
  });

  it('searches the collection, showing each hit with its text, metadata and score as the API answers', async () => {
    await page.getByLabel('Words or a question').fill('how long is body camera video kept');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.locator('.collections-count').getByText('best matches', { exact: false }).waitFor();
    const expected = await api(`/api/vectors/collections/${id}/query`, { method: 'POST', json: { text: 'how long is body camera video kept', limit: 10 } });
    const hits = page.locator('.collections-hit');
    expect(await hits.count()).toBe(expected.data.length);
    const first = hits.first();
    expect(await first.locator('.collections-hit-id').textContent()).toBe(expected.data[0].id);
    expect(await first.locator('.collections-hit-text').textContent()).toContain('ninety days');
    expect(await first.locator('.collections-score').textContent()).toBe(`score ${expected.data[0].score.toFixed(3)}`);
    expect(await first.locator('.collections-metadata dt').allTextContents()).toEqual(expect.arrayContaining(['object_key', 'page']));
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'collections');
  });

  it('lists the collection with its size and deletes it after a question', async () => {
    await page.getByRole('link', { name: 'Your collections' }).click();
    await page.getByRole('heading', { level: 2, name: 'Your collections (1)' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(NAME) });
    expect(await row.getByRole('cell').nth(1).textContent()).toMatch(/^\d+$/);
    expect(await stack.axe(page)).toEqual([]);
    await row.getByRole('button', { name: `Delete ${NAME}` }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText(`Deleted ${NAME}.`).waitFor();
    await page.getByText('No collections yet.').waitFor();
    const res = await stack.t.request(`/api/vectors/collections/${id}`, { token });
    expect(res.status).toBe(404);
    expect(errors).toEqual([]);
  });
});
