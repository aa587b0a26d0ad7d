/**
 * `client.documents`: law records by id (`read:transparency`), and research packets compiled
 * from them (`compile:documents`; the outputs are read from storage with `read:storage`).
 */
import { CompilationTimeoutError, OutputNotAvailableError } from './errors.js';
import { idempotencyHeaders, segment, type CallOptions, type Transport } from './http.js';
import { paginateQuery } from './pagination.js';
import { FINISHED_STATUSES, waitUntilFinished, type PollOptions } from './polling.js';
import { openDownload, type DownloadOptions, type ObjectDownload } from './storage.js';
import type { Compilation, CompilationList, CompilationListQuery, CompilationStatus, CompileRequest, LawDocument, PacketFormat } from './types.js';

const BASE = '/api/documents/compile';

/** Statuses a compilation ends in: `wait` resolves once it has one. */
export const FINISHED_COMPILATION_STATUSES: ReadonlySet<CompilationStatus> = new Set(FINISHED_STATUSES);

export interface CompileOptions {
  /**
   * Any unique text (1–255 visible ASCII): sending the same request again with the same key
   * answers the compilation the first one started instead of starting another (a different
   * request with a used key is a `ConflictError`). Use one per packet you mean to make.
   */
  idempotencyKey?: string;
}

/** How `documents.wait` polls: `intervalMs`, `timeoutMs`, `onProgress` (with the compilation) and `signal`. */
export interface WaitOptions extends PollOptions<Compilation> {
  /** Give up after this long with a `CompilationTimeoutError` (default 10 minutes); the compilation goes on. */
  timeoutMs?: number;
}

export type DownloadOutputOptions = DownloadOptions;

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
    return (await this.http.json<Compilation>({ method: 'POST', path: BASE, json: request, headers: idempotencyHeaders(options.idempotencyKey) }, call)).data;
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
    return paginateQuery((q: CompilationListQuery) => this.list(q, call), query);
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
    return waitUntilFinished(
      (call) => this.getCompilation(id, call),
      (c) => FINISHED_COMPILATION_STATUSES.has(c.status),
      options,
      (timeoutMs, last) => new CompilationTimeoutError(timeoutMs, last),
    );
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
