import fs from 'node:fs/promises';
import path from 'node:path';
import type { CollectionSpec } from '../chunk-vector-store.js';

/** The embedded index's table of contents: the model its vectors come from and the current shard files. */
export interface Manifest extends CollectionSpec {
  format: 1;
  /** Incremented by every write; shard file names carry the revision that wrote them. */
  revision: number;
  shards: Record<string, { file: string; count: number }>;
}

export function emptyManifest(spec: CollectionSpec, revision: number): Manifest {
  return { format: 1, modelId: spec.modelId, dimension: spec.dimension, revision, shards: {} };
}

/** The manifest of a collection directory, or null when there is none yet. */
export async function readManifest(dir: string): Promise<Manifest | null> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, 'manifest.json'), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const m = JSON.parse(text) as Manifest;
  if (m.format !== 1 || typeof m.modelId !== 'string' || typeof m.dimension !== 'number') {
    throw new Error(`${path.join(dir, 'manifest.json')}: not a vector index manifest`);
  }
  return m;
}

/** A file name for a shard key (a jurisdiction slug, or anything else made safe). */
export function shardFileName(key: string, revision: number): string {
  const safe = /^[a-z0-9][a-z0-9_-]{0,80}$/.test(key) ? key : `x-${Buffer.from(key, 'utf8').toString('hex').slice(0, 120)}`;
  return `${safe}.${revision}.bin`;
}
