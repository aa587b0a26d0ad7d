import type { Knex } from 'knex';
import { inUserTransaction } from '../db/user-transaction.js';
import type { CompileRequest } from './compile-parts.js';
import type { PacketPart } from './packet.js';

export const COMPILATION_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type CompilationStatus = (typeof COMPILATION_STATUSES)[number];

/** Where a compilation stands: parts gathered of all, and what it is doing now. */
export interface CompilationProgress {
  done: number;
  total: number;
  step: string;
}

/** One rendered output: an object of the owner's in object storage. */
export interface CompilationOutput {
  format: string;
  key: string;
  size: number;
  sha256: string;
  content_type: string;
}

/** A part that could not be gathered, and why. */
export interface PartFailure {
  index: number;
  kind: string;
  reason: string;
}

export interface CompilationRecord {
  id: string;
  title: string;
  request: CompileRequest;
  idempotencyKey: string | null;
  requestHash: string;
  status: CompilationStatus;
  progress: CompilationProgress;
  outputs: CompilationOutput[];
  partFailures: PartFailure[];
  fingerprint: string | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

interface Row {
  id: string;
  title: string;
  request: CompileRequest;
  idempotency_key: string | null;
  request_hash: string;
  status: CompilationStatus;
  progress: CompilationProgress;
  outputs: CompilationOutput[];
  part_failures: PartFailure[];
  fingerprint: string | null;
  error: string | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

const toRecord = (r: Row): CompilationRecord => ({
  id: r.id,
  title: r.title,
  request: r.request,
  idempotencyKey: r.idempotency_key,
  requestHash: r.request_hash,
  status: r.status,
  progress: r.progress,
  outputs: r.outputs,
  partFailures: r.part_failures,
  fingerprint: r.fingerprint,
  error: r.error,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
  finishedAt: r.finished_at?.toISOString() ?? null,
});

/** How a finished compilation ended. */
export type CompilationEnd =
  | { status: 'completed'; outputs: CompilationOutput[]; partFailures: PartFailure[]; fingerprint: string }
  | { status: 'failed'; error: string; partFailures: PartFailure[] }
  | { status: 'cancelled' };

/** Operations inside one transaction that sees only one user's compilations. */
export interface CompilationTransaction {
  /** Inserts the compilation; with an idempotency key already used, returns the earlier one instead (`created` false). */
  create(values: { title: string; request: CompileRequest; idempotencyKey: string | null; requestHash: string; total: number }): Promise<{ record: CompilationRecord; created: boolean }>;
  find(id: string): Promise<CompilationRecord | null>;
  /** Newest first; `after` is the last id of the previous page. */
  list(limit: number, after: { createdAt: string; id: string } | null): Promise<{ rows: CompilationRecord[]; total: number }>;
  /** Progress of an unfinished compilation (a finished one is left as it ended). */
  setProgress(id: string, status: 'queued' | 'running', progress: CompilationProgress): Promise<void>;
  /** Keeps a gathered part (again on a retry) and returns how many parts are kept now. */
  savePart(id: string, part: PacketPart): Promise<number>;
  parts(id: string): Promise<PacketPart[]>;
  /** Ends an unfinished compilation; returns false when it had already ended. */
  finish(id: string, end: CompilationEnd, progress: CompilationProgress): Promise<boolean>;
}

export interface CompilationStore {
  asUser<T>(userId: string, fn: (tx: CompilationTransaction) => Promise<T>): Promise<T>;
}

const UNFINISHED = ['queued', 'running'];

/** The Postgres store, under row-level security as the compilation's owner. */
export function createPgCompilationStore(db: Knex): CompilationStore {
  return { asUser: (userId, fn) => inUserTransaction(db, userId, (trx) => fn(userTransaction(trx, userId))) };
}

function userTransaction(trx: Knex.Transaction, userId: string): CompilationTransaction {
  const find = async (id: string): Promise<CompilationRecord | null> => {
    const row = (await trx('document_compilations').where({ id }).first()) as Row | undefined;
    return row ? toRecord(row) : null;
  };
  return {
    async create(values) {
      const inserted = (await trx('document_compilations')
        .insert({
          user_id: userId,
          title: values.title,
          request: JSON.stringify(values.request),
          idempotency_key: values.idempotencyKey,
          request_hash: values.requestHash,
          progress: JSON.stringify({ done: 0, total: values.total, step: 'queued' }),
        })
        .onConflict(trx.raw('(user_id, idempotency_key)'))
        .ignore()
        .returning('*')) as Row[];
      if (inserted[0]) return { record: toRecord(inserted[0]), created: true };
      const earlier = (await trx('document_compilations').where({ idempotency_key: values.idempotencyKey }).first()) as Row;
      return { record: toRecord(earlier), created: false };
    },
    find,
    async list(limit, after) {
      const page = trx('document_compilations').orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit);
      if (after) void page.whereRaw('(created_at, id) < (?::timestamptz, ?::uuid)', [after.createdAt, after.id]);
      const [rows, count] = await Promise.all([page, trx('document_compilations').count<Array<{ count: string }>>('* as count')]);
      return { rows: (rows as Row[]).map(toRecord), total: Number(count[0]?.count ?? 0) };
    },
    async setProgress(id, status, progress) {
      await trx('document_compilations').where({ id }).whereIn('status', UNFINISHED).update({ status, progress: JSON.stringify(progress), updated_at: trx.fn.now() });
    },
    async savePart(id, part) {
      await trx('document_compilation_parts')
        .insert({ compilation_id: id, user_id: userId, index: part.index, part: JSON.stringify(part) })
        .onConflict(['compilation_id', 'index'])
        .merge();
      const [count] = await trx('document_compilation_parts').where({ compilation_id: id }).count<Array<{ count: string }>>('* as count');
      return Number(count?.count ?? 0);
    },
    async parts(id) {
      const rows = (await trx('document_compilation_parts').where({ compilation_id: id }).orderBy('index').select('part')) as Array<{ part: PacketPart }>;
      return rows.map((r) => r.part);
    },
    async finish(id, end, progress) {
      const columns =
        end.status === 'completed'
          ? { outputs: JSON.stringify(end.outputs), part_failures: JSON.stringify(end.partFailures), fingerprint: end.fingerprint }
          : end.status === 'failed'
            ? { error: end.error, part_failures: JSON.stringify(end.partFailures) }
            : {};
      const updated = await trx('document_compilations')
        .where({ id })
        .whereIn('status', UNFINISHED)
        .update({ ...columns, status: end.status, progress: JSON.stringify(progress), updated_at: trx.fn.now(), finished_at: trx.fn.now() });
      // The gathered parts were only needed to render.
      if (updated > 0) await trx('document_compilation_parts').where({ compilation_id: id }).delete();
      return updated > 0;
    },
  };
}
