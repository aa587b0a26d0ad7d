/**
 * Indexing a user's PDF into a collection of the vector store, end to end: the PDF stored through
 * the storage service, the run started through the indexing service, executed by the real
 * `indexCollectionObject` workflow on a Temporal dev server and a worker in this process
 * (pdfjs extraction, chunking, local MiniLM embeddings in batches, the embedded vector index in a
 * temporary data directory), then text queries through the collection service (embed the query,
 * nearest chunks, rows read under row-level security). Two documents in the same run:
 *   - baseline: a 50-page PDF;
 *   - target (issue 19): a 500-page PDF.
 * Page texts are windows of the corpus's statutes (varied, about 1,800 characters a page).
 * Prints pages and chunks per second from start to completed, and query latency p50/p95.
 *
 *   npm run bench:vectors -- [--queries 100] [--pages 500] [--baseline-pages 50]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DEFAULT_STORAGE_TYPES } from '../core/config/config.js';
import { createKnex, migrateLatest } from '../core/db/knex.js';
import { createLogger } from '../core/logger/logger.js';
import { LocalEmbeddings } from '../core/search/embeddings/local-embeddings.js';
import { normalizeSpace } from '../core/search/indexing/law-chunk.js';
import { splitWithOverlap } from '../core/search/indexing/split-with-overlap.js';
import { createVectorStoreProvider } from '../core/search/vector-store/create-vector-store.js';
import { FilesystemObjectStore } from '../core/storage/filesystem-object-store.js';
import { createStorageService } from '../core/storage/storage-service.js';
import { createPgStoredObjectStore } from '../core/storage/stored-object-store.js';
import { makePdf } from '../core/vectors/testing/make-pdf.js';
import { createVectorCollectionService } from '../core/vectors/vector-collection-service.js';
import { createPgVectorCollectionStore } from '../core/vectors/vector-collection-store.js';
import { createVectorIndexService, type IndexRunView } from '../core/vectors/vector-index-service.js';
import { corpusDir } from '../test/support/corpus-dir.js';
import { adminDatabaseUrl, repoRoot, temporalCliPath, withDatabase } from '../test/support/test-env.js';
import { createTemporalWorker } from '../workers/create-worker.js';
import { installTemporalRuntime } from '../workers/temporal-runtime.js';

const { values: args } = parseArgs({ options: { queries: { type: 'string', default: '100' }, pages: { type: 'string', default: '500' }, 'baseline-pages': { type: 'string', default: '50' } } });
const DATABASE = 'sunlight_bench_vectors';
const USER = 'bench-vectors';

/** Questions a reporter asks of an agency's records; written here, not taken from the pages. */
const QUERIES = [
  'how many days does the agency have to respond',
  'fees for copying public records',
  'police body camera footage',
  'appeal a denied request',
  'personnel files exempt from disclosure',
  'trade secrets submitted by a contractor',
  'records of an ongoing criminal investigation',
  'can the agency extend the deadline',
  'attorney client privileged communications',
  'medical records privacy',
];

/** `count` page texts: consecutive windows of the statutes, two to a page, each page different. */
function pageTexts(count: number): string[] {
  const dir = path.join(corpusDir(), 'statutes');
  const windows: string[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.txt')).sort()) {
    windows.push(...splitWithOverlap(normalizeSpace(fs.readFileSync(path.join(dir, file), 'utf8')), 900, 0).filter((p) => p.length > 300));
    if (windows.length >= count * 2) break;
  }
  // A small corpus is cycled; the page number keeps every page's text (and its chunks' hashes) its own.
  return Array.from({ length: count }, (_, i) => `Page ${i + 1}. ${windows[(2 * i) % windows.length]} ${windows[(2 * i + 1) % windows.length]}`);
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

async function freshDatabase() {
  const admin = createKnex({ url: adminDatabaseUrl(), poolMax: 1 });
  try {
    await admin.raw(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
    await admin.raw(`CREATE DATABASE "${DATABASE}"`);
  } finally {
    await admin.destroy();
  }
  const db = createKnex({ url: withDatabase(adminDatabaseUrl(), DATABASE), poolMax: 8 });
  await migrateLatest(db);
  return db;
}

async function main(): Promise<void> {
  installTemporalRuntime(createLogger({ level: 'warn' }));
  const db = await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-bench-vectors-'));
  const env = await TestWorkflowEnvironment.createLocal({ server: { executable: { type: 'existing-path', path: temporalCliPath() }, ui: false, log: { format: 'json', level: 'error' } } });
  const taskQueue = 'bench-vectors';
  const logger = createLogger({ level: 'warn' });
  const embeddings = new LocalEmbeddings({ modelDir: path.join(repoRoot, '.local/models/all-MiniLM-L6-v2-int8') });
  const storage = createStorageService({ objects: new FilesystemObjectStore(path.join(dataDir, 'objects')), metadata: createPgStoredObjectStore(db), maxBytes: 1024 ** 3, allowedTypes: [...DEFAULT_STORAGE_TYPES] });
  const store = createPgVectorCollectionStore(db);
  const vectorConfig = { qdrant: { url: undefined, apiKey: undefined, collection: 'unused' }, dataDir };
  // The API's services and the worker's activities, each over its own vector store provider (as in the two processes).
  const collections = createVectorCollectionService({ store, vectors: createVectorStoreProvider(vectorConfig, embeddings), embeddings, busy: async (tx, id) => (await tx.activeRun(id)) !== null });
  const indexing = createVectorIndexService({ store, collections, storage, temporal: { client: env.client, taskQueue }, logger });
  const worker = await createTemporalWorker({
    connection: env.nativeConnection,
    namespace: 'default',
    taskQueue,
    logger,
    ingestion: { db, corpusDir: '', legalFactsDir: '' },
    collectionIndexing: { store, vectors: createVectorStoreProvider(vectorConfig, embeddings), embeddings, storage },
  });

  const indexPdf = async (name: string, pages: number) => {
    const texts = pageTexts(pages);
    const pdf = await makePdf(texts);
    const key = `bench/${name}.pdf`;
    await storage.put(USER, key, Readable.from(pdf), { contentType: 'application/pdf', contentLength: pdf.length });
    const c = await collections.create(USER, { name, model: 'server' });
    const started = performance.now();
    let run: IndexRunView = await indexing.start(USER, c.id, key);
    while (run.status === 'queued' || run.status === 'running') {
      await new Promise((r) => setTimeout(r, 50));
      run = await indexing.get(USER, c.id, run.id);
    }
    const seconds = (performance.now() - started) / 1000;
    if (run.status !== 'completed') throw new Error(`${name}: ${run.status} ${run.error ?? ''}`);
    return { id: c.id, seconds, run, chars: texts.reduce((s, t) => s + t.length, 0), bytes: pdf.length };
  };

  const queryLatency = async (collectionId: string, n: number) => {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const started = performance.now();
      const { data } = await collections.query(USER, collectionId, { text: QUERIES[i % QUERIES.length]!, limit: 10 });
      times.push(performance.now() - started);
      if (data.length === 0) throw new Error('a query found nothing');
    }
    return times.sort((a, b) => a - b);
  };

  try {
    await worker.runUntil(async () => {
      // Warm-up: workflow bundle, model load, first queries.
      const warm = await indexPdf('warm-up', 5);
      await queryLatency(warm.id, 5);
      const n = Number(args.queries);
      for (const [label, pages] of [['baseline', Number(args['baseline-pages'])], ['target', Number(args.pages)]] as const) {
        const r = await indexPdf(`${label}-${pages}`, pages);
        const p = r.run.progress;
        console.log(
          `${label} (${pages}-page PDF, ${(r.bytes / 1024).toFixed(0)} KB, ${(r.chars / pages).toFixed(0)} chars/page): indexed in ${r.seconds.toFixed(1)} s — ` +
            `${(pages / r.seconds).toFixed(1)} pages/s, ${(p.chunks_embedded / r.seconds).toFixed(1)} chunks/s (${p.chunks_total} chunks)`,
        );
        const q = await queryLatency(r.id, n);
        console.log(`  query by text (limit 10) over ${p.chunks_total} chunks: p50 ${pct(q, 50).toFixed(1)} ms, p95 ${pct(q, 95).toFixed(1)} ms (${n} queries)`);
      }
    });
  } finally {
    await env.teardown();
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
