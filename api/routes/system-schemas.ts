/** What the health, API-description and admin routes return (for the API description and the response checks). */
import { z } from 'zod';
import { METRICS_PERIODS } from '../../core/observability/admin-metrics-service.js';

const dependency = z.object({
  status: z.enum(['up', 'down']),
  latency_ms: z.number(),
  error: z.string().optional().describe('A coarse reason (timeout, unreachable) when down'),
});
const checks = z.record(z.string(), dependency).describe('postgres, redis and temporal');
const instant = z.string().describe('ISO date-time');

export const healthReportSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks,
  uptime_seconds: z.number().int(),
  checked_at: instant,
});

export const livenessSchema = z.object({ status: z.literal('alive'), uptime_seconds: z.number().int() });

export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  reasons: z.array(z.enum(['dependency_down', 'law_database_empty', 'ingesting'])),
  checks,
  law_database: z.object({ jurisdictions: z.number().int(), ingesting: z.boolean() }).nullable(),
  checked_at: instant,
});

export const openApiDocumentSchema = z.object({ openapi: z.string(), info: z.record(z.string(), z.unknown()), paths: z.record(z.string(), z.unknown()) }).catchall(z.unknown());

export const adminMetricsSchema = z.object({
  period: z.enum(METRICS_PERIODS),
  from: instant,
  to: instant,
  requests_total: z.number().int(),
  requests_by_endpoint: z.record(z.string(), z.number().int()).describe('Count by "METHOD /route/{template}"'),
  error_rate: z.number().min(0).max(1).describe('Share of requests answered with a status of 400 or above'),
  avg_response_time_ms: z.number().nullable(),
  p95_response_time_ms: z.number().nullable(),
  p99_response_time_ms: z.number().nullable(),
});
