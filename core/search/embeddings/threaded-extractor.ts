import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExtractorSpec } from './onnx-extractor.js';

interface Waiting {
  resolve(data: Float32Array): void;
  reject(err: Error): void;
}

/**
 * Runs the embedding model on a thread of its own, so tokenising and the model call (≈ 5 ms
 * a query on these cores) never hold up the event loop: other requests' keyword search,
 * hydration and JSON go on meanwhile. The thread starts on first use, is unref'd (it never
 * keeps a process alive), and a crash fails the calls in flight and starts a new thread on
 * the next call.
 */
export class ThreadedExtractor {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;

  constructor(private readonly spec: ExtractorSpec) {}

  extract(texts: string[]): Promise<Float32Array> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<Float32Array>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      if (this.waiting.size === 1) worker.ref();
      worker.postMessage({ id, texts });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    // Compiled, this module is .js beside embedding-thread.js; from source (tsx, vitest) both are
    // .ts, and the thread needs tsx's loader to read TypeScript.
    const ext = path.extname(fileURLToPath(import.meta.url));
    const file = new URL(`./embedding-thread${ext}`, import.meta.url);
    const worker =
      ext === '.ts'
        ? new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); })`, { eval: true, workerData: this.spec })
        : new Worker(file, { workerData: this.spec });
    worker.unref();
    worker.on('message', (m: { id: number; data?: Float32Array; error?: string }) => {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (this.waiting.size === 0) worker.unref();
      if (m.data) w.resolve(m.data);
      else w.reject(new Error(m.error ?? 'embedding failed'));
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`embedding thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}
