import { describe, expect, it } from 'vitest';
import { HashingEmbeddings } from './hashing-embeddings.js';

const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('HashingEmbeddings', () => {
  it('is deterministic, unit length and of its dimension', async () => {
    const e = new HashingEmbeddings({ dimension: 32 });
    const [a, b] = await e.embedDocuments(['Personnel files and medical files', 'Personnel files and medical files']);
    expect(a).toEqual(b);
    expect(a).toHaveLength(32);
    expect(dot(a!, a!)).toBeCloseTo(1, 6);
    expect(await e.describe()).toEqual({ modelId: 'hashing-v1-32', dimension: 32 });
    expect(e.embeddedTexts).toBe(2);
  });

  it('puts texts that share words nearer than texts that do not', async () => {
    const e = new HashingEmbeddings();
    const q = await e.embedQuery('medical files privacy');
    const [near, far] = await e.embedDocuments(['privacy of medical files', 'fees for copies of records']);
    expect(dot(q, near!)).toBeGreaterThan(dot(q, far!));
  });

  it('gives a text without words a valid direction', async () => {
    const v = await new HashingEmbeddings({ dimension: 8 }).embedQuery(' — ');
    expect(dot(v, v)).toBeCloseTo(1, 6);
  });
});
