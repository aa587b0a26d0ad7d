import fs from 'node:fs/promises';
import path from 'node:path';
import { env, pipeline, type FeatureExtractionPipeline } from '@huggingface/transformers';
import { EmbeddingBatcher } from './embedding-batcher.js';
import { ModelEmbeddings, type EmbeddingModelSpec } from './model-embeddings.js';

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
   */
  batchSize?: number;
  /** ONNX Runtime intra-op threads; the runtime's default (one per core) when unset. */
  threads?: number;
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
  private extractor: Promise<FeatureExtractionPipeline> | null = null;
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

  private async run(texts: string[]): Promise<number[][]> {
    const [extractor, manifest] = await Promise.all([this.load(), this.readManifest()]);
    const output = await extractor(texts, { pooling: manifest.pooling ?? 'mean', normalize: manifest.normalize ?? true });
    const dim = manifest.dimension;
    const data = output.data as Float32Array;
    if (data.length !== texts.length * dim) throw new Error(`model returned ${data.length} values for ${texts.length} texts of dimension ${dim}`);
    return texts.map((_, i) => Array.from(data.subarray(i * dim, (i + 1) * dim)));
  }

  private load(): Promise<FeatureExtractionPipeline> {
    this.extractor ??= (async () => {
      await this.readManifest();
      const dir = path.resolve(this.options.modelDir);
      // transformers.js keeps these settings globally; every local model here is read the same way.
      env.allowRemoteModels = false;
      env.allowLocalModels = true;
      env.localModelPath = `${path.dirname(dir)}${path.sep}`;
      // Spinning worker threads help only on an idle machine; on two shared cores (API, worker,
      // Postgres) they starve each other, and disabling them measured 2–3× faster here.
      const session_options = {
        ...(this.options.threads ? { intraOpNumThreads: this.options.threads } : {}),
        extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
      };
      return (await pipeline('feature-extraction', path.basename(dir), { dtype: 'fp32', session_options })) as FeatureExtractionPipeline;
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
