import type { Logger } from '../logger/logger.js';
import type { RequestLogRow, RequestLogStore } from './request-log-store.js';

export interface RequestRecorderOptions {
  store: RequestLogStore;
  logger: Logger;
  /** How often buffered rows are written. */
  flushIntervalMs?: number;
  /** A batch this large is written at once. */
  maxBatch?: number;
  /** Rows kept when the database is unreachable; beyond this the oldest are dropped. */
  maxBuffered?: number;
}

/**
 * Buffers request rows and writes them in batches, so recording never adds a database
 * round trip to a request. Flushed on an interval, when a batch fills, and on close.
 */
export class RequestRecorder {
  #buffer: RequestLogRow[] = [];
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  readonly #maxBatch: number;
  readonly #maxBuffered: number;

  constructor(private readonly options: RequestRecorderOptions) {
    this.#maxBatch = options.maxBatch ?? 200;
    this.#maxBuffered = options.maxBuffered ?? 10_000;
    this.#timer = setInterval(() => void this.flush(), options.flushIntervalMs ?? 1000);
    this.#timer.unref();
  }

  record(row: RequestLogRow): void {
    this.#buffer.push(row);
    if (this.#buffer.length > this.#maxBuffered) this.#buffer.splice(0, this.#buffer.length - this.#maxBuffered);
    if (this.#buffer.length >= this.#maxBatch) void this.flush();
  }

  /** Writes everything buffered so far; resolves when it is stored (or the attempt failed and was logged). */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#writeAll());
    return this.#flushing;
  }

  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }

  async #writeAll(): Promise<void> {
    while (this.#buffer.length > 0) {
      const batch = this.#buffer.splice(0, this.#maxBatch);
      try {
        await this.options.store.insertMany(batch);
      } catch (err) {
        // Keep the rows for the next attempt; the audit must not lose them to a blip.
        this.#buffer.unshift(...batch);
        this.options.logger.warn({ err, buffered: this.#buffer.length }, 'could not record requests; will retry');
        return;
      }
    }
  }
}
