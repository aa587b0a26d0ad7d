import { describe, expect, it } from 'vitest';
import { readSse, SseParser, type SseMessage } from '../src/index.js';

const parseAll = (chunks: string[]): SseMessage[] => {
  const parser = new SseParser();
  return [...chunks.flatMap((c) => parser.push(c)), ...parser.end()];
};

const stream = (chunks: string[]): ReadableStream<Uint8Array> =>
  new ReadableStream({
    start(controller) {
      const enc = new TextEncoder();
      for (const c of chunks) controller.enqueue(enc.encode(c));
      controller.close();
    },
  });

describe('SseParser', () => {
  it('reads the API wire format: event and JSON data, events split by a blank line, heartbeat comments ignored', () => {
    const text =
      'event: sources\ndata: {"sources":[]}\n\n' +
      ': heartbeat\n\n' +
      'event: token\ndata: {"text":"In "}\n\n' +
      'event: done\ndata: {"answer":"In Texas"}\n\n';
    expect(parseAll([text])).toEqual([
      { event: 'sources', data: '{"sources":[]}', id: undefined },
      { event: 'token', data: '{"text":"In "}', id: undefined },
      { event: 'done', data: '{"answer":"In Texas"}', id: undefined },
    ]);
  });

  it('gives the same events however the text is cut into chunks (even inside CRLF and multi-byte characters)', () => {
    const text = 'event: token\r\ndata: {"text":"§ 552.301 — ok"}\r\n\r\n: hb\r\n\r\nevent: done\rdata: {}\r\r';
    const whole = parseAll([text]);
    expect(whole.map((m) => m.event)).toEqual(['token', 'done']);
    for (let size = 1; size <= 7; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      expect(parseAll(chunks)).toEqual(whole);
    }
  });

  it('joins data lines, defaults the event name to message, keeps the last id, strips one space only, drops a BOM', () => {
    expect(parseAll(['\uFEFFid: 7\ndata:  two\ndata: lines\n\nevent:x\ndata\n\n'])).toEqual([
      { event: 'message', data: ' two\nlines', id: '7' },
      { event: 'x', data: '', id: '7' },
    ]);
  });

  it('dispatches nothing for an event without data, nor for one the stream ended before its blank line', () => {
    expect(parseAll(['event: lonely\n\n', 'event: cut\ndata: {"x":1}'])).toEqual([]);
  });
});

describe('readSse', () => {
  it('decodes a byte stream split inside a UTF-8 character', async () => {
    const bytes = new TextEncoder().encode('event: token\ndata: {"text":"café ✓"}\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const b of bytes) controller.enqueue(new Uint8Array([b]));
        controller.close();
      },
    });
    const out: SseMessage[] = [];
    for await (const m of readSse(body)) out.push(m);
    expect(out).toEqual([{ event: 'token', data: '{"text":"café ✓"}', id: undefined }]);
  });

  it('cancels the body when the consumer stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('event: token\ndata: {}\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const m of readSse(body)) {
      expect(m.event).toBe('token');
      break;
    }
    expect(cancelled).toBe(true);
  });

  it('reads a stream of chunks as given', async () => {
    const out: string[] = [];
    for await (const m of readSse(stream(['event: a\nda', 'ta: 1\n', '\nevent: b\ndata: 2\n\n']))) out.push(`${m.event}=${m.data}`);
    expect(out).toEqual(['a=1', 'b=2']);
  });
});
