import type { Knex } from 'knex';

/** One API request as recorded for the access audit and the admin metrics. */
export interface RequestLogRow {
  requestId: string;
  sub: string | null;
  azp: string | null;
  method: string;
  /** Route template, e.g. `/api/foia/requests/{id}`; `(unmatched)` for unknown routes. */
  route: string;
  status: number;
  durationMs: number;
  occurredAt: Date;
}

export interface RequestSummary {
  total: number;
  errors: number;
  avgMs: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  byEndpoint: Array<{ method: string; route: string; count: number }>;
}

export interface RequestLogStore {
  insertMany(rows: RequestLogRow[]): Promise<void>;
  /** Figures for requests with `from <= occurred_at < to`. */
  summarize(from: Date, to: Date): Promise<RequestSummary>;
}

/** Postgres store over the `api_requests` table. */
export function createPgRequestLogStore(db: Knex): RequestLogStore {
  return {
    async insertMany(rows) {
      if (rows.length === 0) return;
      await db('api_requests').insert(
        rows.map((r) => ({
          request_id: r.requestId,
          sub: r.sub,
          azp: r.azp,
          method: r.method,
          route: r.route,
          status: r.status,
          duration_ms: r.durationMs,
          occurred_at: r.occurredAt,
        })),
      );
    },
    async summarize(from, to) {
      const window = (q: Knex.QueryBuilder) => q.where('occurred_at', '>=', from).andWhere('occurred_at', '<', to);
      const totals = (await window(
        db('api_requests').select(
          db.raw('count(*)::int AS total'),
          db.raw('count(*) FILTER (WHERE status >= 400)::int AS errors'),
          db.raw('avg(duration_ms) AS avg_ms'),
          db.raw('percentile_cont(0.95) WITHIN GROUP (ORDER BY duration_ms) AS p95_ms'),
          db.raw('percentile_cont(0.99) WITHIN GROUP (ORDER BY duration_ms) AS p99_ms'),
        ),
      ).first()) as { total: number; errors: number; avg_ms: number | null; p95_ms: number | null; p99_ms: number | null };
      const byEndpoint = (await window(
        db('api_requests').select('method', 'route').count<{ method: string; route: string; count: number }[]>('* as count'),
      )
        .groupBy('method', 'route')
        .orderBy([{ column: 'count', order: 'desc' }, 'route'])) as Array<{ method: string; route: string; count: number }>;
      return {
        total: totals.total,
        errors: totals.errors,
        avgMs: totals.avg_ms === null ? null : Number(totals.avg_ms),
        p95Ms: totals.p95_ms === null ? null : Number(totals.p95_ms),
        p99Ms: totals.p99_ms === null ? null : Number(totals.p99_ms),
        byEndpoint: byEndpoint.map((r) => ({ method: r.method, route: r.route, count: Number(r.count) })),
      };
    },
  };
}
