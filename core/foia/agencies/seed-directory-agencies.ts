/**
 * Writes one jurisdiction's shared directory entries, as ingestion upserts its law records.
 * Runs on the ingestion connection (the table's owner: row-level security is not forced on
 * `foia_agencies`), never as the application role. Idempotent: entries are matched by
 * jurisdiction and name (the table's unique index), so re-ingesting updates them and never
 * duplicates; an entry the data no longer gives is removed. Users' own entries are never touched.
 */
import type { Knex } from 'knex';
import { directoryEntriesFor, type DirectorySource } from './directory-entries.js';

export interface DirectorySeedResult {
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
  /** `agencies[]` items skipped for want of a name, by index. */
  skipped: number[];
}

const FIELDS = ['kind', 'email', 'portal_url', 'postal_address', 'phone', 'records_officer_title', 'records_officer_citation', 'notes', 'source_ref'] as const;

/** Upserts the directory entries `derived` (and the dataset's `agencies[]`) give one jurisdiction, in one transaction. */
export async function seedDirectoryAgencies(db: Knex, input: { derived: DirectorySource; agencies: readonly unknown[] }): Promise<DirectorySeedResult> {
  const slug = input.derived.jurisdiction.slug;
  const { entries, skipped } = directoryEntriesFor(input.derived, input.agencies);
  return db.transaction(async (trx) => {
    const names = entries.map((e) => e.name.toLowerCase());
    const removed = await trx('foia_agencies')
      .whereNull('owner_id')
      .where({ jurisdiction: slug, source: 'corpus' })
      .modify((q) => {
        if (names.length > 0) void q.whereRaw(`lower(name) NOT IN (${names.map(() => '?').join(', ')})`, names);
      })
      .del();
    let inserted = 0;
    let updated = 0;
    for (const e of entries) {
      // Only a row whose values differ is rewritten, so updated_at says when the data last changed.
      const result = await trx.raw(
        `INSERT INTO foia_agencies (jurisdiction, name, ${FIELDS.join(', ')}, source, owner_id)
         VALUES (?, ?, ${FIELDS.map(() => '?').join(', ')}, 'corpus', NULL)
         ON CONFLICT (jurisdiction, lower(name)) WHERE owner_id IS NULL DO UPDATE SET
           name = EXCLUDED.name, ${FIELDS.map((f) => `${f} = EXCLUDED.${f}`).join(', ')}, updated_at = now()
         WHERE (foia_agencies.name, ${FIELDS.map((f) => `foia_agencies.${f}`).join(', ')})
           IS DISTINCT FROM (EXCLUDED.name, ${FIELDS.map((f) => `EXCLUDED.${f}`).join(', ')})
         RETURNING (xmax = 0) AS inserted`,
        [e.jurisdiction, e.name, ...FIELDS.map((f) => e[f])],
      );
      const row = (result.rows as Array<{ inserted: boolean }>)[0];
      if (row?.inserted) inserted += 1;
      else if (row) updated += 1;
    }
    return { inserted, updated, unchanged: entries.length - inserted - updated, removed, skipped };
  });
}
