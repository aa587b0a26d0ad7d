import fs from 'node:fs/promises';
import path from 'node:path';
import {
  effectiveFilter,
  matchesFilter,
  VectorStoreError,
  type ChunkPayload,
  type ChunkVectorStore,
  type CollectionSpec,
  type VectorFilter,
  type VectorHit,
  type VectorPoint,
} from '../chunk-vector-store.js';
import { AnnIndex, DEFAULT_ANN_OPTIONS, type AnnOptions } from './ann-index.js';
import { emptyManifest, readManifest, shardFileName, type Manifest } from './manifest.js';
import { decodeShard, encodeShard, writeFileAtomic, type Shard } from './shard-file.js';
import { topK, unitVector } from './top-k.js';

export interface EmbeddedVectorStoreOptions {
  /** Directory of this collection (created if missing), e.g. `${DATA_DIR}/vector-index/law_chunks`. */
  dir: string;
  /** How often a reader looks for another process's writes (the worker indexes, the API searches). */
  refreshIntervalMs?: number;
  /**
   * The approximate index for searches over many rows (default on, DEFAULT_ANN_OPTIONS);
   * `false` keeps every search an exact scan. Until a graph is built for the current shards
   * (in the background, after each load or write), searches scan exactly.
   */
  ann?: Partial<AnnOptions> | false;
}

type Entry = { vector: Float32Array; payload: ChunkPayload };

/**
 * The default vector store: an exact cosine scan over float32 vectors held in memory,
 * persisted under DATA_DIR as one binary file per jurisdiction plus a JSON manifest that
 * records the model id and dimension. Every write goes to new files, flushed and renamed
 * before the manifest names them, so a crash or a concurrent reader never sees half a
 * write. Fine for the ~10k chunks of the corpus (a scan takes a few milliseconds).
 *
 * One writer process at a time (the Temporal worker); any number of readers, which pick
 * up new writes within `refreshIntervalMs`. Deployments with several writers use Qdrant.
 */
export class EmbeddedVectorStore implements ChunkVectorStore {
  private manifest: Manifest | null = null;
  private shards = new Map<string, Shard>();
  /** Where each id lives: its shard key and row. */
  private where = new Map<string, { key: string; row: number }>();
  private lastStat = '';
  private lastCheck = 0;
  private queue: Promise<unknown> = Promise.resolve();
  /** The graph of the current shards, once built. */
  private ann: { shards: Map<string, Shard>; index: AnnIndex } | null = null;
  private readonly annOptions: AnnOptions | null;

  constructor(private readonly options: EmbeddedVectorStoreOptions) {
    this.annOptions = options.ann === false ? null : { ...DEFAULT_ANN_OPTIONS, ...options.ann };
  }

  /** Whether searches over many rows use the approximate index now (tests, benchmarks). */
  get approximateReady(): boolean {
    return this.ann !== null && this.ann.shards === this.shards;
  }

  /** Waits until the approximate index covers the current shards (benchmarks, tests); false when it is off or there is nothing to index. */
  async approximateIndexReady(timeoutMs = 60_000): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (this.annOptions && this.shards.size > 0 && !this.approximateReady && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    return this.approximateReady;
  }

  async ensureCollection(spec: CollectionSpec): Promise<{ created: boolean; rebuilt: boolean }> {
    return this.exclusive(async () => {
      await fs.mkdir(this.options.dir, { recursive: true });
      const onDisk = await readManifest(this.options.dir);
      if (onDisk && onDisk.modelId === spec.modelId && onDisk.dimension === spec.dimension) {
        await this.load(onDisk);
        return { created: false, rebuilt: false };
      }
      const fresh = emptyManifest(spec, (onDisk?.revision ?? 0) + 1);
      await this.commit(fresh, new Map());
      if (onDisk) await this.removeFiles(Object.values(onDisk.shards).map((s) => s.file));
      return { created: onDisk === null, rebuilt: onDisk !== null };
    });
  }

  async upsert(points: readonly VectorPoint[]): Promise<void> {
    if (points.length === 0) return;
    const spec = this.spec();
    for (const p of points) {
      if (p.vector.length !== spec.dimension) throw new VectorStoreError(`point ${p.id}: dimension ${p.vector.length}, expected ${spec.dimension}`);
    }
    await this.exclusive(async () => {
      await this.refresh(true);
      const changes = new Map<string, Map<string, Entry | null>>();
      const change = (key: string) => changes.get(key) ?? changes.set(key, new Map()).get(key)!;
      for (const p of points) {
        const previous = this.where.get(p.id)?.key;
        if (previous !== undefined && previous !== p.payload.jurisdiction) change(previous).set(p.id, null);
        change(p.payload.jurisdiction).set(p.id, { vector: unitVector(p.vector), payload: copyPayload(p.payload) });
      }
      await this.apply(changes);
    });
  }

  async delete(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    this.spec();
    await this.exclusive(async () => {
      await this.refresh(true);
      const changes = new Map<string, Map<string, Entry | null>>();
      for (const id of ids) {
        const key = this.where.get(id)?.key;
        if (key !== undefined) (changes.get(key) ?? changes.set(key, new Map()).get(key)!).set(id, null);
      }
      if (changes.size > 0) await this.apply(changes);
    });
  }

  async search(vector: readonly number[], k: number, filter?: VectorFilter): Promise<VectorHit[]> {
    const spec = this.spec();
    if (vector.length !== spec.dimension) throw new VectorStoreError(`query dimension ${vector.length}, expected ${spec.dimension}`);
    await this.refresh(false);
    const f = effectiveFilter(filter);
    const shards = f?.jurisdictions ? [...new Set(f.jurisdictions)].flatMap((j) => this.shards.get(j) ?? []) : this.shards.values();
    // Jurisdictions are settled by the choice of shards; rows are checked only for the rest.
    const rest = f?.types || f?.categories || f?.attributes ? { ...f, jurisdictions: [] } : null;
    const query = unitVector(vector);
    const chosen = [...shards];
    const rows = chosen.reduce((n, s) => n + s.ids.length, 0);
    const ann = this.approximateReady ? this.ann!.index : null;
    // The graph serves searches over many rows without a row filter (a row filter's selectivity is
    // unknown, and a walk that must skip most rows is slower than a scan); jurisdictions are
    // checked per label, cheaply.
    const approximate = ann !== null && rest === null && rows >= this.annOptions!.minRows && rows >= k;
    let refs;
    if (approximate) {
      const subset = chosen.length < this.shards.size ? new Set(chosen) : null;
      refs = ann.search(query, k, subset ? (s) => subset.has(s) : null);
    } else {
      refs = topK(chosen, query, spec.dimension, k, rest ? (s, i) => matchesFilter(s.payloads[i]!, rest) : null);
    }
    return refs.map((r) => ({ id: r.shard.ids[r.index]!, score: r.score, payload: { ...r.shard.payloads[r.index]! } }));
  }

  async contentHashes(ids: readonly string[]): Promise<Map<string, string>> {
    this.spec();
    await this.refresh(false);
    const out = new Map<string, string>();
    for (const id of ids) {
      const at = this.where.get(id);
      const payload = at ? this.shards.get(at.key)?.payloads[at.row] : undefined;
      if (payload) out.set(id, payload.contentHash);
    }
    return out;
  }

  async count(filter?: VectorFilter): Promise<number> {
    this.spec();
    await this.refresh(false);
    const f = effectiveFilter(filter);
    let n = 0;
    for (const shard of this.shards.values()) for (const p of shard.payloads) if (matchesFilter(p, f)) n++;
    return n;
  }

  async drop(): Promise<void> {
    await this.exclusive(async () => {
      await fs.rm(this.options.dir, { recursive: true, force: true });
      this.adopt(null, new Map());
      this.lastStat = 'missing';
    });
  }

  private spec(): Manifest {
    if (!this.manifest) throw new VectorStoreError('ensureCollection() was not called');
    return this.manifest;
  }

  /** Rebuilds the changed shards and commits them (new files, then the manifest). */
  private async apply(changes: Map<string, Map<string, Entry | null>>): Promise<void> {
    const manifest = this.spec();
    const next = new Map(this.shards);
    for (const [key, edits] of changes) {
      const merged = new Map<string, Entry>();
      const old = this.shards.get(key);
      old?.ids.forEach((id, i) => merged.set(id, { vector: old.vectors.subarray(i * manifest.dimension, (i + 1) * manifest.dimension), payload: old.payloads[i]! }));
      for (const [id, entry] of edits) {
        if (entry) merged.set(id, entry);
        else merged.delete(id);
      }
      if (merged.size === 0) next.delete(key);
      else next.set(key, toShard(merged, manifest.dimension));
    }
    const updated: Manifest = { ...manifest, revision: manifest.revision + 1, shards: { ...manifest.shards } };
    const writes: Array<[string, Shard]> = [];
    for (const key of changes.keys()) {
      const shard = next.get(key);
      if (!shard) delete updated.shards[key];
      else {
        const file = shardFileName(key, updated.revision);
        updated.shards[key] = { file, count: shard.ids.length };
        writes.push([file, shard]);
      }
    }
    for (const [file, shard] of writes) await writeFileAtomic(path.join(this.options.dir, file), encodeShard(shard, manifest.dimension));
    const replaced = [...changes.keys()].flatMap((k) => manifest.shards[k]?.file ?? []);
    await this.commit(updated, next);
    await this.removeFiles(replaced);
  }

  private async commit(manifest: Manifest, shards: Map<string, Shard>): Promise<void> {
    const file = path.join(this.options.dir, 'manifest.json');
    await writeFileAtomic(file, JSON.stringify(manifest, null, 1));
    this.adopt(manifest, shards);
    this.lastStat = await statKey(file);
  }

  /** Picks up another process's writes: at most every `refreshIntervalMs`, unless `force`. */
  private async refresh(force: boolean): Promise<void> {
    const now = Date.now();
    if (!force && now - this.lastCheck < (this.options.refreshIntervalMs ?? 1000)) return;
    this.lastCheck = now;
    const stat = await statKey(path.join(this.options.dir, 'manifest.json'));
    if (stat === this.lastStat) return;
    const onDisk = await readManifest(this.options.dir);
    const mine = this.spec();
    if (!onDisk || onDisk.modelId !== mine.modelId || onDisk.dimension !== mine.dimension) {
      // Removed, or rebuilt for another model by another process: nothing here is comparable any more.
      this.adopt(emptyManifest(mine, onDisk?.revision ?? mine.revision), new Map());
      this.lastStat = stat;
      return;
    }
    if (onDisk.revision !== mine.revision) await this.load(onDisk);
    this.lastStat = stat;
  }

  /** Loads the shards a manifest names, reusing those whose file is unchanged. */
  private async load(manifest: Manifest): Promise<void> {
    const current = this.manifest;
    const shards = new Map<string, Shard>();
    for (const [key, entry] of Object.entries(manifest.shards)) {
      const same = current?.shards[key]?.file === entry.file ? this.shards.get(key) : undefined;
      const buf = same ? null : await fs.readFile(path.join(this.options.dir, entry.file));
      shards.set(key, same ?? decodeShard(buf!, manifest.dimension, entry.file));
    }
    this.adopt(manifest, shards);
    this.lastStat = await statKey(path.join(this.options.dir, 'manifest.json'));
  }

  private adopt(manifest: Manifest | null, shards: Map<string, Shard>): void {
    this.manifest = manifest;
    this.shards = shards;
    this.where = new Map();
    for (const [key, shard] of shards) shard.ids.forEach((id, row) => this.where.set(id, { key, row }));
    this.buildApproximateIndex(manifest, shards);
  }

  /** Builds the graph of these shards in the background; a later adopt() makes this build give up. */
  private buildApproximateIndex(manifest: Manifest | null, shards: Map<string, Shard>): void {
    const options = this.annOptions;
    if (!options || !manifest) return;
    const rows = [...shards.values()].reduce((n, s) => n + s.ids.length, 0);
    if (rows < options.minRows) return;
    const stillWanted = () => this.shards === shards;
    // Writes come in bursts (an ingestion commits jurisdiction after jurisdiction): build once they settle.
    const timer = setTimeout(() => {
      AnnIndex.build(shards.values(), manifest.dimension, options, stillWanted)
        .then((index) => {
          if (index && stillWanted()) this.ann = { shards, index };
        })
        // The exact scan goes on serving; nothing is lost but speed.
        .catch(() => undefined);
    }, options.settleMs);
    timer.unref();
  }

  private async removeFiles(files: string[]): Promise<void> {
    await Promise.all(files.map((f) => fs.rm(path.join(this.options.dir, f), { force: true })));
  }

  /** Serialises writes within this process. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function copyPayload(payload: ChunkPayload): ChunkPayload {
  return payload.attributes ? { ...payload, attributes: { ...payload.attributes } } : { ...payload };
}

function toShard(entries: Map<string, Entry>, dimension: number): Shard {
  const ids = [...entries.keys()];
  const vectors = new Float32Array(ids.length * dimension);
  const payloads: ChunkPayload[] = [];
  ids.forEach((id, i) => {
    const e = entries.get(id)!;
    vectors.set(e.vector, i * dimension);
    payloads.push(e.payload);
  });
  return { ids, payloads, vectors };
}

async function statKey(file: string): Promise<string> {
  try {
    const s = await fs.stat(file);
    return `${s.mtimeMs}:${s.size}:${s.ino}`;
  } catch {
    return 'missing';
  }
}
