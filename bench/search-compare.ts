/**
 * Search speed, alone or side by side: this checkout's API against another checkout's (today's
 * main in a git worktree, with --baseline), in one run, on the same database and vector index, each API its own Node
 * process started the way production starts it (api/main.ts). For keyword, vector and hybrid
 * search at 1, 8 and 32 concurrent clients it prints throughput, p50/p95/p99 latency and the
 * CPU milliseconds a search costs over every process on the machine (API, Postgres, Redis,
 * anything else running) except this load generator, from /proc/stat.
 *
 * Every request asks a question never asked before in the run (the labelled questions with
 * their jurisdiction swapped, reworded), so no embedding cache can help; the two checkouts get
 * the same questions, level by level, and take turns, so drift in the machine hits both.
 *
 *   git worktree add /tmp/sunlight-base <commit>          # today's main, beside this checkout
 *   ln -s "$PWD/node_modules" /tmp/sunlight-base/node_modules; ln -s "$PWD/.local" /tmp/sunlight-base/.local
 *   npx tsx eval/search/evaluate.ts --keep search_bench    # once: ingest and index a database
 *   npm run bench:search -- --database-url postgres://postgres@127.0.0.1:5432/search_bench \
 *     --data-dir "$(node -p 'require("os").tmpdir()')/sunlight-search-eval/search_bench" [--baseline /tmp/sunlight-base]
 *     [--seconds 8] [--concurrency 1,8,32] [--modes keyword,vector,hybrid]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { readEnvironment } from '../core/config/load-env-file.js';
import { DevIdentityProvider } from '../core/idp/dev-identity-provider.js';

type Mode = 'keyword' | 'vector' | 'hybrid';
const AUDIENCE = 'https://api.sunlight.bench';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Busy CPU time of the whole machine so far, in ms (from /proc/stat: all but idle and iowait). */
function machineBusyMs(): number {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const ticks = fields.reduce((a, b) => a + b, 0);
  const idle = fields[3]! + (fields[4] ?? 0);
  return (ticks - idle) * 10; // USER_HZ is 100 on Linux
}

/** CPU time of a process and its descendants so far, in ms (from /proc; tsx runs the API in a child process). */
function processCpuMs(pid: number): number {
  let ms = 0;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ms = (Number(fields[11]) + Number(fields[12])) * 10;
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(/\s+/) : []) ms += processCpuMs(Number(child));
    }
  } catch {
    // The process ended meanwhile.
  }
  return ms;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Distinct questions: each labelled question asked of every other jurisdiction, in three
 * wordings. Shuffled with a fixed seed, so runs are comparable.
 */
function freshQuestions(): string[] {
  const files = ['queries.json', 'queries-everyday.json'];
  const base = files.flatMap((f) => (JSON.parse(fs.readFileSync(path.join(repoRoot, 'eval/search', f), 'utf8')) as { queries: Array<{ query: string }> }).queries.map((q) => q.query));
  const names = [
    'Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware', 'Florida', 'Georgia', 'Hawaii', 'Idaho', 'Illinois',
    'Indiana', 'Iowa', 'Kansas', 'Kentucky', 'Louisiana', 'Maine', 'Maryland', 'Massachusetts', 'Michigan', 'Minnesota', 'Mississippi', 'Missouri',
    'Montana', 'Nebraska', 'Nevada', 'New Hampshire', 'New Jersey', 'New Mexico', 'New York', 'North Carolina', 'North Dakota', 'Ohio', 'Oklahoma',
    'Oregon', 'Pennsylvania', 'Rhode Island', 'South Carolina', 'South Dakota', 'Tennessee', 'Texas', 'Utah', 'Vermont', 'Virginia', 'Washington',
    'West Virginia', 'Wisconsin', 'Wyoming', 'the District of Columbia',
  ];
  // The vector side embeds the question without the words naming its jurisdiction, so a
  // swapped name alone would hit the embedding cache: each question also gets its own framing.
  const openers = ['', 'Question: ', 'Quick one: ', 'For a story: ', 'As a researcher, ', 'I am a reporter. ', 'Help: ', 'Legal question: ', 'Asking for a client: ', 'Curious: '];
  const closers = ['', ' Thanks.', ' Please cite the statute.', ' What does the law say?', ' Any exceptions?', ' Short answer please.', ' Is that right?', ' (for a records request)'];
  const mentioned = new RegExp(`\\b(${[...names].sort((a, b) => b.length - a.length).join('|')})\\b`);
  const out = new Set<string>();
  base.forEach((q, i) => {
    names.forEach((name, j) => {
      const asked = mentioned.test(q) ? q.replace(mentioned, name) : `${q.replace(/\?$/, '')} in ${name}?`;
      const k = i * names.length + j;
      out.add(`${openers[k % openers.length]}${asked}${closers[Math.floor(k / openers.length) % closers.length]}`);
      out.add(`${openers[(k + 3) % openers.length]}${asked}${closers[(Math.floor(k / openers.length) + 5) % closers.length]}`);
    });
  });
  const list = [...out];
  let seed = 42;
  for (let i = list.length - 1; i > 0; i--) {
    seed = (seed * 1664525 + 1013904223) % 2 ** 32;
    const j = seed % (i + 1);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Api {
  label: string;
  url: string;
  child: ChildProcess;
}

async function startApi(label: string, dir: string, env: Record<string, string>): Promise<Api> {
  const port = await freePort();
  const child = spawn(path.join(dir, 'node_modules/.bin/tsx'), ['api/main.ts'], {
    cwd: dir,
    env: { ...readEnvironment(), ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${label} API exited (${child.exitCode})`);
    // Any answer will do: health is 503 here while Temporal (which search does not need) is not running.
    const ok = await fetch(`${base}/api/health`).then(() => true, () => false);
    if (ok) return { label, url: `${base}/api/v1/search`, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${label} API did not start`);
}

interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  cpuMsPerSearch: number;
  apiCpuMsPerSearch: number;
}

/** `clients` loops posting the next unused question until `seconds` pass. */
async function load(api: Api, token: string, questions: string[], mode: Mode, clients: number, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const busy0 = machineBusyMs();
  const own0 = process.cpuUsage();
  const api0 = processCpuMs(api.child.pid!);
  const deadline = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline && next < questions.length) {
      const query = questions[next++]!;
      const started = performance.now();
      const res = await fetch(api.url, {
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
  const busy1 = machineBusyMs();
  const own = process.cpuUsage(own0);
  const apiMs = processCpuMs(api.child.pid!) - api0;
  const busy = busy1 - busy0 - (own.user + own.system) / 1000;
  latencies.sort((a, b) => a - b);
  const n = Math.max(1, latencies.length);
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    cpuMsPerSearch: busy / n,
    apiCpuMsPerSearch: apiMs / n,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      baseline: { type: 'string' },
      seconds: { type: 'string', default: '10' },
      concurrency: { type: 'string', default: '1,8,32' },
      modes: { type: 'string', default: 'keyword,vector,hybrid' },
      'warm-up': { type: 'string', default: '15' },
      // The vector collection: the search scripts name it after their database (eval/search/search-setup.ts).
      collection: { type: 'string' },
    },
  });
  if (!values['database-url'] || !values['data-dir']) throw new Error('--database-url and --data-dir are required (see the header of this file)');
  const seconds = Number(values.seconds);
  const levels = values.concurrency.split(',').map(Number);
  const modes = values.modes.split(',') as Mode[];
  const questions = freshQuestions();

  const idp = await DevIdentityProvider.create({ audience: AUDIENCE, clients: [] });
  await idp.start(0);
  const token = await idp.issueToken({ sub: 'bench', scope: 'read:transparency', ttlSeconds: 3600 });
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: values['database-url'],
    DATABASE_POOL_MAX: '20',
    DATA_DIR: path.resolve(values['data-dir']),
    QDRANT_COLLECTION: values.collection ?? path.basename(path.resolve(values['data-dir'])),
    AUTH_ISSUER: idp.issuerUrl,
    AUTH_AUDIENCE: AUDIENCE,
    RATE_LIMIT_POINTS: '100000000',
    LOG_LEVEL: 'warn',
  };
  const apis: Api[] = [];
  try {
    if (values.baseline) apis.push(await startApi('baseline', path.resolve(values.baseline), env));
    apis.push(await startApi('this', repoRoot, env));
    // Warm up with questions of their own: models loaded, connections open, indexes built.
    const warm = questions.splice(0, 400);
    for (const api of apis) await load(api, token, warm.slice(0, 200), 'hybrid', 2, 5);
    await new Promise((r) => setTimeout(r, Number(values['warm-up']) * 1000));
    for (const api of apis) await load(api, token, warm.slice(200), 'hybrid', 2, 3);

    console.log(`${questions.length} distinct questions, none asked twice; limit 10; ${seconds} s per run; CPU ms counted over the whole machine but this load generator`);
    console.log(`${'mode'.padEnd(8)}${'clients'.padStart(8)}  ${'checkout'.padEnd(9)}${'requests'.padStart(9)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'CPU ms'.padStart(8)}${'API ms'.padStart(8)}${'errors'.padStart(7)}`);
    const f = (x: number, w = 8) => x.toFixed(1).padStart(w);
    for (const mode of modes) {
      for (const clients of levels) {
        // Both get the same questions; each question is used once per checkout.
        const budget = Math.min(questions.length, Math.ceil(seconds * 350));
        const slice = questions.splice(0, budget);
        const results: LoadResult[] = [];
        for (const api of apis) {
          const r = await load(api, token, slice, mode, clients, seconds);
          results.push(r);
          console.log(`${mode.padEnd(8)}${String(clients).padStart(8)}  ${api.label.padEnd(9)}${String(r.requests).padStart(9)}${f(r.rps)}${f(r.p50)}${f(r.p95)}${f(r.p99)}${f(r.cpuMsPerSearch)}${f(r.apiCpuMsPerSearch)}${String(r.errors).padStart(7)}`);
        }
        const [b, t] = results as [LoadResult, LoadResult | undefined];
        if (t) console.log(`${''.padEnd(18)}this/baseline: throughput ×${(t.rps / b.rps).toFixed(2)}, p95 ×${(t.p95 / b.p95).toFixed(2)}, CPU per search ×${(t.cpuMsPerSearch / b.cpuMsPerSearch).toFixed(2)}`);
        if (questions.length < budget) console.log('(question pool running low: later runs reuse nothing but get fewer questions)');
      }
    }
  } finally {
    for (const api of apis) api.child.kill('SIGTERM');
    await idp.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
