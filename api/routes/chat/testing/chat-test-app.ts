/**
 * The API over a seeded law database with the chat service on a deterministic model, for
 * the chat routes' integration tests, and a reader of Server-Sent Events.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { NativeConnection, type Worker } from '@temporalio/worker';
import { inject } from 'vitest';
import type { AppDeps } from '../../../app.js';
import type { ChatService } from '../../../../core/chat/chat-service.js';
import { createChatServiceOver } from '../../../../core/chat/create-chat-service.js';
import type { Knex } from '../../../../core/db/knex.js';
import { createLogger } from '../../../../core/logger/logger.js';
import { createTemporalClient, type TemporalClientHandle } from '../../../../core/temporal/temporal-client.js';
import { corpusDir, legalFactsDir } from '../../../../test/support/corpus-dir.js';
import { seedLawDatabase } from '../../../../test/support/seed-law-database.js';
import { createTestDatabase } from '../../../../test/support/test-database.js';
import { startTestApi, type TestApi } from '../../../../test/support/test-api.js';
import { createTemporalWorker } from '../../../../workers/create-worker.js';
import { installTemporalRuntime } from '../../../../workers/temporal-runtime.js';

/**
 * The chat service over `model` as the chat tests run it: the draft's first words wait for
 * the model (60 s), and research runs on `taskQueue` of `temporal`.
 */
export function testChatService(opts: { db: Knex; deps: AppDeps; model: BaseChatModel; temporal: TemporalClientHandle; taskQueue: string }): ChatService {
  return createChatServiceOver({
    db: opts.db,
    transparency: opts.deps.transparency,
    search: opts.deps.search,
    model: { provider: 'local', modelId: 'test:draft-echo', model: opts.model, close: async () => undefined },
    temporal: { client: opts.temporal.client, taskQueue: opts.taskQueue },
    phraseTimeoutMs: 5000,
    firstSentenceMs: 60_000,
    research: { timeoutMs: 120_000, pollMs: 100 },
  });
}

export interface ChatTestApp {
  t: TestApi;
  taskQueue: string;
  close(): Promise<void>;
}

/** The API with the chat service over `model`; with `research`, a worker for the research workflow too. */
export async function startChatTestApp(model: BaseChatModel, opts: { research?: boolean; temporalAddress?: string; env?: Record<string, string> } = {}): Promise<ChatTestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-chat-test-'));
  const taskQueue = `chat-test-${process.pid}-${Date.now()}`;
  const database = await createTestDatabase();
  await seedLawDatabase(database.db);
  // `temporalAddress`: where the API looks for the workflow engine (an address nothing listens on, for outage tests).
  const temporal: TemporalClientHandle = createTemporalClient({ address: opts.temporalAddress ?? inject('temporalAddress'), namespace: 'default' });
  const t = await startTestApi({
    database,
    env: { DATA_DIR: dataDir, CHAT_HEARTBEAT_SECONDS: '1', ...opts.env },
    override: (deps) => ({ chat: testChatService({ db: database.db, deps, model, temporal, taskQueue }) }),
  });
  let worker: Worker | undefined;
  let running: Promise<void> | undefined;
  let connection: NativeConnection | undefined;
  if (opts.research) {
    installTemporalRuntime(createLogger({ level: 'warn' }));
    connection = await NativeConnection.connect({ address: inject('temporalAddress') });
    worker = await createTemporalWorker({ connection, namespace: 'default', taskQueue, logger: createLogger({ level: 'silent' }), ingestion: { db: database.db, corpusDir: corpusDir(), legalFactsDir: legalFactsDir() } });
    running = worker.run();
  }
  return {
    t,
    taskQueue,
    async close() {
      worker?.shutdown();
      await running;
      await connection?.close();
      await temporal.connection.close();
      await t.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SseEvent {
  event: string;
  // Tests assert on the shape of each event's data; typing each adds nothing.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

/** Parses an event stream's text: events with their JSON data, and how many heartbeat comments came. */
export function parseSse(text: string): { events: SseEvent[]; heartbeats: number } {
  const events: SseEvent[] = [];
  let heartbeats = 0;
  for (const block of text.split('\n\n')) {
    if (block.startsWith(':')) heartbeats++;
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    if (event && data) events.push({ event, data: JSON.parse(data) });
  }
  return { events, heartbeats };
}
