import { z } from 'zod';
import { SCOPES } from '../../core/auth/scopes.js';
import { toTemplate, type RouteSpec } from './route-registry.js';

type JsonSchema = Record<string, unknown>;
type Spec = RouteSpec<unknown, unknown, unknown>;

export const toSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;

/** Response bodies are described as the code produces them (after defaults and transforms). */
export const toResponseSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;

/** Every error status the API answers, with the codes of the error envelope it carries. */
const ERROR_STATUSES: Record<number, string> = {
  400: 'Validation error or malformed request (VALIDATION_ERROR, BAD_REQUEST), with the failing fields in metadata.issues',
  401: 'Missing, invalid (AUTH_MISSING_TOKEN) or expired (AUTH_TOKEN_EXPIRED) token; WWW-Authenticate says which',
  403: 'Token lacks the required scope (AUTH_INSUFFICIENT_SCOPE), with required_scope and provided_scopes in metadata; in production, plain HTTP (HTTPS_REQUIRED)',
  404: 'No such resource for this caller (NOT_FOUND); another user\'s resource is 404 too',
  409: 'The change conflicts with the resource\'s state (CONFLICT), e.g. a status transition not allowed from the current one, with allowed_transitions in metadata',
  412: 'If-Match does not match the current ETag (PRECONDITION_FAILED): re-read and retry',
  413: 'Body larger than the configured limit (PAYLOAD_TOO_LARGE)',
  415: 'Body is not JSON, or for an object upload not of an allowed type (UNSUPPORTED_MEDIA_TYPE; metadata.allowed_types)',
  416: 'The byte range asked for starts past the end of the object (RANGE_NOT_SATISFIABLE); Content-Range gives its size',
  422: 'The request is valid but cannot be carried out as the resource stands, e.g. a letter with no recipient (NO_RECIPIENT), no reply address (NO_REPLY_ADDRESS) or no signature (UNSIGNED_LETTER)',
  429: 'Rate limited (RATE_LIMITED); Retry-After says when to retry',
  500: 'Unexpected error (INTERNAL_ERROR) with the request id',
  501: 'Not built yet (NOT_IMPLEMENTED)',
  503: 'A dependency is unavailable (SERVICE_UNAVAILABLE), e.g. the workflow engine for research mode; Retry-After when known',
};

const HEADERS: Record<string, JsonSchema> = {
  'X-Request-Id': { description: 'The request id (sent, or assigned); quoted in logs and in 500 errors', schema: { type: 'string' } },
  'RateLimit-Limit': { description: 'Requests allowed per window for this caller', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
  'WWW-Authenticate': { description: 'RFC 6750 challenge: `Bearer realm="sunlight"`, with `error="invalid_token"` when a token was refused', schema: { type: 'string' } },
  ETag: { description: 'Version of the resource, for If-Match', schema: { type: 'string' } },
  Location: { description: 'URL of the created resource', schema: { type: 'string' } },
};

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

function parametersOf(spec: Spec): JsonSchema[] {
  const out: JsonSchema[] = [];
  const add = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!schema) return;
    const json = toSchema(schema);
    const props = (json['properties'] ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json['required'] as string[] | undefined) ?? []);
    for (const [name, s] of Object.entries(props)) {
      const { description, ...rest } = s;
      out.push({ name, in: where, required: where === 'path' || required.has(name), ...(description ? { description } : {}), schema: rest });
    }
  };
  add(spec.params, 'path');
  add(spec.query, 'query');
  for (const h of spec.requestHeaders ?? []) out.push({ name: h.name, in: 'header', required: h.required, description: h.description, schema: { type: 'string' } });
  return out;
}

/** The statuses an operation answers besides success: the common ones, then the route's own. */
function errorStatusesOf(spec: Spec): number[] {
  // 403 also answers plain HTTP in production (HTTPS_REQUIRED); any request may carry a body, which is parsed first (413, 415).
  const statuses = new Set<number>([400, 403, 413, 415, 500, ...(spec.errors ?? [])]);
  if (spec.scope) statuses.add(401);
  if (spec.rateLimited !== false) statuses.add(429);
  if (spec.params) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

function successResponseOf(spec: Spec): JsonSchema {
  const success = spec.success ?? { status: 200, description: 'OK' };
  const contentType = success.contentType ?? 'application/json';
  const content: Record<string, JsonSchema> = {};
  if (success.status !== 204) {
    content[contentType] = {
      ...(spec.response ? { schema: toResponseSchema(spec.response) } : { schema: contentType.startsWith('text/') ? { type: 'string' } : {} }),
      ...(spec.examples?.response !== undefined ? { example: spec.examples.response } : {}),
    };
  }
  for (const [type, alt] of Object.entries(spec.alternatives ?? {})) {
    content[type] = { schema: alt.schema ? toResponseSchema(alt.schema) : { type: 'string', description: alt.description } };
  }
  const headers: Record<string, JsonSchema> = { 'X-Request-Id': headerRef('X-Request-Id') };
  if (spec.rateLimited !== false) for (const h of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) headers[h] = headerRef(h);
  for (const [name, description] of Object.entries(spec.responseHeaders ?? {})) headers[name] = HEADERS[name] ? { ...HEADERS[name], description } : { description, schema: { type: 'string' } };
  const alternatives = Object.entries(spec.alternatives ?? {}).map(([type, alt]) => `${type}: ${alt.description}`);
  return {
    description: [success.description, ...alternatives].join('; '),
    headers,
    ...(Object.keys(content).length > 0 ? { content } : {}),
  };
}

function operationOf(spec: Spec): JsonSchema {
  const success = spec.success ?? { status: 200, description: 'OK' };
  const responses: Record<string, JsonSchema> = { [String(success.status)]: successResponseOf(spec) };
  for (const status of errorStatusesOf(spec)) responses[String(status)] = { $ref: `#/components/responses/Error${status}` };
  for (const also of spec.alsoAnswers ?? []) {
    const response: JsonSchema = { ...successResponseOf(spec), description: also.description };
    if (also.empty) delete response['content'];
    responses[String(also.status)] = response;
  }
  const bodyType = spec.bodyContentType ?? 'application/json';
  return {
    operationId: `${spec.method}${toTemplate(spec.path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: spec.tags,
    security: spec.scope ? [{ oauth2: [spec.scope] }, { bearer: [spec.scope] }] : [],
    'x-required-scope': spec.scope,
    parameters: parametersOf(spec),
    ...(spec.rawBody
      ? {
          requestBody: {
            required: true,
            description: spec.rawBody.description,
            content: Object.fromEntries(spec.rawBody.contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
          },
        }
      : {}),
    ...(spec.body
      ? { requestBody: { required: true, content: { [bodyType]: { schema: toSchema(spec.body), ...(spec.examples?.body !== undefined ? { example: spec.examples.body } : {}) } } } }
      : {}),
    responses,
  };
}

function errorResponseOf(status: number): JsonSchema {
  const headers: Record<string, JsonSchema> = { 'X-Request-Id': headerRef('X-Request-Id') };
  if (status === 401) headers['WWW-Authenticate'] = headerRef('WWW-Authenticate');
  if (status === 403) headers['WWW-Authenticate'] = headerRef('WWW-Authenticate');
  if (status === 429 || status === 503) headers['Retry-After'] = headerRef('Retry-After');
  return { description: ERROR_STATUSES[status], headers, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };
}

/** Builds the OpenAPI 3.1 document from the registered routes. */
/**
 * `issuer` names the identity provider; people sign in at `authorizeUrl` (authorization code with
 * PKCE) and tokens come from `tokenUrl` (both default to the issuer's `authorize` and `oauth/token`).
 */
export function buildOpenApiDocument(specs: ReadonlyArray<Spec>, options: { issuer: string; version: string; authorizeUrl?: string; tokenUrl?: string }): JsonSchema {
  const tokenUrl = options.tokenUrl ?? new URL('oauth/token', options.issuer).toString();
  const authorizationUrl = options.authorizeUrl ?? new URL('authorize', options.issuer).toString();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const spec of specs) {
    const template = toTemplate(spec.path);
    paths[template] ??= {};
    paths[template][spec.method] = operationOf(spec);
  }
  const used = new Set(specs.flatMap(errorStatusesOf));
  const errorEnvelope = {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message', 'status'],
        properties: {
          code: { type: 'string', description: 'Stable machine-readable code (VALIDATION_ERROR, NOT_FOUND, …)' },
          message: { type: 'string' },
          status: { type: 'integer' },
          metadata: { type: 'object', additionalProperties: true, description: 'Details by code: issues, required_scope, allowed_transitions, retry_after_seconds, request_id …' },
        },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sunlight API',
      version: options.version,
      description:
        'Public-records law database, hybrid legal search, FOIA request tracking and a grounded research assistant. ' +
        'Every route but health and this document needs a bearer token (RS256 JWT) with the scope named on the operation. ' +
        'Errors are one envelope, `{ error: { code, message, status, metadata? } }`; lists are `{ data, total, next_cursor }` ' +
        '(pass `cursor` for the next page).',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(specs.flatMap((s) => s.tags))].sort().map((name) => ({ name, ...(name === 'planned' ? { description: 'Not built yet: answers 501' } : {}) })),
    paths,
    components: {
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description:
            'People sign in with the authorization code grant and PKCE (S256) at the identity provider, as the web console does (public client `sunlight-console`); ' +
            'machine clients use client credentials (the development provider: `npm run token` or POST /oauth/token).',
          flows: {
            authorizationCode: { authorizationUrl, tokenUrl, refreshUrl: tokenUrl, scopes: { ...SCOPES } },
            clientCredentials: { tokenUrl, scopes: { ...SCOPES } },
          },
        },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
      headers: HEADERS,
      schemas: {
        ErrorEnvelope: errorEnvelope,
        ListEnvelope: {
          type: 'object',
          required: ['data', 'total', 'next_cursor'],
          properties: { data: { type: 'array', items: {} }, total: { type: 'integer' }, next_cursor: { type: ['string', 'null'] } },
        },
      },
      responses: Object.fromEntries([...used].sort((a, b) => a - b).map((s) => [`Error${s}`, errorResponseOf(s)])),
    },
  };
}
