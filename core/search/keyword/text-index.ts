/**
 * The keyword side's scoring held in memory. Postgres scores a broad question by running
 * ts_rank over the tsvector of every candidate record, once per query term: about three
 * milliseconds of its CPU for each search, most of a keyword search's cost. A record's
 * ts_rank for a single term depends only on that record and that term, so it is read once
 * per corpus version (Postgres computes it, with the ranking's weights) into postings — for
 * each lexeme, the records holding it and their ts_rank — and a search adds them up here.
 *
 * The scores and the order are Postgres' own: the same float4 ts_rank values, the same
 * float8 sums in the same term order, the same length pivot, and ties broken by the
 * database's order of the ids. `keyword-store.ts` keeps the SQL; this serves the same
 * requests (`FullTextRequest`) with the same answers (checked in text-index.int.test.ts
 * and over the labelled questions, eval/search).
 */
import { SEARCH_DOC_TYPES, type SearchDocType } from '../search-contracts.js';
import type { FullTextRequest, TextMatch } from './keyword-store.js';

/** One searchable record as the index reads it, in the database's order of ids. */
export interface IndexedRecord {
  id: string;
  type: SearchDocType;
  jurisdiction: string;
  /** The category of a right or exemption; null for sections. */
  category: string | null;
  /** Distinct lexemes of its tsvector (Postgres' `length(search)`). */
  length: number;
  lexemes: readonly string[];
  /** ts_rank(weights, search, lexeme) for each of `lexemes`, as float4 values. */
  ranks: readonly number[];
}

interface Postings {
  records: Int32Array;
  ranks: Float64Array;
}

/** Scores full-text requests from postings in memory (ranked with the weights it was built with; others go to Postgres). */
export interface TextIndex {
  readonly records: number;
  readonly postings: number;
  fullText(request: FullTextRequest): TextMatch[];
}

const NO_POSTINGS: Postings = { records: new Int32Array(0), ranks: new Float64Array(0) };

/** Builds the postings of records given in the database's order of their ids. */
export function buildTextIndex(records: readonly IndexedRecord[], weights: readonly number[]): TextIndex {
  const lists = new Map<string, { records: number[]; ranks: number[] }>();
  records.forEach((r, at) => {
    r.lexemes.forEach((lexeme, i) => {
      let list = lists.get(lexeme);
      if (!list) lists.set(lexeme, (list = { records: [], ranks: [] }));
      list.records.push(at);
      list.ranks.push(r.ranks[i]!);
    });
  });
  const postings = new Map<string, Postings>();
  let count = 0;
  for (const [lexeme, list] of lists) {
    postings.set(lexeme, { records: Int32Array.from(list.records), ranks: Float64Array.from(list.ranks) });
    count += list.records.length;
  }
  const ids = records.map((r) => r.id);
  const types = records.map((r) => r.type);
  const jurisdictions = records.map((r) => r.jurisdiction);
  const lengths = Float64Array.from(records.map((r) => r.length));
  // Filters compare small integers: each record's type, jurisdiction and category by code.
  const codes = (values: ReadonlyArray<string | null>) => {
    const known = new Map<string, number>();
    const of = Int32Array.from(values, (v) => (v === null ? -1 : (known.get(v) ?? known.set(v, known.size).get(v)!)));
    return { of, known };
  };
  const typeCodes = codes(types);
  const jurisdictionCodes = codes(jurisdictions);
  const categoryCodes = codes(records.map((r) => r.category));
  const allowedCodes = (c: { known: Map<string, number> }, wanted: readonly string[] | undefined): Uint8Array | null => {
    if (!wanted?.length) return null;
    const out = new Uint8Array(c.known.size);
    for (const w of wanted) if (c.known.has(w)) out[c.known.get(w)!] = 1;
    return out;
  };
  // Per-search scratch, reused: `stamp[i] === epoch` marks record i a candidate of this search.
  const stamp = new Uint32Array(records.length);
  const score = new Float64Array(records.length);
  let epoch = 0;

  /** Position of record `i` in a posting list (sorted by record), or -1. */
  const find = (list: Int32Array, i: number): number => {
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = list[mid]!;
      if (at === i) return mid;
      if (at < i) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  };

  return {
    records: records.length,
    postings: count,
    fullText(r) {
      if (r.ranking.fn !== 'bm25' || r.ranking.weights.some((w, i) => w !== weights[i])) {
        throw new Error('the index holds ts_rank under other weights; score this ranking in Postgres');
      }
      if (r.matching.length === 0 || r.scoring.length === 0) return [];
      const wantedTypes = r.filter.types?.length ? r.filter.types : SEARCH_DOC_TYPES;
      // With a category filter only rights and exemptions are searched (sections have none).
      const searched = r.filter.categories?.length ? wantedTypes.filter((t) => t === 'right' || t === 'exemption') : wantedTypes;
      if (searched.length === 0) return [];
      const typeOk = allowedCodes(typeCodes, searched)!;
      const jurisdictionOk = allowedCodes(jurisdictionCodes, r.filter.jurisdictions);
      const categoryOk = allowedCodes(categoryCodes, r.filter.categories);
      const allowed = (i: number): boolean => {
        if (typeOk[typeCodes.of[i]!] !== 1) return false;
        if (jurisdictionOk && jurisdictionOk[jurisdictionCodes.of[i]!] !== 1) return false;
        if (categoryOk && (categoryCodes.of[i]! < 0 || categoryOk[categoryCodes.of[i]!] !== 1)) return false;
        return true;
      };

      epoch = epoch === 0xffffffff ? 1 : epoch + 1;
      if (epoch === 1) stamp.fill(0);
      const candidates: number[] = [];
      for (const lexeme of r.matching) {
        const p = postings.get(lexeme) ?? NO_POSTINGS;
        for (let j = 0; j < p.records.length; j++) {
          const i = p.records[j]!;
          if (stamp[i] === epoch || !allowed(i)) continue;
          stamp[i] = epoch;
          score[i] = 0;
          candidates.push(i);
        }
      }
      if (candidates.length === 0) return [];
      // Σ idf × ts_rank in the request's term order, as the SQL sum adds them (a missing term
      // adds 0). A common term's long list is probed per candidate rather than walked.
      for (const term of r.scoring) {
        const p = postings.get(term.lexeme) ?? NO_POSTINGS;
        if (p.records.length > 16 * candidates.length) {
          for (const i of candidates) {
            const j = find(p.records, i);
            if (j >= 0) score[i] = score[i]! + term.idf * p.ranks[j]!;
          }
          continue;
        }
        for (let j = 0; j < p.records.length; j++) {
          const i = p.records[j]!;
          if (stamp[i] === epoch) score[i] = score[i]! + term.idf * p.ranks[j]!;
        }
      }
      const { b } = r.ranking;
      const boosted = allowedCodes(jurisdictionCodes, r.boost?.jurisdictions);
      const factor = r.boost?.factor ?? 1;
      const scored = candidates.map((i) => {
        let s = score[i]! / (1 - b + (b * lengths[i]!) / r.averageLength);
        if (boosted) s *= boosted[jurisdictionCodes.of[i]!] === 1 ? factor : 1;
        return { i, s };
      });
      scored.sort((x, y) => y.s - x.s || x.i - y.i);
      return scored.slice(0, r.limit).map(({ i, s }) => ({ recordId: ids[i]!, type: types[i]!, jurisdiction: jurisdictions[i]!, score: s }));
    },
  };
}
