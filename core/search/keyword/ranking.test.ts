import { describe, expect, it } from 'vitest';
import { idf, orQuery, planTerms, tsqueryOperand, type TermStatistics } from './ranking.js';

const stats: TermStatistics = {
  documents: 1000,
  averageLength: 40,
  frequency: new Map([
    ['record', 900],
    ['public', 700],
    ['deadlin', 30],
    ['appeal', 60],
    ['fee', 120],
  ]),
};

describe('idf', () => {
  it('is larger for rarer terms and never negative', () => {
    expect(idf(1, 1000)).toBeGreaterThan(idf(100, 1000));
    expect(idf(1000, 1000)).toBeGreaterThan(0);
  });
});

describe('planTerms', () => {
  it('scores every known lexeme once and selects candidates by the rarer ones', () => {
    const plan = planTerms(['public', 'record', 'deadlin', 'unknownword', 'deadlin', 'fee'], stats, 0.1);
    expect(plan.scoring.map((t) => t.lexeme)).toEqual(['public', 'record', 'deadlin', 'fee']);
    expect(plan.matching).toEqual(['deadlin']);
    expect(plan.scoring.find((t) => t.lexeme === 'deadlin')!.idf).toBeGreaterThan(plan.scoring.find((t) => t.lexeme === 'record')!.idf);
  });

  it('falls back to the rarest term when every term is common', () => {
    expect(planTerms(['record', 'public'], stats, 0.1).matching).toEqual(['public']);
  });

  it('adds expansion terms at their weight, matching by them too, without doubling a term the query has', () => {
    const plan = planTerms(['public', 'record'], stats, 0.1, { lexemes: ['appeal', 'record', 'zzz'], weight: 0.5 });
    expect(plan.scoring.map((t) => t.lexeme)).toEqual(['public', 'record', 'appeal']);
    expect(plan.scoring[2]!.idf).toBeCloseTo(idf(60, 1000) * 0.5);
    expect(plan.scoring[1]!.idf).toBeCloseTo(idf(900, 1000));
    expect(plan.matching).toEqual(['appeal']);
  });

  it('has nothing to match when the corpus knows no term', () => {
    expect(planTerms(['zzz'], stats, 0.1)).toEqual({ scoring: [], matching: [] });
  });
});

describe('tsquery text', () => {
  it('quotes lexemes and escapes quotes and backslashes', () => {
    expect(tsqueryOperand("o'brien")).toBe("'o''brien'");
    expect(tsqueryOperand('a\\b')).toBe("'a\\\\b'");
    expect(orQuery(['fee', '552.301'])).toBe("'fee' | '552.301'");
  });
});
