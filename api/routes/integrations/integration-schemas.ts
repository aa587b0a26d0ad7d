import { z } from 'zod';
import { PACKET_FORMATS } from '../../../core/documents/compile-parts.js';
import { INTEGRATION_TYPES, RUN_STATUSES, type IntegrationRequest, type IntegrationType } from '../../../core/integrations/integration-types.js';
import { paginationShape } from '../../../core/http/list-envelope.js';
import { compileBody } from '../documents/compile-schemas.js';
import { slug } from '../transparency/query-params.js';

const links = z.record(z.string(), z.string()).describe('name → URL of what the run stored or changed');
const jurisdictions = z.array(slug).min(1).max(60);

const reingestInput = z.object({ jurisdictions: jurisdictions.optional().describe('Default: every jurisdiction of the corpus'), force: z.boolean().default(false) }).strict();
const researchInput = z.object({ question: z.string().trim().min(3).max(2000), jurisdictions: jurisdictions.optional() }).strict();
const exportInput = z.object({ formats: z.array(z.enum(['csv', 'json'])).min(1).max(2).default(['csv', 'json']), jurisdictions: jurisdictions.optional() }).strict();
const digestInput = z.object({ within_days: z.number().int().min(0).max(365).default(7) }).strict();

/** Each type: what it does, its input and its result, as the catalogue publishes them (JSON Schema). */
export const WORKFLOW_CATALOGUE: Record<IntegrationType, { description: string; input: z.ZodType; output: z.ZodType }> = {
  reingest: {
    description: 'Re-ingest some or all jurisdictions from the corpus (changed sources only unless force); re-embeds only changed chunks.',
    input: reingestInput,
    output: z.object({
      ingestion_run_id: z.string(),
      status: z.string(),
      counts: z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), failed: z.number().int() }),
      jurisdictions: z.array(
        z.object({
          jurisdiction: z.string(),
          outcome: z.enum(['created', 'updated', 'unchanged', 'failed']),
          version: z.number().int().nullable(),
          error: z.string().nullable(),
          change_summary: z.unknown(),
          index: z.object({ chunks: z.number().int(), embedded: z.number().int().describe('Chunks embedded anew (new or changed)'), deleted: z.number().int() }).nullable(),
        }),
      ),
      links,
    }),
  },
  compile: {
    description: 'A research packet, as POST /api/documents/compile makes it; the outputs are objects of the caller’s.',
    input: compileBody,
    output: z.object({
      compilation_id: z.uuid(),
      outputs: z.array(z.object({ format: z.enum(PACKET_FORMATS), key: z.string(), size: z.number().int(), sha256: z.string(), content_type: z.string() })),
      part_failures: z.array(z.object({ index: z.number().int(), kind: z.string(), reason: z.string() })),
      links,
    }),
  },
  research: {
    description: 'Deep research on a question across jurisdictions: a comparison table and an answer with verified citations, stored as a conversation of the caller’s.',
    input: researchInput,
    output: z.object({
      conversation_id: z.uuid(),
      message_id: z.uuid(),
      answer: z.string(),
      citations: z.array(z.object({ id: z.string(), citation: z.string().nullable(), jurisdiction: z.string(), quote: z.string() })),
      table: z.unknown(),
      links,
    }),
  },
  export: {
    description: 'The law database (jurisdictions, rights, exemptions, reviewed facts) as CSV and/or JSON files in the caller’s object storage, under exports/{run id}/.',
    input: exportInput,
    output: z.object({ files: z.array(z.object({ table: z.string(), format: z.string(), key: z.string(), rows: z.number().int(), size: z.number().int(), sha256: z.string() })), links }),
  },
  'foia-digest': {
    description:
      'The caller’s own FOIA requests that are overdue or due within within_days, soonest first. Only the token’s own requests: a machine client cannot read a person’s requests, since the service has no delegation of a person’s consent to a client.',
    input: digestInput,
    output: z.object({
      as_of: z.string(),
      within_days: z.number().int(),
      overdue: z.number().int(),
      requests: z.array(z.object({ id: z.uuid(), subject: z.string(), agency: z.string(), jurisdiction: z.string(), status: z.string(), due_date: z.string().nullable(), days_until_due: z.number().int(), overdue: z.boolean() })),
      links,
    }),
  },
};

const webhook = z.object({ url: z.url().max(2000).describe('Receives the signed event when the run completes, fails or is cancelled') }).strict();

/** `POST /api/integrations/workflows`: the type picks the input's schema. */
export const startBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reingest'), input: reingestInput.default({ force: false }), webhook: webhook.optional() }).strict(),
  z.object({ type: z.literal('compile'), input: compileBody, webhook: webhook.optional() }).strict(),
  z.object({ type: z.literal('research'), input: researchInput, webhook: webhook.optional() }).strict(),
  z.object({ type: z.literal('export'), input: exportInput.default({ formats: ['csv', 'json'] }), webhook: webhook.optional() }).strict(),
  z.object({ type: z.literal('foia-digest'), input: digestInput.default({ within_days: 7 }), webhook: webhook.optional() }).strict(),
]);

// The validated body (less its webhook) is the core's request type.
type WithoutWebhook<T> = T extends unknown ? Omit<T, 'webhook'> : never;
const _request: WithoutWebhook<z.output<typeof startBody>> extends IntegrationRequest ? true : never = true;
void _request;

const listOf = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item).max(10));

export const runListQuery = z.object({ type: listOf(z.enum(INTEGRATION_TYPES)).optional(), status: listOf(z.enum(RUN_STATUSES)).optional(), ...paginationShape }).strict();
export const runParams = z.object({ id: z.uuid({ message: 'Not a run id' }) });

export const runSchema = z.object({
  id: z.uuid(),
  type: z.enum(INTEGRATION_TYPES),
  status: z.enum(RUN_STATUSES),
  input: z.unknown().describe('The input as validated (defaults filled in)'),
  progress: z.object({ step: z.string(), done: z.number().int().optional(), total: z.number().int().optional() }).nullable(),
  result: z.record(z.string(), z.unknown()).nullable().describe('The type’s result (see the catalogue); its links name what the run stored'),
  error: z.string().nullable(),
  webhook: z.object({ url: z.string() }).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  links: z.object({ self: z.string(), cancel: z.string(), deliveries: z.string(), workflow_id: z.string().describe('The Temporal workflow id (search attributes SunlightRunType, SunlightClient)') }),
});

export const runListSchema = z.object({ data: z.array(runSchema), total: z.number().int().min(0), next_cursor: z.string().nullable() });

export const deliveryListSchema = z.object({
  data: z.array(
    z.object({
      event_id: z.string(),
      attempt: z.number().int().min(1),
      url: z.string(),
      status_code: z.number().int().nullable(),
      outcome: z.enum(['delivered', 'failed', 'refused']),
      error: z.string().nullable(),
      latency_ms: z.number().int(),
      attempted_at: z.string(),
    }),
  ),
  total: z.number().int().min(0),
  next_cursor: z.null(),
});

export const catalogueSchema = z.object({
  data: z.array(z.object({ type: z.enum(INTEGRATION_TYPES), description: z.string(), input_schema: z.record(z.string(), z.unknown()), output_schema: z.record(z.string(), z.unknown()) })),
});

export const webhookSecretSchema = z.object({ secret: z.string(), header: z.string(), algorithm: z.string(), signed_payload: z.string(), tolerance_seconds: z.number().int() });
