import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../../core/logger/logger.js';
import type { RequestRecorder } from '../../core/observability/request-recorder.js';
import type { PrometheusMetrics } from '../../core/observability/prometheus.js';
import '../http/locals.js';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * First middleware of every request: assigns the request id (a caller's well-formed
 * X-Request-Id is kept), a child logger, and on finish records the request for the
 * access audit, the admin metrics and Prometheus, and logs one line. The query string is
 * never logged: it is the caller's data.
 */
export function requestContext(deps: { logger: Logger; recorder: RequestRecorder; metrics: PrometheusMetrics; logRequests?: boolean }): RequestHandler {
  // One line per request in production; at debug level in development, where it drowns everything else.
  const requestLevel = deps.logRequests === false ? 'debug' : 'info';
  return (req, res, next) => {
    const incoming = req.header('x-request-id');
    const requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.locals.startedAt = performance.now();
    res.locals.log = deps.logger.child({ requestId });
    res.setHeader('X-Request-Id', requestId);
    res.on('finish', () => {
      const durationMs = performance.now() - res.locals.startedAt;
      const route = res.locals.routeTemplate ?? '(unmatched)';
      const principal = res.locals.principal;
      deps.recorder.record({
        requestId,
        sub: principal?.sub ?? null,
        azp: principal?.azp ?? null,
        method: req.method,
        route,
        status: res.statusCode,
        durationMs,
        occurredAt: new Date(),
      });
      const labels = { method: req.method, route, status: String(res.statusCode) };
      deps.metrics.httpDuration.observe(labels, durationMs / 1000);
      deps.metrics.httpRequests.inc(labels);
      res.locals.log[requestLevel](
        { method: req.method, path: req.path, route, status: res.statusCode, durationMs: Math.round(durationMs * 100) / 100, sub: principal?.sub },
        'request',
      );
    });
    next();
  };
}
