import type { Knex } from 'knex';
import { preparedRaw } from '../../db/prepared-query.js';
import { SEARCH_DOC_TYPES, type SearchDocType, type SearchFilter } from '../search-contracts.js';
import type { IndexedRecord } from './text-index.js';
import { createWordLexemes } from './word-lexemes.js';
import { orQuery, tsqueryOperand, type RankingOptions, type TermStatistics, type WeightedTerm } from './ranking.js';

/** A record the full-text query matched, with its score. */
export interface TextMatch {
  recordId: string;
  type: SearchDocType;
  jurisdiction: string;
  score: number;
}

/** What the keyword side asks Postgres. */
export interface FullTextRequest {
  scoring: WeightedTerm[];
  matching: string[];
  filter: SearchFilter;
  limit: number;
  ranking: RankingOptions;
  averageLength: number;
  /** Multiply the scores of these jurisdictions' records (a jurisdiction named in the query). */
  boost?: { jurisdictions: string[]; factor: number };
}

/** A right or exemption resting on a section. */
export interface LinkedRecord {
  recordId: string;
  type: 'right' | 'exemption';
  jurisdiction: string;
  sectionId: string;
  category: string;
}

/** The keyword side's reads of the law database. */
export interface KeywordStore {
  /** Lexemes of a text under the same configuration as the indexed records, in order. */
  lexemes(text: string): Promise<string[]>;
  termStatistics(): Promise<TermStatistics>;
  fullText(request: FullTextRequest): Promise<TextMatch[]>;
  /** Rights and exemptions whose section is one of these. */
  linkedRecords(sectionIds: string[]): Promise<LinkedRecord[]>;
  /** Every searchable record with its lexemes and their ts_rank under these weights, in the database's order of ids (text-index.ts). */
  indexedRecords?(weights: readonly number[]): Promise<IndexedRecord[]>;
}

const SECTION_KINDS: Record<string, SearchDocType> = { statute_text: 'statute_section', summary: 'summary', process_map: 'process_map' };

/** The union of the three searchable tables, each branch filtered, as SQL with its bindings. */
function candidates(filter: SearchFilter, matchQuery: string): { sql: string; bindings: Knex.RawBinding[] } {
  const types = new Set<SearchDocType>(filter.types?.length ? filter.types : SEARCH_DOC_TYPES);
  const branches: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  const common = (alias: string) => {
    bindings.push(matchQuery);
    let where = `${alias}.search @@ ?::tsquery`;
    if (filter.jurisdictions?.length) {
      where += ` AND ${alias}.jurisdiction = ANY(?)`;
      bindings.push(filter.jurisdictions);
    }
    return where;
  };
  const kinds = Object.keys(SECTION_KINDS).filter((k) => types.has(SECTION_KINDS[k]!));
  if (kinds.length > 0 && !filter.categories?.length) {
    const where = common('s');
    bindings.push(kinds);
    branches.push(`SELECT s.id, s.source_kind AS kind, s.jurisdiction, s.search FROM law_sections s WHERE ${where} AND s.source_kind = ANY(?)`);
  }
  for (const [table, alias, type] of [['rights', 'r', 'right'], ['exemptions', 'e', 'exemption']] as const) {
    if (!types.has(type)) continue;
    let where = common(alias);
    if (filter.categories?.length) {
      where += ` AND ${alias}.category = ANY(?)`;
      bindings.push(filter.categories);
    }
    branches.push(`SELECT ${alias}.id, '${type}' AS kind, ${alias}.jurisdiction, ${alias}.search FROM ${table} ${alias} WHERE ${where}`);
  }
  return { sql: branches.join(' UNION ALL '), bindings };
}

/** The score expression over `c.search`, with its bindings. */
function scoreExpression(r: FullTextRequest): { sql: string; bindings: Knex.RawBinding[] } {
  const weights = `'{${r.ranking.weights.join(',')}}'::float4[]`;
  if (r.ranking.fn === 'rank_cd') {
    return {
      sql: `ts_rank_cd(${weights}, c.search, ?::tsquery, ?::int)::float8`,
      bindings: [orQuery(r.scoring.map((t) => t.lexeme)), r.ranking.normalization],
    };
  }
  const terms = r.scoring.map(() => `?::float8 * ts_rank(${weights}, c.search, ?::tsquery, 0)`).join(' + ');
  return {
    sql: `((${terms}) / (1 - ?::float8 + ?::float8 * length(c.search) / ?::float8))`,
    bindings: [...r.scoring.flatMap((t) => [t.idf, tsqueryOperand(t.lexeme)]), r.ranking.b, r.ranking.b, r.averageLength],
  };
}

async function fullText(db: Knex, r: FullTextRequest): Promise<TextMatch[]> {
  if (r.matching.length === 0 || r.scoring.length === 0) return [];
  const from = candidates(r.filter, orQuery(r.matching));
  if (from.sql === '') return [];
  const score = scoreExpression(r);
  const boost = r.boost?.jurisdictions.length ? ' * CASE WHEN c.jurisdiction = ANY(?) THEN ?::float8 ELSE 1 END' : '';
  const boostBindings = boost ? [r.boost!.jurisdictions, r.boost!.factor] : [];
  const sql = `SELECT c.id, c.kind, c.jurisdiction, ${score.sql}${boost} AS score
    FROM (${from.sql}) c ORDER BY score DESC, c.id LIMIT ?`;
  const bindings = [...score.bindings, ...boostBindings, ...from.bindings, r.limit];
  // Prepared: planning this union of scored branches cost about as much as running it.
  const rows = await preparedRaw<{ id: string; kind: string; jurisdiction: string; score: number }>(db, sql, bindings);
  return rows.map((row) => ({
    recordId: row.id,
    type: SECTION_KINDS[row.kind] ?? (row.kind as SearchDocType),
    jurisdiction: row.jurisdiction,
    score: row.score,
  }));
}

const STAT_SOURCE = 'SELECT search FROM law_sections UNION ALL SELECT search FROM rights UNION ALL SELECT search FROM exemptions';

async function termStatistics(db: Knex): Promise<TermStatistics> {
  const [words, sizes] = await Promise.all([
    db.raw('SELECT word, ndoc FROM ts_stat(?)', [STAT_SOURCE]),
    db.raw(`SELECT count(*)::int AS documents, coalesce(avg(length(search)), 1)::float8 AS average FROM (${STAT_SOURCE}) x`),
  ]);
  const frequency = new Map<string, number>();
  for (const row of words.rows as Array<{ word: string; ndoc: number }>) frequency.set(row.word, Number(row.ndoc));
  const size = sizes.rows[0] as { documents: number; average: number };
  return { documents: size.documents, averageLength: size.average, frequency };
}

/**
 * Each record's lexemes with ts_rank of each alone, computed by Postgres under the ranking's
 * weights (the operand quoted as tsqueryOperand quotes it), ordered by id in the database's
 * collation, which breaks the SQL ranking's ties.
 */
const INDEXED_RECORDS_SQL = `SELECT c.id, c.kind, c.jurisdiction, c.category, length(c.search)::int AS length,
    coalesce(x.lexemes, '{}') AS lexemes, coalesce(x.ranks, '{}') AS ranks
  FROM (SELECT id, source_kind AS kind, jurisdiction, NULL::text AS category, search FROM law_sections
        UNION ALL SELECT id, 'right', jurisdiction, category, search FROM rights
        UNION ALL SELECT id, 'exemption', jurisdiction, category, search FROM exemptions) c
  CROSS JOIN LATERAL (
    SELECT array_agg(u.lexeme) AS lexemes,
      array_agg(ts_rank(?::float4[], c.search, ('''' || replace(replace(u.lexeme, chr(92), chr(92) || chr(92)), '''', '''''') || '''')::tsquery, 0)::float8) AS ranks
    FROM unnest(c.search) u) x
  WHERE c.search IS NOT NULL
  ORDER BY c.id`;

async function indexedRecords(db: Knex, weights: readonly number[]): Promise<IndexedRecord[]> {
  const result = await db.raw(INDEXED_RECORDS_SQL, [[...weights]]);
  return (result.rows as Array<{ id: string; kind: string; jurisdiction: string; category: string | null; length: number; lexemes: string[]; ranks: number[] }>).map(
    (row) => ({
      id: row.id,
      type: SECTION_KINDS[row.kind] ?? (row.kind as SearchDocType),
      jurisdiction: row.jurisdiction,
      category: row.category,
      length: row.length,
      lexemes: row.lexemes,
      ranks: row.ranks.map(Number),
    }),
  );
}

/** Postgres implementation of the keyword side's reads. */
export function createPgKeywordStore(db: Knex): KeywordStore {
  const lexemes = createWordLexemes({
    async lexemesOf(text) {
      const rows = await preparedRaw<{ lexeme: string }>(db, `SELECT u.lexeme FROM unnest(to_tsvector('english', ?)) u ORDER BY u.positions[1]`, [text]);
      return rows.map((r) => r.lexeme);
    },
    async lexemesOfWords(words) {
      const rows = await preparedRaw<{ word: string; lexemes: string[] }>(
        db,
        `SELECT w AS word, coalesce((SELECT array_agg(u.lexeme) FROM unnest(to_tsvector('english', w)) u), '{}') AS lexemes FROM unnest(?::text[]) w`,
        [words],
      );
      return new Map(rows.map((r) => [r.word, r.lexemes]));
    },
  });
  return {
    lexemes,
    termStatistics: () => termStatistics(db),
    fullText: (request) => fullText(db, request),
    indexedRecords: (weights) => indexedRecords(db, weights),
    async linkedRecords(sectionIds) {
      if (sectionIds.length === 0) return [];
      const result = await db.raw(
        `SELECT id, 'right' AS type, jurisdiction, section_id, category, ordinal FROM rights WHERE section_id = ANY(?)
         UNION ALL
         SELECT id, 'exemption' AS type, jurisdiction, section_id, category, ordinal FROM exemptions WHERE section_id = ANY(?)
         ORDER BY type, ordinal, id`,
        [sectionIds, sectionIds],
      );
      return (result.rows as Array<{ id: string; type: 'right' | 'exemption'; jurisdiction: string; section_id: string; category: string }>).map(
        (r) => ({ recordId: r.id, type: r.type, jurisdiction: r.jurisdiction, sectionId: r.section_id, category: r.category }),
      );
    },
  };
}
