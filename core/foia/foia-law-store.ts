import type { Knex } from 'knex';
import type { DeadlineUnit } from '../calendar/business-days.js';
import type { ExplicitHoliday } from '../calendar/holiday-calendar.js';

/** A jurisdiction's initial response deadline, as the law database states it. */
export interface DeadlineRules {
  days: number | null;
  unit: DeadlineUnit | null;
  noFixedDeadline: boolean;
  noFixedDeadlineReason: string | null;
  citation: string | null;
  /** The law's rule on requests received after hours or on closed days, in words, if it has one. */
  afterHoursStatement: string | null;
}

/** A provision of the law a letter can invoke. */
export interface LetterProvision {
  title: string;
  citation: string | null;
}

/** What a request letter says about the law: only what the law database provides. */
export interface LetterLaw {
  jurisdictionName: string | null;
  lawName: string | null;
  lawCitation: string | null;
  deadline: DeadlineRules | null;
  /** Present only where the law provides a fee waiver. */
  feeWaiver: (LetterProvision & { criteria: string | null }) | null;
  /** Present only where the law provides expedited processing. */
  expedited: LetterProvision | null;
  /** A provision on the format of records, if the law has one. */
  format: LetterProvision | null;
}

/** Read access to the law database for deadlines and letters (public data: no row-level security). */
export interface FoiaLawStore {
  deadlineRules(jurisdiction: string): Promise<DeadlineRules | null>;
  /** The jurisdiction's holidays from the corpus (explicit dates; the calendar adds rule-based ones). */
  holidays(jurisdiction: string): Promise<ExplicitHoliday[]>;
  letterLaw(jurisdiction: string): Promise<LetterLaw>;
}

interface RequirementsRow {
  initial_days: number | null;
  initial_unit: DeadlineUnit | null;
  no_fixed_deadline: boolean;
  no_fixed_deadline_reason: string | null;
  citation: string | null;
  details: { afterHoursReceipt?: { statement?: string } | null } | null;
}

interface RightRow {
  category: string;
  title: string;
  citation: string | null;
  statutory_text: string;
}

interface FeeWaiverDetails {
  feeWaiver?: { available?: boolean | null; criteria?: string | null; citation?: string | null };
}

const WAIVER = /waiv/i;

function toRules(row: RequirementsRow): DeadlineRules {
  return {
    days: row.initial_days,
    unit: row.initial_unit,
    noFixedDeadline: row.no_fixed_deadline,
    noFixedDeadlineReason: row.no_fixed_deadline_reason,
    citation: row.citation,
    afterHoursStatement: row.details?.afterHoursReceipt?.statement ?? null,
  };
}

/**
 * The fee waiver the law provides: the fee rules' waiver when they say one is available,
 * else a fees right that speaks of a waiver. Null when neither does.
 */
function feeWaiverOf(details: FeeWaiverDetails | null, rights: RightRow[]): LetterLaw['feeWaiver'] {
  const waiverRight = rights.find((r) => r.category === 'fees_and_waivers' && (WAIVER.test(r.title) || WAIVER.test(r.statutory_text)));
  const fw = details?.feeWaiver;
  if (fw?.available === true) {
    return { title: 'Fee waiver', citation: fw.citation ?? waiverRight?.citation ?? null, criteria: fw.criteria ?? null };
  }
  return waiverRight ? { title: waiverRight.title, citation: waiverRight.citation, criteria: null } : null;
}

function provision(rights: RightRow[], category: string): LetterProvision | null {
  const right = rights.find((r) => r.category === category);
  return right ? { title: right.title, citation: right.citation } : null;
}

/** The Postgres law store, over the tables ingestion fills. */
export function createPgFoiaLawStore(db: Knex): FoiaLawStore {
  const requirements = async (jurisdiction: string) =>
    (await db('response_requirements')
      .select('initial_days', 'initial_unit', 'no_fixed_deadline', 'no_fixed_deadline_reason', 'citation', 'details')
      .where({ jurisdiction })
      .first()) as RequirementsRow | undefined;
  return {
    async deadlineRules(jurisdiction) {
      const row = await requirements(jurisdiction);
      return row ? toRules(row) : null;
    },
    async holidays(jurisdiction) {
      const rows = await db('holidays').select('date', 'name').where({ jurisdiction }).orderBy('date');
      return rows as ExplicitHoliday[];
    },
    async letterLaw(jurisdiction) {
      const [law, req, fees, rights] = await Promise.all([
        db('laws')
          .leftJoin('jurisdictions', 'jurisdictions.slug', 'laws.jurisdiction')
          .select('laws.name', 'laws.citation', 'jurisdictions.name as jurisdiction_name')
          .where('laws.jurisdiction', jurisdiction)
          .first() as Promise<{ name: string; citation: string | null; jurisdiction_name: string | null } | undefined>,
        requirements(jurisdiction),
        db('fees').select('details').where({ jurisdiction }).first() as Promise<{ details: FeeWaiverDetails } | undefined>,
        db('rights')
          .select('category', 'title', 'citation', 'statutory_text')
          .where({ jurisdiction })
          .whereIn('category', ['fees_and_waivers', 'expedited_processing', 'format'])
          .orderBy('ordinal') as Promise<RightRow[]>,
      ]);
      return {
        jurisdictionName: law?.jurisdiction_name ?? null,
        lawName: law?.name ?? null,
        lawCitation: law?.citation ?? null,
        deadline: req ? toRules(req) : null,
        feeWaiver: feeWaiverOf(fees?.details ?? null, rights),
        expedited: provision(rights, 'expedited_processing'),
        format: provision(rights, 'format'),
      };
    },
  };
}
