/**
 * The Python SDK's test suite (sdk/python/tests) against the real API: this file starts the API
 * over a seeded law database (and a second one with a tiny rate limit) with a compilation worker
 * beside it (which also runs integration workflows) and a webhook delivery queue on Redis (its own
 * prefix; private webhook URLs allowed, so that pytest's loopback receiver gets them), hands
 * pytest their addresses and tokens through the environment, and expects pytest to pass. Letters the
 * tests send go to a real SMTP server on loopback, through the outgoing-letter queue run in-process. `SDK_PYTEST_ARGS` adds arguments to pytest's (e.g. `-x`, or `--deselect …`).
 *
 * Needs the SDK's venv: `.local/venv-sdk` (see sdk/python/README.md, "Development").
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { BaseMessage } from '@langchain/core/messages';
import type { ChatGenerationChunk } from '@langchain/core/outputs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatTestApp, type ChatTestApp } from '../../api/routes/chat/testing/chat-test-app.js';
import { ALL_SCOPES } from '../../core/auth/scopes.js';
import { DraftEchoChatModel } from '../../core/chat/models/testing/draft-echo-model.js';
import { FoiaDeadlineReminderJob } from '../../core/foia/reminders/foia-deadline-reminder-job.js';
import { createPgFoiaReminderStore } from '../../core/foia/reminders/foia-reminder-store.js';
import type { ConversationStore } from '../../core/chat/conversation-store.js';
import type { CompilationStore, CompilationTransaction } from '../../core/documents/compilation-store.js';
import { clientWebhookSecret } from '../../core/integrations/webhook-signature.js';
import { createLogger } from '../../core/logger/logger.js';
import { createEmbeddings } from '../../core/search/embeddings/create-embeddings.js';
import { createVectorStoreProvider } from '../../core/search/vector-store/create-vector-store.js';
import { createPgVectorCollectionStore } from '../../core/vectors/vector-collection-store.js';
import { ownTaskQueue, startCompileWorker, type RunningWorker } from '../../test/support/compile-worker.js';
import { startTestApi, TEST_CLIENT, type TestApi } from '../../test/support/test-api.js';
import { repoRoot } from '../../test/support/test-env.js';
// The TypeScript SDK's tests start the same webhook delivery queue.
import { startWebhookDeliveries, type WebhookDeliveries } from '../typescript/test/worker-harness.js';
import { startMailDeliveries, type MailDeliveries } from '../../test/support/mail-deliveries.js';
import { startSmtpSink, type SmtpSink } from '../../test/support/smtp-sink.js';

const PYTHON = path.join(repoRoot, '.local', 'venv-sdk', 'bin', 'python');
const LIMITED_WINDOW_SECONDS = 2;
const PYTEST_TIMEOUT_MS = 900_000;
/** The compilations of this user (SUNLIGHT_TOKEN_HOLD) do not start until they are cancelled: the tests of cancel and wait timeouts. */
const HOLD_USER = 'sdk-python-hold';
/** The longest a held compilation waits (the workflow's bookkeeping activity has 30 s). */
const HOLD_MAX_MS = 20_000;
/** The client whose `compile` workflow runs (SUNLIGHT_TOKEN_RUN_HOLD) wait before gathering a `conversation` part: runs that stay running until cancelled. */
const RUN_HOLD_USER = 'sdk-python-run-hold';
/** The every-scope user (SUNLIGHT_TOKEN_ALL), whose webhook secret pytest checks. */
const ALL_USER = 'sdk-python-all';
/** The FOIA tracker's user (SUNLIGHT_TOKEN_TRACKER): notifications and the calendar feed of their own, untouched by other tests. */
const TRACKER_USER = 'sdk-python-tracker';

/**
 * The deterministic echo model, except that a question containing "slowly" gets no words until
 * the request is aborted: the Python tests of cancellation and timeouts need an answer that is
 * still being made when the client lets go.
 */
class EchoUnlessSlowModel extends DraftEchoChatModel {
  override async *_streamResponseChunks(messages: BaseMessage[], options: this['ParsedCallOptions']): AsyncGenerator<ChatGenerationChunk> {
    if (messages.some((m) => String(m.content).includes('slowly'))) {
      await new Promise<void>((resolve) => {
        if (options.signal?.aborted) resolve();
        options.signal?.addEventListener('abort', () => resolve(), { once: true });
      });
      throw new Error('aborted');
    }
    yield* super._streamResponseChunks(messages, options);
  }
}

/**
 * The worker's compilation store, except that the held user's writes wait while any of their
 * compilations is queued or running: their compilations stay queued until cancelled.
 */
function holdingStore(store: CompilationStore, stopped: () => boolean): CompilationStore {
  const unfinished = (tx: CompilationTransaction) => tx.list(100, null).then(({ rows }) => rows.some((r) => r.status === 'queued' || r.status === 'running'));
  return {
    async asUser<T>(userId: string, fn: (tx: CompilationTransaction) => Promise<T>): Promise<T> {
      const until = Date.now() + HOLD_MAX_MS;
      while (userId === HOLD_USER && !stopped() && Date.now() < until && (await store.asUser(userId, unfinished))) await new Promise((r) => setTimeout(r, 100));
      return store.asUser(userId, fn);
    },
  };
}

/**
 * The worker's conversation store, except that the run-holding client's reads wait (up to
 * HOLD_MAX_MS, or until the tests end): gathering a `conversation` part of its compilations does
 * not finish, so its `compile` runs stay running until cancelled. Cancelling such a run does not
 * wait for the held read (the workflow stops at once; the read ends later, unheeded).
 */
function holdingConversations(store: ConversationStore, stopped: () => boolean): ConversationStore {
  return {
    async asUser(userId, fn) {
      const until = Date.now() + HOLD_MAX_MS;
      while (userId === RUN_HOLD_USER && !stopped() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      return store.asUser(userId, fn);
    },
  };
}

function runPytest(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  // Asynchronously: the API answering pytest runs in this process's event loop.
  return new Promise((resolve, reject) => {
    const extra = (env['SDK_PYTEST_ARGS'] ?? '').split(' ').filter((a) => a !== '');
    const child = spawn(PYTHON, ['-m', 'pytest', 'sdk/python/tests', '-q', '-rfEs', ...extra], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), PYTEST_TIMEOUT_MS - 10_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

let app: ChatTestApp;
let limited: TestApi;
let worker: RunningWorker;
let closing = false;
let webhooks: WebhookDeliveries;
let sink: SmtpSink;
let mail: MailDeliveries;

beforeAll(async () => {
  const prefix = ownTaskQueue('sunlight-sdk-python');
  sink = await startSmtpSink();
  app = await startChatTestApp(new EchoUnlessSlowModel(), {
    env: { TEMPORAL_TASK_QUEUE: ownTaskQueue('sdk-python'), WEBHOOK_ALLOW_PRIVATE: 'true', QUEUE_PREFIX: prefix, SMTP_URL: sink.url, MAIL_FROM: 'Sunlight <foia@sunlight.test>' },
  });
  webhooks = startWebhookDeliveries(app.t, prefix, 'sdk-python-test');
  mail = startMailDeliveries(app.t, prefix, 'sdk-python-mail', 20);
  // The worker indexes stored objects into users' collections too (client.vectors.index).
  const embeddings = createEmbeddings(app.t.config.embeddings);
  worker = await startCompileWorker(app.t, {
    collectionIndexing: { store: createPgVectorCollectionStore(app.t.database.db), vectors: createVectorStoreProvider(app.t.config, embeddings), embeddings, storage: app.t.container.deps.storage },
    adjust: (deps) => ({ ...deps, compilations: holdingStore(deps.compilations, () => closing), conversations: holdingConversations(deps.conversations, () => closing) }),
    enqueueWebhook: webhooks.enqueue,
  });
  limited = await startTestApi({ env: { RATE_LIMIT_POINTS: '2', RATE_LIMIT_WINDOW_SECONDS: String(LIMITED_WINDOW_SECONDS) } });
});

afterAll(async () => {
  closing = true;
  await worker?.close();
  await webhooks?.close();
  await mail?.close();
  await limited?.close();
  await app?.close();
  await sink?.close();
});

describe('the Python SDK', () => {
  it('passes its pytest suite against the running API', async () => {
    expect(fs.existsSync(PYTHON), `${PYTHON} is missing: create the SDK's venv (sdk/python/README.md, "Development")`).toBe(true);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PYTHONDONTWRITEBYTECODE: '1',
      PYTHONUNBUFFERED: '1',
      SUNLIGHT_REQUIRE_API: '1',
      SUNLIGHT_BASE_URL: app.t.baseUrl,
      SUNLIGHT_TOKEN_ALL: await app.t.token({ sub: ALL_USER, scope: ALL_SCOPES.join(' ') }),
      SUNLIGHT_TOKEN_READER: await app.t.token({ sub: 'sdk-python-reader', scope: 'read:transparency' }),
      SUNLIGHT_TOKEN_STRANGER: await app.t.token({ sub: 'sdk-python-stranger', scope: ALL_SCOPES.join(' ') }),
      SUNLIGHT_TOKEN_HOLD: await app.t.token({ sub: HOLD_USER, scope: ALL_SCOPES.join(' ') }),
      SUNLIGHT_TOKEN_RUN_HOLD: await app.t.token({ sub: RUN_HOLD_USER, scope: ALL_SCOPES.join(' ') }),
      SUNLIGHT_TOKEN_TRACKER: await app.t.token({ sub: TRACKER_USER, scope: 'read:foia write:foia' }),
      SUNLIGHT_WEBHOOK_SECRET_ALL: clientWebhookSecret(app.t.config.integrations.webhookSigningKey, ALL_USER),
      SUNLIGHT_TOKEN_URL: `${app.t.idp.issuerUrl}oauth/token`,
      SUNLIGHT_CLIENT_ID: TEST_CLIENT.clientId,
      SUNLIGHT_CLIENT_SECRET: TEST_CLIENT.clientSecret,
      SUNLIGHT_LIMITED_BASE_URL: limited.baseUrl,
      SUNLIGHT_LIMITED_TOKEN: await limited.token({ sub: 'sdk-python-limited', scope: 'read:transparency' }),
      SUNLIGHT_LIMITED_WINDOW_SECONDS: String(LIMITED_WINDOW_SECONDS),
    };
    // The FOIA deadline reminder job's own code, run every 250 ms while pytest runs (its schedule,
    // faster), so that the tests of client.foia.reminders read reminders it recorded.
    const reminders = new FoiaDeadlineReminderJob({ store: createPgFoiaReminderStore(app.t.database.db), logger: createLogger({ level: 'silent' }) });
    let running: Promise<unknown> = Promise.resolve();
    const tick = setInterval(() => {
      running = running.then(() => reminders.perform({ withinDays: 3 })).catch(() => undefined);
    }, 250);
    const { code, output } = await runPytest(env).finally(async () => {
      clearInterval(tick);
      await running;
    });
    // The whole output when it failed; else pytest's summary line ("124 passed in …").
    console.log(code === 0 ? output.trim().split('\n').at(-1) : output);
    expect(code, `pytest failed:\n${output}`).toBe(0);
    // The letters pytest sent arrived once each, with the letter as a PDF.
    expect(sink.messages.length).toBeGreaterThan(0);
    const ids = sink.messages.map((m) => m.parsed.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const m of sink.messages) expect(m.parsed.attachments.some((a) => a.contentType === 'application/pdf')).toBe(true);
  }, PYTEST_TIMEOUT_MS);
});
