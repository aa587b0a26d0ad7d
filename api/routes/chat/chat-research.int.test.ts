import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DraftEchoChatModel } from '../../../core/chat/models/testing/draft-echo-model.js';
import { parseSse, startChatTestApp, type ChatTestApp } from './testing/chat-test-app.js';

let app: ChatTestApp;
let token: string;

beforeAll(async () => {
  app = await startChatTestApp(new DraftEchoChatModel(), { research: true });
  token = await app.t.token({ sub: 'researcher', scope: 'chat:assistant' });
});
afterAll(async () => {
  await app?.close();
});

const ask = (json: Record<string, unknown>) => app.t.request('/api/chat', { method: 'POST', token, json });

describe('POST /api/chat with mode: "research"', () => {
  it('streams the workflow\'s progress, then the synthesis with a comparison table and citations', async () => {
    const res = await ask({ message: 'Compare fee waivers and response deadlines in Texas, Washington and Alabama', mode: 'research' });
    expect(res.status).toBe(200);
    const { events } = parseSse(await res.text());
    const progress = events.filter((e) => e.event === 'progress').map((e) => e.data);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.some((p) => p.plan?.topics?.includes('fee_waiver') && p.plan.jurisdictions.length === 3)).toBe(true);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({ mode: 'research', status: 'complete' });
    expect(done.data.answer).toContain('| Jurisdiction | fee waivers | the first-response deadline |');
    // The seed has no text for Texas's fee-waiver citation: the cell says so; the deadline is cited.
    expect(done.data.answer).toMatch(/\| Texas \| Available: .* \(not supported\) \| 10 business days \[\d+\] \|/);
    expect(done.data.answer).toMatch(/\| Alabama \| Not stated \| No fixed deadline \(reasonable time\) \(not supported\) \|/);
    expect(done.data.answer).toContain('findings are not supported by a document in the law database');
    expect(done.data.research.table.rows.map((r: { jurisdiction: string }) => r.jurisdiction)).toEqual(['texas', 'washington', 'alabama']);
    expect(done.data.citations.length).toBeGreaterThan(0);
    const tokens = events.filter((e) => e.event === 'token').map((e) => e.data.text).join('');
    expect(tokens).toBe(done.data.answer);
  });

  it('stores the result with the conversation, fetchable again', async () => {
    const reply = await (await ask({ message: 'Which states let you recover attorney fees?', mode: 'research', stream: false })).json();
    expect(reply).toMatchObject({ mode: 'research', status: 'complete', research: { workflow_id: `research-${reply.message_id}` } });
    const conversation = await (await app.t.request(`/api/chat/conversations/${reply.conversation_id}`, { token })).json();
    const stored = conversation.messages.find((m: { id: string }) => m.id === reply.message_id);
    expect(stored).toMatchObject({ status: 'complete', content: reply.answer, citations: reply.citations, research: { plan: { scope: 'all' }, progress: { stage: 'done', done: 4, total: 4 } } });
  });
});

describe('research mode while the workflow engine is down', () => {
  let down: ChatTestApp;
  let user: string;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) here: every call to the engine fails as an outage does.
    down = await startChatTestApp(new DraftEchoChatModel(), { temporalAddress: '127.0.0.1:9' });
    user = await down.t.token({ sub: 'researcher', scope: 'chat:assistant' });
  });
  afterAll(async () => {
    await down?.close();
  });

  it('answers 503 within 10 s (JSON), and marks the message failed', async () => {
    const started = Date.now();
    const res = await down.t.request('/api/chat', { method: 'POST', token: user, json: { message: 'Compare deadlines in Texas and Ohio', mode: 'research', stream: false } });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(res.status).toBe(503);
    expect((await res.json()).error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    const list = await (await down.t.request('/api/chat/conversations?limit=1', { token: user })).json();
    const conversation = await (await down.t.request(`/api/chat/conversations/${list.data[0].id}`, { token: user })).json();
    expect(conversation.messages.at(-1)).toMatchObject({ role: 'assistant', mode: 'research', status: 'failed' });
  });

  it('streams an SSE error event within 10 s', async () => {
    const started = Date.now();
    const res = await down.t.request('/api/chat', { method: 'POST', token: user, json: { message: 'Compare deadlines in Texas and Ohio', mode: 'research' } });
    const text = await res.text();
    expect(Date.now() - started).toBeLessThan(10_000);
    if (res.status === 200) {
      const last = parseSse(text).events.at(-1)!;
      expect(last).toMatchObject({ event: 'error', data: { error: { status: 503 } } });
    } else {
      expect(res.status).toBe(503);
    }
  });
});
