/**
 * `client.documents`: law records by id (`read:transparency`), and research packets compiled
 * from them (`compile:documents`; the outputs are read from storage with `read:storage`).
 */
import { CompilationTimeoutError, OutputNotAvailableError } from './errors.js';
import { abortableSleep, segment, type CallOptions, type Transport } from './http.js';
import { paginate } from './pagination.js';
import { openDownload, type DownloadOptions, type ObjectDownload } from './storage.js';
import type { Compilation, CompilationList, CompilationListQuery, CompilationStatus, CompileRequest, LawDocument, PacketFormat } from './types.js';

const BASE = '/api/documents/compile';

/** Statuses a compilation ends in: `wait` resolves once it has one. */
export const FINISHED_COMPILATION_STATUSES: ReadonlySet<CompilationStatus> = new Set(['completed', 'failed', 'cancelled']);

export interface CompileOptions {
  /**
   * Any unique text (1–255 visible ASCII): sending the same request again with the same key
   * answers the compilation the first one started instead of starting another (a different
   * request with a used key is a `ConflictError`). Use one per packet you mean to make.
   */
  idempotencyKey?: string;
}

export interface WaitOptions {
  /** Between polls (default 1000). */
  intervalMs?: number;
  /** Give up after this long with a `CompilationTimeoutError` (default 10 minutes); the compilation goes on. */
  timeoutMs?: number;
  /** Called with the compilation whenever its status or progress has changed since the last poll (and first). */
  onProgress?: (compilation: Compilation) => void;
  /** Stops waiting: `wait` rejects with the signal's reason (the compilation goes on). */
  signal?: AbortSignal;
}

export type DownloadOutputOptions = DownloadOptions;

const progressOf = (c: Compilation): string => JSON.stringify([c.status, c.progress]);

export class DocumentsApi {
  constructor(private readonly http: Transport) {}

  /** A statute section, summary, process-map section, right or exemption in full (any search hit's or citation's `id`). */
  async get(id: string, call?: CallOptions): Promise<LawDocument> {
    return (await this.http.json<LawDocument>({ method: 'GET', path: `/api/v1/documents/${segment(id)}` }, call)).data;
  }

  /**
   * Starts compiling a research packet (`compile:documents`): answers at once with the
   * compilation, `queued`; `wait` for it, then `download` its outputs. With
   * `idempotencyKey`, a repeat of the request answers the same compilation.
   */
  async compile(request: CompileRequest, options: CompileOptions = {}, call?: CallOptions): Promise<Compilation> {
    const headers = options.idempotencyKey === undefined ? undefined : { 'idempotency-key': options.idempotencyKey };
    return (await this.http.json<Compilation>({ method: 'POST', path: BASE, json: request, headers }, call)).data;
  }

  /** A compilation: status, progress (parts done of all, current step), outputs and part failures (`NotFoundError` for someone else's). */
  async getCompilation(id: string, call?: CallOptions): Promise<Compilation> {
    return (await this.http.json<Compilation>({ method: 'GET', path: `${BASE}/${segment(id)}` }, call)).data;
  }

  /** Cancels a compilation that has not finished; a `ConflictError` once it has completed, failed or been cancelled. */
  async cancel(id: string, call?: CallOptions): Promise<Compilation> {
    return (await this.http.json<Compilation>({ method: 'POST', path: `${BASE}/${segment(id)}/cancel` }, call)).data;
  }

  /** One page of the caller's compilations, newest first. */
  async list(query: CompilationListQuery = {}, call?: CallOptions): Promise<CompilationList> {
    return (await this.http.json<CompilationList>({ method: 'GET', path: BASE, query }, call)).data;
  }

  /** Every compilation of the caller's, newest first, following `next_cursor`. */
  listAll(query: Omit<CompilationListQuery, 'cursor'> = {}, call?: CallOptions): AsyncGenerator<Compilation, void, undefined> {
    return paginate((cursor) => this.list({ ...query, ...(cursor === undefined ? {} : { cursor }) }, call));
  }

  /** The same as `listAll` (the name the SDK's other lists use). */
  iterate(query: Omit<CompilationListQuery, 'cursor'> = {}, call?: CallOptions): AsyncGenerator<Compilation, void, undefined> {
    return this.listAll(query, call);
  }

  /**
   * Polls the compilation (every `intervalMs`) until it has completed, failed or been
   * cancelled, and resolves with it then: a failed one is answered, not thrown (see its
   * `error` and `part_failures`). After `timeoutMs` it rejects with a
   * `CompilationTimeoutError` carrying the last state read; an abort of `signal` rejects
   * with the signal's reason. Each poll is one request with the client's timeout and retries.
   */
  async wait(id: string, options: WaitOptions = {}): Promise<Compilation> {
    const { intervalMs = 1000, timeoutMs = 600_000, onProgress, signal } = options;
    const deadline = Date.now() + timeoutMs;
    let seen: string | undefined;
    for (;;) {
      signal?.throwIfAborted();
      const current = await this.getCompilation(id, signal ? { signal } : undefined);
      const now = progressOf(current);
      if (now !== seen) {
        seen = now;
        onProgress?.(current);
      }
      if (FINISHED_COMPILATION_STATUSES.has(current.status)) return current;
      const left = deadline - Date.now();
      if (left <= 0) throw new CompilationTimeoutError(timeoutMs, current);
      await abortableSleep(Math.min(Math.max(0, intervalMs), left), signal);
    }
  }

  /**
   * Opens the compilation's output of `format` for reading, from the caller's storage
   * (`read:storage`), as `storage.get` does. `compilation` is the compilation as read (by
   * `wait` or `getCompilation`), or its id (read first). An `OutputNotAvailableError` when it
   * has no such output: it has not completed, or that format was not asked for.
   */
  async download(compilation: Compilation | string, format: PacketFormat, options: DownloadOutputOptions = {}, call?: CallOptions): Promise<ObjectDownload> {
    const c = typeof compilation === 'string' ? await this.getCompilation(compilation, call) : compilation;
    const output = c.outputs.find((o) => o.format === format);
    if (!output) throw new OutputNotAvailableError(c, format);
    return openDownload(this.http, `/api/storage/objects/${segment(output.key)}`, options, call);
  }
}
