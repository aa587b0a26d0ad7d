/**
 * The research assistant page in a real browser, over the real API and chat service on a
 * deterministic model (as api/routes/chat/testing/chat-test-app.ts wires it): streamed
 * answers, citations opening the statute beside the answer, follow-ups, the conversation
 * list, Stop, and research mode with its progress.
 */
import { NativeConnection, type Worker } from '@temporalio/worker';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testChatService } from '../../api/routes/chat/testing/chat-test-app.js';
import { HangingEchoChatModel } from '../../core/chat/models/testing/draft-echo-model.js';
import { createLogger } from '../../core/logger/logger.js';
import { createTemporalClient, type TemporalClientHandle } from '../../core/temporal/temporal-client.js';
import { corpusDir, legalFactsDir } from '../../test/support/corpus-dir.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.js';
import { createTemporalWorker } from '../../workers/create-worker.js';
import { installTemporalRuntime } from '../../workers/temporal-runtime.js';
import { startConsoleStack, type ConsoleStack } from './console-stack.js';

/** Echoes the draft word by word, a little slowly (so the stream is seen arriving), or hangs until aborted. */
const model = Object.assign(new HangingEchoChatModel(), { delayMs: 40 });
let stack: ConsoleStack;
let database: TestDatabase;
let temporal: TemporalClientHandle;
let connection: NativeConnection | undefined;
let worker: Worker | undefined;
let running: Promise<void> | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  temporal = createTemporalClient({ address: inject('temporalAddress'), namespace: 'default' });
  const taskQueue = `console-assistant-${process.pid}-${Date.now()}`;
  stack = await startConsoleStack({
    database,
    env: { CHAT_HEARTBEAT_SECONDS: '1' },
    override: (deps) => ({ chat: testChatService({ db: database.db, deps, model, temporal, taskQueue }) }),
  });
  // A worker for the research workflow, over the same (now ingested) database.
  installTemporalRuntime(createLogger({ level: 'warn' }));
  connection = await NativeConnection.connect({ address: inject('temporalAddress') });
  worker = await createTemporalWorker({ connection, namespace: 'default', taskQueue, logger: createLogger({ level: 'silent' }), ingestion: { db: database.db, corpusDir: corpusDir(), legalFactsDir: legalFactsDir() } });
  running = worker.run();
}, 180_000);

afterAll(async () => {
  worker?.shutdown();
  await running;
  await connection?.close();
  await temporal?.connection.close();
  await stack?.close();
  await database?.drop();
});

const TEXAS = 'How long does a Texas agency have to respond to a records request?';
const DELAY = 'How long does a Texas agency have to certify a delay in producing records?';

/** Records the last answer's text length and status at each change of the page, for checking that it grew while streaming. */
const WATCH_ANSWER = `(() => {
  window.__answerLog = [];
  const record = () => {
    const answers = document.querySelectorAll('.assistant-turn');
    const last = answers[answers.length - 1]?.querySelector('.assistant-answer');
    const entry = { len: last ? last.textContent.length : 0, status: last ? last.getAttribute('data-status') : 'none' };
    const prev = window.__answerLog[window.__answerLog.length - 1];
    if (!prev || prev.len !== entry.len || prev.status !== entry.status) window.__answerLog.push(entry);
  };
  new MutationObserver(record).observe(document.querySelector('main'), { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-status'] });
})()`;

async function ask(page: Page, question: string) {
  const box = page.getByLabel('Your question');
  await box.fill(question);
  await box.press('Enter');
}

/** The turn of the page that asked `question` (the last one, if asked more than once). */
const turn = (page: Page, question: string) => page.locator('article.assistant-turn', { has: page.getByRole('heading', { name: question }) }).last();

describe('the research assistant page', () => {
  let page: Page;
  const errors: string[] = [];
  let conversationUrl = '';

  beforeAll(async () => {
    const context = await stack.signedIn({ sub: 'e2e-assistant' });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('says what it answers from, and offers an empty conversation to start', async () => {
    await page.goto(`${stack.t.baseUrl}/#/assistant`);
    await page.getByRole('heading', { level: 1, name: 'Research assistant' }).waitFor();
    await page.getByText('answers from Sunlight’s law database').waitFor();
    await page.getByText('No conversations yet').waitFor();
    await expect(page.getByRole('button', { name: 'Ask' }).isEnabled()).resolves.toBe(true);
    await expect(page.getByLabel('Research mode').isChecked()).resolves.toBe(false);
    expect(await stack.axe(page)).toEqual([]);
  });

  it('streams the answer from the law database with its citation, and Shift+Enter keeps writing', async () => {
    const box = page.getByLabel('Your question');
    await box.fill('How long');
    await box.press('Shift+Enter');
    await expect(box.inputValue()).resolves.toBe('How long\n');
    await box.fill('');

    await ask(page, TEXAS);
    const t = turn(page, TEXAS);
    // While it is being answered the question shows, and Stop is offered.
    await t.waitFor();
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    await t.locator('.assistant-answer[data-status="complete"]').waitFor({ timeout: 30_000 });
    // The law database's reviewed facts: Texas sets a standard ("promptly"), not a number of days.
    const answer = await t.locator('.assistant-answer').innerText();
    expect(answer).toContain('In Texas, the law sets no fixed number of days for a first response');
    expect(answer).toContain('promptly');
    await t.getByRole('button', { name: "[1] Tex. Gov't Code § 552.221(a)" }).waitFor();
    await t.getByText('Answered from the law database').waitFor();
    expect(await t.locator('.assistant-meta').innerText()).toContain('test:draft-echo');
    // The new conversation has an address of its own and is in the list.
    await page.waitForURL(/#\/assistant\/[0-9a-f-]{36}$/);
    conversationUrl = page.url();
    await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: TEXAS }).waitFor();
    await expect(page.getByRole('button', { name: 'Stop' }).count()).resolves.toBe(0);
    expect(await stack.axe(page)).toEqual([]);
  });

  it('opens the cited section beside the answer with the quoted words marked', async () => {
    await turn(page, TEXAS).getByRole('button', { name: "[1] Tex. Gov't Code § 552.221(a)" }).click();
    const panel = page.locator('aside.document-panel');
    await panel.getByRole('heading', { name: "Tex. Gov't Code § 552.221(a)" }).waitFor();
    const marked = await panel.locator('mark').innerText();
    expect(marked.replace(/\s+/g, ' ')).toContain('"promptly" means as soon as possible under the circumstances');
    await stack.screenshot(page, 'assistant-citation');
    expect(await stack.axe(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('continues the conversation with a follow-up', async () => {
    await ask(page, 'And in Washington?');
    const t = turn(page, 'And in Washington?');
    await t.locator('.assistant-answer[data-status="complete"]').waitFor({ timeout: 30_000 });
    expect(await t.locator('.assistant-answer').innerText()).toContain('In Washington, an agency has 5 business days to respond');
    await t.getByRole('button', { name: '[1] RCW 42.56.520(1)' }).waitFor();
    expect(page.url()).toBe(conversationUrl);
  });

  it('shows the answer grow as its parts arrive, and its [n] markers open the citation', async () => {
    await page.evaluate(WATCH_ANSWER);
    await ask(page, DELAY);
    const t = turn(page, DELAY);
    await t.locator('.assistant-answer[data-status="complete"]').waitFor({ timeout: 30_000 });
    const log = (await page.evaluate('window.__answerLog')) as Array<{ len: number; status: string }>;
    const growing = log.filter((e) => e.status === 'streaming' && e.len > 0).map((e) => e.len);
    expect(growing.length).toBeGreaterThanOrEqual(2);
    expect([...growing].sort((a, b) => a - b)).toEqual(growing);
    expect(log.at(-1)?.status).toBe('complete');

    const answer = await t.locator('.assistant-answer').innerText();
    expect(answer).toContain('within 10 business days after the date the information is requested');
    await stack.screenshot(page, 'assistant-answer');
    // The marker in the text opens the same record as the citation list.
    await t.locator('.assistant-answer').getByRole('button', { name: "Citation 2: Tex. Gov't Code § 552.221" }).click();
    const panel = page.locator('aside.document-panel');
    await panel.getByRole('heading', { name: "Tex. Gov't Code § 552.221", exact: true }).waitFor();
    expect((await panel.locator('mark').innerText()).replace(/\s+/g, ' ')).toContain('cannot produce public information for inspection or duplication within 10 business days');
    await panel.getByRole('button', { name: 'Close' }).click();
    expect(page.url()).toBe(conversationUrl);
  });

  it('lists the conversation, and reopens it with its turns', async () => {
    await page.getByRole('link', { name: 'New conversation' }).click();
    await page.getByRole('heading', { level: 2, name: 'New conversation' }).waitFor();
    await expect(page.locator('article.assistant-turn').count()).resolves.toBe(0);
    const entry = page.getByRole('navigation', { name: 'Conversations' }).getByRole('listitem').filter({ hasText: TEXAS });
    expect(await entry.innerText()).toContain('6 messages');
    await entry.getByRole('link').click();
    await turn(page, DELAY).locator('.assistant-answer').waitFor();
    expect(page.url()).toBe(conversationUrl);
    await expect(page.locator('article.assistant-turn').count()).resolves.toBe(3);
    expect(await turn(page, 'And in Washington?').locator('.assistant-answer').innerText()).toContain('5 business days');
    await turn(page, TEXAS).getByRole('button', { name: "[1] Tex. Gov't Code § 552.221(a)" }).waitFor();
    expect(await stack.axe(page)).toEqual([]);
  });

  it('stops an answer being written when asked', async () => {
    await page.getByRole('link', { name: 'New conversation' }).click();
    model.hang = true;
    try {
      const question = 'How long does a Washington agency have to respond to a records request?';
      await ask(page, question);
      // The sources and citation have come; the model is still "writing".
      await turn(page, question).getByRole('button', { name: '[1] RCW 42.56.520(1)' }).waitFor();
      await page.getByRole('button', { name: 'Stop' }).click();
      await turn(page, question).getByText('Stopped: the answer is incomplete.').waitFor();
      await expect(page.getByRole('button', { name: 'Ask' }).isEnabled()).resolves.toBe(true);
      await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('assistant-question');
      await page.getByText('your next question starts a new conversation').waitFor();
      // Closing the stream stopped the model on the server.
      await expect.poll(() => model.aborted, { timeout: 10_000 }).toBe(1);
      expect(await stack.axe(page)).toEqual([]);
      await stack.screenshot(page, 'assistant-stopped');
    } finally {
      model.hang = false;
    }
  });

  it('runs research mode with its progress, ending in a comparison table', async () => {
    // Already at a new conversation's address: the link clears the stopped one from view.
    await page.getByRole('link', { name: 'New conversation' }).click();
    await expect(page.locator('article.assistant-turn').count()).resolves.toBe(0);
    await page.getByLabel('Research mode').check();
    const question = 'Compare response deadlines in Texas and Washington';
    await ask(page, question);
    const t = turn(page, question);
    await t.getByRole('progressbar').waitFor();
    await stack.screenshot(page, 'assistant-research-progress');
    await t.locator('.assistant-answer[data-status="complete"]').waitFor({ timeout: 60_000 });
    await expect(page.locator('article.assistant-turn').count()).resolves.toBe(1);
    const table = t.getByRole('table', { name: 'Comparison' });
    await table.waitFor();
    expect(await table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Washington' }) }).innerText()).toContain('5 business days');
    await t.getByRole('button', { name: /^\[1\] / }).waitFor();
    expect(await t.locator('.assistant-meta').innerText()).toContain('Researched in the law database');
    expect(await stack.axe(page)).toEqual([]);
    await stack.screenshot(page, 'assistant-research');
  });

  it('chooses the jurisdictions a question is about', async () => {
    await page.getByRole('link', { name: 'New conversation' }).click();
    await page.getByLabel('Research mode').uncheck();
    await page.getByText('Jurisdictions: as the question names them').click();
    await page.getByRole('checkbox', { name: 'Washington' }).check();
    await page.getByText('Jurisdictions: Washington').waitFor();
    expect(await stack.axe(page)).toEqual([]);
    await ask(page, 'How long does an agency have to respond to a records request?');
    const t = turn(page, 'How long does an agency have to respond to a records request?');
    await t.locator('.assistant-answer[data-status="complete"]').waitFor({ timeout: 30_000 });
    expect(await t.locator('.assistant-answer').innerText()).toContain('In Washington, an agency has 5 business days');
  });

  it('says in words when a conversation cannot be read, or an answer fails in the stream', async () => {
    await page.goto(`${stack.t.baseUrl}/#/assistant/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('alert').filter({ hasText: 'Not found' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    // Continuing it: the API opens the stream and ends it with an `error` event.
    await ask(page, 'And in Texas?');
    await turn(page, 'And in Texas?').getByRole('alert').filter({ hasText: 'Not found: it may have been removed' }).waitFor();
    await expect(page.getByRole('button', { name: 'Ask' }).isEnabled()).resolves.toBe(true);
    expect(await stack.axe(page)).toEqual([]);
  });

  it('had no script errors', () => {
    expect(errors).toEqual([]);
  });
});
