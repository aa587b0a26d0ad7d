import type { RequestLogStore } from './request-log-store.js';

export const METRICS_PERIODS = ['hour', 'day', 'week', 'month'] as const;
export type MetricsPeriod = (typeof METRICS_PERIODS)[number];

const PERIOD_MS: Record<MetricsPeriod, number> = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
};

/** The body of `GET /api/admin/metrics`, field names as the interface specifies. */
export interface AdminMetrics {
  period: MetricsPeriod;
  from: string;
  to: string;
  requests_total: number;
  requests_by_endpoint: Record<string, number>;
  /** Share of requests answered with a status of 400 or above, 0..1. */
  error_rate: number;
  avg_response_time_ms: number | null;
  p95_response_time_ms: number | null;
  p99_response_time_ms: number | null;
}

export interface AdminMetricsService {
  getMetrics(period: MetricsPeriod): Promise<AdminMetrics>;
}

const round = (v: number | null): number | null => (v === null ? null : Math.round(v * 100) / 100);

/** Computes the admin figures from the recorded requests of the last hour/day/week/30 days. */
export function createAdminMetricsService(deps: { store: RequestLogStore; now?: () => Date }): AdminMetricsService {
  const now = deps.now ?? (() => new Date());
  return {
    async getMetrics(period) {
      const to = now();
      const from = new Date(to.getTime() - PERIOD_MS[period]);
      const s = await deps.store.summarize(from, to);
      const byEndpoint: Record<string, number> = {};
      for (const e of s.byEndpoint) byEndpoint[`${e.method} ${e.route}`] = e.count;
      return {
        period,
        from: from.toISOString(),
        to: to.toISOString(),
        requests_total: s.total,
        requests_by_endpoint: byEndpoint,
        error_rate: s.total === 0 ? 0 : Math.round((s.errors / s.total) * 10_000) / 10_000,
        avg_response_time_ms: round(s.avgMs),
        p95_response_time_ms: round(s.p95Ms),
        p99_response_time_ms: round(s.p99Ms),
      };
    },
  };
}
