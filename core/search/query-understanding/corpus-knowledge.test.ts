import { describe, expect, it } from 'vitest';
import { createCorpusKnowledge, type CorpusKnowledgeSource } from './corpus-knowledge.js';

function fakeSource() {
  const calls = { fingerprint: 0, namings: 0, labels: 0, stats: 0 };
  let version = 'v1';
  const source: CorpusKnowledgeSource = {
    fingerprint: async () => (calls.fingerprint++, version),
    namings: async () => (calls.namings++, [{ slug: 'texas', name: 'Texas', lawName: 'Texas Public Information Act' }]),
    codeNames: async () => [],
    statuteJurisdictions: async () => ['texas'],
    statuteLabels: async () => (calls.labels++, [{ id: 'sec:texas:552.301', label: '552.301', citation: null }]),
    termStatistics: async () => (calls.stats++, { documents: 1, averageLength: 1, frequency: new Map() }),
    exemptionCategoryKeys: async () => ['personal_privacy'],
  };
  return { source, calls, bump: () => (version = 'v2') };
}

describe('corpus knowledge', () => {
  it('loads once per corpus version, labels and statistics on first use', async () => {
    const { source, calls, bump } = fakeSource();
    let now = 0;
    const knowledge = createCorpusKnowledge(source, { recheckMs: 1000, now: () => now });
    const [a, b] = await Promise.all([knowledge.current(), knowledge.current()]);
    expect(a).toBe(b);
    expect(calls).toEqual({ fingerprint: 1, namings: 1, labels: 0, stats: 0 });
    expect((await a.labelsOf('texas'))!.idByLabel.get('552.301')).toBe('sec:texas:552.301');
    await a.labelsOf('texas');
    expect(await a.labelsOf('ohio')).toBeNull();
    await a.statistics();
    await a.statistics();
    expect(calls).toMatchObject({ labels: 1, stats: 1 });

    now = 500;
    expect(await knowledge.current()).toBe(a);
    now = 1500;
    expect(await knowledge.current()).toBe(a); // rechecked, unchanged
    expect(calls).toMatchObject({ fingerprint: 2, namings: 1 });

    bump();
    now = 3000;
    const c = await knowledge.current();
    expect(c).not.toBe(a);
    expect(c.fingerprint).toBe('v2');
    expect(calls.namings).toBe(2);
  });

  it('tries again after a failed load', async () => {
    const { source } = fakeSource();
    let fail = true;
    const flaky = { ...source, namings: async () => (fail ? Promise.reject(new Error('db down')) : source.namings()) };
    const knowledge = createCorpusKnowledge(flaky, { recheckMs: 1000, now: () => 0 });
    await expect(knowledge.current()).rejects.toThrow('db down');
    fail = false;
    expect((await knowledge.current()).slugs).toEqual(['texas']);
  });
});
