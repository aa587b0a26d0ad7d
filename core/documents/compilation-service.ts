import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { isUuid } from '../http/uuid.js';
import { z } from 'zod';
import { ConflictError, NotFoundError, ServiceUnavailableError, ValidationError, type FieldIssue } from '../errors/app-error.js';
import { decodeCursor, encodeCursor, type ListEnvelope } from '../http/list-envelope.js';
import type { Logger } from '../logger/logger.js';
import { COMPILE_WORKFLOW, compileProgressQuery, compileWorkflowId, type CompileInput } from '../../workflows/compile-document-contracts.js';
import { canonicalJson, sha256Hex } from './assemble-packet.js';
import type { CompileRequest } from './compile-parts.js';
import type { CompilationOutput, CompilationProgress, CompilationRecord, CompilationStatus, CompilationStore, PartFailure } from './compilation-store.js';

/** A compilation as the API shows it. */
export interface CompilationView {
  id: string;
  title: string;
  status: CompilationStatus;
  progress: CompilationProgress;
  outputs: CompilationOutput[];
  /** Parts that could not be compiled, each with its reason (the packet says so in their place). */
  part_failures: PartFailure[];
  fingerprint: string | null;
  error: string | null;
  formats: string[];
  parts: CompileRequest['parts'];
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  links: { self: string; cancel: string; outputs: Record<string, string> };
}

export interface CompilationService {
  /** Starts a compilation (202); the same idempotency key returns the earlier one (`created` false). */
  create(userId: string, request: CompileRequest, idempotencyKey: string | undefined): Promise<{ view: CompilationView; created: boolean }>;
  get(userId: string, id: string): Promise<CompilationView>;
  list(userId: string, page: { limit: number; cursor?: string }): Promise<ListEnvelope<CompilationView>>;
  /** Cancels an unfinished compilation (409 once it has ended). */
  cancel(userId: string, id: string): Promise<CompilationView>;
}

export interface CompilationServiceDeps {
  store: CompilationStore;
  temporal: { client: Client; taskQueue: string };
  /** The jurisdiction slugs the law database knows, to refuse unknown ones before anything runs. */
  jurisdictionSlugs: () => Promise<readonly string[]>;
  /** How long one compilation may run. */
  timeoutMs?: number;
  logger?: Logger;
}

const BASE = '/api/documents/compile';
const listCursor = z.object({ c: z.string(), i: z.string().refine(isUuid) });

function present(r: CompilationRecord, progress?: CompilationProgress | null): CompilationView {
  return {
    id: r.id,
    title: r.title,
    status: r.status,
    progress: progress ?? r.progress,
    outputs: r.outputs,
    part_failures: r.partFailures,
    fingerprint: r.fingerprint,
    error: r.error,
    formats: r.request.formats,
    parts: r.request.parts,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    finished_at: r.finishedAt,
    links: {
      self: `${BASE}/${r.id}`,
      cancel: `${BASE}/${r.id}/cancel`,
      outputs: Object.fromEntries(r.outputs.map((o) => [o.format, `/api/storage/objects/${encodeURIComponent(o.key)}`])),
    },
  };
}

/** The jurisdictions a request names that the law database does not know, each with where (for the 400). */
export function unknownJurisdictions(request: CompileRequest, known: ReadonlySet<string>, base = 'body'): FieldIssue[] {
  return namedJurisdictions(request, base)
    .filter((j) => !known.has(j.slug))
    .map((j) => ({ path: j.path, message: `Unknown jurisdiction "${j.slug}"` }));
}

/** Every jurisdiction a request names, with where. */
function namedJurisdictions(request: CompileRequest, base: string): Array<{ path: string; slug: string }> {
  return request.parts.flatMap((part, i) => {
    const at = `${base}.parts.${i}`;
    switch (part.kind) {
      case 'jurisdiction_profile':
        return [{ path: `${at}.jurisdiction`, slug: part.jurisdiction }];
      case 'comparison':
        return part.jurisdictions === 'all' ? [] : part.jurisdictions.map((slug, j) => ({ path: `${at}.jurisdictions.${j}`, slug }));
      case 'statute':
        return part.jurisdiction ? [{ path: `${at}.jurisdiction`, slug: part.jurisdiction }] : [];
      case 'search':
        return (part.filters?.jurisdictions ?? []).map((slug, j) => ({ path: `${at}.filters.jurisdictions.${j}`, slug }));
      default:
        return [];
    }
  });
}

/**
 * Document compilations: a row per compilation (under row-level security) and a Temporal
 * workflow per compilation, its id the workflow's business key. While it runs, progress comes
 * from the workflow's query; the row has the last progress the workflow wrote and the result.
 */
export function createCompilationService(deps: CompilationServiceDeps): CompilationService {
  const { store, temporal } = deps;
  const callTimeoutMs = 5_000;
  const withDeadline = <T>(fn: () => Promise<T>) => temporal.client.withDeadline(Date.now() + callTimeoutMs, fn);

  const find = async (userId: string, id: string): Promise<CompilationRecord> => {
    const record = isUuid(id) ? await store.asUser(userId, (tx) => tx.find(id)) : null;
    if (!record) throw new NotFoundError('Compilation not found', { id });
    return record;
  };

  /** Starts the workflow; starting one already started (a retried create) is no error. */
  const start = async (userId: string, record: CompilationRecord): Promise<void> => {
    const input: CompileInput = { compilationId: record.id, userId, request: record.request };
    try {
      await withDeadline(() =>
        temporal.client.workflow.start(COMPILE_WORKFLOW, {
          taskQueue: temporal.taskQueue,
          workflowId: compileWorkflowId(record.id),
          args: [input],
          ...(deps.timeoutMs ? { workflowExecutionTimeout: deps.timeoutMs } : {}),
        }),
      );
    } catch (err) {
      if (err instanceof WorkflowExecutionAlreadyStartedError) return;
      deps.logger?.warn({ err: { name: (err as Error).name, message: (err as Error).message }, compilationId: record.id }, 'could not start a compilation');
      await store.asUser(userId, (tx) => tx.finish(record.id, { status: 'failed', error: 'The compilation could not be started: the workflow engine is unreachable', partFailures: [] }, record.progress));
      throw new ServiceUnavailableError('The workflow engine is unreachable; try again shortly');
    }
  };

  /** The running workflow's progress, or null when it cannot be asked (the row's progress is shown then). */
  const liveProgress = async (record: CompilationRecord): Promise<CompilationProgress | null> => {
    if (record.status !== 'running' && record.status !== 'queued') return null;
    return withDeadline(() => temporal.client.workflow.getHandle(compileWorkflowId(record.id)).query(compileProgressQuery)).catch(() => null);
  };

  return {
    async create(userId, request, idempotencyKey) {
      const unknown = unknownJurisdictions(request, new Set(await deps.jurisdictionSlugs()));
      if (unknown.length > 0) throw new ValidationError('Request validation failed', unknown);
      const requestHash = sha256Hex(canonicalJson(request));
      const { record, created } = await store.asUser(userId, (tx) => tx.create({ title: request.title, request, idempotencyKey: idempotencyKey ?? null, requestHash, total: request.parts.length }));
      if (!created && record.requestHash !== requestHash) {
        throw new ConflictError('This Idempotency-Key was used for a different compilation request', { id: record.id });
      }
      // A retry of a create whose start failed midway starts it now (the workflow id makes it once).
      if (created || record.status === 'queued') await start(userId, record);
      return { view: present(record), created };
    },
    async get(userId, id) {
      const record = await find(userId, id);
      return present(record, await liveProgress(record));
    },
    async list(userId, page) {
      const after = decodeCursor(page.cursor, listCursor);
      const { rows, total } = await store.asUser(userId, (tx) => tx.list(page.limit + 1, after ? { createdAt: after.c, id: after.i } : null));
      const data = rows.slice(0, page.limit);
      const last = data.at(-1);
      return { data: data.map((r) => present(r)), total, next_cursor: rows.length > page.limit && last ? encodeCursor({ c: last.createdAt, i: last.id }) : null };
    },
    async cancel(userId, id) {
      const record = await find(userId, id);
      if (record.status !== 'queued' && record.status !== 'running') throw new ConflictError(`The compilation has already ${record.status === 'cancelled' ? 'been cancelled' : record.status}`, { status: record.status });
      await withDeadline(() => temporal.client.workflow.getHandle(compileWorkflowId(id)).cancel()).catch((err: unknown) => {
        deps.logger?.warn({ err: { name: (err as Error).name, message: (err as Error).message }, compilationId: id }, 'could not cancel a compilation workflow');
      });
      // Recorded at once: the workflow's own record of it finds the compilation already ended.
      await store.asUser(userId, (tx) => tx.finish(id, { status: 'cancelled' }, { ...record.progress, step: 'cancelled' }));
      return present(await find(userId, id));
    },
  };
}
