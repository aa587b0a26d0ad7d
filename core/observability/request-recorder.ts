import type { Logger } from '../logger/logger.js';
import { replaceUnstorableText } from '../text/unstorable-text.js';
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
  /** The least time between two warnings about the same trouble. */
  warnEveryMs?: number;
  now?: () => number;
}

const MAX_TEXT = 1000;

function storable(text: string): string;
function storable(text: string | null): string | null;
function storable(text: string | null): string | null {
  return text === null ? null : replaceUnstorableText(text).slice(0, MAX_TEXT);
}

function sanitize(row: RequestLogRow): RequestLogRow {
  return {
    ...row,
    requestId: storable(row.requestId),
    sub: storable(row.sub),
    azp: storable(row.azp),
    method: storable(row.method),
    route: storable(row.route),
  };
}

/**
 * A failure of the rows themselves (Postgres classes 22 data exception and 23 integrity
 * violation), as opposed to the database being unreachable: retrying such rows can never
 * succeed, and must not hold up the rows behind them.
 */
function rowsAtFault(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(?:22|23)/.test(code);
}

/** The error as a short line for the log: its code and the database's reason, never the statement or the rows. */
function reasonOf(err: unknown): { code: string | undefined; reason: string } {
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  // knex prefixes the database's message with the whole statement: keep what follows it.
  const reason = message.includes(' - ') ? message.slice(message.lastIndexOf(' - ') + 3) : message;
  return { code: typeof code === 'string' ? code : undefined, reason: reason.slice(0, 200) };
}

/**
 * Buffers request rows and writes them in batches, so recording never adds a database
 * round trip to a request. Flushed on an interval, when a batch fills, and on close.
 *
 * When the database is unreachable the rows wait for the next flush (up to `maxBuffered`,
 * the oldest dropped beyond that). When the database refuses rows, the batch is split until
 * the refused rows are found: they are set aside (counted, never retried) and everything
 * else is recorded. Either trouble is logged as one short line at most every `warnEveryMs`.
 */
export class RequestRecorder {
  #buffer: RequestLogRow[] = [];
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  #lastWarned = new Map<string, number>();
  #setAside = 0;
  #droppedForSpace = 0;
  readonly #maxBatch: number;
  readonly #maxBuffered: number;
  readonly #warnEveryMs: number;
  readonly #now: () => number;

  constructor(private readonly options: RequestRecorderOptions) {
    this.#maxBatch = options.maxBatch ?? 200;
    this.#maxBuffered = options.maxBuffered ?? 10_000;
    this.#warnEveryMs = options.warnEveryMs ?? 60_000;
    this.#now = options.now ?? Date.now;
    this.#timer = setInterval(() => void this.flush(), options.flushIntervalMs ?? 1000);
    this.#timer.unref();
  }

  /** Rows the database refused (set aside) and rows dropped because the buffer was full, since start. */
  get lost(): { setAside: number; droppedForSpace: number } {
    return { setAside: this.#setAside, droppedForSpace: this.#droppedForSpace };
  }

  record(row: RequestLogRow): void {
    this.#buffer.push(sanitize(row));
    if (this.#buffer.length > this.#maxBuffered) {
      const excess = this.#buffer.length - this.#maxBuffered;
      this.#buffer.splice(0, excess);
      this.#droppedForSpace += excess;
    }
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
        if (rowsAtFault(err)) {
          const { refused, unwritten } = await this.#writeAround(batch);
          this.#setAside += refused;
          this.#warn('refused', { ...reasonOf(err), set_aside: refused, set_aside_total: this.#setAside }, 'the database refused request rows; they were set aside and the rest recorded');
          if (unwritten.length === 0) continue;
          this.#buffer.unshift(...unwritten);
          this.#warn('unreachable', { buffered: this.#buffer.length }, 'could not record requests; will retry');
          return;
        }
        // Unreachable: keep the rows for the next attempt; the audit must not lose them to a blip.
        this.#buffer.unshift(...batch);
        this.#warn('unreachable', { ...reasonOf(err), buffered: this.#buffer.length }, 'could not record requests; will retry');
        return;
      }
    }
  }

  /**
   * Records every row the database accepts, halving around the ones it refuses. Returns how
   * many it refused, and the rows not written because the database became unreachable meanwhile.
   */
  async #writeAround(rows: RequestLogRow[]): Promise<{ refused: number; unwritten: RequestLogRow[] }> {
    if (rows.length === 1) return { refused: 1, unwritten: [] };
    let refused = 0;
    const half = Math.ceil(rows.length / 2);
    const parts = [rows.slice(0, half), rows.slice(half)];
    for (const [i, part] of parts.entries()) {
      try {
        await this.options.store.insertMany(part);
      } catch (err) {
        if (!rowsAtFault(err)) return { refused, unwritten: parts.slice(i).flat() };
        const inner = await this.#writeAround(part);
        refused += inner.refused;
        if (inner.unwritten.length > 0) return { refused, unwritten: [...inner.unwritten, ...parts.slice(i + 1).flat()] };
      }
    }
    return { refused, unwritten: [] };
  }

  #warn(kind: string, fields: Record<string, unknown>, message: string): void {
    const now = this.#now();
    if (now - (this.#lastWarned.get(kind) ?? -Infinity) < this.#warnEveryMs) return;
    this.#lastWarned.set(kind, now);
    this.options.logger.warn(fields, message);
  }
}
