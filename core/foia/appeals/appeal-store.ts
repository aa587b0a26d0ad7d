/**
 * What drafting an appeal reads and writes: the jurisdiction's exemptions and statute nodes
 * (public law data), and, as one user under row-level security, the request, the profile that
 * signs the letter and the drafted letter itself.
 */
import type { Knex } from 'knex';
import { inUserTransaction } from '../../db/user-transaction.js';
import { findProfile, type UserProfile } from '../../profile/profile-store.js';
import { insertCommunication, type CommunicationRecord, type NewCommunication } from '../communications/communication-store.js';
import { toRecord, type FoiaRequestRow } from '../foia-request-rows.js';
import type { FoiaRequestRecord } from '../foia-request-types.js';
import type { LawSection } from './exemption-limits.js';

/** An exemption of the law database, with the statute node it rests on when there is one. */
export interface ExemptionRecord {
  id: string;
  citation: string | null;
  label: string;
  description: string | null;
  source_kind: string;
  section_id: string | null;
  section_label: string | null;
}

/** The law side (no row-level security: public data). */
export interface AppealLawStore {
  exemptions(jurisdiction: string): Promise<ExemptionRecord[]>;
  /** Labels and ids of the jurisdiction's statute-text nodes. */
  sectionLabels(jurisdiction: string): Promise<Array<{ id: string; label: string }>>;
  sectionsByLabel(jurisdiction: string, labels: readonly string[]): Promise<LawSection[]>;
  /** The node at `label`, its subdivisions, its parent and the parent's subdivisions. */
  provision(jurisdiction: string, label: string, parent: string | null): Promise<LawSection[]>;
  /** Statute-text nodes containing any of `phrases` (case-insensitive). */
  containing(jurisdiction: string, phrases: readonly string[]): Promise<LawSection[]>;
}

/** One user's side, inside one transaction. */
export interface AppealUserTransaction {
  findRequest(id: string): Promise<FoiaRequestRecord | null>;
  profile(): Promise<UserProfile>;
  insertDraft(input: NewCommunication): Promise<CommunicationRecord>;
}

export interface AppealUserStore {
  asUser<T>(userId: string, fn: (tx: AppealUserTransaction) => Promise<T>): Promise<T>;
}

const SECTION_COLUMNS = ['id', 'label', 'citation', 'heading', 'text', 'source_kind'] as const;
const statute = (db: Knex, jurisdiction: string) => db('law_sections').select([...SECTION_COLUMNS]).where({ jurisdiction, source_kind: 'statute_text' });
const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createPgAppealLawStore(db: Knex): AppealLawStore {
  return {
    async exemptions(jurisdiction) {
      return (await db('exemptions as e')
        .leftJoin('law_sections as s', 's.id', 'e.section_id')
        .select('e.id', 'e.citation', 'e.raw_label as label', 'e.description', 'e.source_kind', 'e.section_id', 's.label as section_label')
        .where('e.jurisdiction', jurisdiction)
        .orderBy('e.ordinal')) as ExemptionRecord[];
    },
    async sectionLabels(jurisdiction) {
      return (await db('law_sections').select('id', 'label').where({ jurisdiction, source_kind: 'statute_text' })) as Array<{ id: string; label: string }>;
    },
    async sectionsByLabel(jurisdiction, labels) {
      if (labels.length === 0) return [];
      return (await statute(db, jurisdiction).whereIn('label', [...labels])) as LawSection[];
    },
    async provision(jurisdiction, label, parent) {
      const top = parent ?? label;
      return (await statute(db, jurisdiction)
        .where((q) => void q.where('label', top).orWhere('label', 'like', `${escapeLike(top)}(%`))
        .orderBy('ordinal')
        .limit(500)) as LawSection[];
    },
    async containing(jurisdiction, phrases) {
      if (phrases.length === 0) return [];
      return (await statute(db, jurisdiction)
        .where((q) => {
          for (const p of phrases) void q.orWhere('text', 'ilike', `%${escapeLike(p)}%`);
        })
        .orderBy('ordinal')
        .limit(200)) as LawSection[];
    },
  };
}

export function createPgAppealUserStore(db: Knex): AppealUserStore {
  return {
    asUser: (userId, fn) =>
      inUserTransaction(db, userId, (trx) =>
        fn({
          async findRequest(id) {
            const row = (await trx('foia_requests').where({ id }).first()) as FoiaRequestRow | undefined;
            return row ? toRecord(row) : null;
          },
          profile: () => findProfile(trx),
          insertDraft: (input) => insertCommunication(trx, userId, input),
        }),
      ),
  };
}
