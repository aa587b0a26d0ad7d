import type { Response } from 'express';

/** An open Server-Sent Events response. */
export interface SseStream {
  send(event: string, data: unknown): void;
  /** Aborted when the client goes away before the stream ends. */
  signal: AbortSignal;
  end(): void;
}

/**
 * Starts an SSE response: the headers proxies need to pass events through unbuffered, a
 * comment line every `heartbeatMs` so idle connections are not closed, and an abort signal
 * that fires when the client disconnects.
 */
export function openSse(res: Response, opts: { heartbeatMs: number }): SseStream {
  const aborter = new AbortController();
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('Connection', 'keep-alive');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), opts.heartbeatMs);
  heartbeat.unref();
  res.on('close', () => {
    clearInterval(heartbeat);
    if (!res.writableEnded) aborter.abort();
  });
  return {
    signal: aborter.signal,
    send(event, data) {
      if (res.writableEnded || aborter.signal.aborted) return;
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      clearInterval(heartbeat);
      if (!res.writableEnded) res.end();
    },
  };
}
