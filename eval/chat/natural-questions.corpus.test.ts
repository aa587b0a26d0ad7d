import { describe, expect, it } from 'vitest';
import { corpusDir } from '../../test/support/corpus-dir.js';
import { readNaturalQuestions } from './natural-question-set.js';
import { checkNaturalSources } from './natural-sources.js';

describe('natural-questions.json against the corpus', () => {
  it('names statute nodes that exist and quotes them verbatim', async () => {
    const problems = await checkNaturalSources(readNaturalQuestions(), corpusDir());
    expect(problems.map((p) => p.message)).toEqual([]);
  });
});
