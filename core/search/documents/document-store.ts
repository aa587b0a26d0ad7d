import type { Knex } from 'knex';
import { preparedRaw } from '../../db/prepared-query.js';
import type { SearchDocType } from '../search-contracts.js';

/** What a search hit shows of its record besides ranks. */
export interface RecordSummary {
  id: string;
  type: SearchDocType;
  jurisdiction: string;
  citation: string | null;
  title: string;
  /** Best passages with the query's terms between « and ». */
  snippet: string;
}

/** A neighbouring record in brief. */
export interface NeighbourRef {
  id: string;
  /** The statute label of a section; null for rights and exemptions. */
  label: string | null;
  citation: string | null;
  title: string | null;
}

export type RecordTable = 'section' | 'right' | 'exemption';

/** Reads of the search records that the transparency store does not offer. */
export interface DocumentStore {
  /** Citation, title and a marked snippet for each id (unknown ids are absent). */
  summaries(ids: readonly string[], queryText: string): Promise<Map<string, RecordSummary>>;
  /** Which table holds the id, if any. */
  tableOf(id: string): Promise<RecordTable | null>;
  /** The records before and after this one: sections in document order, rights and exemptions in their jurisdiction's order. */
  neighbours(table: RecordTable, id: string): Promise<{ previous: NeighbourRef | null; next: NeighbourRef | null }>;
}

/** Snippet length and marks; « » rather than HTML, since the text is not HTML-escaped. */
const HEADLINE = "StartSel=«, StopSel=», MaxWords=35, MinWords=15, ShortWord=2, MaxFragments=2, FragmentDelimiter=\" … \"";
/**
 * Longest text a snippet is taken from. ts_headline parses all it is given, and a few
 * sections run to 80,000 characters; matches further in fall back to the text's start.
 */
const SNIPPET_SOURCE_CHARS = 4_000;

function headline(column: string): string {
  return `coalesce(ts_headline('english', left(${column}, ${SNIPPET_SOURCE_CHARS}), q.tq, '${HEADLINE}'), left(${column}, 240))`;
}

/** Query terms ORed (any of them is marked); NULL when the text has none. */
const QUERY_CTE = `WITH q AS (
  SELECT CASE WHEN t = '' THEN NULL ELSE t::tsquery END AS tq
  FROM (SELECT replace(plainto_tsquery('english', ?)::text, ' & ', ' | ') AS t) x)`;

const SUMMARY_SQL = `${QUERY_CTE}
  SELECT s.id, CASE s.source_kind WHEN 'statute_text' THEN 'statute_section' ELSE s.source_kind END AS type, s.jurisdiction,
    s.citation, coalesce(s.heading, top.heading, s.label) AS title, ${headline('s.text')} AS snippet
  FROM q, law_sections s
  LEFT JOIN law_sections top ON top.jurisdiction = s.jurisdiction AND top.label = s.section_number
    AND top.document_id = s.document_id AND top.depth = 0
  WHERE s.id = ANY(?)
  UNION ALL
  SELECT r.id, 'right', r.jurisdiction, r.citation, r.title, ${headline("r.statutory_text || E'\\n' || r.analysis")}
  FROM q, rights r WHERE r.id = ANY(?)
  UNION ALL
  SELECT e.id, 'exemption', e.jurisdiction, e.citation, e.raw_label, ${headline('e.description')}
  FROM q, exemptions e WHERE e.id = ANY(?)`;

const PROVISION_NEIGHBOUR = (table: string, title: string, direction: '<' | '>') => `
  SELECT n.id, NULL::text AS label, n.citation, n.${title} AS title FROM ${table} n JOIN ${table} p ON p.jurisdiction = n.jurisdiction
  WHERE p.id = ? AND (n.ordinal, n.id) ${direction} (p.ordinal, p.id)
  ORDER BY n.ordinal ${direction === '<' ? 'DESC' : 'ASC'}, n.id ${direction === '<' ? 'DESC' : 'ASC'} LIMIT 1`;

const SECTION_NEIGHBOUR = (direction: '<' | '>') => `
  SELECT n.id, n.label, n.citation, n.heading AS title FROM law_sections n JOIN law_sections p ON p.document_id = n.document_id
  WHERE p.id = ? AND (n.ordinal, n.id) ${direction} (p.ordinal, p.id)
  ORDER BY n.ordinal ${direction === '<' ? 'DESC' : 'ASC'}, n.id ${direction === '<' ? 'DESC' : 'ASC'} LIMIT 1`;

function neighbourSql(table: RecordTable, direction: '<' | '>'): string {
  if (table === 'section') return SECTION_NEIGHBOUR(direction);
  return table === 'right' ? PROVISION_NEIGHBOUR('rights', 'title', direction) : PROVISION_NEIGHBOUR('exemptions', 'raw_label', direction);
}

/** Postgres implementation. */
export function createPgDocumentStore(db: Knex): DocumentStore {
  return {
    async summaries(ids, queryText) {
      const out = new Map<string, RecordSummary>();
      if (ids.length === 0) return out;
      const list = [...ids];
      for (const row of await preparedRaw<RecordSummary>(db, SUMMARY_SQL, [queryText, list, list, list])) out.set(row.id, row);
      return out;
    },
    async tableOf(id) {
      const result = await db.raw(
        `SELECT 'section' AS t FROM law_sections WHERE id = ?
         UNION ALL SELECT 'right' FROM rights WHERE id = ?
         UNION ALL SELECT 'exemption' FROM exemptions WHERE id = ? LIMIT 1`,
        [id, id, id],
      );
      return ((result.rows[0] as { t: RecordTable } | undefined)?.t ?? null);
    },
    async neighbours(table, id) {
      const [previous, next] = await Promise.all(
        (['<', '>'] as const).map(async (d) => ((await db.raw(neighbourSql(table, d), [id])).rows[0] as NeighbourRef | undefined) ?? null),
      );
      return { previous: previous ?? null, next: next ?? null };
    },
  };
}
