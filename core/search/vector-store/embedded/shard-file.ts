import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import type { ChunkPayload } from '../chunk-vector-store.js';

/** One partition of the embedded index: parallel arrays of ids, payloads and unit vectors. */
export interface Shard {
  ids: string[];
  payloads: ChunkPayload[];
  /** `ids.length × dimension` floats, each row L2-normalised. */
  vectors: Float32Array;
}

const MAGIC = 'SLVX';
const VERSION = 1;
const HEADER_BYTES = 32;

/**
 * Binary layout: a 32-byte header (magic, version, dimension, count, metadata length),
 * the vectors as little-endian float32, then the ids and payloads as JSON. One file per
 * shard keeps a write to one jurisdiction small.
 */
export function encodeShard(shard: Shard, dimension: number): Buffer {
  assertLittleEndian();
  const meta = Buffer.from(JSON.stringify({ ids: shard.ids, payloads: shard.payloads }), 'utf8');
  const header = Buffer.alloc(HEADER_BYTES);
  header.write(MAGIC, 0, 'ascii');
  header.writeUInt32LE(VERSION, 4);
  header.writeUInt32LE(dimension, 8);
  header.writeUInt32LE(shard.ids.length, 12);
  header.writeUInt32LE(meta.length, 16);
  const vectors = Buffer.from(shard.vectors.buffer, shard.vectors.byteOffset, shard.ids.length * dimension * 4);
  return Buffer.concat([header, vectors, meta]);
}

export function decodeShard(buf: Buffer, dimension: number, name: string): Shard {
  assertLittleEndian();
  if (buf.length < HEADER_BYTES || buf.toString('ascii', 0, 4) !== MAGIC || buf.readUInt32LE(4) !== VERSION) {
    throw new Error(`${name}: not a vector shard file`);
  }
  if (buf.readUInt32LE(8) !== dimension) throw new Error(`${name}: dimension ${buf.readUInt32LE(8)}, expected ${dimension}`);
  const count = buf.readUInt32LE(12);
  const metaBytes = buf.readUInt32LE(16);
  const vectorBytes = count * dimension * 4;
  if (buf.length !== HEADER_BYTES + vectorBytes + metaBytes) throw new Error(`${name}: truncated`);
  // Copy into a fresh ArrayBuffer: the file buffer's offset need not be 4-byte aligned.
  const start = buf.byteOffset + HEADER_BYTES;
  const vectors = new Float32Array(buf.buffer.slice(start, start + vectorBytes));
  const meta = JSON.parse(buf.toString('utf8', HEADER_BYTES + vectorBytes)) as { ids: string[]; payloads: ChunkPayload[] };
  if (meta.ids.length !== count || meta.payloads.length !== count) throw new Error(`${name}: metadata does not match vectors`);
  return { ids: meta.ids, payloads: meta.payloads, vectors };
}

/** Writes through a temporary file, flushed, then renamed: readers see the old file or the new one. */
export async function writeFileAtomic(file: string, data: Buffer | string): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const handle = await fs.open(tmp, 'w');
  try {
    await handle.writeFile(data);
    await handle.datasync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
}

function assertLittleEndian(): void {
  if (os.endianness() !== 'LE') throw new Error('the embedded vector index needs a little-endian machine');
}
