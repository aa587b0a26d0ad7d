import type { Knex } from '../db/knex.js';

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

/** How much law the service can answer from: readiness needs some, and no ingestion filling it. */
export interface LawDataState {
  jurisdictions: number;
  ingesting: boolean;
}

export interface ReadinessReport {
  status: 'ready' | 'not_ready';
  /** Why not ready: `dependency_down`, `law_database_empty`, `ingesting`. */
  reasons: string[];
  checks: Record<string, DependencyStatus>;
  law_database: LawDataState | null;
  checked_at: string;
}

export interface HealthService {
  /** Every dependency with its latency (`GET /api/health`). */
  report(): Promise<HealthReport>;
  /** Whether to send traffic here: dependencies up, law data loaded and not being ingested (`GET /api/health/ready`). */
  readiness(): Promise<ReadinessReport>;
  /** The process answers (`GET /api/health/live`): no dependency is asked. */
  liveness(): { status: 'alive'; uptime_seconds: number };
}

/** Runs every check in parallel, each bounded by `timeoutMs`. */
export function createHealthService(deps: { checks: HealthCheck[]; lawData?: () => Promise<LawDataState>; timeoutMs?: number; startedAt?: Date }): HealthService {
  const timeoutMs = deps.timeoutMs ?? 2000;
  const startedAt = deps.startedAt ?? new Date();
  const uptime = () => Math.round((Date.now() - startedAt.getTime()) / 1000);
  const runAll = async () => {
    const results = await Promise.all(deps.checks.map((c) => runCheck(c, timeoutMs)));
    const checks: Record<string, DependencyStatus> = {};
    deps.checks.forEach((c, i) => (checks[c.name] = results[i]!));
    return { checks, allUp: results.every((r) => r.status === 'up') };
  };
  return {
    async report() {
      const { checks, allUp } = await runAll();
      return { status: allUp ? 'ok' : 'unavailable', checks, uptime_seconds: uptime(), checked_at: new Date().toISOString() };
    },
    async readiness() {
      const [{ checks, allUp }, law] = await Promise.all([runAll(), deps.lawData ? deps.lawData().catch(() => null) : Promise.resolve(null)]);
      const reasons: string[] = [];
      if (!allUp) reasons.push('dependency_down');
      if (deps.lawData && (law === null || law.jurisdictions === 0)) reasons.push('law_database_empty');
      if (law?.ingesting) reasons.push('ingesting');
      return { status: reasons.length === 0 ? 'ready' : 'not_ready', reasons, checks, law_database: law, checked_at: new Date().toISOString() };
    },
    liveness: () => ({ status: 'alive', uptime_seconds: uptime() }),
  };
}

/** An ingestion run still "running" after this long is a worker that died, not an ingestion. */
const STALE_RUN_MS = 2 * 60 * 60 * 1000;

/** The law database's state, read from Postgres. */
export function pgLawDataState(db: Knex): () => Promise<LawDataState> {
  return async () => {
    const { rows } = await db.raw<{ rows: Array<{ jurisdictions: number; ingesting: boolean }> }>(
      `SELECT (SELECT count(*)::int FROM jurisdictions) AS jurisdictions,
              EXISTS (SELECT 1 FROM ingestion_runs WHERE status = 'running' AND started_at > now() - (? * interval '1 millisecond')) AS ingesting`,
      [STALE_RUN_MS],
    );
    return { jurisdictions: rows[0]?.jurisdictions ?? 0, ingesting: rows[0]?.ingesting ?? false };
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
