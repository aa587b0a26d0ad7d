import { AppError, ServiceUnavailableError } from '../errors/app-error.js';

/**
 * How the admin SQL console refuses a query. Each error carries Postgres's own message
 * (what was refused and why: "permission denied for table foia_requests") and its
 * SQLSTATE, never the server's internals or a stack.
 *
 *  - 400 QUERY_INVALID: the SQL is wrong (syntax, an unknown table, column or function, a bad value).
 *  - 403 QUERY_REFUSED: the SQL is not a read of the published views (writes, DDL, COPY,
 *    SET ROLE, file and large-object functions, private tables, several statements).
 *  - 422 QUERY_TIMEOUT: the statement ran past the time limit and was cancelled (not 408,
 *    which clients and proxies may retry as a slow upload).
 */
export class QueryInvalidError extends AppError {
  constructor(message: string, metadata?: Record<string, unknown>) {
    super(400, 'QUERY_INVALID', message, metadata);
  }
}

export class QueryRefusedError extends AppError {
  constructor(message: string, metadata?: Record<string, unknown>) {
    super(403, 'QUERY_REFUSED', message, metadata);
  }
}

export class QueryTimeoutError extends AppError {
  constructor(timeoutMs: number) {
    super(422, 'QUERY_TIMEOUT', `The query ran longer than ${timeoutMs} ms and was cancelled`, { timeout_ms: timeoutMs });
  }
}

interface PgError {
  code?: string;
  message?: string;
  position?: string;
}

const REFUSED = new Set(['25006', '42501', '0A000', '2F002', '2F003', '38002', '38003', '39P03', '0LP01', '28000']);

/** Postgres's error for a console query → the client's 4xx (or 503 when the database itself is out of reach). */
export function queryErrorFrom(err: unknown, timeoutMs: number): Error {
  const e = (err ?? {}) as PgError;
  const code = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined;
  if (!code || code.startsWith('08') || code.startsWith('57P') || code === '53300' || code === '3D000') {
    return new ServiceUnavailableError('The query database is unavailable');
  }
  const message = (e.message ?? 'The query failed').slice(0, 500);
  const metadata = { sqlstate: code, ...(e.position ? { position: Number(e.position) } : {}) };
  if (code === '57014') return new QueryTimeoutError(timeoutMs);
  if (REFUSED.has(code)) return new QueryRefusedError(message, metadata);
  if (/multiple commands/.test(message)) return new QueryRefusedError('Only one statement is accepted', metadata);
  return new QueryInvalidError(message, metadata);
}
