import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertObjectKey } from './object-key.js';
import { MeteredHash, type ByteRange, type ObjectStore, type PutOptions, type PutResult } from './object-store.js';

/**
 * Objects as files under `root` (DATA_DIR/objects by default). A key never becomes a path
 * itself: the file is named by the SHA-256 of the key (`root/ab/cd/abcd…`), so no key, however
 * odd, can name a path outside `root`, collide with a temporary file or exceed a file-name
 * limit. A put writes a temporary file in the same directory, flushes it to disk and renames
 * it over the final name: a crash leaves the old object or the new one, never half of one
 * (temporary files left by a crash start with `.tmp-` and are never read).
 */
export class FilesystemObjectStore implements ObjectStore {
  readonly kind = 'fs' as const;

  constructor(private readonly root: string) {}

  /** The file of `key`: inside `root`, whatever the key. */
  pathOf(key: string): string {
    assertObjectKey(key);
    const digest = createHash('sha256').update(key, 'utf8').digest('hex');
    return path.join(this.root, digest.slice(0, 2), digest.slice(2, 4), digest);
  }

  async put(key: string, body: Readable | AsyncIterable<Uint8Array>, options: PutOptions): Promise<PutResult> {
    const target = this.pathOf(key);
    const dir = path.dirname(target);
    await fsp.mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.tmp-${path.basename(target)}-${randomBytes(6).toString('hex')}`);
    const meter = new MeteredHash(options.maxBytes, options.expectedSha256);
    const source = body instanceof Readable ? body : Readable.from(body);
    try {
      const file = fs.createWriteStream(temp, { flags: 'wx', mode: 0o600 });
      await pipeline(source, meter, file);
      const handle = await fsp.open(temp, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.rename(temp, target);
    } catch (err) {
      await fsp.rm(temp, { force: true });
      throw err;
    }
    return { size: meter.byteCount, sha256: meter.sha256 };
  }

  async get(key: string, options: { range?: ByteRange } = {}): Promise<{ body: Readable; size: number } | null> {
    const file = this.pathOf(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    // Opened first, so a concurrent replace or delete cannot change what this read returns.
    const { size } = await handle.stat();
    const range = options.range;
    const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    return { body, size };
  }

  async head(key: string): Promise<{ size: number } | null> {
    try {
      const stat = await fsp.stat(this.pathOf(key));
      return { size: stat.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }
}
