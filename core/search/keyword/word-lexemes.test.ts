import { describe, expect, it } from 'vitest';
import { createWordLexemes } from './word-lexemes.js';

/** A fake Postgres: stems by dropping a final "s", "the" a stop word; counts what it is asked. */
function fake(maxWords?: number) {
  const asked = { texts: [] as string[], words: [] as string[][] };
  const stem = (w: string) => (w === 'the' ? [] : w === 'twoword' ? ['two', 'word'] : [w.replace(/s$/, '')]);
  const lexemes = createWordLexemes({
    async lexemesOf(text) {
      asked.texts.push(text);
      return [...new Set(text.toLowerCase().split(/[^a-z]+/).filter(Boolean).flatMap(stem))];
    },
    async lexemesOfWords(words) {
      asked.words.push(words);
      return new Map(words.map((w) => [w, stem(w)]));
    },
    ...(maxWords ? { maxWords } : {}),
  });
  return { lexemes, asked };
}

describe('createWordLexemes', () => {
  it('learns each new word once, then reads plain questions without asking', async () => {
    const { lexemes, asked } = fake();
    expect(await lexemes('The fees, and the FEES?')).toEqual(['fee', 'and']);
    expect(asked.words).toEqual([['the', 'fees', 'and']]);
    expect(await lexemes('fees and records')).toEqual(['fee', 'and', 'record']);
    expect(asked.words).toEqual([['the', 'fees', 'and'], ['records']]);
    expect(await lexemes('records fees')).toEqual(['record', 'fee']);
    expect(asked.words.length).toBe(2);
    expect(asked.texts).toEqual([]);
  });

  it('sends Postgres the whole text when it holds more than plain words, or a word is not one stem', async () => {
    const { lexemes, asked } = fake();
    for (const t of ['§ 552.108', 'U.S. records', 'open-records', "agency's", 'twoword fees']) await lexemes(t);
    expect(asked.texts).toEqual(['§ 552.108', 'U.S. records', 'open-records', "agency's", 'twoword fees']);
  });

  it('forgets the oldest words beyond its size', async () => {
    const { lexemes, asked } = fake(2);
    await lexemes('alpha beta');
    await lexemes('gamma');
    await lexemes('alpha');
    expect(asked.words).toEqual([['alpha', 'beta'], ['gamma'], ['alpha']]);
  });
});
