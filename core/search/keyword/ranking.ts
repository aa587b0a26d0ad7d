/**
 * How the keyword side ranks: BM25-style scoring over Postgres' weighted tsvectors. Postgres
 * has no BM25, and its ts_rank/ts_rank_cd know nothing of how rare a term is, so a question
 * full of common words ("public records request agency") ranks by those words. We keep
 * the corpus' term statistics (ts_stat: records per lexeme, the average record length) and
 * score each record as Σ idf(term) × ts_rank(weights, record, term), ts_rank of a single
 * term being a saturating function of its weighted frequency (as BM25's tf part is),
 * divided by BM25's length pivot 1 − b + b·len/avglen. `rank_cd` (plain ts_rank_cd over the
 * OR of the terms, with normalization flags) is kept for comparison; see eval/search.
 */

export type RankingFunction = 'bm25' | 'rank_cd';

/** Knobs of the keyword ranking. */
export interface RankingOptions {
  fn: RankingFunction;
  /** ts_rank weights of D, C (body text), B (heading, title, label) and A (citation). */
  weights: [number, number, number, number];
  /** Length normalisation strength (bm25): 0 none, 1 proportional to length. */
  b: number;
  /** ts_rank_cd normalization bit mask (rank_cd): 1 = divide by 1 + log(length), 32 = rank/(rank+1). */
  normalization: number;
  /**
   * Terms found in more than this share of records still score but do not select
   * candidates: a record matching only "public" and "records" cannot rank anyway, and
   * leaving such terms out of the index probe keeps the candidate set small.
   */
  maxMatchShare: number;
}

/** Tuned on eval/search/queries.json: headings count as much as citations, body text about half. */
export const DEFAULT_RANKING: RankingOptions = {
  fn: 'bm25',
  weights: [0.1, 0.45, 1.0, 1.0],
  b: 0.3,
  normalization: 1,
  maxMatchShare: 0.08,
};

/** Statistics of the indexed records, from ts_stat. */
export interface TermStatistics {
  /** Number of records (sections, rights and exemptions). */
  documents: number;
  /** Average number of distinct lexemes per record. */
  averageLength: number;
  /** Number of records each lexeme occurs in. */
  frequency: ReadonlyMap<string, number>;
}

/** A query term with its inverse document frequency. */
export interface WeightedTerm {
  lexeme: string;
  idf: number;
}

/** BM25's idf (the "plus one" form, never negative). */
export function idf(documentFrequency: number, documents: number): number {
  return Math.log(1 + (documents - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** Terms added to a query's own (the law's words for its everyday ones), scored at `weight` × their idf. */
export interface Expansion {
  lexemes: readonly string[];
  weight: number;
}

/** The terms to score (those the corpus has) and the rarer ones that select candidates. */
export interface TermPlan {
  scoring: WeightedTerm[];
  matching: string[];
}

/**
 * Scores every known query lexeme (and expansion lexeme, at its weight); selects candidates
 * by those no more common than `maxMatchShare`, or by the rarest one when all are common.
 */
export function planTerms(lexemes: readonly string[], stats: TermStatistics, maxMatchShare: number, expansion?: Expansion): TermPlan {
  const asked = [...new Set(lexemes)].filter((l) => (stats.frequency.get(l) ?? 0) > 0);
  const added = [...new Set(expansion?.lexemes ?? [])].filter((l) => !asked.includes(l) && (stats.frequency.get(l) ?? 0) > 0);
  const known = [...asked, ...added];
  const scoring = known.map((lexeme) => ({
    lexeme,
    idf: idf(stats.frequency.get(lexeme)!, stats.documents) * (added.includes(lexeme) ? expansion!.weight : 1),
  }));
  const limit = maxMatchShare * stats.documents;
  let matching = known.filter((l) => stats.frequency.get(l)! <= limit);
  if (matching.length === 0 && known.length > 0) {
    matching = [known.reduce((a, b) => (stats.frequency.get(a)! <= stats.frequency.get(b)! ? a : b))];
  }
  return { scoring, matching };
}

/** One lexeme as a tsquery operand: quoted, with quotes and backslashes escaped. */
export function tsqueryOperand(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** The OR of lexemes as tsquery text (already normalised, so cast with ::tsquery, not to_tsquery). */
export function orQuery(lexemes: readonly string[]): string {
  return lexemes.map(tsqueryOperand).join(' | ');
}
