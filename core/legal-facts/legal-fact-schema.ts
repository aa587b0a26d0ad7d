import { z } from 'zod';

/*
 * Reviewed legal facts: one file per jurisdiction in `data/legal-facts/<slug>.json`, the one
 * source of truth for every fact the service states (API, compare view, due dates, letters,
 * research tables, chat). Each fact carries its value, a pinpoint citation, the exact words
 * that state it, the kind of source those words come from and the date it was reviewed.
 * `docs/legal-facts.md` explains the fields to reviewers.
 */

/** Where a fact's supporting words come from. */
export const FACT_SOURCE_KINDS = ['statute_text', 'dataset', 'summary', 'citation_only'] as const;
export type FactSourceKind = (typeof FACT_SOURCE_KINDS)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
const dayUnit = z.enum(['business', 'calendar']);
const days = z.number().int().min(0).max(3650);
const text = z.string().trim().min(1).max(1000);

/** Who must act by a deadline: the law never mixes the agency's time with the requester's. */
export const ACTORS = ['agency', 'requester', 'reviewer', 'attorney_general', 'court'] as const;

/** What the agency must do first, by when; `days` null with a `standard` means no fixed deadline. */
const initialResponse = z.strictObject({
  action: z.enum(['respond', 'grant_or_deny', 'produce', 'make_available', 'determine']),
  days: days.nullable(),
  unit: dayUnit.nullable(),
  counted_from: text.nullable(),
  /** The words of a standard without a number ("promptly", "a reasonable time"); null when days are fixed. */
  standard: text.nullable(),
});

const acknowledgment = z.strictObject({
  required: z.boolean(),
  days: days.nullable(),
  unit: dayUnit.nullable(),
  standard: text.nullable(),
});

const extension = z.strictObject({
  allowed: z.boolean(),
  max_days: days.nullable(),
  unit: dayUnit.nullable(),
  conditions: text.nullable(),
  notice_required: z.boolean().nullable(),
});

const deemedDenial = z.strictObject({
  applies: z.boolean(),
  /** When a failure to answer counts as a denial, in the law's words. */
  when: text.nullable(),
});

const administrativeAppeal = z.strictObject({
  exists: z.boolean(),
  /** Must the requester use it before going to court? null when the law does not say. */
  required: z.boolean().nullable(),
  to: text.nullable(),
  requester_days: days.nullable(),
  requester_unit: dayUnit.nullable(),
  decider_days: days.nullable(),
  decider_unit: dayUnit.nullable(),
});

const courtReview = z.strictObject({
  court: text.nullable(),
  requester_days: days.nullable(),
  requester_unit: dayUnit.nullable(),
  exhaustion_required: z.boolean().nullable(),
});

const attorneyFees = z.strictObject({
  availability: z.enum(['shall', 'may', 'not_available']),
  condition: text.nullable(),
});

const whoMayRequest = z.strictObject({
  /** null when the words name a class ("citizens of this State") whose reach the law itself leaves open. */
  residency_required: z.boolean().nullable(),
  /** The class of persons the law opens records to, in its words ("any person", "citizens of the Commonwealth"). */
  who: text,
  exceptions: text.nullable(),
});

const feeWaiver = z.strictObject({
  available: z.boolean(),
  /** `shall` when the law requires a waiver or reduction on its standard, `may` when it permits one. */
  mandatory: z.boolean().nullable(),
  standard: text.nullable(),
});

const searchFees = z.strictObject({
  allowed: z.boolean().nullable(),
  description: text,
});

const copyFees = z.strictObject({
  per_page: z.number().min(0).max(100).nullable(),
  description: text,
});

const penalties = z.strictObject({ description: text });

const requestRecipient = z.strictObject({
  /** The officer the law names to receive requests ("officer for public information"). */
  title: text,
});

const expedited = z.strictObject({
  available: z.boolean(),
  standard: text.nullable(),
  days: days.nullable(),
  unit: dayUnit.nullable(),
});

/** A deadline of another kind, always with who must act (Texas: the agency's 10 business days to ask the Attorney General). */
const otherDeadline = z.strictObject({
  actor: z.enum(ACTORS),
  /** What must be done, in the law's words ("ask for the attorney general's decision"). */
  action: text,
  days: days.nullable(),
  unit: dayUnit.nullable(),
});

/** The value shape of each fact field. */
export const FACT_VALUE_SCHEMAS = {
  initial_response: initialResponse,
  acknowledgment,
  extension,
  deemed_denial: deemedDenial,
  administrative_appeal: administrativeAppeal,
  court_review: courtReview,
  attorney_fees: attorneyFees,
  who_may_request: whoMayRequest,
  fee_waiver: feeWaiver,
  search_fees: searchFees,
  copy_fees: copyFees,
  penalties,
  request_recipient: requestRecipient,
  expedited_processing: expedited,
  other_deadline: otherDeadline,
} as const;

export type FactField = keyof typeof FACT_VALUE_SCHEMAS;
export const FACT_FIELDS = Object.keys(FACT_VALUE_SCHEMAS) as FactField[];
export type FactValue<F extends FactField> = z.infer<(typeof FACT_VALUE_SCHEMAS)[F]>;

/** Requester classes a variant of a fact can be limited to (Idaho's nonresidents get 21 days). */
export const REQUESTER_CLASSES = ['nonresident', 'commercial', 'media', 'incarcerated', 'own_records'] as const;
export type RequesterClass = (typeof REQUESTER_CLASSES)[number];

/** What every reviewed statement carries: where the law says it, in which words, from what source, when reviewed. */
const evidence = {
  /** Pinpoint citation, to the subsection ("Va. Code § 2.2-3704(A)"). */
  citation: text,
  /** The exact words that state it; for statute text, a verbatim substring of the cited node. */
  quote: z.string().trim().min(3).max(1500).nullable(),
  source_kind: z.enum(FACT_SOURCE_KINDS),
  reviewed: isoDate,
  notes: z.string().trim().max(2000).nullable().default(null),
};

const factCommon = {
  /** Limits of the fact in the law's words ("executive agencies", "requests by non-residents"), else null. */
  applies_to: text.nullable().default(null),
  /** Set when the fact is a variant for a class of requesters; the main fact has none. */
  requester_class: z.enum(REQUESTER_CLASSES).nullable().default(null),
  ...evidence,
};

const factOf = <F extends FactField>(field: F) =>
  z.strictObject({ field: z.literal(field), value: FACT_VALUE_SCHEMAS[field], ...factCommon });

/** One reviewed fact. */
export const legalFactSchema = z
  .discriminatedUnion(
    'field',
    FACT_FIELDS.map((f) => factOf(f)) as unknown as [ReturnType<typeof factOf<'initial_response'>>, ...ReturnType<typeof factOf<FactField>>[]],
  )
  .superRefine((fact, ctx) => {
    if (fact.source_kind !== 'citation_only' && !fact.quote) {
      ctx.addIssue({ code: 'custom', path: ['quote'], message: 'a fact that is not citation_only needs the words that state it' });
    }
  });

/** A reviewed exemption citation: the dataset's exemption at `index`, cited to the provision that creates it. */
export const exemptionReviewSchema = z.strictObject({
  /** Position of the exemption in the dataset record's `exemptions` list (0-based). */
  index: z.number().int().min(0),
  /** Category label in the dataset, repeated so a reader sees which exemption this is. */
  dataset_category: text,
  /** `citation` names the provision that creates the exemption; `quote` holds words carrying its subject. */
  ...evidence,
});

/** A jurisdiction's file of reviewed facts. */
export const legalFactsFileSchema = z.strictObject({
  jurisdiction: z.string().regex(/^[a-z]+(?:-[a-z]+)*$/),
  reviewed: isoDate,
  facts: z.array(legalFactSchema),
  exemptions: z.array(exemptionReviewSchema).default([]),
});

type FactCommon = Omit<z.infer<ReturnType<typeof factOf<'penalties'>>>, 'field' | 'value'>;
/** One reviewed fact: a union over the fields, so `field` narrows `value`. */
export type LegalFact = { [F in FactField]: FactCommon & { field: F; value: FactValue<F> } }[FactField];
export type ExemptionReview = z.infer<typeof exemptionReviewSchema>;
export type LegalFactsFile = Omit<z.infer<typeof legalFactsFileSchema>, 'facts'> & { facts: LegalFact[] };

/** A reviewed fact of one field, with its value typed. */
export type LegalFactOf<F extends FactField> = Extract<LegalFact, { field: F }>;
