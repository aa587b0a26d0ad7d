/**
 * Throughput of the FOIA list and get endpoints against a bare Express + pg endpoint doing
 * the same queries, on this machine, over loopback. Not a test: it prints figures.
 *
 *   npx tsx bench/foia-throughput.ts [requests-per-scenario=2000] [concurrency=16]
 *
 * It creates and migrates a throwaway database (dropped at the end), seeds two users' requests,
 * and serves three variants from this process:
 *  - api:      the real endpoint (JWT verification, Redis rate limit, scope, zod, RLS transaction,
 *              presenter, request recording);
 *  - bare:     Express + pg.Pool, the same SQL without authentication or transaction;
 *  - bare+rls: the bare endpoint, inside the same `SET LOCAL ROLE` + `app.user_id` transaction.
 * A forked client process (so load generation does not share the servers' event loop) sends a
 * bounded number of requests per scenario, `concurrency` at a time, after a warm-up.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pg from 'pg';
import { createApp } from '../api/app.js';
import { createApiContainer } from '../api/wiring.js';
import { loadConfig } from '../core/config/config.js';
import { createKnex, migrateLatest } from '../core/db/knex.js';
import { DevIdentityProvider } from '../core/idp/dev-identity-provider.js';
import { createLogger } from '../core/logger/logger.js';
import { adminDatabaseUrl, testRedisUrl, withDatabase } from '../test/support/test-env.js';

const AUDIENCE = 'https://api.sunlight.bench';
const PER_USER = 200;
const LIST_SQL = 'SELECT * FROM foia_requests WHERE user_id = $1 ORDER BY updated_at DESC, id DESC LIMIT 21';
const COUNT_SQL = 'SELECT count(*) FROM foia_requests WHERE user_id = $1';
const GET_SQL = 'SELECT * FROM foia_requests WHERE id = $1 AND user_id = $2';
const HISTORY_SQL = 'SELECT from_status, to_status, at, note FROM foia_request_history WHERE request_id = $1 ORDER BY id';

interface Scenario {
  name: string;
  urls: string[];
  headers: Record<string, string>;
}

interface Result {
  name: string;
  seconds: number;
  count: number;
  errors: number;
  p50: number;
  p99: number;
}

/** The client process: runs each scenario and reports over IPC. */
async function client(scenarios: Scenario[], requests: number, concurrency: number): Promise<Result[]> {
  const results: Result[] = [];
  for (const s of scenarios) {
    await load(s, Math.min(200, requests), concurrency); // warm-up: JIT, pools, JWKS cache
    results.push(await load(s, requests, concurrency));
  }
  return results;
}

async function load(s: Scenario, requests: number, concurrency: number): Promise<Result> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const lane = async (): Promise<void> => {
    while (next < requests) {
      const url = s.urls[next++ % s.urls.length]!;
      const t0 = performance.now();
      const res = await fetch(url, { headers: s.headers });
      await res.arrayBuffer();
      if (res.status !== 200) errors++;
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { name: s.name, seconds, count: latencies.length, errors, p50: at(0.5), p99: at(0.99) };
}

/** Express + pg with the same SQL; `rls` wraps each request in the store's transaction. */
function bareServer(pool: pg.Pool, rls: boolean): express.Express {
  const app = express();
  const run = async <T>(user: string, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> => {
    const c = await pool.connect();
    try {
      if (!rls) return await fn(c);
      await c.query('BEGIN');
      await c.query(`SELECT set_config('role', 'sunlight_app', true), set_config('app.user_id', $1, true)`, [user]);
      const out = await fn(c);
      await c.query('COMMIT');
      return out;
    } catch (err) {
      if (rls) await c.query('ROLLBACK');
      throw err;
    } finally {
      c.release();
    }
  };
  app.get('/requests', async (req, res) => {
    const user = String(req.header('x-user'));
    const body = await run(user, async (c) => {
      const total = await c.query(COUNT_SQL, [user]);
      const rows = await c.query(LIST_SQL, [user]);
      return { data: rows.rows.slice(0, 20), total: Number(total.rows[0].count), next_cursor: null };
    });
    res.json(body);
  });
  app.get('/requests/:id', async (req, res) => {
    const user = String(req.header('x-user'));
    const body = await run(user, async (c) => {
      const row = await c.query(GET_SQL, [req.params.id, user]);
      const history = await c.query(HISTORY_SQL, [req.params.id]);
      return { ...row.rows[0], history: history.rows };
    });
    res.json(body);
  });
  return app;
}

async function listen(app: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function main(): Promise<void> {
  const requests = Number(process.argv[2] ?? 2000);
  const concurrency = Number(process.argv[3] ?? 16);
  const name = `sunlight_bench_foia_${Date.now().toString(36)}`;
  const admin = createKnex({ url: adminDatabaseUrl(), poolMax: 1 });
  await admin.raw(`CREATE DATABASE ${name}`);
  const url = withDatabase(adminDatabaseUrl(), name);
  const idp = await DevIdentityProvider.create({ audience: AUDIENCE, clients: [] });
  await idp.start(0);
  const config = loadConfig({
    NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url, REDIS_URL: testRedisUrl(), AUTH_ISSUER: idp.issuerUrl,
    AUTH_AUDIENCE: AUDIENCE, RATE_LIMIT_POINTS: '100000000',
  });
  const container = createApiContainer(config, createLogger({ level: 'silent' }));
  const pool = new pg.Pool({ connectionString: url, max: config.database.poolMax });
  const servers: http.Server[] = [];
  try {
    await migrateLatest(container.db);
    const ids = await seed(container.deps.foia);
    const api = await listen(createApp(container.deps).app);
    const bare = await listen(bareServer(pool, false));
    const bareRls = await listen(bareServer(pool, true));
    servers.push(api.server, bare.server, bareRls.server);
    const auth = { authorization: `Bearer ${await idp.issueToken({ sub: 'bench-a', scope: 'read:foia', ttlSeconds: 3600 })}` };
    const user = { 'x-user': 'bench-a' };
    const scenarios: Scenario[] = [
      { name: 'list  api', urls: [`${api.url}/api/foia/requests?limit=20`], headers: auth },
      { name: 'list  bare', urls: [`${bare.url}/requests`], headers: user },
      { name: 'list  bare+rls', urls: [`${bareRls.url}/requests`], headers: user },
      { name: 'get   api', urls: ids.map((id) => `${api.url}/api/foia/requests/${id}`), headers: auth },
      { name: 'get   bare', urls: ids.map((id) => `${bare.url}/requests/${id}`), headers: user },
      { name: 'get   bare+rls', urls: ids.map((id) => `${bareRls.url}/requests/${id}`), headers: user },
    ];
    const results = await runClient(scenarios, requests, concurrency);
    print(results, requests, concurrency, config.database.poolMax);
  } finally {
    for (const s of servers) s.close();
    await pool.end();
    await container.close();
    await idp.stop();
    await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
  }
}

/** Two users' requests (so row-level security has rows to filter out), half of them submitted. */
async function seed(foia: ReturnType<typeof createApiContainer>['deps']['foia']): Promise<string[]> {
  const ids: string[] = [];
  for (const user of ['bench-a', 'bench-b']) {
    for (let i = 0; i < PER_USER; i++) {
      const r = await foia.create(user, {
        jurisdiction: i % 2 ? 'texas' : 'federal', agency: { name: `Agency ${i}`, email: null, portal_url: null, address: null, directory_id: null },
        subject: `Request ${i}`, description: 'Benchmark records.', date_range: { from: null, to: null }, format_preference: null,
        fee_waiver_requested: false, fee_waiver_justification: null, expedited_requested: false, expedited_justification: null,
        max_fee: null, estimated_fee: null, paid_fee: null, tracking_numbers: [], notes: null, tags: ['bench'],
        status: i % 2 ? 'submitted' : 'draft', note: null,
      });
      if (user === 'bench-a' && ids.length < 50) ids.push(r.id);
    }
  }
  return ids;
}

function runClient(scenarios: Scenario[], requests: number, concurrency: number): Promise<Result[]> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1]!, ['--client'], { execArgv: process.execArgv });
    child.once('message', (m) => {
      resolve(m as Result[]);
      child.kill();
    });
    child.once('error', reject);
    child.send({ scenarios, requests, concurrency });
  });
}

function print(results: Result[], requests: number, concurrency: number, poolMax: number): void {
  console.log(`FOIA throughput: ${requests} requests per scenario, ${concurrency} concurrent, pg pool ${poolMax}, loopback`);
  console.log('scenario          req/s    p50 ms   p99 ms  errors');
  for (const r of results) {
    console.log(
      `${r.name.padEnd(16)} ${(r.count / r.seconds).toFixed(0).padStart(6)} ${r.p50.toFixed(2).padStart(9)} ${r.p99.toFixed(2).padStart(8)} ${String(r.errors).padStart(7)}`,
    );
  }
}

if (process.argv.includes('--client')) {
  process.once('message', (m: { scenarios: Scenario[]; requests: number; concurrency: number }) => {
    void client(m.scenarios, m.requests, m.concurrency).then((r) => process.send?.(r));
  });
} else {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
