/**
 * The web console's end-to-end stack for one test file: the real API (its own database with
 * the whole corpus ingested through the ingestion workflow on the run's Temporal server), the
 * development identity provider with its login page, the console built into a directory of the
 * file's own, and Debian's Chromium driven by playwright-core.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { NativeConnection } from '@temporalio/worker';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { createLogger } from '../../core/logger/logger.js';
import { createEmbeddings } from '../../core/search/embeddings/create-embeddings.js';
import type { ModelEmbeddings } from '../../core/search/embeddings/model-embeddings.js';
import { createVectorStoreProvider } from '../../core/search/vector-store/create-vector-store.js';
import { createPgVectorCollectionStore } from '../../core/vectors/vector-collection-store.js';
import { createTemporalClient } from '../../core/temporal/temporal-client.js';
import { launchBrowser } from '../../test/support/browser.js';
import { ownTaskQueue, startCompileWorker } from '../../test/support/compile-worker.js';
import { startWebhookDeliveries } from '../../test/support/webhook-deliveries.js';
import { startMailDeliveries } from '../../test/support/mail-deliveries.js';
import { startSmtpSink, type SmtpSink } from '../../test/support/smtp-sink.js';
import { corpusDir, legalFactsDir } from '../../test/support/corpus-dir.js';
import { repoRoot } from '../../test/support/test-env.js';
import { startTestApi, type TestApi, type TestApiOptions } from '../../test/support/test-api.js';
import { createTemporalWorker } from '../../workers/create-worker.js';
import { installTemporalRuntime } from '../../workers/temporal-runtime.js';
import { CONSOLE_SCOPES } from '../../api/http/console.js';
import { buildConsole, type ConsoleManifest } from '../scripts/build.js';

export interface ConsoleStack {
  t: TestApi;
  browser: Browser;
  manifest: ConsoleManifest;
  /** The loopback SMTP server letters are sent to (with the `mail` option), or null. */
  smtp: SmtpSink | null;
  /** A browser context (its own storage) whose pages are already signed in as `sub`, with `scopes`. */
  signedIn(opts?: { sub?: string; scopes?: readonly string[]; ttlSeconds?: number }): Promise<BrowserContext>;
  /** Saves a screenshot (the full page unless `fullPage: false`) under test-results/console/<name>.png and returns its path. */
  screenshot(page: Page, name: string, opts?: { fullPage?: boolean }): Promise<string>;
  /** Serious and critical accessibility violations axe-core finds on the page as it is now. */
  axe(page: Page): Promise<Array<{ id: string; impact: string; help: string; nodes: string[] }>>;
  close(): Promise<void>;
}

export const SCREENSHOTS = path.join(repoRoot, 'test-results', 'console');
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs the ingestion workflow over the corpus into the test database. */
async function ingest(t: TestApi): Promise<void> {
  installTemporalRuntime(createLogger({ level: 'warn' }));
  const taskQueue = `console-e2e-${process.pid}-${Date.now()}`;
  const connection = await NativeConnection.connect({ address: inject('temporalAddress') });
  const worker = await createTemporalWorker({
    connection,
    namespace: 'default',
    taskQueue,
    logger: createLogger({ level: 'silent' }),
    ingestion: { db: t.database.db, corpusDir: corpusDir(), legalFactsDir: legalFactsDir() },
  });
  const temporal = createTemporalClient({ address: inject('temporalAddress'), namespace: 'default' });
  try {
    await worker.runUntil(temporal.client.workflow.execute('ingestCorpus', { taskQueue, workflowId: `${taskQueue}-ingest`, args: [{}] }));
  } finally {
    await temporal.connection.close();
    await connection.close();
  }
}

export interface ConsoleStackOptions extends TestApiOptions {
  /**
   * Deliver integration runs' webhook events: a BullMQ queue (a prefix of the stack's own) with
   * its runner, retrying quickly, and private (loopback) webhook URLs allowed, so that a test
   * may receive them on a server of its own.
   */
  webhooks?: boolean;
  /**
   * Send FOIA letters: a loopback SMTP server (`smtp`) the API's SMTP_URL points at, and the
   * outgoing-letter queue (a prefix of the stack's own) run in-process, retrying quickly.
   */
  mail?: boolean;
  /** Wraps the embeddings the worker indexes collections with (e.g. to hold a run, to cancel it). */
  collectionEmbeddings?: (real: ModelEmbeddings) => ModelEmbeddings;
}

export async function startConsoleStack(options: ConsoleStackOptions = {}): Promise<ConsoleStack> {
  const { webhooks: withWebhooks = false, mail: withMail = false, collectionEmbeddings, ...apiOptions } = options;
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-console-'));
  const manifest = await buildConsole({ outDir });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-console-data-'));
  const queuePrefix = `sunlight-console-${process.pid}-${Date.now().toString(36)}`;
  const webhookEnv: Record<string, string> = withWebhooks ? { WEBHOOK_ALLOW_PRIVATE: 'true', QUEUE_PREFIX: queuePrefix } : {};
  const smtp = withMail ? await startSmtpSink() : null;
  const mailEnv: Record<string, string> = smtp ? { SMTP_URL: smtp.url, MAIL_FROM: 'Sunlight <foia@sunlight.test>', QUEUE_PREFIX: queuePrefix } : {};
  const t = await startTestApi({ ...apiOptions, env: { CONSOLE_DIR: outDir, DATA_DIR: dataDir, TEMPORAL_TASK_QUEUE: ownTaskQueue('console'), ...webhookEnv, ...mailEnv, ...apiOptions.env } });
  await ingest(t);
  const webhooks = withWebhooks ? startWebhookDeliveries(t, queuePrefix, 'console-webhooks', { baseMs: 200, capMs: 1000, forMs: 30_000 }) : null;
  const mail = smtp ? startMailDeliveries(t, queuePrefix, 'console-mail', 200) : null;
  // Packets, integration runs and collection indexing run on a worker of the stack's own, over the API's object storage and data directory.
  const real = createEmbeddings(t.config.embeddings);
  const embeddings = collectionEmbeddings ? collectionEmbeddings(real) : real;
  const compiler = await startCompileWorker(t, {
    collectionIndexing: { store: createPgVectorCollectionStore(t.database.db), vectors: createVectorStoreProvider(t.config, embeddings), embeddings, storage: t.container.deps.storage },
    ...(webhooks ? { enqueueWebhook: webhooks.enqueue } : {}),
  });
  const browser = await launchBrowser();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    t,
    browser,
    manifest,
    smtp,
    async signedIn({ sub = 'e2e-reporter', scopes = CONSOLE_SCOPES, ttlSeconds = 3600 } = {}) {
      const scope = scopes.join(' ');
      const access = await t.token({ sub, scope, ttlSeconds });
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      // What a completed sign-in leaves in the tab's session storage (see web/src/auth/oauth.ts).
      const tokens = JSON.stringify({ access, refresh: null, expiresAt: Date.now() + ttlSeconds * 1000, scope });
      await context.addInitScript(`if (!sessionStorage.getItem('sunlight.tokens')) sessionStorage.setItem('sunlight.tokens', ${JSON.stringify(tokens)});`);
      return context;
    },
    async screenshot(page, name, { fullPage = true } = {}) {
      const file = path.join(SCREENSHOTS, `${name}.png`);
      await page.screenshot({ path: file, fullPage });
      return file;
    },
    async axe(page) {
      await page.evaluate(AXE_SOURCE);
      const violations = (await page.evaluate(`axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
        .then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, nodes: v.nodes.map((n) => JSON.stringify(n.target)) })))`)) as Array<{ id: string; impact: string; help: string; nodes: string[] }>;
      return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    },
    async close() {
      await browser.close();
      await compiler.close();
      await webhooks?.close();
      await mail?.close();
      await t.close();
      await smtp?.close();
      fs.rmSync(outDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
