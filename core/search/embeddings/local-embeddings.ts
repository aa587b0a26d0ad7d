import fs from 'node:fs/promises';
import path from 'node:path';
import { EmbeddingBatcher } from './embedding-batcher.js';
import { ModelEmbeddings, type EmbeddingModelSpec } from './model-embeddings.js';
import { extract, loadExtractor, type ExtractorSpec } from './onnx-extractor.js';
import { ThreadedExtractor } from './threaded-extractor.js';

/** `MODEL.json`, written by `make models` beside the ONNX model. */
export interface ModelManifest {
  id: string;
  dimension: number;
  pooling?: 'mean' | 'cls';
  normalize?: boolean;
}

export interface LocalEmbeddingsOptions {
  /** The model folder: tokenizer and config JSON, onnx/model.onnx, MODEL.json. */
  modelDir: string;
  /**
   * Texts per model call. Default 1: on these two cores one passage per call measured
   * 13–14 embeddings/s against 7–10 at 4–64 per call (bench/embedding-throughput.ts).
   * One per call also keeps a text's vector its own: the model quantizes activations over
   * the whole call (dynamic int8), so texts sharing a call move each other's vectors slightly
   * (cosine about 0.99), and a search's results would depend on what else was asked.
   */
  batchSize?: number;
  /** ONNX Runtime intra-op threads; the runtime's default (one per core) when unset. */
  threads?: number;
  /**
   * Run the model on a thread of its own (default true), so an embedding never blocks the
   * event loop; false runs it on the caller's thread (scripts that do nothing else).
   */
  thread?: boolean;
}

/** Raised when the model folder is missing or incomplete: a setup problem, not worth retrying. */
export class EmbeddingModelMissingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddingModelMissingError';
  }
}

/**
 * Sentence embeddings from a local ONNX model through transformers.js, offline (remote
 * models are disabled, so nothing is ever downloaded). The model loads on first use.
 * Model calls run one at a time, whoever asks (concurrent calls would only contend for the
 * cores); with `batchSize` > 1 texts waiting from several callers share a call.
 */
export class LocalEmbeddings extends ModelEmbeddings {
  private manifest: Promise<ModelManifest> | null = null;
  private extractor: Promise<(texts: string[]) => Promise<Float32Array>> | null = null;
  private thread: ThreadedExtractor | null = null;
  private readonly batcher: EmbeddingBatcher;

  constructor(private readonly options: LocalEmbeddingsOptions) {
    super({});
    this.batcher = new EmbeddingBatcher((texts) => this.run(texts), options.batchSize ?? 1);
  }

  async describe(): Promise<EmbeddingModelSpec> {
    const m = await this.readManifest();
    return { modelId: m.id, dimension: m.dimension };
  }

  /** Texts are embedded in order of length, so each model call pads little. */
  async embedDocuments(texts: string[]): Promise<number[][]> {
    const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
    const vectors = await this.batcher.embed(order.map((i) => texts[i]!));
    const out = new Array<number[]>(texts.length);
    order.forEach((original, sorted) => (out[original] = vectors[sorted]!));
    return out;
  }

  async embedQuery(text: string): Promise<number[]> {
    const [vector] = await this.batcher.embed([text]);
    return vector!;
  }

  /** Loads the model now rather than on the first call (start-up, benchmarks). */
  async warmUp(): Promise<void> {
    await this.embedQuery('warm up');
  }

  /** Stops the embedding thread, if one runs (it never keeps a process alive anyway). */
  async close(): Promise<void> {
    await this.thread?.close();
  }

  private async run(texts: string[]): Promise<number[][]> {
    const [run, manifest] = await Promise.all([this.load(), this.readManifest()]);
    const data = await run(texts);
    const dim = manifest.dimension;
    return texts.map((_, i) => Array.from(data.subarray(i * dim, (i + 1) * dim)));
  }

  private load(): Promise<(texts: string[]) => Promise<Float32Array>> {
    this.extractor ??= (async () => {
      const m = await this.readManifest();
      const spec: ExtractorSpec = {
        modelDir: this.options.modelDir,
        dimension: m.dimension,
        pooling: m.pooling ?? 'mean',
        normalize: m.normalize ?? true,
        ...(this.options.threads ? { threads: this.options.threads } : {}),
      };
      if (this.options.thread ?? true) {
        const thread = (this.thread = new ThreadedExtractor(spec));
        return (texts: string[]) => thread.extract(texts);
      }
      const extractor = await loadExtractor(spec);
      return (texts: string[]) => extract(extractor, spec, texts);
    })();
    this.extractor.catch(() => (this.extractor = null));
    return this.extractor;
  }

  private readManifest(): Promise<ModelManifest> {
    this.manifest ??= readModelManifest(this.options.modelDir);
    this.manifest.catch(() => (this.manifest = null));
    return this.manifest;
  }
}

/** Reads and checks MODEL.json of a model folder. */
export async function readModelManifest(modelDir: string): Promise<ModelManifest> {
  const file = path.join(modelDir, 'MODEL.json');
  let parsed: Partial<ModelManifest>;
  try {
    parsed = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<ModelManifest>;
  } catch (err) {
    throw new EmbeddingModelMissingError(`embedding model not found at ${modelDir} (run 'make models'): ${(err as Error).message}`);
  }
  if (typeof parsed.id !== 'string' || !Number.isInteger(parsed.dimension) || (parsed.dimension ?? 0) <= 0) {
    throw new EmbeddingModelMissingError(`${file}: needs a string "id" and a positive integer "dimension"`);
  }
  return parsed as ModelManifest;
}
