/**
 * Throughput and latency of the offline embedding model on this machine: embeddings per
 * second at batch sizes 1, 16 and 64 over chunk-sized passages (cut at run time from the
 * corpus statutes, never stored), single-query latency p50/p95, and 32 concurrent queries
 * (which the local provider batches together). Prints figures and the load average, since
 * the cores may be shared.
 *
 *   npx tsx bench/embedding-throughput.ts [--passages 128] [--queries 100]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LocalEmbeddings } from '../core/search/embeddings/local-embeddings.js';
import { normalizeSpace } from '../core/search/indexing/law-chunk.js';
import { splitWithOverlap } from '../core/search/indexing/split-with-overlap.js';
import { corpusDir } from '../test/support/corpus-dir.js';
import { repoRoot } from '../test/support/test-env.js';

/** Questions of the kind people ask; written here, not taken from the corpus. */
const QUERIES = [
  'how many days does the agency have to respond',
  'can they charge me for staff time to search',
  'police body camera footage',
  'appeal a denied records request',
  'are personnel files exempt',
  'fee waiver for journalists',
  'do I need to say why I want the records',
  'trade secrets submitted by a contractor',
  'emails on a private phone of an official',
  'who enforces the open records law',
  'attorney general opinion on withholding',
  'medical records privacy exemption',
  'records of an ongoing criminal investigation',
  'can an agency ask for an extension',
  'what if the agency does not answer at all',
];

function passages(count: number): string[] {
  const dir = path.join(corpusDir(), 'statutes');
  const out: string[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.txt')).sort()) {
    out.push(...splitWithOverlap(normalizeSpace(fs.readFileSync(path.join(dir, file), 'utf8')), 900, 150).filter((p) => p.length > 200));
    if (out.length >= count * 4) break;
  }
  // Every fourth window: varied lengths and documents, like a jurisdiction's chunks.
  return out.filter((_, i) => i % 4 === 0).slice(0, count);
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { passages: { type: 'string', default: '128' }, queries: { type: 'string', default: '100' } } });
  const modelDir = path.join(repoRoot, '.local/models/all-MiniLM-L6-v2-int8');
  const texts = passages(Number(values.passages));
  const avgChars = Math.round(texts.reduce((s, t) => s + t.length, 0) / texts.length);
  const probe = new LocalEmbeddings({ modelDir });
  const spec = await probe.describe();
  let started = performance.now();
  await probe.warmUp();
  console.log(`model ${spec.modelId} (dimension ${spec.dimension}), ${os.cpus().length} cores, load average ${load()}`);
  console.log(`model load + first call: ${(performance.now() - started).toFixed(0)} ms`);
  console.log(`passages: ${texts.length}, ${avgChars} characters on average`);

  for (const batchSize of [1, 16, 64]) {
    const model = new LocalEmbeddings({ modelDir, batchSize });
    await model.warmUp();
    started = performance.now();
    for (let i = 0; i < texts.length; i += batchSize) await model.embedDocuments(texts.slice(i, i + batchSize));
    const seconds = (performance.now() - started) / 1000;
    console.log(`batch ${String(batchSize).padStart(2)}: ${(texts.length / seconds).toFixed(1)} embeddings/s`);
  }

  const times: number[] = [];
  for (let i = 0; i < Number(values.queries); i++) {
    const t = performance.now();
    await probe.embedQuery(QUERIES[i % QUERIES.length]!);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`single query: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms (${times.length} queries, one at a time)`);

  const waits: number[] = [];
  started = performance.now();
  await Promise.all(
    Array.from({ length: 32 }, async (_, i) => {
      const t = performance.now();
      await probe.embedQuery(`${QUERIES[i % QUERIES.length]} ${i}`);
      waits.push(performance.now() - t);
    }),
  );
  waits.sort((a, b) => a - b);
  console.log(`32 concurrent queries: all done in ${(performance.now() - started).toFixed(0)} ms, p50 ${pct(waits, 50).toFixed(0)} ms, p95 ${pct(waits, 95).toFixed(0)} ms`);
  console.log(`load average after: ${load()}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
