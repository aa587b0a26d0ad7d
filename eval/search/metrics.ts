/**
 * Ranking metrics over graded relevance (grades 1–3): recall@k, reciprocal rank and nDCG@k.
 * Recall is divided by min(k, number of relevant records): a question that several states
 * answer can have more relevant records than fit in a page, and a perfect page should score 1.
 */

/** Relevant record ids of one question, with their grades (3 answers it, 2 helps, 1 related). */
export type Judgements = Readonly<Record<string, number>>;

/** Share of the relevant records (at most k of them) found in the first k results. */
export function recallAt(k: number, ranked: readonly string[], relevant: Judgements): number {
  const total = Object.keys(relevant).length;
  if (total === 0) return 0;
  const found = ranked.slice(0, k).filter((id) => (relevant[id] ?? 0) > 0).length;
  return found / Math.min(k, total);
}

/** 1 / rank of the first relevant result within the first k, 0 when there is none. */
export function reciprocalRankAt(k: number, ranked: readonly string[], relevant: Judgements): number {
  const i = ranked.slice(0, k).findIndex((id) => (relevant[id] ?? 0) > 0);
  return i < 0 ? 0 : 1 / (i + 1);
}

function dcg(grades: readonly number[]): number {
  return grades.reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
}

/** Normalised discounted cumulative gain of the first k results (gain 2^grade − 1). */
export function ndcgAt(k: number, ranked: readonly string[], relevant: Judgements): number {
  const ideal = dcg(Object.values(relevant).sort((a, b) => b - a).slice(0, k));
  if (ideal === 0) return 0;
  return dcg(ranked.slice(0, k).map((id) => relevant[id] ?? 0)) / ideal;
}

/** Mean of each metric over questions. */
export interface MetricSummary {
  recall: number;
  mrr: number;
  ndcg: number;
  questions: number;
}

/** Averages recall@k, MRR@k and nDCG@k over (ranking, judgements) pairs. */
export function summarize(k: number, runs: ReadonlyArray<{ ranked: readonly string[]; relevant: Judgements }>): MetricSummary {
  const n = runs.length || 1;
  const sum = (f: (r: (typeof runs)[number]) => number) => runs.reduce((s, r) => s + f(r), 0) / n;
  return {
    recall: sum((r) => recallAt(k, r.ranked, r.relevant)),
    mrr: sum((r) => reciprocalRankAt(k, r.ranked, r.relevant)),
    ndcg: sum((r) => ndcgAt(k, r.ranked, r.relevant)),
    questions: runs.length,
  };
}
