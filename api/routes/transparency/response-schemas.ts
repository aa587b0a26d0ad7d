/**
 * Success bodies of the transparency routes, for the API description (documentation only:
 * responses are not validated at run time). Each schema mirrors a view type of
 * core/transparency field by field; the checks at the end of the file fail to compile when
 * one drifts from its type. Stored free-form JSON (derived records, evidence, discrepancies,
 * official resources, a fact's value) is typed as loosely as the views type it.
 */
import { z } from 'zod';
import { COMPARE_FIELD_KEYS } from '../../../core/transparency/compare-fields.js';
import type { ComparisonResult, StatuteResult } from '../../../core/transparency/transparency-service.js';
import type {
  DocumentView,
  ExemptionCategoryView,
  ExemptionDetail,
  ExemptionView,
  IncomingReference,
  JurisdictionDetail,
  JurisdictionSummary,
  OutgoingReference,
  ProvenanceView,
  RightDetail,
  RightView,
  SectionDetail,
  SectionRef,
  SectionView,
} from '../../../core/transparency/transparency-views.js';
import type { ListEnvelope } from '../../../core/http/list-envelope.js';
import { factViewSchema } from './fact-schemas.js';

const date = z.string().describe('YYYY-MM-DD');
const unit = z.enum(['business', 'calendar']);

/** The list envelope of a paged list (`core/http/list-envelope.ts`). */
export function listEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int().describe('Items in the whole list, across pages'),
    next_cursor: z.string().nullable().describe('`cursor` of the next page; null on the last page'),
  });
}

export const provenanceSchema = z
  .object({
    source_path: z.string().describe('Path of the source, relative to the corpus'),
    source_kind: z.string().describe('statute_text, summary, process_map or structured'),
    verified_date: date.nullable(),
  })
  .describe('Where the record came from');

export const documentViewSchema = z.object({
  id: z.string(),
  kind: z.string().describe('statute_text, summary or process_map'),
  title: z.string(),
  citation: z.string().nullable(),
  source_path: z.string(),
  retrieved_date: date.nullable(),
  completeness: z.string().nullable().describe('Completeness note of the text ("full …", "partial …")'),
});

/** A statute node in brief: enough to link to it. */
export const sectionRefSchema = z.object({
  id: z.string().describe('Readable at /api/v2/transparency/sections/{id}'),
  label: z.string().describe('Statute label, e.g. "552(b)(6)"'),
  citation: z.string().nullable(),
  heading: z.string().nullable(),
});

/** The statute node a right or exemption rests on, with its text. */
export const linkedSectionSchema = sectionRefSchema.extend({ text: z.string(), source_kind: z.string() });

/** A citation from a right, exemption or section to a statute node. */
export const outgoingReferenceSchema = z.object({
  section_id: z.string().describe('The cited statute node'),
  label: z.string(),
  citation: z.string().nullable(),
  citation_text: z.string().describe('The citation as the citing text writes it'),
});

/** A citation to a statute node from elsewhere in the law. */
export const incomingReferenceSchema = z.object({
  from_type: z.enum(['section', 'right', 'exemption']),
  from_id: z.string(),
  from_label: z.string().nullable().describe('Label of the citing section, title of the right, or raw label of the exemption'),
  from_citation: z.string().nullable(),
  citation_text: z.string().describe('The citation as the citing text writes it'),
});

// ---- Jurisdictions ----

const initialDeadlineSchema = z
  .object({
    days: z.number().int().nullable(),
    unit: unit.nullable(),
    no_fixed_deadline: z.boolean(),
    reason: z.string().nullable().describe('Why there is no fixed deadline (the quoted standard, e.g. "reasonable time")'),
  })
  .describe('The computable initial response deadline; null when the jurisdiction has no response requirements yet');

const statuteTextSchema = z
  .object({
    available: z.boolean(),
    coverage: z.enum(['full', 'partial']).nullable().describe('First word of the completeness note (null when unknown)'),
    completeness: z.string().nullable(),
    source_path: z.string().nullable(),
    retrieved_date: date.nullable(),
    document_id: z.string().nullable().describe('The statute text document, when ingested'),
  })
  .describe('Whether verbatim statute text is in the database, and how complete it is');

const jurisdictionCountsSchema = z.object({
  rights: z.number().int(),
  exemptions: z.number().int(),
  sections: z.number().int().describe('Nodes of the statute text document'),
});

/** One row of the jurisdiction list. */
export const jurisdictionSummarySchema = z.object({
  slug: z.string(),
  name: z.string(),
  type: z.enum(['federal', 'state', 'district']),
  law: z.object({ name: z.string(), citation: z.string().nullable() }).nullable(),
  initial_deadline: initialDeadlineSchema.nullable(),
  counts: jurisdictionCountsSchema,
  statute_text: statuteTextSchema,
});

export const jurisdictionListSchema = listEnvelopeSchema(jurisdictionSummarySchema);

const lawViewSchema = z.object({
  name: z.string(),
  citation: z.string().nullable(),
  effective_date: date.nullable(),
  last_amended: z.string().nullable(),
  constitutional_basis: z.string().nullable(),
  official_resources: z.array(z.unknown()).describe('Official resources (portal, guides, forms) as the source dataset lists them'),
  provenance: provenanceSchema,
});

/** A one-row-per-jurisdiction derived record: its details (free-form, snake_case) and provenance. */
const detailRecordSchema = z.looseObject({ provenance: provenanceSchema });

/** One jurisdiction's law in full. */
export const jurisdictionDetailSchema = jurisdictionSummarySchema.extend({
  current_version: z.number().int().nullable().describe('Version of the ingested records'),
  ingested_at: z.string().nullable().describe('ISO date-time of the last ingestion'),
  law: lawViewSchema.nullable(),
  documents: z.array(documentViewSchema),
  response_requirements: detailRecordSchema
    .extend({ citation: z.string().nullable().describe("The initial deadline's citation") })
    .nullable()
    .describe('The derived response rules (deadlines, extension, tolling...)'),
  fees: detailRecordSchema.nullable().describe('The derived fee rules'),
  appeals: detailRecordSchema.nullable().describe('The derived appeal steps and remedies'),
  requester_requirements: detailRecordSchema.nullable().describe('What a requester must or need not do, as derived'),
  agency_obligations: z.array(z.object({ id: z.string(), statement: z.string(), citation: z.string().nullable(), provenance: provenanceSchema })),
  oversight_bodies: z.array(
    detailRecordSchema.extend({
      id: z.string(),
      name: z.string(),
      role: z.string().nullable(),
      url: z.string().nullable(),
      citation: z.string().nullable(),
    }),
  ),
  facts: z.array(factViewSchema).describe('Reviewed legal facts; they win over the derived records above'),
  discrepancies: z.array(z.unknown()).describe('Where the sources disagree, and what the derivation did about it'),
});

// ---- Rights and exemptions ----

const rank = z.number().nullable().describe('Full-text rank (ts_rank_cd) of the match when the list was searched with `q`, else null');
const notRanked = z.null().describe('Always null for a single record');

export const rightViewSchema = z.object({
  id: z.string(),
  jurisdiction: z.string(),
  category: z.string().describe('Right category (the `category` filter of /api/v2/transparency/rights)'),
  title: z.string(),
  citation: z.string().nullable(),
  text: z.string().describe('Verbatim statute text when `source_kind` is statute_text, else the best available source'),
  source_kind: z.string().describe('Kind of source of `text`'),
  analysis: z.string(),
  conditions: z.string().nullable(),
  applies_to: z.string(),
  section_id: z.string().nullable().describe('The statute node the right rests on'),
  cross_references: z.array(outgoingReferenceSchema),
  provenance: provenanceSchema,
  rank,
});

export const rightListSchema = listEnvelopeSchema(rightViewSchema);

export const rightDetailSchema = rightViewSchema.extend({
  rank: notRanked,
  text_source_path: z.string().describe('Source of `text`'),
  implementation_notes: z.string().nullable(),
  request_tips: z.string().nullable(),
  evidence: z.array(z.unknown()).describe('The sources the right was derived from (quotes or structured fields)'),
  section: linkedSectionSchema.nullable(),
});

export const exemptionViewSchema = z.object({
  id: z.string(),
  jurisdiction: z.string(),
  category: z.string().describe('Canonical category key (see /api/v2/transparency/exemption-categories)'),
  category_label: z.string(),
  raw_label: z.string().describe('The label of the source'),
  classified_by: z.string().describe('How the category was chosen: label, keywords or fallback'),
  citation: z.string().nullable(),
  description: z.string(),
  scope: z.string().nullable(),
  notes: z.string().nullable(),
  section_id: z.string().nullable().describe('The statute node the exemption rests on'),
  cross_references: z.array(outgoingReferenceSchema),
  provenance: provenanceSchema,
  rank,
});

export const exemptionListSchema = listEnvelopeSchema(exemptionViewSchema);

const relatedExemptionSchema = z.object({
  id: z.string(),
  jurisdiction: z.string(),
  jurisdiction_name: z.string(),
  raw_label: z.string(),
  citation: z.string().nullable(),
});

export const exemptionDetailSchema = exemptionViewSchema.extend({
  rank: notRanked,
  section: linkedSectionSchema.nullable(),
  related_exemptions: z.array(relatedExemptionSchema).describe('Exemptions of other jurisdictions in the same category'),
});

export const exemptionCategoryListSchema = listEnvelopeSchema(
  z.object({
    key: z.string(),
    label: z.string(),
    description: z.string(),
    exemption_count: z.number().int(),
    jurisdiction_count: z.number().int().describe('Jurisdictions having at least one exemption in the category'),
  }),
);

// ---- Statute text ----

/** A statute node with its verbatim text. */
export const sectionViewSchema = z.object({
  id: z.string(),
  jurisdiction: z.string(),
  document_id: z.string(),
  label: z.string().describe('Statute label, e.g. "552(b)(6)"'),
  section_number: z.string().describe('The top-level section, e.g. "552"'),
  path: z.array(z.string()).describe('Designators below the section, e.g. ["b", "6"]'),
  parent_label: z.string().nullable(),
  heading: z.string().nullable(),
  text: z.string().describe('Verbatim text'),
  depth: z.number().int().describe('0 for a section, 1 for its subsections…'),
  ordinal: z.number().int().describe('Position in document order'),
  citation: z.string().nullable(),
  provenance: provenanceSchema,
});

export const statuteResultSchema = listEnvelopeSchema(sectionViewSchema).extend({
  jurisdiction: z.string(),
  jurisdiction_detected: z.boolean().describe("True when the jurisdiction was read from the citation's code name"),
  document: documentViewSchema,
  resolved: z
    .object({
      input: z.string(),
      section_id: z.string(),
      label: z.string(),
      citation: z.string().nullable(),
      exact: z.boolean().describe('False when the database has only an ancestor of the node asked for'),
    })
    .nullable()
    .describe('How `section` or `citation` was resolved; null without either'),
});

export const sectionDetailSchema = sectionViewSchema.extend({
  document: documentViewSchema,
  parent: sectionRefSchema.nullable(),
  children: z.array(sectionRefSchema),
  previous: sectionRefSchema.nullable().describe('The previous node at the same depth under the same parent'),
  next: sectionRefSchema.nullable().describe('The next node at the same depth under the same parent'),
  cross_references: z.object({
    outgoing: z.array(outgoingReferenceSchema).describe('Citations the section makes'),
    incoming: z.array(incomingReferenceSchema).describe('Citations of the section from sections, rights and exemptions'),
  }),
});

// ---- Comparison ----

export const comparisonSchema = z.object({
  field: z.enum(COMPARE_FIELD_KEYS),
  label: z.string(),
  description: z.string(),
  data: z.array(
    z.object({
      jurisdiction: z.string(),
      name: z.string(),
      value: z.unknown().describe('The value; its shape depends on the field. Null where the sources say nothing'),
      display: z.string().describe('The value as a person reads it ("20 business days", "Not stated")'),
      citation: z.string().nullable(),
      source_kind: z
        .string()
        .nullable()
        .describe("statute_text, summary, dataset or citation_only for a reviewed fact ('mixed' across several); the derived record's kind otherwise"),
      quote: z.string().nullable().describe("The words that state the value (a reviewed fact's quote), else null"),
      verified: z.boolean().describe('True only when the quote was found in the cited statute node of the corpus'),
      reviewed: date.nullable().describe('Date the fact was reviewed; null for a value derived without review'),
      section_id: z.string().nullable().describe("The statute node the reviewed fact's citation resolves to (GET /api/v1/documents/{id}); for several citations, the first one's"),
    }),
  ),
  total: z.number().int(),
  next_cursor: z.null(),
});

// ---- Compile-time checks: each schema has the fields of its view type, with compatible types ----

/** True when the schema's output and the type are assignable both ways. */
export type Mirrors<S extends z.ZodType, T> = [z.output<S>] extends [T] ? ([T] extends [z.output<S>] ? true : false) : false;
type Unranked<T> = Omit<T, 'rank'> & { rank: null };

const _mirrors: [
  Mirrors<typeof provenanceSchema, ProvenanceView>,
  Mirrors<typeof documentViewSchema, DocumentView>,
  Mirrors<typeof sectionRefSchema, SectionRef>,
  Mirrors<typeof outgoingReferenceSchema, OutgoingReference>,
  Mirrors<typeof incomingReferenceSchema, IncomingReference>,
  Mirrors<typeof jurisdictionListSchema, ListEnvelope<JurisdictionSummary>>,
  Mirrors<typeof jurisdictionDetailSchema, JurisdictionDetail>,
  Mirrors<typeof rightListSchema, ListEnvelope<RightView>>,
  Mirrors<typeof rightDetailSchema, Unranked<RightDetail>>,
  Mirrors<typeof exemptionListSchema, ListEnvelope<ExemptionView>>,
  Mirrors<typeof exemptionDetailSchema, Unranked<ExemptionDetail>>,
  Mirrors<typeof exemptionCategoryListSchema, ListEnvelope<ExemptionCategoryView>>,
  Mirrors<typeof sectionViewSchema, SectionView>,
  Mirrors<typeof statuteResultSchema, StatuteResult>,
  Mirrors<typeof sectionDetailSchema, SectionDetail>,
  Mirrors<typeof comparisonSchema, Omit<ComparisonResult, 'next_cursor'> & { next_cursor: null }>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true];
void _mirrors;
