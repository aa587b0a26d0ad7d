import type { Knex } from 'knex';

export interface MigrationState {
  applied: Array<{ name: string; applied_at: string | null }>;
  pending: string[];
}

export interface TableSize {
  schema: string;
  name: string;
  /** Table, indexes and TOAST, in bytes. */
  total_bytes: number;
  /** The planner's estimate (exact counts of every table would be slow); -1 when never analysed. */
  estimated_rows: number;
}

export interface IngestionRunSummary {
  id: string;
  workflow_id: string;
  status: string;
  force: boolean;
  requested: string[] | null;
  started_at: string;
  finished_at: string | null;
  /** Jurisdictions by outcome (created, updated, unchanged, failed). */
  outcomes: Record<string, number>;
}

/** What the admin status page reads: migrations, sizes and ingestion runs (as the main role: sizes only, never rows of users). */
export interface DatabaseStatusStore {
  migrations(): Promise<MigrationState>;
  tableSizes(): Promise<TableSize[]>;
  recentIngestionRuns(limit: number): Promise<IngestionRunSummary[]>;
}

const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : typeof v === 'string' ? v : null);

export function createPgDatabaseStatusStore(db: Knex): DatabaseStatusStore {
  return {
    async migrations() {
      const [completed, pending] = (await db.migrate.list()) as [Array<{ name: string } | string>, Array<{ file: string } | string | readonly [string, unknown]>];
      const names = completed.map((c) => (typeof c === 'string' ? c : c.name));
      const rows = await db('knex_migrations').select('name', 'migration_time');
      const at = new Map(rows.map((r: { name: string; migration_time: unknown }) => [r.name, iso(r.migration_time)]));
      return {
        applied: names.map((name) => ({ name, applied_at: at.get(name) ?? null })),
        pending: pending.map((p) => (typeof p === 'string' ? p : Array.isArray(p) ? String(p[0]) : (p as { file: string }).file)),
      };
    },
    async tableSizes() {
      const res = await db.raw<{ rows: Array<{ schema: string; name: string; total_bytes: number; estimated_rows: number }> }>(`
        SELECT n.nspname AS schema, c.relname AS name, pg_total_relation_size(c.oid)::bigint AS total_bytes, c.reltuples::bigint AS estimated_rows
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'm') AND n.nspname IN ('public', 'published')
        ORDER BY pg_total_relation_size(c.oid) DESC, c.relname`);
      return res.rows;
    },
    async recentIngestionRuns(limit) {
      const runs = await db('ingestion_runs').select('id', 'workflow_id', 'status', 'force', 'requested', 'started_at', 'finished_at').orderBy('started_at', 'desc').limit(limit);
      const ids = runs.map((r: { id: string }) => r.id);
      const outcomes = ids.length === 0 ? [] : await db('ingestion_results').select('run_id', 'outcome').count<Array<{ run_id: string; outcome: string; count: number }>>('* as count').whereIn('run_id', ids).groupBy('run_id', 'outcome');
      return runs.map((r: Record<string, unknown>) => ({
        id: String(r['id']),
        workflow_id: String(r['workflow_id']),
        status: String(r['status']),
        force: Boolean(r['force']),
        requested: (r['requested'] as string[] | null) ?? null,
        started_at: iso(r['started_at']) ?? '',
        finished_at: iso(r['finished_at']),
        outcomes: Object.fromEntries(outcomes.filter((o) => o.run_id === r['id']).map((o) => [o.outcome, Number(o.count)])),
      }));
    },
  };
}
