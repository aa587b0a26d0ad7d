import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { CreateBucketCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../test/support/test-env.js';
import { describeObjectStoreContract } from './object-store.contract.js';
import { ObjectTooLargeError } from './object-store.js';
import { S3ObjectStore } from './s3-object-store.js';

/**
 * The object store contract against a real S3-compatible server: moto's server mode (PyPI
 * `moto[server]`, pinned by hash in requirements-moto.txt, installed into .local/venv-moto by
 * `make tools`), started on a free loopback port for this file and stopped after it. The SDK is
 * never mocked: every request goes over HTTP to the server.
 */
const MOTO = path.join(repoRoot, '.local/venv-moto/bin/moto_server');
const PART = 5 * 1024 * 1024;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A moto server on loopback, answering once `GET /` does. */
async function startMoto(): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(MOTO, ['-H', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`moto_server exited (${child.exitCode}):\n${output}`);
    const up = await fetch(`${endpoint}/moto-api/`).then((r) => r.status < 500, () => false);
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`moto_server did not answer on ${endpoint} within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    endpoint,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

if (fs.existsSync(MOTO)) {
  let moto: Awaited<ReturnType<typeof startMoto>> | undefined;
  let store: S3ObjectStore;
  const bucket = 'sunlight-contract';

  const open = (endpoint: string, prefix = '') =>
    new S3ObjectStore({ bucket, region: 'us-east-1', endpoint, accessKeyId: 'testing', secretAccessKey: 'testing', forcePathStyle: true, partSize: PART, prefix });

  describeObjectStoreContract('s3 (moto server on loopback)', async () => {
    moto = await startMoto();
    store = open(moto.endpoint, 'tenant/');
    await store.client.send(new CreateBucketCommand({ Bucket: bucket }));
    return { store, bigBody: PART + 1024 * 1024 + 3, cleanup: async () => undefined };
  });

  describe('s3 object store: multipart uploads', () => {
    beforeAll(async () => {
      // The contract's setup started the server; this block runs after it in the same file.
      expect(moto).toBeDefined();
    });
    afterAll(async () => {
      store?.close();
      await moto?.stop();
    });

    it('aborts a multipart upload whose body goes over the limit, leaving no parts behind', async () => {
      const key = 'over/limit.bin';
      async function* body(): AsyncGenerator<Uint8Array> {
        for (let i = 0; i < 14; i++) yield Buffer.alloc(1024 * 1024, i);
      }
      await expect(store.put(key, Readable.from(body()), { maxBytes: 12 * 1024 * 1024, contentType: 'application/pdf' })).rejects.toBeInstanceOf(ObjectTooLargeError);
      expect(await store.head(key)).toBeNull();
      const uploads = await store.client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
      expect(uploads.Uploads ?? []).toEqual([]);
    });
  });
} else {
  describe('object store contract: s3', () => {
    it.skip(`needs moto's server (${path.relative(repoRoot, MOTO)} missing: run make tools)`, () => undefined);
  });
}
