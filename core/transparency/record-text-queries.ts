import type { Knex } from 'knex';
import { likePattern } from './row-mappers.js';
import type { TransparencyStore } from './transparency-store.js';
import type { LawRecordText, ListLeadIn, StatuteNodeText } from './transparency-views.js';

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
export function createRecordTextQueries(db: Knex): Pick<TransparencyStore, 'recordTexts' | 'sectionsContaining' | 'statuteSectionsMatching' | 'statuteWordCounts'> {
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
    async statuteSectionsMatching(jurisdiction, words, limit, each) {
      const terms = lexemeWords(words);
      if (terms.length === 0) return [];
      const query = terms.join(' | ');
      const eachTerms = lexemeWords(each?.words ?? []);
      const [broad, byWord] = await Promise.all([
        db('law_sections as s')
          .select(db.raw(SECTION_COLUMNS))
          .where('s.jurisdiction', jurisdiction)
          .where('s.source_kind', 'statute_text')
          .whereRaw(`s.search @@ to_tsquery('english', ?)`, [query])
          // Best matches first; of equal rank, the deeper (more specific) node.
          .orderByRaw(`ts_rank_cd(s.search, to_tsquery('english', ?)) DESC, s.depth DESC, s.id`, [query])
          .limit(limit) as Promise<Array<LawRecordText & { label: string }>>,
        // Each word's own best few, in one query: ranked by all the words at once, a rare, decisive word ("911")
        // loses to common ones that many sections hold.
        eachTerms.length === 0 || !each
          ? []
          : db
              .raw(
                `SELECT x.* FROM unnest(?::text[]) WITH ORDINALITY AS w(word, n)
                 CROSS JOIN LATERAL (
                   SELECT ${SECTION_COLUMNS} FROM law_sections s
                   WHERE s.jurisdiction = ? AND s.source_kind = 'statute_text' AND s.search @@ to_tsquery('english', w.word)
                   ORDER BY ts_rank_cd(s.search, to_tsquery('english', w.word)) DESC, s.depth DESC, s.id LIMIT ?
                 ) x ORDER BY w.n`,
                [eachTerms, jurisdiction, each.limit],
              )
              .then((r: { rows: Array<LawRecordText & { label: string }> }) => r.rows),
      ]);
      const rows = [...new Map([...broad, ...byWord].map((r) => [r.id, r])).values()];
      const leadIns = await listLeadIns(db, jurisdiction, rows.flatMap((r) => ancestorLabels(r.label)));
      return rows.map(({ label, ...r }): StatuteNodeText => {
        // The chain of lists the node is an item of, nearest first until a parent introduces no list.
        const chain: ListLeadIn[] = [];
        for (const a of ancestorLabels(label)) {
          const l = leadIns.get(a);
          if (!l) break;
          chain.unshift(l);
        }
        return { ...r, lead_ins: chain };
      });
    },
    async statuteWordCounts(jurisdiction, words) {
      const terms = lexemeWords(words);
      const { rows } = (await db.raw(
        `SELECT w.word, (SELECT count(*) FROM law_sections s
                          WHERE s.jurisdiction = ? AND s.source_kind = 'statute_text' AND s.search @@ to_tsquery('english', w.word))::int AS n
           FROM unnest(?::text[]) AS w(word)
         UNION ALL
         SELECT NULL, count(*)::int FROM law_sections s WHERE s.jurisdiction = ? AND s.source_kind = 'statute_text'`,
        [jurisdiction, terms, jurisdiction],
      )) as { rows: Array<{ word: string | null; n: number }> };
      const holding: Record<string, number> = {};
      let nodes = 0;
      for (const r of rows) {
        if (r.word === null) nodes = r.n;
        else holding[r.word] = r.n;
      }
      return { nodes, holding };
    },
  };
}

/** A statute node as the sentence lookups read it. */
const SECTION_COLUMNS = `s.id, 'statute_section' AS type, s.jurisdiction, s.citation, coalesce(s.heading, s.label) AS title, s.text, NULL AS category, s.label`;

/** Plain lower-case words and numbers ("911") only: each becomes one lexeme of the English configuration. */
function lexemeWords(words: readonly string[]): string[] {
  return [...new Set(words.map((w) => w.toLowerCase()).filter((w) => /^(?:[a-z]{2,40}|\d{3,6})$/.test(w)))];
}

/** How many enclosing lists a node is read with: "(b) … interest: (4) … except: (B) … discharge: (v) …". */
const MAX_LEAD_INS = 3;
/** A lead-in longer than this is a paragraph, not the words of a list's introduction. */
const MAX_LEAD_IN = 400;

/** "92F-14(b)(4)(B)" → ["92F-14(b)(4)", "92F-14(b)", "92F-14"], nearest first, at most MAX_LEAD_INS. */
function ancestorLabels(label: string): string[] {
  const out: string[] = [];
  let l = label;
  while (out.length < MAX_LEAD_INS && /\([^()]*\)$/.test(l)) {
    l = l.replace(/\([^()]*\)$/, '');
    out.push(l);
  }
  return out;
}

/**
 * The nodes among `labels` whose own text (before their first child) ends by introducing a
 * list (a colon), each with that last sentence as its lead-in.
 */
async function listLeadIns(db: Knex, jurisdiction: string, labels: readonly string[]): Promise<Map<string, ListLeadIn>> {
  const out = new Map<string, ListLeadIn>();
  if (labels.length === 0) return out;
  const rows = (await db('law_sections as a')
    .select('a.id', 'a.label', 'a.citation', 'a.text')
    .select(
      db.raw(`(SELECT c.text FROM law_sections c WHERE c.jurisdiction = a.jurisdiction AND c.parent_label = a.label ORDER BY c.ordinal LIMIT 1) AS first_child`),
    )
    .where('a.jurisdiction', jurisdiction)
    .whereIn('a.label', [...new Set(labels)])) as Array<{ id: string; label: string; citation: string | null; text: string; first_child: string | null }>;
  for (const a of rows) {
    const quote = a.first_child ? leadInOf(a.text, a.first_child) : null;
    if (quote) out.set(a.label, { id: a.id, citation: a.citation, quote });
  }
  return out;
}

/** The sentence of a parent's text that introduces its first child, when it ends in a colon. */
export function leadInOf(parentText: string, firstChild: string): string | null {
  const at = parentText.indexOf(firstChild.slice(0, 40).trim());
  if (at <= 0) return null;
  // The parent's own words, without the first item's marker ("a.", "(1)", "(A)").
  const own = parentText
    .slice(0, at)
    // ("(a)(1)" or " a."; not the "1." that ends "G.S. 132-1.")
    .replace(/(?:\s*\([A-Za-z0-9]{1,6}\)|\s+[A-Za-z0-9]{1,6}[.)])+\s*$/, '')
    .trimEnd();
  if (!own.endsWith(':') && !own.endsWith('.')) return null;
  // Its last sentence: after the last full stop or semicolon followed by a new sentence ("G.S. 130A" is not one).
  const ends = [...own.matchAll(/[.;]\s+(?=[A-Z“"(])/g)];
  const last = ends.at(-1);
  const quote = (last ? own.slice(last.index + last[0].length) : own).trim();
  // A sentence ending in a full stop introduces the list only when it says so ("the following information shall be
  // public records within the meaning of G.S. 132-1."): the items below it are what it rules on.
  if (own.endsWith('.') && !/\bthe following\b/i.test(quote)) return null;
  return quote.length >= 8 && quote.length <= MAX_LEAD_IN ? quote : null;
}
