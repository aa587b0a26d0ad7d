import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** Prometheus instruments of one process, on a registry of its own (no global state). */
export interface PrometheusMetrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  httpRequests: Counter<'method' | 'route' | 'status'>;
}

export function createPrometheusMetrics(options: { collectDefaults?: boolean } = {}): PrometheusMetrics {
  const registry = new Registry();
  if (options.collectDefaults ?? true) collectDefaultMetrics({ register: registry, prefix: 'sunlight_' });
  const httpDuration = new Histogram({
    name: 'sunlight_http_request_duration_seconds',
    help: 'HTTP request duration by route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const httpRequests = new Counter({
    name: 'sunlight_http_requests_total',
    help: 'HTTP requests by route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  return { registry, httpDuration, httpRequests };
}
