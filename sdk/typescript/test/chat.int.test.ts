/**
 * The research assistant through the SDK against the real API (startChatTestApp: the seeded
 * law database, the chat service on the deterministic DraftEchoChatModel, a Temporal worker
 * for research mode): JSON answers, the event stream, cancellation, timeouts, conversations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatTestApp, type ChatTestApp } from '../../../api/routes/chat/testing/chat-test-app.js';
import { DraftEchoChatModel, HangingEchoChatModel } from '../../../core/chat/models/testing/draft-echo-model.js';
import {
  collect,
  NotFoundError,
  ServiceUnavailableError,
  TimeoutError,
  ValidationError,
  type ChatStreamItem,
  type ResearchProgress,
  type SunlightClient,
} from '../src/index.js';
import { pathsOf, sdkFor, type Sent } from './harness.js';

const model = new HangingEchoChatModel();
let app: ChatTestApp;
let client: SunlightClient;
let sent: Sent[];

beforeAll(async () => {
  app = await startChatTestApp(model, { research: true });
  ({ client, sent } = sdkFor(app.t, { token: await app.t.token({ sub: 'sdk-reporter', scope: 'chat:assistant read:transparency' }) }));
});
afterAll(async () => {
  await app?.close();
});

const TEXAS = 'How long does a Texas agency have to respond to a records request?';

describe('chat.ask', () => {
  it('answers as one JSON body with citations that resolve at documents.get', async () => {
    const answer = await client.chat.ask({ message: TEXAS });
    expect(answer.answer).toBe('In Texas, an agency has 10 business days to respond to a public-records request [1].');
    expect(answer.citations).toEqual([{ id: 'sec:texas:552.221(d)', citation: "Tex. Gov't Code § 552.221(d)", jurisdiction: 'texas', quote: expect.stringContaining('ten business days') }]);
    expect(answer).toMatchObject({ mode: 'answer', status: 'complete', conversation_id: expect.any(String), meta: { kind: 'deadline', model: 'test:draft-echo' } });
    const doc = await client.documents.get(answer.citations[0]!.id);
    expect(doc.text.replace(/\s+/g, ' ')).toContain(answer.citations[0]!.quote.replace(/\s+/g, ' '));
  });

  it('continues a conversation', async () => {
    const first = await client.chat.ask({ message: TEXAS });
    const second = await client.chat.ask({ message: 'And in Washington?', conversation_id: first.conversation_id });
    expect(second.conversation_id).toBe(first.conversation_id);
    expect(second.answer).toContain('In Washington, an agency has 5 business days');
  });

  it('throws ValidationError for an empty question and NotFoundError for an unknown conversation', async () => {
    await expect(client.chat.ask({ message: '   ' })).rejects.toBeInstanceOf(ValidationError);
    await expect(client.chat.ask({ message: 'And in Texas?', conversation_id: '00000000-0000-4000-8000-000000000000' })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('chat.stream', () => {
  it('yields sources, citations, tokens then done, in order, the tokens adding up to the answer', async () => {
    const events: ChatStreamItem[] = [];
    for await (const event of client.chat.stream({ message: 'Can fees be waived for federal records requests?' })) events.push(event);
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('sources');
    expect(types.at(-1)).toBe('done');
    expect(types.lastIndexOf('citation')).toBeLessThan(types.indexOf('token'));
    expect(types.filter((t) => t === 'done')).toHaveLength(1);
    const done = events.at(-1)!;
    if (done.type !== 'done') throw new Error('no done event');
    let text = '';
    const markers: number[] = [];
    for (const e of events) {
      if (e.type === 'token') text += e.data.text;
      if (e.type === 'citation') markers.push(e.data.marker);
      if (e.type === 'sources') expect(e.data.sources.length).toBeGreaterThan(0);
    }
    expect(text).toBe(done.data.answer);
    expect(done.data.answer).toContain('For federal agencies, fees can be waived or reduced');
    expect(markers).toEqual(done.data.citations.map((_, i) => i + 1));
    expect(done.data.usage).toEqual({ prompt_tokens: 10, completion_tokens: 5 });
    const request = sent.at(-1)!;
    expect(request.headers).toMatchObject({ accept: 'text/event-stream', 'content-type': 'application/json' });
  });

  it("streams research mode's progress, then the synthesis", async () => {
    const progress: ResearchProgress[] = [];
    let done: Extract<ChatStreamItem, { type: 'done' }> | undefined;
    let text = '';
    for await (const e of client.chat.stream({ message: 'Compare fee waivers and response deadlines in Texas, Washington and Alabama', mode: 'research' })) {
      if (e.type === 'progress') progress.push(e.data);
      if (e.type === 'token') text += e.data.text;
      if (e.type === 'done') done = e;
    }
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.some((p) => p.plan?.topics.includes('fee_waiver') && p.plan.jurisdictions.length === 3)).toBe(true);
    expect(done?.data).toMatchObject({ mode: 'research', status: 'complete' });
    expect(done?.data.answer).toContain('| Jurisdiction | fee waivers | the first-response deadline |');
    expect(text).toBe(done?.data.answer);
  });

  it('stops the generation when the signal aborts: the loop rejects with the abort and the answer is stored as cancelled', async () => {
    model.hang = true;
    const aborter = new AbortController();
    const seen: string[] = [];
    try {
      const run = (async () => {
        for await (const e of client.chat.stream({ message: 'How long do Washington agencies have to respond?' }, { signal: aborter.signal })) {
          seen.push(e.type);
          if (e.type === 'citation') aborter.abort();
        }
      })();
      await expect(run).rejects.toMatchObject({ name: 'AbortError' });
      expect(seen).toEqual(['sources', 'citation']);
      await expect.poll(() => model.aborted, { timeout: 5000 }).toBe(1);
    } finally {
      model.hang = false;
    }
    const [latest] = (await client.chat.conversations.list({ limit: 1 })).data;
    await expect.poll(async () => (await client.chat.conversations.get(latest!.id)).messages.at(-1)?.status, { timeout: 5000 }).toBe('cancelled');
  });

  it('closes the connection when the loop is left early', async () => {
    model.hang = true;
    const before = model.aborted;
    try {
      for await (const e of client.chat.stream({ message: 'How long do Texas agencies have to respond?' })) {
        if (e.type === 'sources') break;
      }
      await expect.poll(() => model.aborted, { timeout: 5000 }).toBe(before + 1);
    } finally {
      model.hang = false;
    }
  });
});

describe('timeouts', () => {
  it('gives up after timeoutMs with a TimeoutError, closing the connection (the server stops the model)', async () => {
    model.hang = true;
    const before = model.aborted;
    try {
      const started = Date.now();
      const err = await client.chat.ask({ message: TEXAS }, { timeoutMs: 700 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TimeoutError);
      expect(err).toMatchObject({ code: 'TIMEOUT', timeoutMs: 700 });
      expect(Date.now() - started).toBeLessThan(5000);
      await expect.poll(() => model.aborted, { timeout: 5000 }).toBe(before + 1);
    } finally {
      model.hang = false;
    }
  });
});

describe('chat.conversations', () => {
  it('lists, iterates page by page and gets the caller’s conversations', async () => {
    const asker = sdkFor(app.t, { token: await app.t.token({ sub: 'sdk-paginator', scope: 'chat:assistant' }) });
    for (const q of [TEXAS, 'What is the 3-day deadline in Washington?', 'Which states require residency to request records?']) await asker.client.chat.ask({ message: q });
    const page = await asker.client.chat.conversations.list();
    expect(page.total).toBe(3);
    const before = asker.sent.length;
    const all = await collect(asker.client.chat.conversations.iterate({ limit: 1 }));
    expect(all.map((c) => c.id)).toEqual(page.data.map((c) => c.id));
    // One request per page; the conversation list also gives a cursor after a full last page, whose next page is empty.
    const pages = pathsOf(app.t, asker.sent.slice(before));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.slice(1).every((p) => /limit=1&cursor=/.test(p))).toBe(true);
    const one = await asker.client.chat.conversations.get(all[0]!.id);
    expect(one.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(one.messages[1]!.content).toContain('1 of 4 jurisdictions');
    await expect(client.chat.conversations.get(all[0]!.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('when the workflow engine is down', () => {
  let down: ChatTestApp;
  let downClient: SunlightClient;
  let downSent: Sent[];
  beforeAll(async () => {
    // Nothing listens on port 9 (discard): research mode fails as in an outage.
    down = await startChatTestApp(new DraftEchoChatModel(), { temporalAddress: '127.0.0.1:9' });
    ({ client: downClient, sent: downSent } = sdkFor(down.t, { token: await down.t.token({ sub: 'sdk-outage', scope: 'chat:assistant' }) }));
  });
  afterAll(async () => {
    await down?.close();
  });

  it('throws ServiceUnavailableError for research mode, without retrying the POST', async () => {
    const err = await downClient.chat.ask({ message: 'Compare deadlines in Texas and Ohio', mode: 'research' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceUnavailableError);
    expect(err).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(pathsOf(down.t, downSent)).toEqual(['POST /api/chat']);
  });

  it('yields the error event of a stream with its typed error', async () => {
    const events = await collect(downClient.chat.stream({ message: 'Compare deadlines in Texas and Ohio', mode: 'research' }));
    const last = events.at(-1);
    expect(last?.type).toBe('error');
    if (last?.type !== 'error') return;
    expect(last.data.error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(last.error).toBeInstanceOf(ServiceUnavailableError);
    expect(last.error.requestId).toEqual(expect.any(String));
  });
});
