import type { Knex } from 'knex';
import { likePattern } from './row-mappers.js';
import type { TransparencyStore } from './transparency-store.js';
import type { LawRecordText } from './transparency-views.js';

/**
 * Sections, rights and exemptions in one shape: id, jurisdiction, citation, title and the
 * text a quote must come from. What the research assistant reads to choose quotes and
 * checks its citations against.
 */
function recordUnion(db: Knex): Knex.QueryBuilder {
  return db
    .select(db.raw(`s.id, CASE s.source_kind WHEN 'statute_text' THEN 'statute_section' ELSE s.source_kind END AS type,
      s.jurisdiction, s.citation, coalesce(s.heading, s.label) AS title, s.text, NULL AS category`))
    .from('law_sections as s')
    .unionAll((u) => u.select(db.raw(`r.id, 'right', r.jurisdiction, r.citation, r.title, r.statutory_text, r.category`)).from('rights as r'))
    .unionAll((u) => u.select(db.raw(`e.id, 'exemption', e.jurisdiction, e.citation, e.raw_label, e.description, e.category`)).from('exemptions as e'));
}

/** Batch reads of law records' texts. */
export function createRecordTextQueries(db: Knex): Pick<TransparencyStore, 'recordTexts' | 'sectionsContaining' | 'statuteSectionsMatching'> {
  return {
    async recordTexts(ids) {
      if (ids.length === 0) return [];
      const rows = (await db.from(recordUnion(db).as('x')).whereIn('x.id', [...new Set(ids)])) as LawRecordText[];
      return rows;
    },
    async sectionsContaining(jurisdiction, phrase, limit) {
      const rows = await db('law_sections as s')
        .select(db.raw(`s.id, CASE s.source_kind WHEN 'statute_text' THEN 'statute_section' ELSE s.source_kind END AS type,
          s.jurisdiction, s.citation, coalesce(s.heading, s.label) AS title, s.text, NULL AS category`))
        .where('s.jurisdiction', jurisdiction)
        .whereILike('s.text', likePattern(phrase))
        // Short sections first: the quote is then the phrase's own context, not a whole chapter.
        .orderByRaw('length(s.text), s.id')
        .limit(limit);
      return rows as LawRecordText[];
    },
    async statuteSectionsMatching(jurisdiction, words, limit) {
      // Plain lower-case words only: each becomes one OR'd lexeme of the English configuration.
      const terms = [...new Set(words.map((w) => w.toLowerCase()).filter((w) => /^[a-z]{2,40}$/.test(w)))];
      if (terms.length === 0) return [];
      const rows = await db('law_sections as s')
        .select(db.raw(`s.id, 'statute_section' AS type, s.jurisdiction, s.citation, coalesce(s.heading, s.label) AS title, s.text, NULL AS category`))
        .where('s.jurisdiction', jurisdiction)
        .where('s.source_kind', 'statute_text')
        .whereRaw(`s.search @@ to_tsquery('english', ?)`, [terms.join(' | ')])
        // Best matches first; of equal rank, the deeper (more specific) node.
        .orderByRaw(`ts_rank_cd(s.search, to_tsquery('english', ?)) DESC, s.depth DESC, s.id`, [terms.join(' | ')])
        .limit(limit);
      return rows as LawRecordText[];
    },
  };
}
