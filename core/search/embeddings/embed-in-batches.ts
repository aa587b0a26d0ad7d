import type { EmbeddingsInterface } from '@langchain/core/embeddings';

export interface BatchProgress {
  done: number;
  total: number;
}

/**
 * Embeds texts in batches of `batchSize` with any LangChain embeddings. After each batch it
 * hands the batch's vectors to `onBatch` (indexing stores them, so a retry resumes where a
 * failure stopped) and reports progress (indexing heartbeats with it); it stops between
 * batches when `signal` is aborted.
 */
export async function embedInBatches(
  embeddings: EmbeddingsInterface,
  texts: readonly string[],
  options: {
    batchSize: number;
    onBatch?: (vectors: number[][], offset: number) => Promise<void>;
    onProgress?: (p: BatchProgress) => void | Promise<void>;
    signal?: AbortSignal;
  },
): Promise<number[][]> {
  const out: number[][] = [];
  for (let i = 0; i < texts.length; i += options.batchSize) {
    options.signal?.throwIfAborted();
    const batch = texts.slice(i, i + options.batchSize);
    const vectors = await embeddings.embedDocuments(batch);
    if (vectors.length !== batch.length) throw new Error(`embedder returned ${vectors.length} vectors for ${batch.length} texts`);
    await options.onBatch?.(vectors, i);
    out.push(...vectors);
    await options.onProgress?.({ done: out.length, total: texts.length });
  }
  return out;
}
