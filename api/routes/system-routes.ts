import { z } from 'zod';
import type { HealthService } from '../../core/health/health-service.js';
import { METRICS_PERIODS, type AdminMetricsService } from '../../core/observability/admin-metrics-service.js';
import type { PrometheusMetrics } from '../../core/observability/prometheus.js';
import type { RouteRegistry } from '../http/route-registry.js';
import { adminMetricsSchema, healthReportSchema, livenessSchema, openApiDocumentSchema, readinessSchema } from './system-schemas.js';

export interface SystemRouteDeps {
  health: HealthService;
  adminMetrics: AdminMetricsService;
  prometheus: PrometheusMetrics;
  /** Built lazily, after every route is registered. */
  openApiDocument: () => Record<string, unknown>;
}

/** Health, the API description and the admin metrics. */
export function registerSystemRoutes(routes: RouteRegistry, deps: SystemRouteDeps): void {
  routes.add({
    method: 'get',
    path: '/api/health',
    scope: null,
    rateLimited: false,
    tags: ['system'],
    summary: 'Status of Postgres, Redis and Temporal with latency; 503 when one is down',
    success: { status: 200, description: 'All dependencies are up (503 with the same body when one is down)' },
    response: healthReportSchema,
    alsoAnswers: [{ status: 503, description: 'A dependency is down: the same report' }],
    handler: async () => {
      const report = await deps.health.report();
      return { status: report.status === 'ok' ? 200 : 503, body: report, headers: { 'Cache-Control': 'no-store' } };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/health/live',
    scope: null,
    rateLimited: false,
    tags: ['system'],
    summary: 'Liveness: the process answers (no dependency is asked)',
    success: { status: 200, description: 'The process is up' },
    response: livenessSchema,
    handler: async () => ({ body: deps.health.liveness(), headers: { 'Cache-Control': 'no-store' } }),
  });

  routes.add({
    method: 'get',
    path: '/api/health/ready',
    scope: null,
    rateLimited: false,
    tags: ['system'],
    summary: 'Readiness: dependencies up and the law database loaded, not being ingested; 503 with the reasons otherwise',
    success: { status: 200, description: 'Ready for traffic (503 with the same body and its reasons when not)' },
    response: readinessSchema,
    alsoAnswers: [{ status: 503, description: 'Not ready: the same report with its reasons' }],
    handler: async () => {
      const report = await deps.health.readiness();
      return { status: report.status === 'ready' ? 200 : 503, body: report, headers: { 'Cache-Control': 'no-store' } };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/openapi.json',
    scope: null,
    tags: ['system'],
    summary: 'This OpenAPI 3.1 document',
    response: openApiDocumentSchema,
    handler: async () => ({ body: deps.openApiDocument() }),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/metrics',
    scope: 'admin:metrics',
    tags: ['admin'],
    summary: 'Request figures over the last hour, day, week or month (30 days)',
    query: z.object({ period: z.enum(METRICS_PERIODS).default('day') }),
    response: adminMetricsSchema,
    handler: async ({ query }) => ({ body: await deps.adminMetrics.getMetrics(query.period) }),
  });

  routes.add({
    method: 'get',
    path: '/api/admin/metrics/prometheus',
    scope: 'admin:metrics',
    tags: ['admin'],
    summary: 'Prometheus exposition of the process and HTTP metrics',
    success: { status: 200, description: 'Prometheus text format', contentType: 'text/plain' },
    handler: async ({ res }) => {
      res.setHeader('Content-Type', deps.prometheus.registry.contentType);
      res.status(200).send(await deps.prometheus.registry.metrics());
      return undefined;
    },
  });
}
