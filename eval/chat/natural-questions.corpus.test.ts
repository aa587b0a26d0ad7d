import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir } from '../../test/support/corpus-dir.js';
import { readNaturalQuestions } from './natural-question-set.js';
import { checkNaturalSources } from './natural-sources.js';

/** The tuning set and every held-out set beside it (natural-holdout.json, natural-holdout-2.json …). */
const SETS = fs.readdirSync(import.meta.dirname).filter((f) => /^natural-(?:questions|holdout(?:-\d+)?)\.json$/.test(f)).sort();

describe('the natural question sets', () => {
  it('are all found', () => {
    expect(SETS.length).toBeGreaterThanOrEqual(9);
  });
});

describe.each(SETS)('%s against the corpus', (file) => {
  it('names statute nodes that exist and quotes them verbatim', async () => {
    const problems = await checkNaturalSources(readNaturalQuestions(path.join(import.meta.dirname, file)), corpusDir());
    expect(problems.map((p) => p.message)).toEqual([]);
  });
});
