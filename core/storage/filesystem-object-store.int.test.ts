import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { FilesystemObjectStore } from './filesystem-object-store.js';
import { describeObjectStoreContract } from './object-store.contract.js';

/** The object store contract on the local file system, in a temporary directory. */
describeObjectStoreContract('file system', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-objects-'));
  return { store: new FilesystemObjectStore(root), bigBody: 3 * 1024 * 1024 + 17, cleanup: async () => fs.rmSync(root, { recursive: true, force: true }) };
});

describe('file system object store: files on disk', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-objects-'));
  const store = new FilesystemObjectStore(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const filesUnder = (dir: string): string[] =>
    fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));

  it('maps every key to a file inside the root, named by its digest', () => {
    for (const key of ['a', 'a/b/c.pdf', 'weird ..name', '%2e%2e/x', 'C:\u2215Windows']) {
      const file = store.pathOf(key);
      expect(path.relative(root, file).startsWith('..')).toBe(false);
      expect(path.basename(file)).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('leaves no temporary file after a failed write, and the previous version intact', async () => {
    await store.put('kept.txt', Readable.from([Buffer.from('old')]), { maxBytes: 10, contentType: 'text/plain' });
    await expect(store.put('kept.txt', Readable.from([Buffer.from('far too long for the limit')]), { maxBytes: 10, contentType: 'text/plain' })).rejects.toThrow();
    const files = filesUnder(root);
    expect(files.filter((f) => path.basename(f).startsWith('.tmp-'))).toEqual([]);
    expect(fs.readFileSync(store.pathOf('kept.txt'), 'utf8')).toBe('old');
  });
});
