import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { createApp, type AppDeps, type ApiApp } from '../../api/app.js';
import { createApiContainer, type ApiContainer } from '../../api/wiring.js';
import { loadConfig, type Config } from '../../core/config/config.js';
import { DevIdentityProvider } from '../../core/idp/dev-identity-provider.js';
import { createLogger } from '../../core/logger/logger.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { testRedisUrl } from './test-env.js';
import { ALL_SCOPES } from '../../core/auth/scopes.js';
import { createHttpServer } from '../../api/http/http-server.js';
import { redisReady } from '../../core/redis/redis.js';
import { buildOpenApiDocument } from '../../api/http/openapi.js';
import { createContractChecker, type ContractChecker } from './contract-check.js';

export const TEST_AUDIENCE = 'https://api.sunlight.test';
/** A machine client allowed every scope (admin:metrics only when asked for), and one allowed to read the law only. */
export const TEST_CLIENT = { clientId: 'test-client', clientSecret: 'test-client-secret-value', scopes: [...ALL_SCOPES] };
export const READER_CLIENT = { clientId: 'reader-client', clientSecret: 'reader-client-secret-value', scopes: ['read:transparency'] };
/** A person who may sign in at the identity provider's login page, and the public client (the console) people sign in with. */
export const TEST_USER = { username: 'demo', password: 'demo-password' };
export const CONSOLE_CLIENT_ID = 'sunlight-console';

export interface TestApi {
  baseUrl: string;
  config: Config;
  idp: DevIdentityProvider;
  database: TestDatabase;
  container: ApiContainer;
  api: ApiApp;
  /** Every log line the API wrote, as parsed JSON. */
  logs: string[];
  token(opts: { sub?: string; scope: string; ttlSeconds?: number }): Promise<string>;
  request(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

export interface TestApiOptions {
  /** False to skip checking responses against the OpenAPI document (tests of deliberately odd requests). */
  contractCheck?: boolean;
  /** The HTTP server's timeouts (defaults as in production). */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  env?: Record<string, string>;
  /** Replace some dependencies after wiring (e.g. a failing service for the 500 test). */
  override?: (deps: AppDeps) => Partial<AppDeps>;
  database?: TestDatabase;
  /** Persist the identity provider's keys here (for tests of the token tool). */
  idpKeyFile?: string;
  /** Lifetime of the access tokens people get by signing in (3600 s by default). */
  idpUserTokenTtlSeconds?: number;
}

/**
 * The real API over real services for one test file: its own database (cloned from the
 * migrated template), the local Redis, the run's Temporal dev server, and the development
 * identity provider serving its JWKS over real HTTP on a free port.
 */
export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const idp = await DevIdentityProvider.create({
    audience: TEST_AUDIENCE,
    clients: [TEST_CLIENT, READER_CLIENT],
    keyFile: options.idpKeyFile,
    users: [TEST_USER],
    publicClients: [CONSOLE_CLIENT_ID],
    userTokenTtlSeconds: options.idpUserTokenTtlSeconds,
  });
  await idp.start(0);
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl(),
    TEMPORAL_ADDRESS: inject('temporalAddress'),
    AUTH_ISSUER: idp.issuerUrl,
    AUTH_AUDIENCE: TEST_AUDIENCE,
    AUTH_JWKS_COOLDOWN_MS: '0',
    RATE_LIMIT_POINTS: '1000',
    // Counters of its own: test files running side by side share one Redis and one address.
    RATE_LIMIT_PREFIX: `sunlight-test-${randomBytes(4).toString('hex')}:rl`,
    ...options.env,
  });
  const logs: string[] = [];
  const logger = createLogger({ level: config.log.level, destination: { write: (line: string) => logs.push(line) } });
  const container = createApiContainer(config, logger);
  const deps = { ...container.deps, ...(options.override?.(container.deps) ?? {}) };
  const api = createApp(deps);
  // A test that points REDIS_URL at nothing does not wait for it.
  if (!options.env?.['REDIS_URL']) await redisReady(deps.redis, 5_000);
  const server = createHttpServer(api.app, { headersTimeoutMs: options.headersTimeoutMs, requestTimeoutMs: options.requestTimeoutMs });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let counter = 0;
  // Every JSON response a test receives is checked against the API's own OpenAPI document.
  let contract: ContractChecker | undefined;
  const checkContract = async (method: string, path: string, res: Response): Promise<void> => {
    if (options.contractCheck === false) return;
    contract ??= createContractChecker(buildOpenApiDocument(api.routes.specs, { issuer: idp.issuerUrl, version: 'test' }) as never);
    const type = res.headers.get('content-type');
    const body = type?.includes('json') ? await res.clone().json().catch(() => undefined) : undefined;
    const problems = contract.check(method, new URL(path, baseUrl).pathname, res.status, type, body);
    if (problems.length > 0) throw new Error(`The response does not match the OpenAPI document:\n${problems.join('\n')}`);
  };

  return {
    baseUrl,
    config,
    idp,
    database,
    container,
    api,
    logs,
    token: (opts) =>
      idp.issueToken({ sub: opts.sub ?? `user-${process.pid}-${++counter}`, scope: opts.scope, ttlSeconds: opts.ttlSeconds }),
    request: (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (init.token) headers.set('authorization', `Bearer ${init.token}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', headers.get('content-type') ?? 'application/json');
        body = JSON.stringify(init.json);
      }
      return fetch(`${baseUrl}${path}`, { ...init, headers, body }).then(async (res) => {
        await checkContract(init.method ?? 'GET', path, res);
        return res;
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await container.close();
      await idp.stop();
      if (!options.database) await database.drop();
    },
  };
}
