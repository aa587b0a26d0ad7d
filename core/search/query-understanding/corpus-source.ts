import type { Knex } from 'knex';
import type { TransparencyStore } from '../../transparency/transparency-store.js';
import type { KeywordStore } from '../keyword/keyword-store.js';
import type { CorpusKnowledgeSource } from './corpus-knowledge.js';
import type { JurisdictionNaming } from './jurisdiction-mentions.js';

/** Legal terms kept per exemption category, and what makes a lexeme one of a category's terms. */
const TERMS_PER_CATEGORY = 4;
const TERM_MIN_EXEMPTIONS = 3;
const TERM_SHARE = 0.6;

/**
 * The corpus knowledge read from Postgres: code names, labels and exemption categories
 * through the transparency read side, term statistics through the keyword store, and the
 * few reads neither has.
 */
export function createPgCorpusSource(db: Knex, deps: { transparency: TransparencyStore; keyword: KeywordStore }): CorpusKnowledgeSource {
  return {
    async fingerprint() {
      const result = await db.raw(
        `SELECT count(*)::int AS n, coalesce(sum(current_version), 0)::int AS v, coalesce(max(ingested_at)::text, '') AS at FROM jurisdictions`,
      );
      const row = result.rows[0] as { n: number; v: number; at: string };
      return `${row.n}:${row.v}:${row.at}`;
    },
    async namings(): Promise<JurisdictionNaming[]> {
      const rows = (await db('jurisdictions as j')
        .leftJoin('laws as l', 'l.jurisdiction', 'j.slug')
        .select('j.slug', 'j.name', 'l.name as lawName')
        .orderBy('j.slug')) as JurisdictionNaming[];
      return rows;
    },
    codeNames: () => deps.transparency.codeNames(),
    async statuteJurisdictions() {
      return (await db('law_documents').where({ kind: 'statute_text' }).distinct('jurisdiction').orderBy('jurisdiction').pluck('jurisdiction')) as string[];
    },
    statuteLabels: (jurisdiction) => deps.transparency.statuteLabels(jurisdiction),
    termStatistics: () => deps.keyword.termStatistics(),
    exemptionCategoryKeys: () => deps.transparency.exemptionCategoryKeys(),
    async exemptionCategoryTerms() {
      // Lexemes of the exemptions' labels and descriptions that belong mostly to one category
      // (at least TERM_SHARE of the exemptions using them are of it, and at least
      // TERM_MIN_EXEMPTIONS use them), most used first: "enforc", "investig", "crimin" for law
      // enforcement; "personnel", "evalu" for personnel; "delib", "preliminari", "draft" for
      // deliberative process. Read from the data, so they are the words the laws use.
      const result = await db.raw(
        `WITH t AS (SELECT DISTINCT e.id, e.category, u.lexeme FROM exemptions e, unnest(to_tsvector('english', e.raw_label || ' ' || e.description)) u),
              c AS (SELECT category, lexeme, count(*)::int AS n FROM t GROUP BY 1, 2),
              total AS (SELECT lexeme, count(*)::int AS m FROM t GROUP BY 1)
         SELECT c.category, c.lexeme FROM c JOIN total USING (lexeme)
         WHERE c.n >= ?::int AND c.n >= ?::float8 * total.m
         ORDER BY c.category, c.n DESC, c.lexeme`,
        [TERM_MIN_EXEMPTIONS, TERM_SHARE],
      );
      const terms = new Map<string, string[]>();
      for (const row of result.rows as Array<{ category: string; lexeme: string }>) {
        const list = terms.get(row.category) ?? [];
        if (list.length < TERMS_PER_CATEGORY) list.push(row.lexeme);
        terms.set(row.category, list);
      }
      return terms;
    },
  };
}
