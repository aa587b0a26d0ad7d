/**
 * Latency of POST /api/v1/search over the full corpus: p50/p95/p99 at 1, 8 and 32
 * concurrent clients, each for a bounded time, against the real API (auth, rate limiting,
 * validation, search, JSON) served on loopback, over a freshly ingested and indexed
 * database. Hybrid runs twice: with the query-embedding cache off (every query embedded:
 * what distinct questions cost) and on (questions asked again); keyword-only for comparison.
 *
 *   npx tsx bench/search-latency.ts [--database-url <url> | --keep <name>] [--seconds 10] [--concurrency 1,8,32]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createApp } from '../api/app.js';
import { createApiContainer } from '../api/wiring.js';
import { loadConfig } from '../core/config/config.js';
import { readEnvironment } from '../core/config/load-env-file.js';
import { DevIdentityProvider } from '../core/idp/dev-identity-provider.js';
import { createLogger } from '../core/logger/logger.js';
import { createSearch } from '../core/search/create-search.js';
import type { SearchMode } from '../core/search/search-service.js';
import { createVectorSearch } from '../core/search/vector-search.js';
import { createPgTransparencyStore } from '../core/transparency/transparency-store.js';
import { databaseNameOf, freshDatabaseName, ingestedDatabase } from '../eval/search/ingested-database.js';
import { indexingFor, searchOptionsFromEnv, type IndexingSetup } from '../eval/search/search-setup.js';

const AUDIENCE = 'https://api.sunlight.bench';

interface Run {
  label: string;
  mode: SearchMode;
  /** Query embeddings kept; 0 embeds every query. */
  cacheSize: number;
}

const RUNS: Run[] = [
  { label: 'hybrid, embedding every query', mode: 'hybrid', cacheSize: 0 },
  { label: 'hybrid, repeated questions (cached embeddings)', mode: 'hybrid', cacheSize: 512 },
  { label: 'keyword only', mode: 'keyword', cacheSize: 0 },
];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** `clients` loops posting questions in turn until `seconds` have passed; latencies in ms. */
async function load(url: string, token: string, questions: string[], mode: SearchMode, clients: number, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const query = questions[next++ % questions.length]!;
      const started = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query, limit: 10, mode }),
      });
      await res.arrayBuffer();
      if (res.status === 200) latencies.push(performance.now() - started);
      else errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, errors, rps: latencies.length / elapsed, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

/** The API over the bench database, its search using this run's vector side. */
async function startApi(databaseUrl: string, indexing: IndexingSetup, run: Run) {
  const idp = await DevIdentityProvider.create({ audience: AUDIENCE, clients: [] });
  await idp.start(0);
  const config = loadConfig({
    ...readEnvironment(),
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: '20',
    AUTH_ISSUER: idp.issuerUrl,
    AUTH_AUDIENCE: AUDIENCE,
    RATE_LIMIT_POINTS: '100000000',
    LOG_LEVEL: 'warn',
  });
  const container = createApiContainer(config, createLogger({ level: 'warn' }));
  const vector = createVectorSearch({ embeddings: indexing.embeddings, store: indexing.vectorStore, cacheSize: run.cacheSize });
  const search = createSearch({ db: container.db, transparency: createPgTransparencyStore(container.db), vector, options: searchOptionsFromEnv() });
  const server = http.createServer(createApp({ ...container.deps, ...search }).app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const token = await idp.issueToken({ sub: 'bench', scope: 'read:transparency', ttlSeconds: 3600 });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/search`,
    token,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await container.close();
      await idp.stop();
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      keep: { type: 'string' },
      seconds: { type: 'string', default: '10' },
      concurrency: { type: 'string', default: '1,8,32' },
    },
  });
  const seconds = Number(values.seconds);
  const levels = values.concurrency.split(',').map(Number);
  const questions = (JSON.parse(fs.readFileSync(new URL('../eval/search/queries.json', import.meta.url), 'utf8')) as { queries: Array<{ query: string }> }).queries.map((q) => q.query);
  const reuseUrl = values['database-url'];
  const name = reuseUrl ? databaseNameOf(reuseUrl) : (values.keep ?? freshDatabaseName());
  const indexing = indexingFor(name);
  const database = await ingestedDatabase({ reuseUrl, name, keep: values.keep !== undefined, indexing });
  try {
    if (database.ingestSeconds > 0) console.log(`ingested and indexed the corpus in ${database.ingestSeconds.toFixed(1)} s`);
    console.log(`${questions.length} questions in turn, limit 10, ${seconds} s per level; vector side: ${indexing.description}`);
    for (const run of RUNS) {
      const api = await startApi(database.url, indexing, run);
      try {
        await load(api.url, api.token, questions, run.mode, 2, Math.min(seconds, 5)); // warm up: model, caches, connections
        console.log(`\n${run.label}\n${'clients'.padStart(8)}${'requests'.padStart(10)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}`);
        for (const clients of levels) {
          const r = await load(api.url, api.token, questions, run.mode, clients, seconds);
          const f = (x: number, w = 9) => x.toFixed(1).padStart(w);
          console.log(`${String(clients).padStart(8)}${String(r.requests).padStart(10)}${f(r.rps, 8)}${f(r.p50)}${f(r.p95)}${f(r.p99)}${String(r.errors).padStart(8)}`);
        }
      } finally {
        await api.close();
      }
    }
  } finally {
    await database.release();
    if (!reuseUrl && values.keep === undefined) indexing.discard();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
