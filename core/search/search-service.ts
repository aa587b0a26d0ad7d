import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ServiceUnavailableError, ValidationError, type FieldIssue } from '../errors/app-error.js';
import { decodeCursor, encodeCursor, type ListEnvelope } from '../http/list-envelope.js';
import { RIGHT_CATEGORIES } from '../transparency/right-categories.js';
import type { DocumentStore } from './documents/document-store.js';
import { WeightedRrfRetriever, type WeightedRetriever } from './fusion/rrf-retriever.js';
import { VectorRetriever } from './fusion/vector-retriever.js';
import type { ComponentRank, FusedRecord } from './fusion/weighted-rrf.js';
import { KeywordRetriever } from './keyword/keyword-retriever.js';
import type { KeywordSearch } from './keyword/keyword-search.js';
import type { CorpusKnowledge, CorpusSnapshot } from './query-understanding/corpus-knowledge.js';
import type { Expansion } from './keyword/ranking.js';
import { legalTerms } from './query-understanding/legal-terms.js';
import { rightCategoriesAsked } from './query-understanding/right-topics.js';
import { analyzeQuery, type QueryAnalysis } from './query-understanding/query-analysis.js';
import type { SearchDocType, SearchFilter, VectorSearch } from './search-contracts.js';

export type SearchMode = 'hybrid' | 'vector' | 'keyword';

/** A search as the API receives it (validated for shape by the router). */
export interface SearchRequest {
  query: string;
  limit: number;
  cursor?: string;
  filters?: SearchFilter;
  mode: SearchMode;
}

/** One hit of a search. */
export interface SearchHit {
  id: string;
  type: SearchDocType;
  jurisdiction: string;
  citation: string | null;
  title: string;
  snippet: string;
  /** The fused reciprocal-rank score (the order of the list). */
  score: number;
  components: { keyword: (ComponentRank & { match: 'citation' | 'text' }) | null; vector: ComponentRank | null };
  /** Where the hit comes from: always the law here (hits of the caller's collections come beside them). */
  source: { kind: 'law' };
}

/** How the query was read, so clients can show "searching Texas" or "§ 552.301 found". */
export interface SearchInterpretation {
  /** The mode that ran: hybrid runs keyword only when no vector index is configured or the vector side fails. */
  mode: SearchMode;
  jurisdictions: string[];
  /** Where the jurisdictions came from: the request's filter, the query's words, or neither. */
  jurisdictions_from: 'filter' | 'query' | null;
  citations: Array<{ input: string; section_id: string; exact: boolean }>;
}

export interface SearchResult extends ListEnvelope<SearchHit> {
  interpreted: SearchInterpretation;
}

/** Tuning of the hybrid search (from configuration). */
export interface SearchOptions {
  rrfK: number;
  weights: { keyword: number; vector: number };
  /** Depth of each side and of the fused list: the most hits a search can page through. */
  maxResults: number;
  /** What a jurisdiction named in the query does: restrict the search to it, or boost it. */
  jurisdictionPolicy: 'filter' | 'boost';
  /** Multiplier of fused scores in the named jurisdictions, for the boost policy. */
  boostFactor: number;
  /**
   * The relevance floor of the vector side (nearest neighbours always exist, however
   * unrelated): a record whose best chunk is less similar than `vectorFloor.hit` is no match,
   * and when even the best record is under `vectorFloor.best` the query is about nothing the
   * index holds and the side matches nothing. The keyword side matches only records that
   * contain the query's terms, so it needs no floor.
   */
  vectorFloor: { hit: number; best: number };
  /** Hybrid search multiplies the fused scores of rights of the kinds the question asks about by this (1: no change). */
  askedRightBoost: number;
}

/**
 * The floors for all-MiniLM-L6-v2, measured on the labelled questions and on questions about
 * nothing in the law (eval/search/README.md, "Relevance floor"). Another model needs its own.
 */
export const DEFAULT_VECTOR_FLOOR = { hit: 0.3, best: 0.4 };

/**
 * The options of a deployment: fusion from configuration; the rest measured on the labelled
 * questions (eval/search), where filtering on a named jurisdiction beat boosting it.
 */
export function searchOptionsFrom(config: {
  rrfK: number;
  weights: { keyword: number; vector: number };
  vectorFloor?: { hit?: number | undefined; best?: number | undefined };
}): SearchOptions {
  return {
    rrfK: config.rrfK,
    weights: { ...config.weights },
    maxResults: 100,
    jurisdictionPolicy: 'filter',
    boostFactor: 2,
    vectorFloor: { hit: config.vectorFloor?.hit ?? DEFAULT_VECTOR_FLOOR.hit, best: config.vectorFloor?.best ?? DEFAULT_VECTOR_FLOOR.best },
    askedRightBoost: 2,
  };
}

export interface SearchService {
  search(request: SearchRequest): Promise<SearchResult>;
}

export interface SearchServiceDeps {
  knowledge: CorpusKnowledge;
  keyword: KeywordSearch;
  /** The vector side; null until an index is configured (hybrid then runs keyword only). */
  vector: VectorSearch | null;
  documents: DocumentStore;
  options: SearchOptions;
  /** Told when hybrid search went on without the vector side (model missing, index unreachable). */
  onVectorFailure?: (err: unknown) => void;
}

const searchCursor = z.object({ o: z.number().int().min(0), h: z.string() });

/** Cursors belong to one query: reusing one with another query is a 400, not a random page. */
function requestHash(r: SearchRequest): string {
  return createHash('sha256').update(JSON.stringify([r.query, r.filters ?? {}, r.mode])).digest('base64url').slice(0, 12);
}

function checkFilters(filters: SearchFilter | undefined, corpus: CorpusSnapshot): void {
  const issues: FieldIssue[] = [];
  const check = (field: string, values: readonly string[] | undefined, known: readonly string[]) => {
    const unknown = (values ?? []).filter((v) => !known.includes(v));
    if (unknown.length > 0) {
      issues.push({ path: `body.filters.${field}`, message: `Unknown ${unknown.map((u) => `"${u}"`).join(', ')}; expected one of: ${known.join(', ')}` });
    }
  };
  check('jurisdictions', filters?.jurisdictions, corpus.slugs);
  check('categories', filters?.categories, [...RIGHT_CATEGORIES, ...corpus.exemptionCategories]);
  if (issues.length > 0) throw new ValidationError('Request validation failed', issues);
}

/** The filter and text each side gets, after reading the query. */
function plan(r: SearchRequest, a: QueryAnalysis, options: SearchOptions) {
  const given = r.filters?.jurisdictions?.length ? r.filters.jurisdictions : null;
  const named = given ? [] : a.named;
  const filtering = named.length > 0 && options.jurisdictionPolicy === 'filter';
  const filter: SearchFilter = { ...r.filters, ...(filtering ? { jurisdictions: named } : {}) };
  // Under the filter, the words naming the jurisdiction only add noise to matching.
  const text = filtering && /[A-Za-z0-9]/.test(a.rest) ? a.rest : r.query;
  const interpretation = {
    jurisdictions: given ?? named,
    jurisdictions_from: given ? ('filter' as const) : named.length > 0 ? ('query' as const) : null,
    citations: a.citations.map((c) => ({ input: c.input, section_id: c.sectionId, exact: c.exact })),
  };
  return { filter, text, boost: !filtering && named.length > 0 ? named : [], interpretation };
}

function boosted(fused: FusedRecord[], jurisdictions: string[], factor: number): FusedRecord[] {
  if (jurisdictions.length === 0) return fused;
  const scored = fused.map((f) => (jurisdictions.includes(f.jurisdiction) ? { ...f, score: f.score * factor } : f));
  return scored.sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.score - a.score);
}

/** A right's category, from its id (`<jurisdiction>:<category>:<name>`, as ingestion keys rights). */
export function rightCategoryOf(id: string): string | null {
  const parts = id.split(':');
  return parts.length === 3 ? parts[1]! : null;
}

/**
 * The rights of the kinds the question asks about ("how long" → timeliness) move up:
 * their fused score is multiplied by `factor`. Measured on the labelled questions
 * (eval/search/README.md): ×2 gave nDCG@10 0.584 → 0.612, ×3 0.618 but less on the
 * questions labelled from the statute text alone, whose answers are often sections.
 */
export function rightsAskedFirst(fused: FusedRecord[], categories: readonly string[], factor: number): FusedRecord[] {
  if (categories.length === 0 || factor === 1) return fused;
  const asked = (f: FusedRecord) => f.type === 'right' && categories.includes(rightCategoryOf(f.recordId) ?? '');
  const scored = fused.map((f) => (asked(f) ? { ...f, score: f.score * factor } : f));
  return scored.sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.score - a.score);
}

/** "sec:texas:552.108(c)" → "sec:texas:552.108"; null for a section with no subdivision in its label. */
export function parentSectionId(id: string): string | null {
  const m = /^(sec:[^:]+:[^:]+?)\([^()]*\)$/.exec(id);
  return m ? m[1]! : null;
}

/**
 * A subsection that matched is the precise answer, and its section the context a reader
 * needs next: when a subsection ranks above its own parent, the parent moves up to follow
 * it (the section of "basic information about an arrested person", § 552.108(c), then
 * § 552.108). Each parent moves once, after its best-ranked subsection.
 */
export function groupSectionFamilies(fused: FusedRecord[]): FusedRecord[] {
  const position = new Map(fused.map((f, i) => [f.recordId, i]));
  const moved = new Set<string>();
  const out: FusedRecord[] = [];
  for (const f of fused) {
    if (moved.has(f.recordId)) continue;
    out.push(f);
    if (f.type !== 'statute_section') continue;
    const parent = parentSectionId(f.recordId);
    const at = parent ? position.get(parent) : undefined;
    if (parent && at !== undefined && at > position.get(f.recordId)! && !moved.has(parent) && !f.pinned) {
      out.push(fused[at]!);
      moved.add(parent);
    }
  }
  return out;
}

const errorName = (err: unknown): string => (err instanceof Error ? err.name : 'Error');

/** Hybrid legal search: query understanding, both sides as retrievers, weighted RRF, hydrated hits. */
export function createSearchService(deps: SearchServiceDeps): SearchService {
  const { options } = deps;

  const retrievers = (mode: SearchMode, p: ReturnType<typeof plan>, a: QueryAnalysis, expansion: Expansion | undefined): WeightedRetriever[] => {
    const out: WeightedRetriever[] = [];
    if (mode !== 'vector') {
      const request = { citations: a.citations, filter: p.filter, k: options.maxResults, ...(expansion ? { expansion } : {}) };
      out.push({ side: 'keyword', weight: options.weights.keyword, retriever: new KeywordRetriever({ search: deps.keyword, request }) });
    }
    if (mode !== 'keyword' && deps.vector) {
      const retriever = new VectorRetriever({ vector: deps.vector, k: options.maxResults, filter: p.filter, floor: options.vectorFloor });
      out.push({ side: 'vector', weight: options.weights.vector, retriever, optional: mode === 'hybrid' });
    }
    return out;
  };

  return {
    async search(r) {
      if (r.mode === 'vector' && !deps.vector) throw new ServiceUnavailableError('Vector search is not configured on this server');
      const corpus = await deps.knowledge.current();
      checkFilters(r.filters, corpus);
      const hash = requestHash(r);
      const position = decodeCursor(r.cursor, searchCursor);
      if (position && position.h !== hash) throw new ValidationError('Invalid cursor', [{ path: 'body.cursor', message: 'The cursor belongs to another search' }]);
      const offset = position?.o ?? 0;

      const analysis = await analyzeQuery(r.query, corpus, r.filters?.jurisdictions);
      const p = plan(r, analysis, options);
      let mode: SearchMode = r.mode === 'hybrid' && !deps.vector ? 'keyword' : r.mode;
      const onSkipped = (_side: string, err: unknown) => {
        mode = 'keyword';
        deps.onVectorFailure?.(err);
      };
      const expansion = await legalTerms(p.text, corpus);
      const fusion = new WeightedRrfRetriever({ retrievers: retrievers(mode, p, analysis, expansion), k: options.rrfK, onSkipped });
      const docs = await fusion.invoke(p.text).catch((err: unknown) => {
        if (mode === 'vector') throw new ServiceUnavailableError('Vector search failed; try mode "keyword"', { cause: errorName(err) });
        throw err;
      });
      let ranked = boosted(docs.map((d) => d.metadata), p.boost, options.boostFactor);
      if (mode === 'hybrid') ranked = rightsAskedFirst(ranked, rightCategoriesAsked(p.text), options.askedRightBoost);
      const fused = groupSectionFamilies(ranked).slice(0, options.maxResults);

      const page = fused.slice(offset, offset + r.limit);
      const summaries = await deps.documents.summaries(page.map((f) => f.recordId), p.text);
      const data = page.flatMap((f): SearchHit[] => {
        const s = summaries.get(f.recordId);
        if (!s) return []; // removed by a re-ingestion between ranking and reading
        // Only the keyword side pins, and only citation matches.
        const keyword = f.components.keyword ? { ...f.components.keyword, match: f.pinned ? ('citation' as const) : ('text' as const) } : null;
        return [{ id: f.recordId, type: f.type, jurisdiction: f.jurisdiction, citation: s.citation, title: s.title, snippet: s.snippet, score: f.score, components: { keyword, vector: f.components.vector }, source: { kind: 'law' } }];
      });
      const next = offset + r.limit < fused.length ? encodeCursor({ o: offset + r.limit, h: hash }) : null;
      // Every fused record matched: the keyword side lists only records with the query's terms,
      // the vector side only those above its floor. So `total` counts matches (up to the depth
      // a search pages through), and a query that matches nothing says so with 0.
      return { data, total: fused.length, next_cursor: next, interpreted: { mode, ...p.interpretation } };
    },
  };
}
