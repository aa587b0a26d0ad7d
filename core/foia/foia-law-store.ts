import type { Knex } from 'knex';
import type { DeadlineUnit } from '../calendar/business-days.js';
import type { ExplicitHoliday } from '../calendar/holiday-calendar.js';
import type { FactField, FactSourceKind, FactValue, RequesterClass } from '../legal-facts/legal-fact-schema.js';

/** Another class of requesters' initial deadline, named so the explanation can point to it. */
export interface DeadlineVariant {
  requesterClass: RequesterClass;
  days: number | null;
  unit: DeadlineUnit | null;
  citation: string;
}

/** A jurisdiction's initial response deadline, as the law database states it. */
export interface DeadlineRules {
  days: number | null;
  unit: DeadlineUnit | null;
  noFixedDeadline: boolean;
  noFixedDeadlineReason: string | null;
  citation: string | null;
  /** The law's rule on requests received after hours or on closed days, in words, if it has one. */
  afterHoursStatement: string | null;
  /** The law's words for a deadline without a number ("promptly"), from a reviewed fact; else null. */
  standard: string | null;
  /** Set when these rules are a reviewed variant for one class of requesters (Idaho's nonresidents). */
  requesterClass: RequesterClass | null;
  /** Variants for other classes of requesters that these rules do not apply. */
  otherVariants: DeadlineVariant[];
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
  /** Present only where a reviewed fact says the law provides expedited processing. */
  expedited: { standard: string | null; citation: string } | null;
  /** Present only where a reviewed fact says the law provides none (silence is not "none"). */
  expeditedNone: { citation: string } | null;
  /** A provision on the format of records, if the law has one. */
  format: LetterProvision | null;
  /** The officer the law names to receive requests, in its words ("officer for public information"); else null. */
  recipient: string | null;
}

/** What the derived records alone give a letter; reviewed facts add the rest (see letters/letter-law.ts). */
export type DerivedLetterLaw = Omit<LetterLaw, 'expedited' | 'expeditedNone' | 'recipient'>;

/** A reviewed fact (`legal_facts`), with its value typed by its field. */
export type LawFact = {
  [F in FactField]: {
    field: F;
    /** Set on a variant for one class of requesters; null on the main fact. */
    requesterClass: RequesterClass | null;
    /** Limits in the law's words ("executive agencies"), or null. */
    appliesTo: string | null;
    value: FactValue<F>;
    /** Pinpoint citation. */
    citation: string;
    /** The words that state the fact; null only for `citation_only` facts. */
    quote: string | null;
    sourceKind: FactSourceKind;
  };
}[FactField];

/** A reviewed fact of one field. */
export type LawFactOf<F extends FactField> = Extract<LawFact, { field: F }>;

/** Read access to the law database for deadlines and letters (public data: no row-level security). */
export interface FoiaLawStore {
  deadlineRules(jurisdiction: string): Promise<DeadlineRules | null>;
  /** The jurisdiction's holidays from the corpus (explicit dates; the calendar adds rule-based ones). */
  holidays(jurisdiction: string): Promise<ExplicitHoliday[]>;
  letterLaw(jurisdiction: string): Promise<DerivedLetterLaw>;
  /** The jurisdiction's reviewed facts of these fields, in the order of its facts file. */
  facts(jurisdiction: string, fields: readonly FactField[]): Promise<LawFact[]>;
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

interface FactRow {
  field: FactField;
  requester_class: RequesterClass | null;
  applies_to: string | null;
  value: unknown;
  citation: string;
  quote: string | null;
  source_kind: FactSourceKind;
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
    standard: null,
    requesterClass: null,
    otherVariants: [],
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

// Ingestion validated each value against its field's schema before storing it.
const toFact = (row: FactRow): LawFact =>
  ({
    field: row.field,
    requesterClass: row.requester_class,
    appliesTo: row.applies_to,
    value: row.value,
    citation: row.citation,
    quote: row.quote,
    sourceKind: row.source_kind,
  }) as LawFact;

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
    async facts(jurisdiction, fields) {
      if (fields.length === 0) return [];
      const rows = (await db('legal_facts')
        .select('field', 'requester_class', 'applies_to', 'value', 'citation', 'quote', 'source_kind')
        .where({ jurisdiction })
        .whereIn('field', [...fields])
        .orderBy('ordinal')) as FactRow[];
      return rows.map(toFact);
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
          .whereIn('category', ['fees_and_waivers', 'format'])
          .orderBy('ordinal') as Promise<RightRow[]>,
      ]);
      return {
        jurisdictionName: law?.jurisdiction_name ?? null,
        lawName: law?.name ?? null,
        lawCitation: law?.citation ?? null,
        deadline: req ? toRules(req) : null,
        feeWaiver: feeWaiverOf(fees?.details ?? null, rights),
        format: provision(rights, 'format'),
      };
    },
  };
}
