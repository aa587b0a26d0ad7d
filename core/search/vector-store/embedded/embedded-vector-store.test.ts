import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { VectorPoint } from '../chunk-vector-store.js';
import { describeVectorStoreContract } from '../testing/vector-store-contract.js';
import { EmbeddedVectorStore } from './embedded-vector-store.js';

function tempHarness() {
  let dir = '';
  return {
    async create() {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-vectors-'));
      return new EmbeddedVectorStore({ dir, refreshIntervalMs: 0 });
    },
    async reopen() {
      return new EmbeddedVectorStore({ dir, refreshIntervalMs: 0 });
    },
    async other() {
      return new EmbeddedVectorStore({ dir: `${dir}-other`, refreshIntervalMs: 0 });
    },
    async cleanup() {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(`${dir}-other`, { recursive: true, force: true });
    },
  };
}

describeVectorStoreContract('embedded', tempHarness);

const SPEC = { modelId: 'm', dimension: 3 };
const p = (id: string, vector: number[], jurisdiction = 'texas'): VectorPoint => ({
  id,
  vector,
  payload: { recordId: id, type: 'right', jurisdiction, category: 'inspection', contentHash: id },
});

describe('EmbeddedVectorStore', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-vectors-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('lets a reader in another process see the writer’s changes', async () => {
    const dir = tmp();
    const writer = new EmbeddedVectorStore({ dir });
    const reader = new EmbeddedVectorStore({ dir, refreshIntervalMs: 0 });
    await writer.ensureCollection(SPEC);
    await reader.ensureCollection(SPEC);
    await writer.upsert([p('a', [1, 0, 0]), p('b', [0, 1, 0], 'ohio')]);
    expect(await reader.count()).toBe(2);
    await writer.delete(['a']);
    expect((await reader.search([1, 0, 0], 5)).map((h) => h.id)).toEqual(['b']);
    // The writer rebuilds for another model: the reader, still on the old model, sees nothing.
    await new EmbeddedVectorStore({ dir }).ensureCollection({ modelId: 'other', dimension: 3 });
    expect(await reader.count()).toBe(0);
  });

  it('writes one file per jurisdiction and removes the files it replaced', async () => {
    const dir = tmp();
    const store = new EmbeddedVectorStore({ dir });
    await store.ensureCollection(SPEC);
    await store.upsert([p('a', [1, 0, 0]), p('b', [0, 1, 0], 'ohio')]);
    await store.upsert([p('c', [0, 0, 1])]);
    await store.delete(['b']);
    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toBe('manifest.json');
    expect(files[1]).toMatch(/^texas\.\d+\.bin$/);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ modelId: 'm', dimension: 3, shards: { texas: { count: 2 } } });
  });

  it('rejects a damaged shard file instead of serving wrong vectors', async () => {
    const dir = tmp();
    const store = new EmbeddedVectorStore({ dir });
    await store.ensureCollection(SPEC);
    await store.upsert([p('a', [1, 0, 0])]);
    const shard = fs.readdirSync(dir).find((f) => f.endsWith('.bin'))!;
    fs.truncateSync(path.join(dir, shard), 40);
    await expect(new EmbeddedVectorStore({ dir }).ensureCollection(SPEC)).rejects.toThrow(/truncated/);
  });

  it('serialises concurrent writes without losing any', async () => {
    const dir = tmp();
    const store = new EmbeddedVectorStore({ dir });
    await store.ensureCollection(SPEC);
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.upsert([p(`id${i}`, [1, i, 0], i % 2 ? 'texas' : 'ohio')])));
    expect(await store.count()).toBe(20);
    const fresh = new EmbeddedVectorStore({ dir });
    await fresh.ensureCollection(SPEC);
    expect(await fresh.count()).toBe(20);
  });
});
