import { FACT_VIEW_COLUMNS, type FactView } from '../legal-facts/fact-view.js';
import type { Knex } from 'knex';
import {
  DOCUMENT_COLUMNS,
  documentViewOf,
  likePattern,
  provenanceOf,
  statuteTextOf,
  type ProvenanceRow,
} from './row-mappers.js';
import { snakeCaseKeys } from './snake-case-keys.js';
import type { CodeName } from './detect-jurisdiction.js';
import type { JurisdictionFilter, PageWindow, Paged, TransparencyStore } from './transparency-store.js';
import type { DetailRecord, DocumentView, InitialDeadlineView, JurisdictionDetail, JurisdictionSummary } from './transparency-views.js';

/** One row of the overview subquery. */
export interface OverviewRow {
  slug: string;
  name: string;
  type: JurisdictionSummary['type'];
  current_version: number | null;
  ingested_at: Date | null;
  law_name: string | null;
  law_citation: string | null;
  law_source_kind: string | null;
  statute_source: Record<string, unknown> | null;
  initial_days: number | null;
  initial_unit: 'business' | 'calendar' | null;
  no_fixed_deadline: boolean | null;
  no_fixed_deadline_reason: string | null;
  deadline_citation: string | null;
  deadline_source_kind: string | null;
  doc_id: string | null;
  doc_source_path: string | null;
  doc_completeness: string | null;
  doc_retrieved_date: string | null;
  doc_citation: string | null;
  rights_count: number;
  exemptions_count: number;
  sections_count: number;
}

/**
 * Jurisdiction, law, deadline, statute document and counts in one row per jurisdiction:
 * the list, the detail and the comparison all start from it.
 */
export function overviewQuery(db: Knex): Knex.QueryBuilder {
  return db('jurisdictions as j')
    .leftJoin('laws as l', 'l.jurisdiction', 'j.slug')
    .leftJoin('response_requirements as rr', 'rr.jurisdiction', 'j.slug')
    .joinRaw(
      `LEFT JOIN LATERAL (SELECT d.id, d.source_path, d.completeness, d.retrieved_date, d.citation FROM law_documents d
        WHERE d.jurisdiction = j.slug AND d.kind = 'statute_text' ORDER BY d.id LIMIT 1) sd ON true`,
    )
    .select(
      'j.slug', 'j.name', 'j.type', 'j.current_version', 'j.ingested_at',
      'l.name as law_name', 'l.citation as law_citation', 'l.source_kind as law_source_kind', 'l.statute_source',
      'rr.initial_days', 'rr.initial_unit', 'rr.no_fixed_deadline', 'rr.no_fixed_deadline_reason',
      'rr.citation as deadline_citation', 'rr.source_kind as deadline_source_kind',
      'sd.id as doc_id', 'sd.source_path as doc_source_path', 'sd.completeness as doc_completeness',
      'sd.retrieved_date as doc_retrieved_date', 'sd.citation as doc_citation',
      db.raw('(SELECT count(*)::int FROM rights r WHERE r.jurisdiction = j.slug) AS rights_count'),
      db.raw('(SELECT count(*)::int FROM exemptions e WHERE e.jurisdiction = j.slug) AS exemptions_count'),
      db.raw('(SELECT count(*)::int FROM law_sections s WHERE s.document_id = sd.id) AS sections_count'),
    );
}

/** The deadline of the overview row; null when the jurisdiction has no response requirements yet. */
export function initialDeadlineOf(row: OverviewRow): InitialDeadlineView | null {
  if (row.no_fixed_deadline === null) return null;
  return { days: row.initial_days, unit: row.initial_unit, no_fixed_deadline: row.no_fixed_deadline, reason: row.no_fixed_deadline_reason };
}

export function summaryOf(row: OverviewRow): JurisdictionSummary {
  return {
    slug: row.slug,
    name: row.name,
    type: row.type,
    law: row.law_name === null ? null : { name: row.law_name, citation: row.law_citation },
    initial_deadline: initialDeadlineOf(row),
    counts: { rights: row.rights_count, exemptions: row.exemptions_count, sections: row.sections_count },
    statute_text: statuteTextOf(row),
  };
}

function applyFilter(qb: Knex.QueryBuilder, f: JurisdictionFilter): Knex.QueryBuilder {
  if (f.type) qb.where('o.type', f.type);
  if (f.q) {
    const pattern = likePattern(f.q);
    qb.where((w) => w.whereILike('o.name', pattern).orWhereILike('o.slug', pattern));
  }
  if (f.hasStatuteText !== undefined) {
    const has = '(o.doc_id IS NOT NULL OR o.statute_source IS NOT NULL)';
    qb.whereRaw(f.hasStatuteText ? has : `NOT ${has}`);
  }
  if (f.deadlineUnit) qb.where('o.initial_unit', f.deadlineUnit);
  if (f.noFixedDeadline !== undefined) qb.where('o.no_fixed_deadline', f.noFixedDeadline);
  return qb;
}

type DetailRow = ProvenanceRow & { details: Record<string, unknown> };

function detailRecord(row: DetailRow | undefined): DetailRecord | null {
  if (!row) return null;
  return { ...(snakeCaseKeys(row.details) as Record<string, unknown>), provenance: provenanceOf(row) };
}

async function lawParts(db: Knex, slug: string) {
  const one = (table: string) => db(table).where({ jurisdiction: slug }).first() as Promise<DetailRow | undefined>;
  const [law, documents, response, fees, appeals, requester, obligations, bodies, facts] = await Promise.all([
    db('laws').where({ jurisdiction: slug }).first(),
    db('law_documents').where({ jurisdiction: slug }).select(DOCUMENT_COLUMNS).orderBy(['kind', 'id']) as Promise<DocumentView[]>,
    db('response_requirements').where({ jurisdiction: slug }).first() as Promise<(DetailRow & { citation: string | null }) | undefined>,
    one('fees'),
    one('appeals'),
    one('requester_requirements'),
    db('agency_obligations').where({ jurisdiction: slug }).orderBy(['ordinal', 'id']),
    db('oversight_bodies').where({ jurisdiction: slug }).orderBy('id'),
    db.from('legal_facts as lf').where('lf.jurisdiction', slug).select(...FACT_VIEW_COLUMNS).orderBy('lf.ordinal') as Promise<FactView[]>,
  ]);
  return { law, documents, response, fees, appeals, requester, obligations, bodies, facts };
}

async function getJurisdiction(db: Knex, slug: string): Promise<JurisdictionDetail | null> {
  const row = (await db.from(overviewQuery(db).as('o')).where('o.slug', slug).first()) as OverviewRow | undefined;
  if (!row) return null;
  const p = await lawParts(db, slug);
  const response = detailRecord(p.response);
  return {
    ...summaryOf(row),
    current_version: row.current_version,
    ingested_at: row.ingested_at ? row.ingested_at.toISOString() : null,
    law: p.law
      ? {
          name: p.law.name,
          citation: p.law.citation,
          effective_date: p.law.effective_date,
          last_amended: p.law.last_amended,
          constitutional_basis: p.law.constitutional_basis,
          official_resources: p.law.official_resources,
          provenance: provenanceOf(p.law),
        }
      : null,
    documents: p.documents.map(documentViewOf),
    response_requirements: response && { ...response, citation: p.response?.citation ?? null },
    fees: detailRecord(p.fees),
    appeals: detailRecord(p.appeals),
    requester_requirements: detailRecord(p.requester),
    agency_obligations: p.obligations.map((o) => ({ id: o.id, statement: o.statement, citation: o.citation, provenance: provenanceOf(o) })),
    oversight_bodies: p.bodies.map((b) => ({
      ...(snakeCaseKeys(b.details) as Record<string, unknown>),
      id: b.id,
      name: b.name,
      role: b.role,
      url: b.url,
      citation: b.citation,
      provenance: provenanceOf(b),
    })),
    facts: p.facts,
    discrepancies: (snakeCaseKeys(p.law?.discrepancies ?? []) as unknown[]),
  };
}

type JurisdictionQueries = Pick<TransparencyStore, 'listJurisdictions' | 'getJurisdiction' | 'jurisdictionSlugs' | 'codeNames'>;

/** Jurisdiction list and detail, plus the lookups the service validates and detects with. */
export function createJurisdictionQueries(db: Knex): JurisdictionQueries {
  return {
    async listJurisdictions(filter: JurisdictionFilter, page: PageWindow): Promise<Paged<JurisdictionSummary>> {
      const base = () => applyFilter(db.from(overviewQuery(db).as('o')), filter);
      const [rows, count] = await Promise.all([
        base().select('o.*').orderBy([{ column: 'o.name' }, { column: 'o.slug' }]).offset(page.offset).limit(page.limit) as Promise<OverviewRow[]>,
        base().count<{ count: number }[]>('* as count').first(),
      ]);
      return { rows: rows.map(summaryOf), total: Number(count?.count ?? 0) };
    },
    getJurisdiction: (slug) => getJurisdiction(db, slug),
    async jurisdictionSlugs() {
      return (await db('jurisdictions').orderBy('slug').pluck('slug')) as string[];
    },
    async codeNames(): Promise<CodeName[]> {
      const result = await db.raw(`
        SELECT jurisdiction, citation AS text FROM laws WHERE citation IS NOT NULL
        UNION ALL
        SELECT jurisdiction, citation FROM law_documents WHERE citation IS NOT NULL AND kind = 'statute_text'
        UNION ALL
        (SELECT DISTINCT ON (s.jurisdiction) s.jurisdiction, s.citation FROM law_sections s
          JOIN law_documents d ON d.id = s.document_id AND d.kind = 'statute_text'
          WHERE s.citation IS NOT NULL AND s.depth = 0 ORDER BY s.jurisdiction, s.ordinal)
        UNION ALL
        SELECT slug, name FROM jurisdictions`);
      return result.rows as CodeName[];
    },
  };
}
