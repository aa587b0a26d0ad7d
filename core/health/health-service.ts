/** A dependency the service needs, with a cheap liveness probe. */
export interface HealthCheck {
  name: string;
  check(): Promise<void>;
}

export interface DependencyStatus {
  status: 'up' | 'down';
  latency_ms: number;
  error?: string;
}

export interface HealthReport {
  status: 'ok' | 'unavailable';
  checks: Record<string, DependencyStatus>;
  uptime_seconds: number;
  checked_at: string;
}

export interface HealthService {
  report(): Promise<HealthReport>;
}

/** Runs every check in parallel, each bounded by `timeoutMs`. */
export function createHealthService(deps: { checks: HealthCheck[]; timeoutMs?: number; startedAt?: Date }): HealthService {
  const timeoutMs = deps.timeoutMs ?? 2000;
  const startedAt = deps.startedAt ?? new Date();
  return {
    async report() {
      const results = await Promise.all(deps.checks.map((c) => runCheck(c, timeoutMs)));
      const checks: Record<string, DependencyStatus> = {};
      deps.checks.forEach((c, i) => (checks[c.name] = results[i]!));
      const allUp = results.every((r) => r.status === 'up');
      return {
        status: allUp ? 'ok' : 'unavailable',
        checks,
        uptime_seconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
        checked_at: new Date().toISOString(),
      };
    },
  };
}

async function runCheck(check: HealthCheck, timeoutMs: number): Promise<DependencyStatus> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check.check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return { status: 'up', latency_ms: elapsed(started) };
  } catch (err) {
    // Only a coarse reason: connection strings and internals stay out of a public endpoint.
    const reason = err instanceof Error && err.message === 'timeout' ? 'timeout' : 'unreachable';
    return { status: 'down', latency_ms: elapsed(started), error: reason };
  } finally {
    if (timer) clearTimeout(timer);
  }
}

const elapsed = (started: number): number => Math.round((performance.now() - started) * 100) / 100;
