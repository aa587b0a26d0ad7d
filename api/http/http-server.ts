import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';

export interface HttpServerOptions {
  /** Longest wait for a request's headers (slow-header attacks). */
  headersTimeoutMs?: number;
  /** Longest wait for a whole request, body included (slow bodies); responses such as SSE streams are not limited. */
  requestTimeoutMs?: number;
}

/** The error envelope, written by hand for requests Node refuses before Express sees them. */
function rawEnvelope(status: number, code: string, message: string): string {
  const body = JSON.stringify({ error: { code, message, status } });
  return [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** What Node's parser or timers reject, as the client should hear it. */
function clientErrorResponse(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return rawEnvelope(431, 'HEADERS_TOO_LARGE', 'Request headers are too large (a token or cookie of this size is not one this service issues)');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return rawEnvelope(408, 'REQUEST_TIMEOUT', 'The request was not received in time');
    default:
      return rawEnvelope(400, 'BAD_REQUEST', 'Malformed HTTP request');
  }
}

/**
 * The API's HTTP server: Express behind timeouts for headers and request bodies, and the
 * error envelope (not Node's bare status line) for requests refused before Express runs.
 */
export function createHttpServer(app: Express, options: HttpServerOptions = {}): http.Server {
  const requestTimeout = options.requestTimeoutMs ?? 60_000;
  const headersTimeout = Math.min(options.headersTimeoutMs ?? 15_000, requestTimeout);
  // Node checks the timeouts on this interval: a tenth of the shorter one, so a slow client is cut off close to it.
  const connectionsCheckingInterval = Math.max(250, Math.min(headersTimeout, requestTimeout) / 10);
  const server = http.createServer({ requestTimeout, headersTimeout, connectionsCheckingInterval }, app);
  server.keepAliveTimeout = 65_000;
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || (err.code === 'ECONNRESET' && !socket.readable)) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(err));
  });
  return server;
}
