import type { Knex } from 'knex';
import { provenanceOf, sectionRefOf, type ProvenanceRow } from './row-mappers.js';
import { outgoingReferences } from './reference-queries.js';
import { snakeCaseKeys } from './snake-case-keys.js';
import type { PageWindow, Paged, ProvisionFilter, TransparencyStore } from './transparency-store.js';
import type { ExemptionCategoryView, LinkedSection, ExemptionDetail, ExemptionView, RightDetail, RightView } from './transparency-views.js';

const TSQUERY = "websearch_to_tsquery('english', ?)";

/**
 * Filters, full-text match and order shared by rights and exemptions: ranked by ts_rank_cd
 * over the weighted tsvector when searched, else in jurisdiction then statute order.
 */
function provisionQuery(db: Knex, table: 'rights' | 'exemptions', f: ProvisionFilter): Knex.QueryBuilder {
  const qb = db(`${table} as p`);
  if (f.jurisdictions?.length) qb.whereIn('p.jurisdiction', f.jurisdictions);
  if (f.categories?.length) qb.whereIn('p.category', f.categories);
  if (f.q) qb.whereRaw(`p.search @@ ${TSQUERY}`, [f.q]);
  return qb;
}

function ordered(db: Knex, qb: Knex.QueryBuilder, f: ProvisionFilter, page: PageWindow): Knex.QueryBuilder {
  if (f.q) qb.select(db.raw(`ts_rank_cd(p.search, ${TSQUERY})::float8 AS rank`, [f.q])).orderBy('rank', 'desc');
  else qb.select(db.raw('NULL::float8 AS rank'));
  return qb.orderBy([{ column: 'p.jurisdiction' }, { column: 'p.ordinal' }, { column: 'p.id' }]).offset(page.offset).limit(page.limit);
}

async function countOf(qb: Knex.QueryBuilder): Promise<number> {
  const row = (await qb.count<{ count: number }[]>('* as count').first()) as { count: number } | undefined;
  return Number(row?.count ?? 0);
}

type RightRow = ProvenanceRow & {
  id: string; jurisdiction: string; category: string; title: string; citation: string | null; statutory_text: string;
  text_source_kind: string; text_source_path: string; section_id: string | null; conditions: string | null; applies_to: string;
  analysis: string; implementation_notes: string | null; request_tips: string | null; evidence: unknown[]; rank: number | null;
};

const RIGHT_COLUMNS = [
  'p.id', 'p.jurisdiction', 'p.category', 'p.title', 'p.citation', 'p.statutory_text', 'p.text_source_kind', 'p.text_source_path',
  'p.section_id', 'p.conditions', 'p.applies_to', 'p.analysis', 'p.implementation_notes', 'p.request_tips', 'p.evidence',
  'p.source_path', 'p.source_kind', 'p.verified_date',
];

function rightViewOf(r: RightRow): Omit<RightView, 'cross_references'> {
  return {
    id: r.id, jurisdiction: r.jurisdiction, category: r.category, title: r.title, citation: r.citation, text: r.statutory_text,
    source_kind: r.text_source_kind, analysis: r.analysis, conditions: r.conditions, applies_to: r.applies_to, section_id: r.section_id,
    provenance: provenanceOf(r), rank: r.rank,
  };
}

type ExemptionRow = ProvenanceRow & {
  id: string; jurisdiction: string; category: string; category_label: string; raw_label: string; classified_by: string;
  citation: string | null; description: string; scope: string | null; notes: string | null; section_id: string | null; rank: number | null;
};

const EXEMPTION_COLUMNS = [
  'p.id', 'p.jurisdiction', 'p.category', 'c.label as category_label', 'p.raw_label', 'p.classified_by', 'p.citation', 'p.description',
  'p.scope', 'p.notes', 'p.section_id', 'p.source_path', 'p.source_kind', 'p.verified_date',
];

function exemptionViewOf(e: ExemptionRow): Omit<ExemptionView, 'cross_references'> {
  return {
    id: e.id, jurisdiction: e.jurisdiction, category: e.category, category_label: e.category_label, raw_label: e.raw_label,
    classified_by: e.classified_by, citation: e.citation, description: e.description, scope: e.scope, notes: e.notes,
    section_id: e.section_id, provenance: provenanceOf(e), rank: e.rank,
  };
}

async function withReferences<T extends { id: string }>(db: Knex, type: 'right' | 'exemption', items: T[]) {
  const refs = await outgoingReferences(db, type, items.map((i) => i.id));
  return items.map((i) => ({ ...i, cross_references: refs.get(i.id) ?? [] }));
}

async function linkedSection(db: Knex, sectionId: string | null): Promise<LinkedSection | null> {
  if (!sectionId) return null;
  const s = await db('law_sections').where({ id: sectionId }).first('id', 'label', 'citation', 'heading', 'text', 'source_kind');
  return s ? { ...sectionRefOf(s), text: s.text as string, source_kind: s.source_kind as string } : null;
}

async function getRight(db: Knex, id: string): Promise<RightDetail | null> {
  const row = (await db('rights as p').where('p.id', id).first([...RIGHT_COLUMNS, db.raw('NULL::float8 AS rank')])) as RightRow | undefined;
  if (!row) return null;
  const [[view], section] = await Promise.all([withReferences(db, 'right', [rightViewOf(row)]), linkedSection(db, row.section_id)]);
  return {
    ...view!,
    text_source_path: row.text_source_path,
    implementation_notes: row.implementation_notes,
    request_tips: row.request_tips,
    evidence: snakeCaseKeys(row.evidence) as unknown[],
    section,
  };
}

async function getExemption(db: Knex, id: string): Promise<ExemptionDetail | null> {
  const row = (await db('exemptions as p').join('exemption_categories as c', 'c.key', 'p.category').where('p.id', id)
    .first([...EXEMPTION_COLUMNS, db.raw('NULL::float8 AS rank')])) as ExemptionRow | undefined;
  if (!row) return null;
  const [[view], section, related] = await Promise.all([
    withReferences(db, 'exemption', [exemptionViewOf(row)]),
    linkedSection(db, row.section_id),
    db('exemptions as e').join('jurisdictions as j', 'j.slug', 'e.jurisdiction')
      .where('e.category', row.category).whereNot('e.jurisdiction', row.jurisdiction)
      .select('e.id', 'e.jurisdiction', 'j.name as jurisdiction_name', 'e.raw_label', 'e.citation')
      .orderBy([{ column: 'j.name' }, { column: 'e.ordinal' }, { column: 'e.id' }]),
  ]);
  return { ...view!, section, related_exemptions: related };
}

type ProvisionQueries = Pick<
  TransparencyStore,
  'listRights' | 'getRight' | 'listExemptions' | 'getExemption' | 'listExemptionCategories' | 'exemptionCategoryKeys'
>;

/** Rights of access, exemptions and the exemption taxonomy. */
export function createProvisionQueries(db: Knex): ProvisionQueries {
  return {
    async listRights(filter, page): Promise<Paged<RightView>> {
      const [rows, total] = await Promise.all([
        ordered(db, provisionQuery(db, 'rights', filter).select(RIGHT_COLUMNS), filter, page) as Promise<RightRow[]>,
        countOf(provisionQuery(db, 'rights', filter)),
      ]);
      return { rows: await withReferences(db, 'right', rows.map(rightViewOf)), total };
    },
    getRight: (id) => getRight(db, id),
    async listExemptions(filter, page): Promise<Paged<ExemptionView>> {
      const query = () => provisionQuery(db, 'exemptions', filter).join('exemption_categories as c', 'c.key', 'p.category');
      const [rows, total] = await Promise.all([
        ordered(db, query().select(EXEMPTION_COLUMNS), filter, page) as Promise<ExemptionRow[]>,
        countOf(query()),
      ]);
      return { rows: await withReferences(db, 'exemption', rows.map(exemptionViewOf)), total };
    },
    getExemption: (id) => getExemption(db, id),
    async listExemptionCategories(filter, page): Promise<Paged<ExemptionCategoryView>> {
      const counted = db('exemption_categories as c')
        .leftJoin('exemptions as e', (j) => {
          j.on('e.category', 'c.key');
          if (filter.jurisdictions?.length) j.onIn('e.jurisdiction', filter.jurisdictions);
        })
        .groupBy('c.key', 'c.label', 'c.description')
        .select('c.key', 'c.label', 'c.description')
        .select(db.raw('count(e.id)::int AS exemption_count'), db.raw('count(DISTINCT e.jurisdiction)::int AS jurisdiction_count'));
      const [rows, total] = await Promise.all([
        counted.orderBy([{ column: 'c.label' }, { column: 'c.key' }]).offset(page.offset).limit(page.limit) as Promise<ExemptionCategoryView[]>,
        countOf(db('exemption_categories')),
      ]);
      return { rows, total };
    },
    async exemptionCategoryKeys() {
      return (await db('exemption_categories').orderBy('key').pluck('key')) as string[];
    },
  };
}
