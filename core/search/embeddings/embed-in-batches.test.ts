import { describe, expect, it } from 'vitest';
import { embedInBatches } from './embed-in-batches.js';
import { HashingEmbeddings } from './hashing-embeddings.js';

describe('embedInBatches', () => {
  it('embeds in batches, handing each batch over and reporting progress', async () => {
    const texts = Array.from({ length: 7 }, (_, i) => `text ${i}`);
    const progress: Array<[number, number]> = [];
    const offsets: Array<[number, number]> = [];
    const vectors = await embedInBatches(new HashingEmbeddings({ dimension: 8 }), texts, {
      batchSize: 3,
      onBatch: async (v, offset) => void offsets.push([offset, v.length]),
      onProgress: (p) => void progress.push([p.done, p.total]),
    });
    expect(vectors).toHaveLength(7);
    expect(vectors).toEqual(await new HashingEmbeddings({ dimension: 8 }).embedDocuments(texts));
    expect(offsets).toEqual([[0, 3], [3, 3], [6, 1]]);
    expect(progress).toEqual([[3, 7], [6, 7], [7, 7]]);
  });

  it('stops between batches once aborted', async () => {
    const controller = new AbortController();
    const e = new HashingEmbeddings({ dimension: 8 });
    const run = embedInBatches(e, ['a', 'b', 'c', 'd'], { batchSize: 2, signal: controller.signal, onProgress: () => controller.abort() });
    await expect(run).rejects.toThrow();
    expect(e.embeddedTexts).toBe(2);
  });
});
