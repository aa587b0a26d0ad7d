/**
 * Search quality over the labelled questions of eval/search/queries.json: recall@10, MRR@10
 * and nDCG@10 of keyword-only, vector-only and hybrid search, through the real search
 * service (query understanding, citation lookup, fusion) over a freshly ingested database.
 *
 *   npx tsx eval/search/evaluate.ts                       # fresh database, dropped afterwards
 *   npx tsx eval/search/evaluate.ts --database-url <url>  # an already ingested database
 *   npx tsx eval/search/evaluate.ts --variants            # also compare ranking functions and policies
 *   npx tsx eval/search/evaluate.ts --by-topic            # nDCG@10 per topic
 *   npx tsx eval/search/evaluate.ts --modes keyword       # some modes only
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createSearch } from '../../core/search/create-search.js';
import { DEFAULT_RANKING, type RankingOptions } from '../../core/search/keyword/ranking.js';
import type { VectorSearch } from '../../core/search/search-contracts.js';
import type { SearchMode, SearchOptions } from '../../core/search/search-service.js';
import { createPgTransparencyStore } from '../../core/transparency/transparency-store.js';
import { databaseNameOf, freshDatabaseName, ingestedDatabase, type IngestedDatabase } from './ingested-database.js';
import { summarize, ndcgAt, type Judgements, type MetricSummary } from './metrics.js';
import { indexingFor, searchOptionsFromEnv, vectorSearchOver } from './search-setup.js';

interface LabelledQuestion {
  id: string;
  query: string;
  topic: string;
  relevant: Judgements;
  /** The file it comes from (queries.json, queries-everyday.json). */
  set: string;
}

/** The labelled sets: the first questions, and everyday-language and subsection questions labelled later from the statute text. */
const QUESTION_FILES = ['queries.json', 'queries-everyday.json'];

interface Variant {
  name: string;
  mode: SearchMode;
  options: SearchOptions;
  ranking: RankingOptions;
  /** Score the keyword side in Postgres rather than in memory (the same results, at more cost). */
  inPostgres?: boolean;
}

const K = 10;

function loadQuestions(): LabelledQuestion[] {
  return QUESTION_FILES.flatMap((name) => {
    const file = new URL(`./${name}`, import.meta.url);
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { queries: Array<Omit<LabelledQuestion, 'set'>> }).queries.map((q) => ({ ...q, set: name }));
  });
}

async function rankAll(database: IngestedDatabase, vector: VectorSearch | null, v: Variant, questions: LabelledQuestion[]) {
  const { search, keywordReady } = createSearch({
    db: database.db,
    transparency: createPgTransparencyStore(database.db),
    vector,
    options: v.options,
    ranking: v.ranking,
    keywordInMemory: !v.inPostgres,
  });
  await keywordReady();
  const runs = [];
  const started = performance.now();
  for (const q of questions) {
    const result = await search.search({ query: q.query, limit: K, mode: v.mode });
    runs.push({ question: q, ranked: result.data.map((h) => h.id), relevant: q.relevant, total: result.total });
  }
  return { runs, msPerQuery: (performance.now() - started) / questions.length };
}

function row(name: string, m: MetricSummary, ms: number): string {
  const f = (x: number) => x.toFixed(3).padStart(9);
  return `${name.padEnd(34)}${f(m.recall)}${f(m.mrr)}${f(m.ndcg)}${ms.toFixed(1).padStart(10)}`;
}

function variants(base: SearchOptions, modes: SearchMode[], compare: boolean): Variant[] {
  const vectorAvailable = modes.includes('vector');
  const out: Variant[] = modes.map((mode) => ({ name: mode, mode, options: base, ranking: DEFAULT_RANKING }));
  if (!compare) return out;
  const boost = { ...base, jurisdictionPolicy: 'boost' as const };
  out.push(
    { name: 'keyword, ts_rank_cd (norm 1)', mode: 'keyword', options: base, ranking: { ...DEFAULT_RANKING, fn: 'rank_cd', normalization: 1 } },
    { name: 'keyword, ts_rank_cd (norm 32)', mode: 'keyword', options: base, ranking: { ...DEFAULT_RANKING, fn: 'rank_cd', normalization: 32 } },
    { name: 'keyword, scored in Postgres', mode: 'keyword', options: base, ranking: DEFAULT_RANKING, inPostgres: true },
    { name: 'keyword, bm25 b=0', mode: 'keyword', options: base, ranking: { ...DEFAULT_RANKING, b: 0 } },
    { name: 'keyword, bm25 all terms match', mode: 'keyword', options: base, ranking: { ...DEFAULT_RANKING, maxMatchShare: 1 } },
    { name: 'keyword, jurisdiction boost', mode: 'keyword', options: boost, ranking: DEFAULT_RANKING },
  );
  if (vectorAvailable) out.push({ name: 'hybrid, jurisdiction boost', mode: 'hybrid', options: boost, ranking: DEFAULT_RANKING });
  if (vectorAvailable) out.push({ name: 'hybrid, asked rights not moved up', mode: 'hybrid', options: { ...base, askedRightBoost: 1 }, ranking: DEFAULT_RANKING });
  if (vectorAvailable) out.push({ name: 'hybrid, asked rights ×3', mode: 'hybrid', options: { ...base, askedRightBoost: 3 }, ranking: DEFAULT_RANKING });
  return out;
}

function printByTopic(results: Array<{ name: string; runs: Array<{ question: LabelledQuestion; ranked: string[]; relevant: Judgements }> }>): void {
  const topics = [...new Set(results[0]!.runs.map((r) => r.question.topic))].sort();
  console.log(`\nnDCG@${K} by topic${' '.repeat(14)}${results.map((r) => r.name.slice(0, 10).padStart(11)).join('')}`);
  for (const topic of topics) {
    const cells = results.map((r) => {
      const runs = r.runs.filter((x) => x.question.topic === topic);
      return (runs.reduce((s, x) => s + ndcgAt(K, x.ranked, x.relevant), 0) / runs.length).toFixed(3).padStart(11);
    });
    const n = results[0]!.runs.filter((x) => x.question.topic === topic).length;
    console.log(`${`${topic} (${n})`.padEnd(32)}${cells.join('')}`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      keep: { type: 'string' },
      variants: { type: 'boolean', default: false },
      'by-topic': { type: 'boolean', default: false },
      modes: { type: 'string', default: 'keyword,vector,hybrid' },
    },
  });
  const questions = loadQuestions();
  const reuseUrl = values['database-url'];
  const name = reuseUrl ? databaseNameOf(reuseUrl) : (values.keep ?? freshDatabaseName());
  const indexing = indexingFor(name);
  const database = await ingestedDatabase({ reuseUrl, name, keep: values.keep !== undefined, indexing });
  try {
    if (database.ingestSeconds > 0) console.log(`ingested and indexed the corpus into a fresh database in ${database.ingestSeconds.toFixed(1)} s`);
    const vector = vectorSearchOver(indexing);
    const options = searchOptionsFromEnv();
    console.log(`${questions.length} questions; vector side: ${indexing.description}`);
    console.log(`fusion: k=${options.rrfK}, weights keyword=${options.weights.keyword} vector=${options.weights.vector}; jurisdiction named in the query: ${options.jurisdictionPolicy}\n`);
    console.log(`${'mode'.padEnd(34)}${'recall@10'.padStart(9)}${'MRR@10'.padStart(9)}${'nDCG@10'.padStart(9)}${'ms/query'.padStart(10)}`);
    const results = [];
    const modes = values.modes.split(',').map((m) => m.trim()) as SearchMode[];
    for (const v of variants(options, modes, values.variants)) {
      const { runs: all, msPerQuery } = await rankAll(database, vector, v, questions);
      // Questions the corpus cannot answer are not ranked; they are asked to match nothing.
      const runs = all.filter((r) => Object.keys(r.relevant).length > 0);
      const unanswerable = all.filter((r) => Object.keys(r.relevant).length === 0);
      console.log(row(v.name, summarize(K, runs), msPerQuery));
      for (const set of QUESTION_FILES) {
        const part = runs.filter((r) => r.question.set === set);
        console.log(row(`  ${set} (${part.length})`, summarize(K, part), msPerQuery));
      }
      if (unanswerable.length > 0) {
        const silent = unanswerable.filter((r) => r.total === 0).length;
        console.log(`  unanswerable questions answered with no hits: ${silent} of ${unanswerable.length} (totals ${unanswerable.map((r) => r.total).join(', ')})`);
      }
      results.push({ name: v.name, runs: all });
    }
    const memory = results.find((r) => r.name === 'keyword');
    const postgres = results.find((r) => r.name === 'keyword, scored in Postgres');
    if (memory && postgres) {
      const differing = memory.runs.filter((r, i) => r.ranked.join() !== postgres.runs[i]!.ranked.join() || r.total !== postgres.runs[i]!.total);
      console.log(`\nkeyword side scored in memory and in Postgres: ${differing.length} of ${memory.runs.length} questions ranked differently`);
    }
    if (values['by-topic']) printByTopic(results.map((r) => ({ ...r, runs: r.runs.filter((x) => Object.keys(x.relevant).length > 0) })));
  } finally {
    await database.release();
    if (!reuseUrl && values.keep === undefined) indexing.discard();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
