import type { CitedSection } from '../query-understanding/citation-resolution.js';
import type { CorpusKnowledge, CorpusSnapshot } from '../query-understanding/corpus-knowledge.js';
import type { RankedRecord, SearchFilter } from '../search-contracts.js';
import type { KeywordStore, LinkedRecord, TextMatch } from './keyword-store.js';
import { planTerms, type Expansion, type RankingOptions } from './ranking.js';
import { buildTextIndex, type TextIndex } from './text-index.js';

/** Fewer text matches than this by the rarer terms alone, and every term selects candidates. */
const WIDEN_BELOW = 10;

/** One keyword search: the text to match, the sections it cites, the filter and depth. */
export interface KeywordSearchRequest {
  text: string;
  citations: readonly CitedSection[];
  filter: SearchFilter;
  k: number;
  /** Multiply the text scores of these jurisdictions' records. */
  boost?: { jurisdictions: string[]; factor: number };
  /** Lexemes to add to the query's own (query understanding's legal terms for its everyday words). */
  expansion?: Expansion;
}

/** A keyword hit: a cited section (or a record resting on it) is pinned above text matches. */
export interface KeywordHit extends RankedRecord {
  match: 'citation' | 'text';
}

/** The keyword side of hybrid search. */
export interface KeywordSearch {
  search(request: KeywordSearchRequest): Promise<KeywordHit[]>;
  /**
   * Resolves once the current corpus' scores are held in memory (text-index.ts), or at once
   * when they are not kept there; searches before that are scored by Postgres, with the same results.
   */
  ready(): Promise<void>;
}

function allowed(filter: SearchFilter, r: { type: RankedRecord['type']; jurisdiction: string; category?: string }): boolean {
  if (filter.jurisdictions?.length && !filter.jurisdictions.includes(r.jurisdiction)) return false;
  if (filter.types?.length && !filter.types.includes(r.type)) return false;
  if (filter.categories?.length && !(r.category !== undefined && filter.categories.includes(r.category))) return false;
  return true;
}

/** The cited sections, each followed by the exemptions and rights that rest on it, as the filter allows. */
function citedRecords(citations: readonly CitedSection[], linked: LinkedRecord[], filter: SearchFilter): Omit<TextMatch, 'score'>[] {
  const out: Omit<TextMatch, 'score'>[] = [];
  for (const c of citations) {
    const section = { recordId: c.sectionId, type: 'statute_section' as const, jurisdiction: c.jurisdiction };
    if (allowed(filter, section)) out.push(section);
    for (const l of linked.filter((x) => x.sectionId === c.sectionId)) if (allowed(filter, l)) out.push(l);
  }
  return out.filter((r, i) => out.findIndex((o) => o.recordId === r.recordId) === i);
}

/**
 * Keyword search over Postgres: sections the query cites first (exactly resolved ones
 * before ancestors), then weighted full-text matches ranked as `ranking` says.
 */
export function createKeywordSearch(deps: {
  store: KeywordStore;
  knowledge: CorpusKnowledge;
  ranking: RankingOptions;
  /** Score in memory once the corpus' postings are read (default), or always in Postgres. */
  inMemory?: boolean;
}): KeywordSearch {
  const { store, knowledge, ranking } = deps;
  const inMemory = (deps.inMemory ?? true) && store.indexedRecords !== undefined && ranking.fn === 'bm25';
  // One index per corpus version, read in the background on the version's first search;
  // if reading fails, Postgres goes on scoring and the next corpus version (or a restart) tries again.
  const indexes = new WeakMap<CorpusSnapshot, { built: Promise<void>; index: TextIndex | null }>();
  const indexOf = (corpus: CorpusSnapshot) => {
    let entry = indexes.get(corpus);
    if (!entry) {
      const created: { built: Promise<void>; index: TextIndex | null } = { built: Promise.resolve(), index: null };
      created.built = store.indexedRecords!(ranking.weights).then(
        (records) => void (created.index = buildTextIndex(records, ranking.weights)),
        () => undefined,
      );
      indexes.set(corpus, (entry = created));
    }
    return entry;
  };

  const textMatches = async (r: KeywordSearchRequest, limit: number): Promise<TextMatch[]> => {
    const [corpus, lexemes] = await Promise.all([knowledge.current(), store.lexemes(r.text)]);
    if (lexemes.length === 0) return [];
    const stats = await corpus.statistics();
    const plan = planTerms(lexemes, stats, ranking.maxMatchShare, r.expansion);
    const index = inMemory ? indexOf(corpus).index : null;
    const run = async (matching: string[]) => {
      const request = { scoring: plan.scoring, matching, filter: r.filter, limit, ranking, averageLength: stats.averageLength, boost: r.boost };
      return index ? index.fullText(request) : store.fullText(request);
    };
    const found = await run(plan.matching);
    // The rarer terms may be absent from what the filter leaves: when they fill less than a
    // page, the common ones select too (deeper pages are rarely read; a second query is not cheap).
    if (found.length >= Math.min(limit, WIDEN_BELOW) || plan.matching.length === plan.scoring.length) return found;
    return run(plan.scoring.map((t) => t.lexeme));
  };

  return {
    async ready() {
      if (inMemory) await indexOf(await knowledge.current()).built;
    },
    async search(r) {
      const cited = [...r.citations].sort((a, b) => Number(b.exact) - Number(a.exact));
      const [linked, text] = await Promise.all([
        store.linkedRecords(cited.map((c) => c.sectionId)),
        textMatches(r, r.k + cited.length),
      ]);
      const pinned = citedRecords(cited, linked, r.filter);
      const scoreOf = new Map(text.map((t) => [t.recordId, t.score]));
      const hits: KeywordHit[] = pinned.map((p) => ({ ...p, score: scoreOf.get(p.recordId) ?? 0, rank: 0, match: 'citation' }));
      const seen = new Set(hits.map((h) => h.recordId));
      for (const t of text) if (!seen.has(t.recordId)) hits.push({ ...t, rank: 0, match: 'text' });
      return hits.slice(0, r.k).map((h, i) => ({ ...h, rank: i + 1 }));
    },
  };
}
