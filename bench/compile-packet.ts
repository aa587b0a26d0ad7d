/**
 * Document compilation over the full corpus, end to end: a compilation created through the
 * service, run by the real workflow on a Temporal dev server and a worker in this process,
 * written to object storage (the file system, in a temporary directory). Two packets in the
 * same run:
 *   - baseline: one jurisdiction profile, Markdown only;
 *   - target (issue 16): all 52 jurisdictions compared on five fields, with profiles of five
 *     states, as PDF, Markdown and HTML.
 * Prints wall time from create to completed, the peak resident memory sampled during each run,
 * the outputs' sizes and the PDF's page count (pdfinfo, when installed).
 *
 *   npm run bench:compile -- [--repeat 3] [--keep-pdf <file>]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { createCompilationService, type CompilationView } from '../core/documents/compilation-service.js';
import { createPgCompilationStore } from '../core/documents/compilation-store.js';
import type { CompileRequest } from '../core/documents/compile-parts.js';
import { createLogger } from '../core/logger/logger.js';
import { FilesystemObjectStore } from '../core/storage/filesystem-object-store.js';
import { createStorageService } from '../core/storage/storage-service.js';
import { createPgStoredObjectStore } from '../core/storage/stored-object-store.js';
import { createPgTransparencyStore } from '../core/transparency/transparency-store.js';
import { openEvalDatabase } from '../eval/chat/eval-database.js';
import { temporalCliPath } from '../test/support/test-env.js';
import { compilationDepsOver } from '../workers/activities/compilation-activities.js';
import { createTemporalWorker } from '../workers/create-worker.js';
import { installTemporalRuntime } from '../workers/temporal-runtime.js';
import { DEFAULT_STORAGE_TYPES } from '../core/config/config.js';

const { values: args } = parseArgs({ options: { repeat: { type: 'string', default: '3' }, 'keep-pdf': { type: 'string' } } });
const REPEAT = Math.max(1, Number(args.repeat));

const BASELINE: CompileRequest = { title: 'Baseline: Texas profile', formats: ['markdown'], parts: [{ kind: 'jurisdiction_profile', jurisdiction: 'texas' }] };
const TARGET: CompileRequest = {
  title: 'Fifty-two jurisdictions: deadlines, fees and appeals',
  formats: ['pdf', 'markdown', 'html'],
  parts: [
    { kind: 'comparison', fields: ['initial_deadline', 'fee_waiver', 'copy_fee_per_page', 'administrative_appeal', 'court_review'], jurisdictions: 'all' },
    ...['texas', 'california', 'new-york', 'florida', 'washington'].map((jurisdiction) => ({ kind: 'jurisdiction_profile' as const, jurisdiction })),
  ],
};

/** Peak RSS while `fn` runs, sampled every 25 ms. */
async function withPeakRss<T>(fn: () => Promise<T>): Promise<{ value: T; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  try {
    const value = await fn();
    return { value, peakMb: Math.max(peak, process.memoryUsage().rss) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

async function main(): Promise<void> {
  installTemporalRuntime(createLogger({ level: 'warn' }));
  const database = await openEvalDatabase();
  const slugs = await createPgTransparencyStore(database.db).jurisdictionSlugs();
  const missing = TARGET.parts.flatMap((p) => (p.kind === 'jurisdiction_profile' && !slugs.includes(p.jurisdiction) ? [p.jurisdiction] : []));
  if (missing.length > 0) throw new Error(`Not in the law database: ${missing.join(', ')}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-bench-compile-'));
  const env = await TestWorkflowEnvironment.createLocal({ server: { executable: { type: 'existing-path', path: temporalCliPath() }, ui: false, log: { format: 'json', level: 'error' } } });
  const taskQueue = 'bench-compile';
  const logger = createLogger({ level: 'warn' });
  const storage = createStorageService({ objects: new FilesystemObjectStore(dataDir), metadata: createPgStoredObjectStore(database.db), maxBytes: 1024 ** 3, allowedTypes: [...DEFAULT_STORAGE_TYPES] });
  const worker = await createTemporalWorker({
    connection: env.nativeConnection,
    namespace: 'default',
    taskQueue,
    logger,
    ingestion: { db: database.db, corpusDir: '', legalFactsDir: '' },
    compilation: compilationDepsOver(database.db, { storage, linkBase: 'https://sunlight.example' }),
  });
  const service = createCompilationService({ store: createPgCompilationStore(database.db), temporal: { client: env.client, taskQueue }, jurisdictionSlugs: async () => slugs });

  const compileOnce = async (request: CompileRequest): Promise<CompilationView> => {
    const { view } = await service.create('bench', request, undefined);
    for (;;) {
      const c = await service.get('bench', view.id);
      if (!['queued', 'running'].includes(c.status)) return c;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  try {
    await worker.runUntil(async () => {
      // One warm-up of each, so workflow bundling and first queries are not counted.
      await compileOnce(BASELINE);
      await compileOnce(TARGET);
      for (const [label, request] of [['baseline (1 profile, markdown)', BASELINE], ['target (52 x 5 comparison + 5 profiles, pdf+md+html)', TARGET]] as const) {
        const times: number[] = [];
        let peak = 0;
        let last: CompilationView | undefined;
        for (let i = 0; i < REPEAT; i++) {
          const started = performance.now();
          const { value, peakMb } = await withPeakRss(() => compileOnce(request));
          times.push((performance.now() - started) / 1000);
          peak = Math.max(peak, peakMb);
          last = value;
          if (value.status !== 'completed') throw new Error(`${label}: ${value.status} ${value.error ?? ''} ${JSON.stringify(value.part_failures)}`);
        }
        times.sort((a, b) => a - b);
        console.log(`${label}: median ${times[Math.floor(times.length / 2)]!.toFixed(2)} s (min ${times[0]!.toFixed(2)}, max ${times.at(-1)!.toFixed(2)}, ${REPEAT} runs), peak RSS ${peak.toFixed(0)} MB`);
        for (const o of last!.outputs) console.log(`  ${o.format}: ${(o.size / 1024).toFixed(0)} KB`);
        const pdf = last!.outputs.find((o) => o.format === 'pdf');
        if (pdf) {
          const { open } = await storage.get('bench', pdf.key);
          const file = path.join(dataDir, 'packet.pdf');
          const chunks: Buffer[] = [];
          for await (const chunk of await open()) chunks.push(chunk as Buffer);
          fs.writeFileSync(file, Buffer.concat(chunks));
          try {
            console.log(`  pdf pages: ${/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]}`);
            if (args['keep-pdf']) fs.copyFileSync(file, args['keep-pdf']);
          } catch {
            console.log('  pdf pages: (pdfinfo not installed)');
          }
        }
      }
    });
  } finally {
    await env.teardown();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
