import { describe, expect, it } from 'vitest';
import { corpusDir } from '../../test/support/corpus-dir.js';
import { NATURAL_HOLDOUT_2_PATH, NATURAL_HOLDOUT_3_PATH, NATURAL_HOLDOUT_4_PATH, NATURAL_HOLDOUT_5_PATH, NATURAL_HOLDOUT_6_PATH, NATURAL_HOLDOUT_PATH, NATURAL_QUESTIONS_PATH, readNaturalQuestions } from './natural-question-set.js';
import { checkNaturalSources } from './natural-sources.js';

describe.each([
  ['natural-questions.json', NATURAL_QUESTIONS_PATH],
  ['natural-holdout.json', NATURAL_HOLDOUT_PATH],
  ['natural-holdout-2.json', NATURAL_HOLDOUT_2_PATH],
  ['natural-holdout-3.json', NATURAL_HOLDOUT_3_PATH],
  ['natural-holdout-4.json', NATURAL_HOLDOUT_4_PATH],
  ['natural-holdout-5.json', NATURAL_HOLDOUT_5_PATH],
  ['natural-holdout-6.json', NATURAL_HOLDOUT_6_PATH],
])('%s against the corpus', (_name, file) => {
  it('names statute nodes that exist and quotes them verbatim', async () => {
    const problems = await checkNaturalSources(readNaturalQuestions(file), corpusDir());
    expect(problems.map((p) => p.message)).toEqual([]);
  });
});
