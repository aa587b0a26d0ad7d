import path from 'node:path';
import { env, pipeline, type FeatureExtractionPipeline } from '@huggingface/transformers';

/** How a model folder's embeddings are read out (from its MODEL.json). */
export interface ExtractorSpec {
  modelDir: string;
  dimension: number;
  pooling: 'mean' | 'cls';
  normalize: boolean;
  /** ONNX Runtime intra-op threads; the runtime's default (one per core) when unset. */
  threads?: number;
}

/** Loads a local ONNX model through transformers.js, offline (remote models are disabled, so nothing is ever downloaded). */
export async function loadExtractor(spec: ExtractorSpec): Promise<FeatureExtractionPipeline> {
  const dir = path.resolve(spec.modelDir);
  // transformers.js keeps these settings globally; every local model here is read the same way.
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = `${path.dirname(dir)}${path.sep}`;
  // Spinning worker threads help only on an idle machine; on two shared cores (API, worker,
  // Postgres) they starve each other, and disabling them measured 2–3× faster here.
  const session_options = {
    ...(spec.threads ? { intraOpNumThreads: spec.threads } : {}),
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  };
  return (await pipeline('feature-extraction', path.basename(dir), { dtype: 'fp32', session_options })) as FeatureExtractionPipeline;
}

/** One model call: `texts.length × dimension` floats, row by row. */
export async function extract(extractor: FeatureExtractionPipeline, spec: ExtractorSpec, texts: string[]): Promise<Float32Array> {
  const output = await extractor(texts, { pooling: spec.pooling, normalize: spec.normalize });
  const data = output.data as Float32Array;
  if (data.length !== texts.length * spec.dimension) throw new Error(`model returned ${data.length} values for ${texts.length} texts of dimension ${spec.dimension}`);
  return data;
}
