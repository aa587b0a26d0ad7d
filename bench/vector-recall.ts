/**
 * Recall of the embedded store's approximate index (HNSW) against its exact scan, over the
 * labelled questions' embeddings on a real index: the share of the exact k nearest chunks the
 * graph returns, and the time of each per query.
 *
 *   npx tsx bench/vector-recall.ts --data-dir <DATA_DIR of an indexed database> [--collection <name>] [--k 50] [--ef 128]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadProcessConfig } from '../core/config/load-env-file.js';
import { createEmbeddings } from '../core/search/embeddings/create-embeddings.js';
import { EmbeddedVectorStore } from '../core/search/vector-store/embedded/embedded-vector-store.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, collection: { type: 'string' }, k: { type: 'string', default: '50' }, ef: { type: 'string' } } });
  if (!values['data-dir']) throw new Error('--data-dir is required');
  const k = Number(values.k);
  // The search scripts name the collection after their database, the basename of their data directory.
  const dir = path.join(values['data-dir'], 'vector-index', values.collection ?? path.basename(path.resolve(values['data-dir'])));
  const embeddings = createEmbeddings(loadProcessConfig().embeddings);
  const spec = await embeddings.describe();
  const exact = new EmbeddedVectorStore({ dir, ann: false, refreshIntervalMs: 3_600_000 });
  const approx = new EmbeddedVectorStore({ dir, refreshIntervalMs: 3_600_000, ann: { settleMs: 0, ...(values.ef ? { efSearch: Number(values.ef) } : {}) } });
  await exact.ensureCollection(spec);
  await approx.ensureCollection(spec);
  const built = performance.now();
  if (!(await approx.approximateIndexReady(300_000))) throw new Error('the approximate index was not built');
  console.log(`${await exact.count()} chunks; graph built in ${((performance.now() - built) / 1000).toFixed(1)} s`);

  const questions = ['queries.json', 'queries-everyday.json'].flatMap((f) =>
    (JSON.parse(fs.readFileSync(new URL(`../eval/search/${f}`, import.meta.url), 'utf8')) as { queries: Array<{ query: string }> }).queries.map((q) => q.query),
  );
  let found = 0;
  let exactMs = 0;
  let approxMs = 0;
  for (const q of questions) {
    const vector = await embeddings.embedQuery(q);
    let t = performance.now();
    const want = await exact.search(vector, k);
    exactMs += performance.now() - t;
    t = performance.now();
    const got = new Set((await approx.search(vector, k)).map((h) => h.id));
    approxMs += performance.now() - t;
    found += want.filter((h) => got.has(h.id)).length;
  }
  const n = questions.length;
  console.log(`${n} questions, unfiltered, k=${k}: recall ${(found / (n * k)).toFixed(4)}; exact scan ${(exactMs / n).toFixed(2)} ms, HNSW ${(approxMs / n).toFixed(2)} ms per query`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
