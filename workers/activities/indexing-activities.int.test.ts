import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logger/logger.js';
import { HashingEmbeddings } from '../../core/search/embeddings/hashing-embeddings.js';
import { LocalEmbeddings } from '../../core/search/embeddings/local-embeddings.js';
import { EmbeddedVectorStore } from '../../core/search/vector-store/embedded/embedded-vector-store.js';
import { ChunkVectorSearch } from '../../core/search/vector-search.js';
import { corpusDir, legalFactsDir } from '../../test/support/corpus-dir.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.js';
import { repoRoot } from '../../test/support/test-env.js';
import { createIndexingActivities } from './indexing-activities.js';
import { createIngestionActivities } from './ingestion-activities.js';

/**
 * Indexing with the real embedding model over two small jurisdictions of the real corpus,
 * ingested into a fresh database by the ingestion activities themselves. Activities run in
 * Temporal's mock activity environment (heartbeats observable, no server needed).
 */
const JURISDICTIONS = ['montana', 'new-york'];
const logger = createLogger({ level: 'silent' });
let database: TestDatabase;
let indexDir: string;
let model: LocalEmbeddings;
let store: EmbeddedVectorStore;
let heartbeats: unknown[] = [];

const run = <A extends unknown[], R>(fn: (...args: A) => Promise<R>, ...args: A): Promise<R> => {
  const env = new MockActivityEnvironment();
  env.on('heartbeat', (d: unknown) => heartbeats.push(d));
  return env.run(fn, ...args);
};
const rows = (jurisdiction: string) => database.db('search_chunks').where({ jurisdiction }).orderBy('id');

async function ingest(slugs: string[]): Promise<void> {
  const acts = createIngestionActivities({ db: database.db, corpusDir: corpusDir(), legalFactsDir: legalFactsDir(), logger });
  const { runId } = await run(acts.startIngestionRun, { workflowId: 'index-test', requested: slugs, force: true });
  for (const jurisdiction of slugs) {
    await run(acts.readJurisdictionSources, { runId, jurisdiction, force: true });
    await run(acts.parseJurisdictionSources, { runId, jurisdiction });
    await run(acts.deriveJurisdictionRecords, { runId, jurisdiction });
    await run(acts.upsertJurisdictionRecords, { runId, jurisdiction });
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  indexDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-index-'));
  model = new LocalEmbeddings({ modelDir: path.join(repoRoot, '.local/models/all-MiniLM-L6-v2-int8') });
  store = new EmbeddedVectorStore({ dir: indexDir, refreshIntervalMs: 0 });
  await ingest(JURISDICTIONS);
}, 120_000);

afterAll(async () => {
  await database?.drop();
  fs.rmSync(indexDir, { recursive: true, force: true });
});

describe('indexJurisdiction with the real model', () => {
  const acts = () => createIndexingActivities({ db: database.db, logger, indexing: { embeddings: model, vectorStore: store, batchSize: 16 } });

  // About 125 chunks: seconds on an idle machine, longer when the two cores are shared.
  it('embeds every chunk of each jurisdiction, with progress heartbeats', { timeout: 180_000 }, async () => {
    const { modelId } = await model.describe();
    for (const jurisdiction of JURISDICTIONS) {
      heartbeats = [];
      const result = await run(acts().indexJurisdiction, { runId: 'r1', jurisdiction });
      expect(result).toMatchObject({ jurisdiction, indexed: true, modelId, deleted: 0 });
      expect(result.chunks).toBeGreaterThan(20);
      expect(result.embedded).toBe(result.chunks);
      const stored = await rows(jurisdiction);
      expect(stored).toHaveLength(result.chunks);
      expect(stored.every((r: { embedding_model: string }) => r.embedding_model === modelId)).toBe(true);
      const hashes = await store.contentHashes(stored.map((r: { id: string }) => r.id));
      expect(stored.every((r: { id: string; content_hash: string }) => hashes.get(r.id) === r.content_hash)).toBe(true);
      expect(await store.count({ jurisdictions: [jurisdiction] })).toBe(result.chunks);
      expect(heartbeats).toContainEqual(expect.objectContaining({ phase: 'embed', done: result.chunks, total: result.chunks }));
    }
    expect(new Set((await database.db('search_chunks').distinct('type')).map((r: { type: string }) => r.type))).toEqual(
      new Set(['statute_section', 'summary', 'process_map', 'right', 'exemption']),
    );
  });

  it('embeds nothing when nothing changed, even after a restart of the store', async () => {
    store = new EmbeddedVectorStore({ dir: indexDir, refreshIntervalMs: 0 });
    const result = await run(acts().indexJurisdiction, { runId: 'r2', jurisdiction: 'montana' });
    expect(result).toMatchObject({ embedded: 0, deleted: 0 });
  });

  // A top-level section, so no parent's text has to change with it (the parser's parent text holds its children's).
  it('re-embeds only the chunks of a changed section, and finds it by meaning', async () => {
    const section = await database.db('law_sections as s')
      .join('search_chunks as c', 'c.record_id', 's.id')
      .where({ 's.jurisdiction': 'new-york', 's.source_kind': 'statute_text', 's.depth': 0 })
      .first('s.id', 's.text');
    const added = ' Invented for this test: records about lighthouse keepers and their logbooks are open to everyone.';
    await database.db('law_sections').where({ id: section.id }).update({ text: `${section.text}${added}` });
    const chunksOfSection = (await rows('new-york')).filter((r: { record_id: string }) => r.record_id === section.id).length;

    const result = await run(acts().indexJurisdiction, { runId: 'r3', jurisdiction: 'new-york' });
    expect(result.embedded).toBeGreaterThanOrEqual(1);
    expect(result.embedded).toBeLessThanOrEqual(chunksOfSection + 1);
    const search = new ChunkVectorSearch({ embeddings: model, store });
    const [top] = await search.search('who may read the logbooks of lighthouse keepers', 3, { jurisdictions: ['new-york'] });
    expect(top?.recordId).toBe(section.id);
    expect(await search.search('lighthouse keepers', 3, { jurisdictions: ['montana'], types: ['right'] })).toSatisfy(
      (hits: Array<{ jurisdiction: string; type: string }>) => hits.length === 3 && hits.every((h) => h.jurisdiction === 'montana' && h.type === 'right'),
    );
  });

  it('removes the vectors and rows of records that disappeared', async () => {
    const right = await database.db('rights').where({ jurisdiction: 'montana' }).first('id');
    await database.db('cross_references').where({ from_type: 'right', from_id: right.id }).del();
    await database.db('rights').where({ id: right.id }).del();
    const before = await store.count({ jurisdictions: ['montana'] });
    const result = await run(acts().indexJurisdiction, { runId: 'r4', jurisdiction: 'montana' });
    expect(result).toMatchObject({ embedded: 0, deleted: 1 });
    expect(await store.count({ jurisdictions: ['montana'] })).toBe(before - 1);
    expect(await database.db('search_chunks').where({ record_id: right.id })).toEqual([]);
  });

  it('rebuilds everything for another model', async () => {
    const other = createIndexingActivities({ db: database.db, logger, indexing: { embeddings: new HashingEmbeddings({ dimension: 16 }), vectorStore: store } });
    const result = await run(other.indexJurisdiction, { runId: 'r5', jurisdiction: 'montana' });
    expect(result).toMatchObject({ rebuilt: true, modelId: 'hashing-v1-16' });
    expect(result.embedded).toBe(result.chunks);
    expect(await store.count()).toBe(result.chunks);
  });

  it('skips, saying so, in a worker built without a search index', async () => {
    const bare = createIndexingActivities({ db: database.db, logger });
    expect(await run(bare.indexJurisdiction, { runId: 'r6', jurisdiction: 'montana' })).toMatchObject({ indexed: false, embedded: 0 });
  });
});
