import type { Knex } from 'knex';
import type { IncomingReference, OutgoingReference } from './transparency-views.js';

type FromType = 'section' | 'right' | 'exemption';

/** Citations made by each of `ids` (all of one type), keyed by id, targets in document order. */
export async function outgoingReferences(db: Knex, fromType: FromType, ids: string[]): Promise<Map<string, OutgoingReference[]>> {
  const byId = new Map<string, OutgoingReference[]>();
  if (ids.length === 0) return byId;
  const rows = (await db('cross_references as x')
    .join('law_sections as s', 's.id', 'x.to_section_id')
    .where('x.from_type', fromType)
    .whereIn('x.from_id', ids)
    .select('x.from_id', 's.id as section_id', 's.label', 's.citation', 'x.citation_text')
    .orderBy([{ column: 'x.from_id' }, { column: 's.ordinal' }, { column: 's.id' }])) as Array<OutgoingReference & { from_id: string }>;
  for (const { from_id, ...ref } of rows) {
    const list = byId.get(from_id) ?? [];
    list.push(ref);
    byId.set(from_id, list);
  }
  return byId;
}

/** Citations of a section from other sections, rights and exemptions, with what cites it. */
export async function incomingReferences(db: Knex, sectionId: string): Promise<IncomingReference[]> {
  const rows = (await db('cross_references as x')
    .leftJoin('law_sections as s', (j) => j.on('s.id', 'x.from_id').andOnVal('x.from_type', 'section'))
    .leftJoin('rights as r', (j) => j.on('r.id', 'x.from_id').andOnVal('x.from_type', 'right'))
    .leftJoin('exemptions as e', (j) => j.on('e.id', 'x.from_id').andOnVal('x.from_type', 'exemption'))
    .where('x.to_section_id', sectionId)
    .select(
      'x.from_type',
      'x.from_id',
      'x.citation_text',
      db.raw('coalesce(s.label, r.title, e.raw_label) AS from_label'),
      db.raw('coalesce(s.citation, r.citation, e.citation) AS from_citation'),
    )
    .orderBy([{ column: 'x.from_type', order: 'desc' }, { column: 'x.from_id' }])) as IncomingReference[];
  return rows;
}
