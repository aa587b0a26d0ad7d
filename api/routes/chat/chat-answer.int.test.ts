import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HangingEchoChatModel } from '../../../core/chat/models/testing/draft-echo-model.js';
import { parseSse, startChatTestApp, type ChatTestApp } from './testing/chat-test-app.js';

const model = new HangingEchoChatModel();
let app: ChatTestApp;
let token: string;
let reader: string;

beforeAll(async () => {
  app = await startChatTestApp(model);
  token = await app.t.token({ sub: 'alice', scope: 'chat:assistant' });
  reader = await app.t.token({ sub: 'alice', scope: 'read:transparency' });
});
afterAll(async () => {
  await app?.close();
});

const ask = (json: Record<string, unknown>, as = token) => app.t.request('/api/chat', { method: 'POST', token: as, json });

describe('POST /api/chat with stream: false', () => {
  it('answers from the law data with citations that resolve at /api/v1/documents/{id}', async () => {
    const res = await ask({ message: 'How long does a Texas agency have to respond to a records request?', stream: false });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.answer).toBe('In Texas, an agency has 10 business days to respond to a public-records request [1].');
    expect(body.citations).toEqual([{ id: 'sec:texas:552.221(d)', citation: "Tex. Gov't Code § 552.221(d)", jurisdiction: 'texas', quote: expect.stringContaining('ten business days') }]);
    expect(body.conversation_id).toEqual(expect.any(String));
    expect(body.meta).toMatchObject({ kind: 'deadline', phrased: true, model: 'test:draft-echo' });
    for (const c of body.citations) {
      const doc = await app.t.request(`/api/v1/documents/${encodeURIComponent(c.id)}`, { token: reader });
      expect(doc.status).toBe(200);
      const record = await doc.json();
      expect(record.text.replace(/\s+/g, ' ')).toContain(c.quote.replace(/\s+/g, ' '));
      expect(record).toMatchObject({ jurisdiction: c.jurisdiction, citation: c.citation });
    }
  });

  it('corrects a false premise from the data', async () => {
    const body = await (await ask({ message: 'What is the 3-day deadline in Washington?', stream: false })).json();
    expect(body.answer).toBe('No: the question assumes a deadline of 3 days, but in Washington the deadline is 5 business days [1].');
    expect(body.meta.premise_corrected).toBe(true);
  });

  it('answers a comparison across jurisdictions from the compare view', async () => {
    const body = await (await ask({ message: 'Which states require residency to request records?', stream: false })).json();
    expect(body.answer).toMatch(/^1 of 4 jurisdictions in the law database limit requests to their citizens or residents: Alabama\./);
    expect(body.citations[0]).toMatchObject({ id: 'alabama:inspection:every-citizen', jurisdiction: 'alabama' });
  });

  it('answers a question no fact answers with the statute sentence that does, quoted and cited to its node', async () => {
    const body = await (await ask({ message: 'In Texas, who has to ask the attorney general for a decision?', stream: false })).json();
    expect(body.answer).toMatch(/^In Texas, the law says \(Tex\. Gov't Code § 552\.301\(a\)\): "\(a\) A governmental body that wishes to withhold information must ask for a decision of the attorney general\." \[1\]/);
    expect(body.citations[0]).toMatchObject({ id: 'sec:texas:552.301(a)', citation: "Tex. Gov't Code § 552.301(a)" });
  });

  it('continues a conversation: a follow-up keeps the topic', async () => {
    const first = await (await ask({ message: 'How long does a Texas agency have to respond?', stream: false })).json();
    const second = await (await ask({ message: 'And in Washington?', conversation_id: first.conversation_id, stream: false })).json();
    expect(second.conversation_id).toBe(first.conversation_id);
    expect(second.answer).toContain('In Washington, an agency has 5 business days');
  });
});

describe('POST /api/chat as Server-Sent Events', () => {
  it('streams sources, citations, tokens and done, the tokens adding up to the answer', async () => {
    const res = await ask({ message: 'Can fees be waived for federal records requests?' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const { events } = parseSse(await res.text());
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('sources');
    expect(names.at(-1)).toBe('done');
    expect(names.indexOf('citation')).toBeLessThan(names.indexOf('token'));
    const done = events.at(-1)!.data;
    const tokens = events.filter((e) => e.event === 'token').map((e) => e.data.text).join('');
    expect(tokens).toBe(done.answer);
    expect(done).toMatchObject({ conversation_id: expect.any(String), usage: { prompt_tokens: 10, completion_tokens: 5 } });
    expect(done.answer).toContain('For federal agencies, fees can be waived or reduced');
    expect(events.filter((e) => e.event === 'citation').map((e) => e.data.marker)).toEqual(done.citations.map((_: unknown, i: number) => i + 1));
  });

  it('stops the model when the client disconnects, keeps the stream alive with heartbeats, and stores the answer as cancelled', async () => {
    model.hang = true;
    const aborter = new AbortController();
    try {
      const res = await app.t.request('/api/chat', { method: 'POST', token, json: { message: 'How long do Washington agencies have to respond?' }, signal: aborter.signal });
      const body = res.body!.getReader();
      let text = '';
      while (!text.includes(': heartbeat')) text += new TextDecoder().decode((await body.read()).value);
      expect(parseSse(text).events.map((e) => e.event)).toEqual(expect.arrayContaining(['sources', 'citation']));
      aborter.abort();
      await expect.poll(() => model.aborted, { timeout: 5000 }).toBe(1);
    } finally {
      model.hang = false;
    }
    const list = await (await app.t.request('/api/chat/conversations?limit=1', { token })).json();
    await expect
      .poll(async () => (await (await app.t.request(`/api/chat/conversations/${list.data[0].id}`, { token })).json()).messages.at(-1)?.status, { timeout: 5000 })
      .toBe('cancelled');
  });
});

describe('conversations', () => {
  it('are listed and read by their owner only', async () => {
    const mine = await (await app.t.request('/api/chat/conversations', { token })).json();
    expect(mine.total).toBeGreaterThan(0);
    const one = await (await app.t.request(`/api/chat/conversations/${mine.data[0].id}`, { token })).json();
    expect(one.messages.map((m: { role: string }) => m.role)).toEqual(expect.arrayContaining(['user', 'assistant']));

    const bob = await app.t.token({ sub: 'bob', scope: 'chat:assistant' });
    expect((await (await app.t.request('/api/chat/conversations', { token: bob })).json()).total).toBe(0);
    const foreign = await app.t.request(`/api/chat/conversations/${mine.data[0].id}`, { token: bob });
    expect(foreign.status).toBe(404);
    const continued = await ask({ message: 'And in Texas?', conversation_id: mine.data[0].id, stream: false }, bob);
    expect(continued.status).toBe(404);
  });
});

describe('errors', () => {
  it('needs the chat:assistant scope', async () => {
    const res = await ask({ message: 'Hi', stream: false }, reader);
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('AUTH_INSUFFICIENT_SCOPE');
  });

  it('validates the body and the jurisdictions', async () => {
    expect((await ask({ message: '', stream: false })).status).toBe(400);
    expect((await ask({ message: 'x', mode: 'essay' })).status).toBe(400);
    const unknown = await ask({ message: 'Deadline?', jurisdictions: ['atlantis'], stream: false });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.metadata.issues[0].path).toBe('body.jurisdictions');
    expect((await app.t.request('/api/chat/conversations/not-a-uuid', { token })).status).toBe(400);
  });

  it('reports errors inside the stream as an error event with the envelope', async () => {
    const res = await ask({ message: 'And then?', conversation_id: '00000000-0000-4000-8000-000000000000' });
    const { events } = parseSse(await res.text());
    expect(events).toEqual([{ event: 'error', data: { error: expect.objectContaining({ code: 'NOT_FOUND', status: 404 }) } }]);
  });
});
