import { describe, expect, it } from 'vitest';
import { EmbeddingBatcher } from './embedding-batcher.js';

function recordingRun(fail?: (texts: string[]) => boolean) {
  const calls: string[][] = [];
  let active = 0;
  let maxActive = 0;
  const run = async (texts: string[]) => {
    calls.push(texts);
    active++;
    maxActive = Math.max(maxActive, active);
    await new Promise((r) => setTimeout(r, 5));
    active--;
    if (fail?.(texts)) throw new Error('model failed');
    return texts.map((t) => [t.length]);
  };
  return { run, calls, maxActive: () => maxActive };
}

describe('EmbeddingBatcher', () => {
  it('runs one call at a time and merges what waits into the next call, in order', async () => {
    const r = recordingRun();
    const b = new EmbeddingBatcher(r.run, 3);
    const results = await Promise.all([b.embed(['a']), b.embed(['bb', 'ccc']), b.embed(['dddd']), b.embed(['eeeee', 'ffffff', 'g'])]);
    expect(results).toEqual([[[1]], [[2], [3]], [[4]], [[5], [6], [1]]]);
    expect(r.maxActive()).toBe(1);
    expect(r.calls).toEqual([['a'], ['bb', 'ccc', 'dddd'], ['eeeee', 'ffffff', 'g']]);
  });

  it('fails only the callers whose texts were in the failed call', async () => {
    const r = recordingRun((texts) => texts.includes('bad'));
    const b = new EmbeddingBatcher(r.run, 1);
    const [good, bad] = await Promise.allSettled([b.embed(['ok']), b.embed(['bad'])]);
    expect(good).toEqual({ status: 'fulfilled', value: [[2]] });
    expect(bad.status).toBe('rejected');
    expect(await b.embed(['again'])).toEqual([[5]]);
  });
});
