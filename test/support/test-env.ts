import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, for tests and their setup. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The admin connection tests use to create databases: TEST_DATABASE_URL, else the local
 * Postgres at 127.0.0.1:5432 (trust auth), database `postgres`.
 */
export function adminDatabaseUrl(): string {
  return process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function testRedisUrl(): string {
  return process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379/0';
}

/** The Temporal CLI the project installs into its venv (see Makefile), unless TEMPORAL_CLI_PATH says otherwise. */
export function temporalCliPath(): string {
  return path.resolve(repoRoot, process.env['TEMPORAL_CLI_PATH'] ?? '.local/venv/bin/temporal');
}

/** Replaces the database name in a Postgres URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
