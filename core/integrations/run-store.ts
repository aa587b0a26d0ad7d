import type { Knex } from 'knex';
import { inUserTransaction } from '../db/user-transaction.js';
import type { IntegrationRequest, IntegrationType, RunProgress, RunResult, RunStatus } from './integration-types.js';

export interface RunRecord {
  id: string;
  clientId: string;
  authorizedParty: string | null;
  type: IntegrationType;
  input: IntegrationRequest['input'];
  idempotencyKey: string | null;
  requestHash: string;
  webhookUrl: string | null;
  status: RunStatus;
  progress: RunProgress | null;
  result: RunResult | null;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
}

export interface DeliveryRecord {
  id: number;
  eventId: string;
  attempt: number;
  url: string;
  statusCode: number | null;
  outcome: 'delivered' | 'failed' | 'refused';
  error: string | null;
  latencyMs: number;
  attemptedAt: string;
}

interface RunRow {
  id: string;
  client_id: string;
  authorized_party: string | null;
  type: IntegrationType;
  input: IntegrationRequest['input'];
  idempotency_key: string | null;
  request_hash: string;
  webhook_url: string | null;
  status: RunStatus;
  progress: RunProgress | null;
  result: RunResult | null;
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  updated_at: Date;
}

const iso = (d: Date | null): string | null => d?.toISOString() ?? null;
const toRecord = (r: RunRow): RunRecord => ({
  id: r.id,
  clientId: r.client_id,
  authorizedParty: r.authorized_party,
  type: r.type,
  input: r.input,
  idempotencyKey: r.idempotency_key,
  requestHash: r.request_hash,
  webhookUrl: r.webhook_url,
  status: r.status,
  progress: r.progress,
  result: r.result,
  error: r.error,
  createdAt: r.created_at.toISOString(),
  startedAt: iso(r.started_at),
  finishedAt: iso(r.finished_at),
  updatedAt: r.updated_at.toISOString(),
});

export type RunEnd = { status: 'completed'; result: RunResult } | { status: 'failed'; error: string; result?: RunResult | null } | { status: 'cancelled' };

/** Operations inside one transaction that sees only one client's runs. */
export interface RunTransaction {
  create(values: { authorizedParty: string | null; request: IntegrationRequest; idempotencyKey: string | null; requestHash: string; webhookUrl: string | null }): Promise<{ record: RunRecord; created: boolean }>;
  find(id: string): Promise<RunRecord | null>;
  list(query: { limit: number; after: { createdAt: string; id: string } | null; types?: IntegrationType[]; statuses?: RunStatus[] }): Promise<{ rows: RunRecord[]; total: number }>;
  /** Marks an unfinished run running with its progress. */
  progress(id: string, progress: RunProgress): Promise<void>;
  /** Ends an unfinished run; false when it had already ended. */
  finish(id: string, end: RunEnd): Promise<boolean>;
  addDelivery(runId: string, delivery: Omit<DeliveryRecord, 'id' | 'attemptedAt'>): Promise<void>;
  deliveries(runId: string): Promise<DeliveryRecord[]>;
}

export interface RunStore {
  asClient<T>(clientId: string, fn: (tx: RunTransaction) => Promise<T>): Promise<T>;
}

const UNFINISHED = ['queued', 'running'];

/** The Postgres store of integration runs, under row-level security as the client. */
export function createPgRunStore(db: Knex): RunStore {
  return { asClient: (clientId, fn) => inUserTransaction(db, clientId, (trx) => fn(clientTransaction(trx, clientId))) };
}

function clientTransaction(trx: Knex.Transaction, clientId: string): RunTransaction {
  return {
    async create(values) {
      const inserted = (await trx('integration_runs')
        .insert({
          client_id: clientId,
          authorized_party: values.authorizedParty,
          type: values.request.type,
          input: JSON.stringify(values.request.input),
          idempotency_key: values.idempotencyKey,
          request_hash: values.requestHash,
          webhook_url: values.webhookUrl,
          progress: JSON.stringify({ step: 'queued' }),
        })
        .onConflict(trx.raw('(client_id, idempotency_key)'))
        .ignore()
        .returning('*')) as RunRow[];
      if (inserted[0]) return { record: toRecord(inserted[0]), created: true };
      const earlier = (await trx('integration_runs').where({ idempotency_key: values.idempotencyKey }).first()) as RunRow;
      return { record: toRecord(earlier), created: false };
    },
    async find(id) {
      const row = (await trx('integration_runs').where({ id }).first()) as RunRow | undefined;
      return row ? toRecord(row) : null;
    },
    async list(query) {
      const filtered = () => {
        const q = trx('integration_runs');
        if (query.types?.length) void q.whereIn('type', query.types);
        if (query.statuses?.length) void q.whereIn('status', query.statuses);
        return q;
      };
      const page = filtered().orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(query.limit);
      if (query.after) void page.whereRaw('(created_at, id) < (?::timestamptz, ?::uuid)', [query.after.createdAt, query.after.id]);
      const [rows, count] = await Promise.all([page, filtered().count<Array<{ count: string }>>('* as count')]);
      return { rows: (rows as RunRow[]).map(toRecord), total: Number(count[0]?.count ?? 0) };
    },
    async progress(id, progress) {
      await trx('integration_runs')
        .where({ id })
        .whereIn('status', UNFINISHED)
        .update({ status: 'running', progress: JSON.stringify(progress), started_at: trx.raw('coalesce(started_at, now())'), updated_at: trx.fn.now() });
    },
    async finish(id, end) {
      const columns = end.status === 'completed' ? { result: JSON.stringify(end.result) } : end.status === 'failed' ? { error: end.error, result: end.result ? JSON.stringify(end.result) : null } : {};
      const updated = await trx('integration_runs')
        .where({ id })
        .whereIn('status', UNFINISHED)
        .update({ ...columns, status: end.status, progress: JSON.stringify({ step: end.status }), finished_at: trx.fn.now(), updated_at: trx.fn.now() });
      return updated > 0;
    },
    async addDelivery(runId, d) {
      await trx('webhook_deliveries').insert({
        run_id: runId,
        client_id: clientId,
        event_id: d.eventId,
        attempt: d.attempt,
        url: d.url,
        status_code: d.statusCode,
        outcome: d.outcome,
        error: d.error,
        latency_ms: d.latencyMs,
      });
    },
    async deliveries(runId) {
      const rows = (await trx('webhook_deliveries').where({ run_id: runId }).orderBy('id')) as Array<{
        id: string;
        event_id: string;
        attempt: number;
        url: string;
        status_code: number | null;
        outcome: DeliveryRecord['outcome'];
        error: string | null;
        latency_ms: number;
        attempted_at: Date;
      }>;
      return rows.map((r) => ({ id: Number(r.id), eventId: r.event_id, attempt: r.attempt, url: r.url, statusCode: r.status_code, outcome: r.outcome, error: r.error, latencyMs: r.latency_ms, attemptedAt: r.attempted_at.toISOString() }));
    },
  };
}
