import { callerOf, idempotencyKeyOf } from '../../http/caller.js';
import type { IntegrationService } from '../../../core/integrations/integration-service.js';
import { INTEGRATION_TYPES } from '../../../core/integrations/integration-types.js';
import { toResponseSchema, toSchema } from '../../http/openapi.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { catalogueSchema, deliveryListSchema, runListQuery, runListSchema, runParams, runSchema, startBody, webhookSecretSchema, WORKFLOW_CATALOGUE } from './integration-schemas.js';

const TAGS = ['integrations'];
const BASE = '/api/integrations/workflows';


/** Integration workflows for machine clients (`execute:workflows`): start, watch, cancel, and the webhook log. */
export function registerIntegrationRoutes(routes: RouteRegistry, deps: { integrations: IntegrationService }): void {
  const { integrations } = deps;
  const catalogue = { data: INTEGRATION_TYPES.map((type) => ({ type, description: WORKFLOW_CATALOGUE[type].description, input_schema: toSchema(WORKFLOW_CATALOGUE[type].input), output_schema: toResponseSchema(WORKFLOW_CATALOGUE[type].output) })) };

  routes.add({
    method: 'get',
    path: `${BASE}/types`,
    scope: 'execute:workflows',
    tags: TAGS,
    summary: 'The workflow types, each with the JSON Schema of its input and of its result',
    response: catalogueSchema,
    handler: async () => ({ body: catalogue, headers: { 'Cache-Control': 'private, max-age=300' } }),
  });

  routes.add({
    method: 'get',
    path: '/api/integrations/webhook-secret',
    scope: 'execute:workflows',
    tags: TAGS,
    summary: "The caller's webhook signing secret, and how deliveries are signed",
    description: 'Each delivery carries `Sunlight-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with this secret>`. Refuse deliveries older than tolerance_seconds. The SDKs verify it for you.',
    response: webhookSecretSchema,
    handler: async ({ principal }) => ({ body: integrations.webhookSecret(callerOf(principal)), headers: { 'Cache-Control': 'no-store' } }),
  });

  routes.add({
    method: 'post',
    path: BASE,
    scope: 'execute:workflows',
    tags: TAGS,
    summary: 'Start a workflow run (reingest, compile, research, export, foia-digest)',
    description:
      '`{ type, input, webhook? }`: the input as the catalogue (GET …/types) describes it. Answers 202 with the run; poll links.self, or name a webhook ' +
      'URL to receive `{ id, type, status, result_links, error, occurred_at }` signed with your secret (GET /api/integrations/webhook-secret) when it ends. ' +
      'With `Idempotency-Key`, the same key and body return the same run (200); the key with another body is 409. Runs are the calling client’s own.',
    body: startBody,
    examples: { body: { type: 'export', input: { formats: ['csv'] }, webhook: { url: 'https://example.org/hooks/sunlight' } } },
    requestHeaders: [{ name: 'Idempotency-Key', required: false, description: 'Any unique text (1–255 visible ASCII): a retry with the same key and body returns the same run' }],
    success: { status: 202, description: 'Accepted: the run, queued' },
    alsoAnswers: [{ status: 200, description: 'The run this Idempotency-Key started earlier' }],
    responseHeaders: { Location: 'URL of the run' },
    errors: [409, 503],
    response: runSchema,
    handler: async ({ principal, body, req }) => {
      const { webhook, ...request } = body;
      const key = idempotencyKeyOf(req.header('idempotency-key'));
      const caller = { sub: callerOf(principal), azp: principal?.azp ?? null };
      const { view, created } = await integrations.start(caller, request, { ...(webhook ? { webhookUrl: webhook.url } : {}), ...(key ? { idempotencyKey: key } : {}) });
      return { status: created ? 202 : 200, body: view, headers: { Location: view.links.self, 'Cache-Control': 'no-store' } };
    },
  });

  routes.add({
    method: 'get',
    path: BASE,
    scope: 'execute:workflows',
    tags: TAGS,
    summary: "The caller's runs, newest first",
    description: 'Filters: type and status (comma-separated or repeated). Cursor pagination.',
    query: runListQuery,
    response: runListSchema,
    handler: async ({ principal, query }) => ({
      body: await integrations.list(callerOf(principal), { limit: query.limit, ...(query.cursor ? { cursor: query.cursor } : {}), ...(query.type ? { types: query.type } : {}), ...(query.status ? { statuses: query.status } : {}) }),
      headers: { 'Cache-Control': 'private, no-cache' },
    }),
  });

  routes.add({
    method: 'get',
    path: `${BASE}/:id`,
    scope: 'execute:workflows',
    tags: TAGS,
    summary: 'A run: status, progress, result or error, timings',
    params: runParams,
    response: runSchema,
    handler: async ({ principal, params }) => ({ body: await integrations.get(callerOf(principal), params.id), headers: { 'Cache-Control': 'private, no-cache' } }),
  });

  routes.add({
    method: 'post',
    path: `${BASE}/:id/cancel`,
    scope: 'execute:workflows',
    tags: TAGS,
    summary: 'Cancel a run that has not finished',
    description: 'The run’s workflow (and its child) is cancelled; the run then reads cancelled, and its webhook is notified. 409 once it has ended.',
    params: runParams,
    errors: [409, 503],
    response: runSchema,
    handler: async ({ principal, params }) => ({ body: await integrations.cancel(callerOf(principal), params.id) }),
  });

  routes.add({
    method: 'get',
    path: `${BASE}/:id/deliveries`,
    scope: 'execute:workflows',
    tags: TAGS,
    summary: "The run's webhook delivery log: each attempt's status code, outcome and latency",
    params: runParams,
    response: deliveryListSchema,
    handler: async ({ principal, params }) => ({ body: await integrations.deliveries(callerOf(principal), params.id), headers: { 'Cache-Control': 'private, no-cache' } }),
  });
}
