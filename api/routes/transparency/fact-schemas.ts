import { z } from 'zod';
import { FACT_FIELDS, FACT_SOURCE_KINDS, REQUESTER_CLASSES } from '../../../core/legal-facts/legal-fact-schema.js';
import { listParam } from './query-params.js';

/** `GET /api/v2/transparency/jurisdictions/:slug/facts`. */
export const listFactsQuery = z.object({
  field: listParam(z.enum(FACT_FIELDS), `Only these fields: ${FACT_FIELDS.join(', ')}`),
  source_kind: listParam(z.enum(FACT_SOURCE_KINDS), `Only facts resting on these sources: ${FACT_SOURCE_KINDS.join(', ')}`),
});

/** A reviewed fact, as served. */
export const factViewSchema = z.object({
  id: z.string(),
  jurisdiction: z.string(),
  field: z.enum(FACT_FIELDS),
  requester_class: z.enum(REQUESTER_CLASSES).nullable().describe('Set when the fact is a variant for a class of requesters'),
  applies_to: z.string().nullable(),
  value: z.unknown().describe("The fact's value; its shape depends on `field` (docs/legal-facts.md)"),
  display: z.string().describe('The value as a person reads it'),
  citation: z.string().describe('Pinpoint citation'),
  quote: z.string().nullable().describe('The words that state the fact'),
  source_kind: z.enum(FACT_SOURCE_KINDS),
  verified: z.boolean().describe('True only when the quote was found in the cited statute node of the corpus'),
  section_id: z.string().nullable().describe('The cited statute node, readable at /api/v1/documents/{id}'),
  reviewed: z.string().describe('Date reviewed (YYYY-MM-DD)'),
  notes: z.string().nullable(),
});

export const factListSchema = z.object({
  data: z.array(factViewSchema),
  total: z.number().int(),
  next_cursor: z.null(),
});
