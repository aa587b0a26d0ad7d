import { z } from 'zod';
import { SCOPES } from '../../core/auth/scopes.js';
import { toTemplate, type RouteSpec } from './route-registry.js';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;

const toResponseSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;

const ERROR_STATUSES: Record<string, string> = {
  '400': 'Validation error (VALIDATION_ERROR)',
  '401': 'Missing, invalid (AUTH_MISSING_TOKEN) or expired (AUTH_TOKEN_EXPIRED) token',
  '403': 'Token lacks the required scope (AUTH_INSUFFICIENT_SCOPE)',
  '429': 'Rate limited (RATE_LIMITED); see Retry-After',
  '500': 'Unexpected error (INTERNAL_ERROR) with a request id',
};

function parametersOf(spec: RouteSpec<unknown, unknown, unknown>): JsonSchema[] {
  const out: JsonSchema[] = [];
  const add = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!schema) return;
    const json = toSchema(schema);
    const props = (json['properties'] ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json['required'] as string[] | undefined) ?? []);
    for (const [name, s] of Object.entries(props)) {
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema: s });
    }
  };
  add(spec.params, 'path');
  add(spec.query, 'query');
  return out;
}

function operationOf(spec: RouteSpec<unknown, unknown, unknown>): JsonSchema {
  const success = spec.success ?? { status: 200, description: 'OK' };
  const responses: Record<string, JsonSchema> = {
    [String(success.status)]: {
      description: success.description,
      content: { [success.contentType ?? 'application/json']: spec.response ? { schema: toResponseSchema(spec.response) } : {} },
    },
  };
  for (const [status, description] of Object.entries(ERROR_STATUSES)) {
    if (!spec.scope && (status === '401' || status === '403')) continue;
    responses[status] = { $ref: `#/components/responses/Error${status}`, description };
  }
  return {
    operationId: `${spec.method}${toTemplate(spec.path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: spec.tags,
    security: spec.scope ? [{ oauth2: [spec.scope] }, { bearer: [spec.scope] }] : [],
    'x-required-scope': spec.scope,
    parameters: parametersOf(spec),
    ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(spec.body) } } } } : {}),
    responses,
  };
}

/** Builds the OpenAPI 3.1 document from the registered routes. */
export function buildOpenApiDocument(
  specs: ReadonlyArray<RouteSpec<unknown, unknown, unknown>>,
  options: { issuer: string; version: string },
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const spec of specs) {
    const template = toTemplate(spec.path);
    paths[template] ??= {};
    paths[template][spec.method] = operationOf(spec);
  }
  const errorEnvelope = {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message', 'status'],
        properties: {
          code: { type: 'string' },
          message: { type: 'string' },
          status: { type: 'integer' },
          metadata: { type: 'object', additionalProperties: true },
        },
      },
    },
  };
  const errorResponses = Object.fromEntries(
    Object.entries(ERROR_STATUSES).map(([status, description]) => [
      `Error${status}`,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sunlight API',
      version: options.version,
      description:
        'Public-records law database, hybrid legal search, FOIA request tracking and a grounded research assistant. ' +
        'Every route but health and this document needs a bearer token (RS256 JWT) with the scope named on the operation.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: new URL('oauth/token', options.issuer).toString(), scopes: { ...SCOPES } } },
        },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
      schemas: {
        ErrorEnvelope: errorEnvelope,
        ListEnvelope: {
          type: 'object',
          required: ['data', 'total', 'next_cursor'],
          properties: { data: { type: 'array', items: {} }, total: { type: 'integer' }, next_cursor: { type: ['string', 'null'] } },
        },
      },
      responses: errorResponses,
    },
  };
}
