/**
 * The fields of a FOIA request a user writes (on create and by merge patch), with their
 * validation. Names are the API's (snake_case); the service validates a merged patch with
 * the same schema as a new request, so a patch can never produce a request that could
 * not have been created.
 */
import { z } from 'zod';
import { toJurisdictionSlug } from '../calendar/jurisdiction-slug.js';
import { REQUESTER_CLASSES } from '../legal-facts/legal-fact-schema.js';
import { FOIA_STATUSES, INITIAL_STATUSES } from './foia-lifecycle.js';

const requiredText = (max: number) => z.string().trim().min(1, 'Must not be empty').max(max);

/** Optional text: missing, null and blank all mean "none". */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Amounts up to a billion dollars (the column holds less than ten billion). */
const money = z
  .number()
  .nonnegative()
  .max(1_000_000_000, 'At most 1,000,000,000')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'At most two decimal places');

const optionalMoney = money.nullish().transform((v) => v ?? null);

const labels = (max: number, each: number) =>
  z
    .array(requiredText(each))
    .max(max)
    .nullish()
    .transform((v) => [...new Set(v ?? [])]);

/** A jurisdiction slug; common spellings (`TX`, `Texas`, `US`) are accepted and normalised. */
export const jurisdictionField = z.string().transform((value, ctx) => {
  const slug = toJurisdictionSlug(value);
  if (!slug) {
    ctx.addIssue({ code: 'custom', message: 'Unknown jurisdiction: use a slug such as federal, texas or district-of-columbia' });
    return z.NEVER;
  }
  return slug;
});

/** No request tracked here was sent before public-records laws as we know them (the federal FOIA took effect in 1967). */
const EARLIEST_INSTANT = '1960-01-01T00:00:00Z';

/** An instant with an explicit offset (`…Z` or `…-05:00`): receipt times are read in the agency's zone. */
export const instantField = z.iso
  .datetime({ offset: true, message: 'An ISO date-time with an offset, e.g. 2025-03-14T16:05:00-05:00' })
  .refine((v) => Date.parse(v) >= Date.parse(EARLIEST_INSTANT), `Must not be before ${EARLIEST_INSTANT.slice(0, 10)}`);

/** A date the records asked for may bear: years 1600 to 2999 (Postgres and the letters hold any of them). */
const recordDate = z.iso.date().refine((v) => v >= '1600-01-01' && v <= '2999-12-31', 'A date between 1600-01-01 and 2999-12-31');

export const agencySchema = z
  .object({
    name: requiredText(300),
    email: z.email().max(320).nullish().transform((v) => v ?? null),
    portal_url: z.url({ protocol: /^https?$/ }).max(2000).nullish().transform((v) => v ?? null),
    address: optionalText(1000),
    /** The agency's entry in the directory (`/api/foia/agencies/{id}`), when the request names one. */
    directory_id: z.uuid().nullish().transform((v) => v ?? null),
  })
  .strict();

export const dateRangeSchema = z
  .object({
    from: recordDate.nullish().transform((v) => v ?? null),
    to: recordDate.nullish().transform((v) => v ?? null),
  })
  .strict()
  .refine((r) => r.from === null || r.to === null || r.from <= r.to, { message: '`from` must not be after `to`', path: ['to'] });

/**
 * A phone number: digits with the usual separators (an area code in parentheses first too),
 * an optional leading + and extension; enough to catch a pasted e-mail address or sentence.
 */
export const phoneText = z
  .string()
  .trim()
  .max(40)
  .regex(/^\+?[0-9(][0-9 ().\-/]{2,30}(?:\s*(?:x|ext\.?)\s*[0-9]{1,6})?$/i, 'A phone number: digits, spaces, + ( ) . - /, and an optional extension');

/** Who signs the letter; every member optional. An object with nothing in it is stored as null. */
export const requesterSchema = z
  .object({
    name: optionalText(200),
    email: z.email().max(320).nullish().transform((v) => v ?? null),
    phone: phoneText.nullish().transform((v) => v ?? null),
    address: optionalText(1000),
    organization: optionalText(300),
  })
  .strict()
  .transform((r) => (Object.values(r).some((v) => v !== null) ? r : null));

/** Every editable field; the output is complete (nulls and empty lists for what is absent). */
export const editableFieldsShape = {
  jurisdiction: jurisdictionField,
  /** A class of requesters some laws give another deadline (Idaho: nonresidents); null for none. */
  requester_class: z.enum(REQUESTER_CLASSES).nullish().transform((v) => v ?? null),
  requester: requesterSchema.nullish().transform((v) => v ?? null),
  agency: agencySchema,
  subject: requiredText(300),
  description: requiredText(20_000),
  date_range: dateRangeSchema.nullish().transform((v) => v ?? { from: null, to: null }),
  format_preference: optionalText(500),
  fee_waiver_requested: z.boolean().nullish().transform((v) => v ?? false),
  fee_waiver_justification: optionalText(5000),
  expedited_requested: z.boolean().nullish().transform((v) => v ?? false),
  expedited_justification: optionalText(5000),
  max_fee: optionalMoney,
  estimated_fee: optionalMoney,
  paid_fee: optionalMoney,
  tracking_numbers: labels(50, 100),
  notes: optionalText(20_000),
  tags: labels(50, 50),
};

export const editableFieldsSchema = z.object(editableFieldsShape).strict();

/** The editable fields of a request, as stored and returned. */
export type FoiaEditableFields = z.output<typeof editableFieldsSchema>;
export type FoiaAgency = FoiaEditableFields['agency'];
export type FoiaRequester = NonNullable<FoiaEditableFields['requester']>;

/** Body of POST /api/foia/requests. */
export const createRequestSchema = z
  .object({
    ...editableFieldsShape,
    status: z.enum(INITIAL_STATUSES).default('draft'),
    submitted_at: instantField.optional(),
    note: optionalText(5000),
  })
  .strict()
  .refine((b) => b.submitted_at === undefined || b.status === 'submitted', {
    message: 'submitted_at is set only with status "submitted"',
    path: ['submitted_at'],
  });

type ParsedCreateBody = z.output<typeof createRequestSchema>;
/** Fields added after the first release stay optional for callers that build the input themselves (bench, scripts). */
type LaterFields = 'requester_class' | 'requester';
export type CreateFoiaRequestInput = Omit<ParsedCreateBody, LaterFields> & Partial<Pick<ParsedCreateBody, LaterFields>>;

const patchable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/**
 * Body of PATCH /api/foia/requests/{id}: a JSON merge patch of the editable fields, plus a
 * status transition with its date in its matching field and a note for the history.
 * Types are checked here; whether the merged request is complete is checked after merging.
 */
export const patchDocumentSchema = z
  .object({
    jurisdiction: patchable(jurisdictionField),
    requester_class: patchable(z.enum(REQUESTER_CLASSES)),
    requester: patchable(
      z
        .object({
          name: patchable(z.string().max(200)),
          email: patchable(z.email().max(320)),
          phone: patchable(phoneText),
          address: patchable(z.string().max(1000)),
          organization: patchable(z.string().max(300)),
        })
        .strict(),
    ),
    agency: patchable(
      z
        .object({
          name: patchable(requiredText(300)),
          email: patchable(z.email().max(320)),
          portal_url: patchable(z.url({ protocol: /^https?$/ }).max(2000)),
          address: patchable(z.string().max(1000)),
          /** A directory entry (`/api/foia/agencies/{id}`); null to name none. */
          directory_id: patchable(z.uuid()),
        })
        .strict(),
    ),
    subject: patchable(requiredText(300)),
    description: patchable(requiredText(20_000)),
    date_range: patchable(z.object({ from: patchable(recordDate), to: patchable(recordDate) }).strict()),
    format_preference: patchable(z.string().max(500)),
    fee_waiver_requested: patchable(z.boolean()),
    fee_waiver_justification: patchable(z.string().max(5000)),
    expedited_requested: patchable(z.boolean()),
    expedited_justification: patchable(z.string().max(5000)),
    max_fee: patchable(money),
    estimated_fee: patchable(money),
    paid_fee: patchable(money),
    tracking_numbers: patchable(z.array(requiredText(100)).max(50)),
    notes: patchable(z.string().max(20_000)),
    tags: patchable(z.array(requiredText(50)).max(50)),
    status: z.enum(FOIA_STATUSES).optional(),
    submitted_at: instantField.optional(),
    acknowledged_at: instantField.optional(),
    completed_at: instantField.optional(),
    appealed_at: instantField.optional(),
    note: z.string().trim().min(1).max(5000).optional(),
  })
  .strict();

export type FoiaPatchDocument = z.output<typeof patchDocumentSchema>;

/** Keys of the patch that are not editable fields: the transition and its note. */
export const TRANSITION_KEYS = ['status', 'submitted_at', 'acknowledged_at', 'completed_at', 'appealed_at', 'note'] as const;
