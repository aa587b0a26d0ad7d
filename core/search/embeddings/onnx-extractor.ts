import path from 'node:path';
import { AutoTokenizer, env, type PreTrainedTokenizer } from '@huggingface/transformers';
import * as ort from 'onnxruntime-node';

/** How a model folder's embeddings are read out (from its MODEL.json). */
export interface ExtractorSpec {
  modelDir: string;
  dimension: number;
  pooling: 'mean' | 'cls';
  normalize: boolean;
  /** ONNX Runtime intra-op threads; the runtime's default (one per core) when unset. */
  threads?: number;
}

/** A loaded model: the tokenizer (transformers.js) and the ONNX Runtime session. */
export interface Extractor {
  tokenizer: PreTrainedTokenizer;
  session: ort.InferenceSession;
}

/**
 * Loads a local ONNX model offline (remote models are disabled, so nothing is ever
 * downloaded): its tokenizer through transformers.js, the model straight into ONNX Runtime.
 * Calling the runtime directly, with pooling done here, costs a query 1.8 ms against 2.4 through
 * transformers.js' feature-extraction pipeline (eval/search/README.md, "Speed").
 */
export async function loadExtractor(spec: ExtractorSpec): Promise<Extractor> {
  const dir = path.resolve(spec.modelDir);
  // transformers.js keeps these settings globally; every local model here is read the same way.
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = `${path.dirname(dir)}${path.sep}`;
  const tokenizer = await AutoTokenizer.from_pretrained(path.basename(dir));
  const session = await ort.InferenceSession.create(path.join(dir, 'onnx', 'model.onnx'), {
    // The basic level (constant folding, no operator fusion) measured fastest for the
    // integer-quantized model, and its vectors are as close to the float model's as the
    // fused graph's (cosine 0.9956 on average for both).
    graphOptimizationLevel: 'basic',
    ...(spec.threads ? { intraOpNumThreads: spec.threads, interOpNumThreads: 1 } : {}),
    // Spinning worker threads help only on an idle machine; on two shared cores (API, worker,
    // Postgres) they starve each other, and disabling them measured 2–3× faster here.
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  });
  return { tokenizer, session };
}

interface TokenizerTensor {
  data: BigInt64Array;
  dims: number[];
}

/** One model call: `texts.length × dimension` floats, row by row (padded texts pooled over their own tokens). */
export async function extract(extractor: Extractor, spec: ExtractorSpec, texts: string[]): Promise<Float32Array> {
  const { tokenizer, session } = extractor;
  const encoded = tokenizer(texts, { padding: true, truncation: true }) as unknown as Record<string, TokenizerTensor>;
  const ids = encoded.input_ids!;
  const mask = encoded.attention_mask!;
  const [rows, tokens] = ids.dims as [number, number];
  const feeds: Record<string, ort.Tensor> = {};
  for (const name of session.inputNames) {
    const data = name === 'token_type_ids' && !encoded[name] ? new BigInt64Array(rows * tokens) : encoded[name]?.data;
    if (!data) throw new Error(`the tokenizer gives no "${name}", which the model needs`);
    feeds[name] = new ort.Tensor('int64', data, [rows, tokens]);
  }
  const outputs = await session.run(feeds);
  const hidden = (outputs.last_hidden_state ?? outputs[session.outputNames[0]!])!;
  const width = hidden.dims[2]!;
  if (width !== spec.dimension) throw new Error(`model returned vectors of ${width} values, expected ${spec.dimension}`);
  const states = hidden.data as Float32Array;
  const out = new Float32Array(rows * width);
  for (let r = 0; r < rows; r++) {
    const row = out.subarray(r * width, (r + 1) * width);
    if (spec.pooling === 'cls') {
      row.set(states.subarray(r * tokens * width, r * tokens * width + width));
    } else {
      let counted = 0;
      for (let t = 0; t < tokens; t++) {
        if (mask.data[r * tokens + t] === 0n) continue;
        counted++;
        const at = (r * tokens + t) * width;
        for (let k = 0; k < width; k++) row[k] = row[k]! + states[at + k]!;
      }
      for (let k = 0; k < width; k++) row[k] = row[k]! / Math.max(counted, 1);
    }
    if (spec.normalize) {
      let norm = 0;
      for (let k = 0; k < width; k++) norm += row[k]! * row[k]!;
      norm = Math.max(Math.sqrt(norm), 1e-12);
      for (let k = 0; k < width; k++) row[k] = row[k]! / norm;
    }
  }
  return out;
}
