import { z } from 'zod';
import { MAX_PARTS, PACKET_FORMATS, PART_KINDS, type CompileRequest } from '../../../core/documents/compile-parts.js';
import { COMPILATION_STATUSES } from '../../../core/documents/compilation-store.js';
import { paginationShape } from '../../../core/http/list-envelope.js';
import { COMPARE_FIELD_KEYS } from '../../../core/transparency/compare-fields.js';
import { searchFilters } from '../search/search-schemas.js';
import { slug } from '../transparency/query-params.js';

const part = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('jurisdiction_profile'), jurisdiction: slug.describe('e.g. "texas"') }).strict(),
  z
    .object({
      kind: z.literal('comparison'),
      fields: z.array(z.enum(COMPARE_FIELD_KEYS)).min(1).max(10).refine((f) => new Set(f).size === f.length, 'Each field once').describe('Fields of GET /api/v2/transparency/compare'),
      jurisdictions: z.union([z.literal('all'), z.array(slug).min(1).max(60)]).describe('"all", or jurisdiction slugs'),
    })
    .strict(),
  z
    .object({
      kind: z.literal('statute'),
      citation: z.string().trim().min(1).max(200).describe('A citation in any usual spelling: "Tex. Gov\'t Code § 552.301", "RCW 42.56.070"'),
      jurisdiction: slug.optional().describe('Needed when the citation does not name its code'),
    })
    .strict(),
  z
    .object({
      kind: z.literal('search'),
      query: z.string().trim().min(1).max(500),
      filters: searchFilters.optional(),
      limit: z.number().int().min(1).max(25).default(10).describe('Results included, at most 25'),
    })
    .strict(),
  z.object({ kind: z.literal('conversation'), id: z.uuid({ message: 'Not a conversation id' }).describe('One of your research conversations') }).strict(),
  z.object({ kind: z.literal('foia_request'), id: z.uuid({ message: 'Not a request id' }).describe('One of your FOIA requests') }).strict(),
]);

/** `POST /api/documents/compile`. */
export const compileBody = z
  .object({
    title: z.string().trim().min(1).max(200),
    formats: z
      .array(z.enum(PACKET_FORMATS))
      .min(1)
      .max(PACKET_FORMATS.length)
      .refine((f) => new Set(f).size === f.length, 'Each format once')
      .default(['pdf', 'markdown'])
      .describe('pdf, markdown and/or html (default pdf and markdown)'),
    parts: z.array(part).min(1).max(MAX_PARTS).describe(`1 to ${MAX_PARTS} parts, compiled in this order`),
  })
  .strict();

// The validated body is the core's request type.
const _request: z.output<typeof compileBody> extends CompileRequest ? true : never = true;
void _request;

export const compilationParams = z.object({ id: z.uuid({ message: 'Not a compilation id' }) });
export const compilationListQuery = z.object({ ...paginationShape }).strict();

const progress = z.object({ done: z.number().int().min(0).describe('Parts gathered'), total: z.number().int().min(0).describe('Parts in all'), step: z.string().describe('What it is doing now') });

export const compilationSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(COMPILATION_STATUSES),
  progress,
  outputs: z.array(
    z.object({
      format: z.enum(PACKET_FORMATS),
      key: z.string().describe('An object of yours: GET /api/storage/objects/{key} returns it'),
      size: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      content_type: z.string(),
    }),
  ),
  part_failures: z.array(z.object({ index: z.number().int().min(1).describe('1-based position in parts'), kind: z.enum(PART_KINDS), reason: z.string() })).describe('Parts that could not be compiled; the packet says so in their place'),
  fingerprint: z.string().nullable().describe('SHA-256 of the request, the law database version and everything gathered (on completion)'),
  error: z.string().nullable(),
  formats: z.array(z.enum(PACKET_FORMATS)),
  parts: z.array(part),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
  links: z.object({ self: z.string(), cancel: z.string(), outputs: z.record(z.string(), z.string()).describe('format → URL of the stored output') }),
});

export const compilationListSchema = z.object({ data: z.array(compilationSchema), total: z.number().int().min(0), next_cursor: z.string().nullable() });
