import type { Knex } from 'knex';
import { incomingReferences, outgoingReferences } from './reference-queries.js';
import { DOCUMENT_COLUMNS, SECTION_COLUMNS, documentViewOf, sectionRefOf, sectionViewOf, type SectionRow } from './row-mappers.js';
import type { PageWindow, Paged, SectionKey, TransparencyStore } from './transparency-store.js';
import type { DocumentView, SectionDetail, SectionRef, SectionView } from './transparency-views.js';

const REF_COLUMNS = ['id', 'label', 'citation', 'heading'];

async function firstRef(qb: Knex.QueryBuilder): Promise<SectionRef | null> {
  const row = await qb.first(REF_COLUMNS);
  return row ? sectionRefOf(row) : null;
}

/** The previous or next node at the same depth under the same parent (document order). */
function sibling(db: Knex, s: SectionRow, direction: 'previous' | 'next'): Promise<SectionRef | null> {
  const qb = db('law_sections')
    .where({ document_id: s.document_id, depth: s.depth })
    .whereRaw('parent_label IS NOT DISTINCT FROM ?', [s.parent_label])
    .where('ordinal', direction === 'previous' ? '<' : '>', s.ordinal)
    .orderBy('ordinal', direction === 'previous' ? 'desc' : 'asc');
  return firstRef(qb);
}

async function getSection(db: Knex, id: string): Promise<SectionDetail | null> {
  const row = (await db('law_sections').where({ id }).first(SECTION_COLUMNS)) as SectionRow | undefined;
  if (!row) return null;
  const [document, parent, children, previous, next, outgoing, incoming] = await Promise.all([
    db('law_documents').where({ id: row.document_id }).first(DOCUMENT_COLUMNS) as Promise<DocumentView>,
    row.parent_label === null
      ? Promise.resolve(null)
      : firstRef(db('law_sections').where({ document_id: row.document_id, label: row.parent_label })),
    db('law_sections').where({ document_id: row.document_id, parent_label: row.label }).orderBy('ordinal').select(REF_COLUMNS),
    sibling(db, row, 'previous'),
    sibling(db, row, 'next'),
    outgoingReferences(db, 'section', [id]),
    incomingReferences(db, id),
  ]);
  return {
    ...sectionViewOf(row),
    document: documentViewOf(document),
    parent,
    children: children.map(sectionRefOf),
    previous,
    next,
    cross_references: { outgoing: outgoing.get(id) ?? [], incoming },
  };
}

/** A node and every descendant (children by `parent_label`, within its document). */
function subtreeSql(select: string): string {
  return `WITH RECURSIVE subtree AS (
      SELECT s.* FROM law_sections s WHERE s.jurisdiction = ? AND s.label = ?
      UNION ALL
      SELECT c.* FROM law_sections c JOIN subtree p
        ON c.document_id = p.document_id AND c.parent_label = p.label AND c.depth > p.depth
    ) ${select}`;
}

async function listSubtree(db: Knex, jurisdiction: string, label: string, page: PageWindow): Promise<Paged<SectionView>> {
  const columns = SECTION_COLUMNS.join(', ');
  const [rows, count] = await Promise.all([
    db.raw(subtreeSql(`SELECT ${columns} FROM subtree ORDER BY ordinal, id OFFSET ? LIMIT ?`), [jurisdiction, label, page.offset, page.limit]),
    db.raw(subtreeSql('SELECT count(*)::int AS count FROM subtree'), [jurisdiction, label]),
  ]);
  return { rows: (rows.rows as SectionRow[]).map(sectionViewOf), total: Number(count.rows[0]?.count ?? 0) };
}

type SectionQueries = Pick<TransparencyStore, 'getSection' | 'statuteDocument' | 'statuteLabels' | 'listSubtree' | 'listTopLevelSections'>;

/** Statute nodes: one with its neighbourhood, a subtree, a document's top level. */
export function createSectionQueries(db: Knex): SectionQueries {
  return {
    getSection: (id) => getSection(db, id),
    async statuteDocument(jurisdiction) {
      const row = await db('law_documents').where({ jurisdiction, kind: 'statute_text' }).orderBy('id').first(DOCUMENT_COLUMNS);
      return row ? documentViewOf(row) : null;
    },
    async statuteLabels(jurisdiction): Promise<SectionKey[]> {
      return (await db('law_sections as s')
        .join('law_documents as d', 'd.id', 's.document_id')
        .where({ 's.jurisdiction': jurisdiction, 'd.kind': 'statute_text' })
        .select('s.id', 's.label', 's.citation')) as SectionKey[];
    },
    listSubtree: (jurisdiction, label, page) => listSubtree(db, jurisdiction, label, page),
    async listTopLevelSections(documentId, page) {
      const base = () => db('law_sections').where({ document_id: documentId, depth: 0 });
      const [rows, count] = await Promise.all([
        base().select(SECTION_COLUMNS).orderBy([{ column: 'ordinal' }, { column: 'id' }]).offset(page.offset).limit(page.limit) as Promise<SectionRow[]>,
        base().count<{ count: number }[]>('* as count').first(),
      ]);
      return { rows: rows.map(sectionViewOf), total: Number(count?.count ?? 0) };
    },
  };
}
