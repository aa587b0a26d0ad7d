import { NativeConnection } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPgConversationStore, type ConversationStore } from '../core/chat/conversation-store.js';
import { createLogger } from '../core/logger/logger.js';
import { createTemporalClient, type TemporalClientHandle } from '../core/temporal/temporal-client.js';
import { corpusDir, legalFactsDir } from '../test/support/corpus-dir.js';
import { seedLawDatabase } from '../test/support/seed-law-database.js';
import { createTestDatabase, type TestDatabase } from '../test/support/test-database.js';
import { researchDepsOver } from '../workers/activities/research-activities.js';
import { createTemporalWorker } from '../workers/create-worker.js';
import { installTemporalRuntime } from '../workers/temporal-runtime.js';
import { RESEARCH_WORKFLOW, researchProgressQuery, researchWorkflowId, type ResearchInput, type ResearchOutcome } from './research-contracts.js';

const taskQueue = `research-${process.pid}`;
let database: TestDatabase;
let connection: NativeConnection;
let temporal: TemporalClientHandle;
let conversations: ConversationStore;

beforeAll(async () => {
  installTemporalRuntime(createLogger({ level: 'warn' }));
  database = await createTestDatabase();
  await seedLawDatabase(database.db);
  conversations = createPgConversationStore(database.db);
  connection = await NativeConnection.connect({ address: inject('temporalAddress') });
  temporal = createTemporalClient({ address: inject('temporalAddress'), namespace: 'default' });
});
afterAll(async () => {
  await temporal?.connection.close();
  await connection?.close();
  await database?.drop();
});

/** A conversation with a running research message, as the API leaves it before starting the workflow. */
async function pending(question: string, jurisdictions?: string[]): Promise<ResearchInput> {
  return conversations.asUser('researcher', async (tx) => {
    const c = await tx.createConversation(question);
    const m = await tx.addMessage({ conversationId: c.id, role: 'assistant', mode: 'research', status: 'running', content: '' });
    return { userId: 'researcher', conversationId: c.id, messageId: m.id, question, jurisdictions };
  });
}

/** Runs the workflow to its end on a worker whose research lookups fail for `failing`. */
async function run(input: ResearchInput, failing: string[] = []) {
  const deps = researchDepsOver(database.db);
  const drafts = { make: (q: Parameters<typeof deps.drafts.make>[0], ctx: Parameters<typeof deps.drafts.make>[1]) => (failing.includes(q.jurisdictions[0]!) ? Promise.reject(new Error('lookup failed')) : deps.drafts.make(q, ctx)) };
  const worker = await createTemporalWorker({
    connection, namespace: 'default', taskQueue, logger: createLogger({ level: 'silent' }),
    ingestion: { db: database.db, corpusDir: corpusDir(), legalFactsDir: legalFactsDir() }, research: { ...deps, drafts },
  });
  return worker.runUntil(async () => {
    const handle = await temporal.client.workflow.start(RESEARCH_WORKFLOW, { taskQueue, workflowId: researchWorkflowId(input.messageId), args: [input] });
    const outcome = (await handle.result()) as ResearchOutcome;
    return { outcome, progress: await handle.query(researchProgressQuery) };
  });
}

const stored = (id: string) => conversations.asUser('researcher', (tx) => tx.findMessage(id));

describe('researchQuestion on a real Temporal server', () => {
  it('plans, researches each jurisdiction, synthesizes and stores the result', async () => {
    const input = await pending('Compare appeal routes in Texas and Washington');
    const { outcome, progress } = await run(input);
    expect(outcome).toEqual({ status: 'complete', messageId: input.messageId, error: null });
    expect(progress).toMatchObject({ stage: 'done', total: 2, done: 2, running: [], failed: [] });
    const message = await stored(input.messageId);
    expect(message).toMatchObject({ status: 'complete', research: { plan: { topics: ['appeal_route'] }, table: { columns: ['Jurisdiction', 'the route to appeal a denial'] } } });
    expect(message!.content).toContain('| Texas |');
  });

  it('reports a jurisdiction whose lookups fail and completes with the others', async () => {
    const input = await pending('Compare response deadlines in Texas and Washington');
    const { outcome, progress } = await run(input, ['washington']);
    expect(outcome.status).toBe('complete');
    expect(progress.failed).toEqual(['washington']);
    expect((await stored(input.messageId))!.content).toContain('Not researched (the lookup failed): washington.');
  });

  it('stores a failed run without retrying an invalid input', async () => {
    const input = await pending('Compare deadlines', ['atlantis']);
    const { outcome } = await run(input);
    expect(outcome).toMatchObject({ status: 'failed', error: expect.stringContaining('Unknown jurisdiction(s): atlantis') });
    expect(await stored(input.messageId)).toMatchObject({ status: 'failed', content: expect.stringContaining('could not be completed') });
  });
});
