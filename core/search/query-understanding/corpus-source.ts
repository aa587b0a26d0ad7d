import type { Knex } from 'knex';
import type { TransparencyStore } from '../../transparency/transparency-store.js';
import type { KeywordStore } from '../keyword/keyword-store.js';
import type { CorpusKnowledgeSource } from './corpus-knowledge.js';
import type { JurisdictionNaming } from './jurisdiction-mentions.js';

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
  };
}
