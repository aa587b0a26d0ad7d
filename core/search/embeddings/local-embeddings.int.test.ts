import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../test/support/test-env.js';
import { LocalEmbeddings, readModelManifest } from './local-embeddings.js';

/** The real offline model (`make models`), loaded once for the file. */
const modelDir = path.join(repoRoot, '.local/models/all-MiniLM-L6-v2-int8');
let model: LocalEmbeddings;
const cos = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

beforeAll(async () => {
  model = new LocalEmbeddings({ modelDir });
  await model.warmUp();
});

describe('LocalEmbeddings (all-MiniLM-L6-v2, offline)', () => {
  it('describes itself from MODEL.json', async () => {
    expect(await model.describe()).toEqual({ modelId: (await readModelManifest(modelDir)).id, dimension: 384 });
  });

  it('returns unit vectors of the model dimension, the same alone or in a batch', async () => {
    const texts = ['Records of a personnel file are exempt from disclosure.', 'fees', 'The agency shall respond within five business days.'];
    const batch = await model.embedDocuments(texts);
    expect(batch.map((v) => v.length)).toEqual([384, 384, 384]);
    for (const v of batch) expect(cos(v, v)).toBeCloseTo(1, 4);
    const alone = await model.embedQuery(texts[2]!);
    expect(cos(alone, batch[2]!)).toBeGreaterThan(0.99999);
  });

  it('with several texts per model call, stays near each text\'s own vector', async () => {
    // The model quantizes activations over the whole call, so sharing one moves a vector a little.
    const shared = new LocalEmbeddings({ modelDir, batchSize: 16 });
    const texts = ['Records of a personnel file are exempt from disclosure.', 'The agency shall respond within five business days.'];
    const batch = await shared.embedDocuments(texts);
    for (const [i, text] of texts.entries()) expect(cos(batch[i]!, await model.embedQuery(text))).toBeGreaterThan(0.98);
    await shared.close();
  });

  it('puts a question near the provision that answers it', async () => {
    const q = await model.embedQuery('how long does the agency have to answer my records request');
    const [deadline, privacy, fees] = await model.embedDocuments([
      'Within five business days of receiving a public record request, an agency must respond.',
      'Medical files whose disclosure would invade personal privacy are exempt.',
      'The agency may charge a reasonable fee for copies.',
    ]);
    expect(cos(q, deadline!)).toBeGreaterThan(cos(q, privacy!));
    expect(cos(q, deadline!)).toBeGreaterThan(cos(q, fees!));
  });

  it('answers concurrent queries exactly as single ones (one text per model call)', async () => {
    const queries = ['police body camera footage', 'copy fees', 'appeal a denial', 'trade secrets'];
    const together = await Promise.all(queries.map((q) => model.embedQuery(q)));
    const single = await model.embedQuery('copy fees');
    expect(cos(together[1]!, single)).toBeGreaterThan(0.99999);
  });

  it('fails clearly when the model folder is missing', async () => {
    await expect(new LocalEmbeddings({ modelDir: '/nonexistent/model' }).describe()).rejects.toThrow(/make models/);
  });
});
