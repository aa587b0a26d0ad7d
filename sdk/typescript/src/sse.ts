/**
 * A Server-Sent Events reader as the HTML standard describes it: lines end with CRLF, LF or
 * CR; `event:` names the event, `data:` lines are joined with newlines, a blank line
 * dispatches, lines starting with `:` are comments (the API's heartbeats) and are ignored.
 */

/** One dispatched event: its name (`message` when none was given), data, and last event id. */
export interface SseMessage {
  event: string;
  data: string;
  id: string | undefined;
}

/** Incremental parser: feed text as it arrives, get the events it completes. */
export class SseParser {
  #buffer = '';
  #event = '';
  #data: string[] = [];
  #lastId: string | undefined;
  #started = false;

  /** Parses `chunk` (text continuing the previous chunks) and returns the events it completed. */
  push(chunk: string): SseMessage[] {
    let text = this.#buffer + chunk;
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const out: SseMessage[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c !== '\n' && c !== '\r') continue;
      // A CR at the very end may be the first half of a CRLF split across chunks: wait for more.
      if (c === '\r' && i === text.length - 1) break;
      this.#line(text.slice(start, i), out);
      if (c === '\r' && text[i + 1] === '\n') i++;
      start = i + 1;
    }
    this.#buffer = text.slice(start);
    return out;
  }

  /** The stream ended: an event without its blank line is dropped, as the standard says. */
  end(): SseMessage[] {
    const out: SseMessage[] = [];
    // A CR held back in case an LF followed ends its line after all.
    if (this.#buffer.endsWith('\r')) this.#line(this.#buffer.slice(0, -1), out);
    this.#buffer = '';
    this.#event = '';
    this.#data = [];
    return out;
  }

  #line(line: string, out: SseMessage[]): void {
    if (line === '') {
      if (this.#data.length > 0) out.push({ event: this.#event || 'message', data: this.#data.join('\n'), id: this.#lastId });
      this.#event = '';
      this.#data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.#event = value;
        break;
      case 'data':
        this.#data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.#lastId = value;
        break;
      default:
        // `retry` and unknown fields: nothing for this client to do.
        break;
    }
  }
}

/** The events of a response body, as they arrive. Ends when the body does; a failed read (an abort) rejects. */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const message of parser.push(decoder.decode(value, { stream: true }))) yield message;
    }
    finished = true;
    for (const message of parser.push(decoder.decode())) yield message;
    for (const message of parser.end()) yield message;
  } finally {
    // Left early (the consumer broke out, or a read failed): close the connection.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
