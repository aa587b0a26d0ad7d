import Ajv2020Module, { type Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

/**
 * Checks live responses against the API's own OpenAPI document: every JSON body the
 * integration suite receives must match the schema the document declares for its operation
 * and status (the error envelope for errors). Drift between the code and its description
 * fails the test that made the request.
 */

type Doc = { paths: Record<string, Record<string, Operation>>; components: { responses: Record<string, Response>; schemas: Record<string, unknown> } };
type Operation = { responses: Record<string, Response | { $ref: string }> };
type Response = { content?: Record<string, { schema?: unknown }> };

/** `/api/foia/requests/{id}` as a pattern matching `/api/foia/requests/8f…`. */
function templatePattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

export interface ContractChecker {
  /** The problems of one response (empty when it matches its declaration). */
  check(method: string, path: string, status: number, contentType: string | null, body: unknown): string[];
}

export function createContractChecker(doc: Doc): ContractChecker {
  // The CommonJS module's default export is the class (its typings say `.default`).
  const Ajv2020Class = (Ajv2020Module as unknown as { default?: unknown }).default ?? Ajv2020Module;
  const ajv = new (Ajv2020Class as unknown as new (o: object) => Ajv2020)({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
  const cache = new Map<unknown, ValidateFunction>();
  // Literal paths before templated ones, so /api/health/ready is not read as /api/health/{x}.
  const routes = Object.entries(doc.paths)
    .map(([template, ops]) => ({ template, ops, pattern: templatePattern(template), literal: !template.includes('{') }))
    .sort((a, b) => Number(b.literal) - Number(a.literal));
  const compile = (schema: unknown): ValidateFunction => {
    const known = cache.get(schema);
    if (known) return known;
    // Component references resolve inside the document registered above.
    const rebased = JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/')) as object;
    const compiled = ajv.compile(rebased);
    cache.set(schema, compiled);
    return compiled;
  };
  return {
    check(method, path, status, contentType, body) {
      const route = routes.find((r) => r.pattern.test(path) && r.ops[method.toLowerCase()]);
      if (!route) return [];
      const op = route.ops[method.toLowerCase()]!;
      let response = op.responses[String(status)];
      if (!response) return [`${method} ${route.template}: status ${status} is not declared`];
      if ('$ref' in response) response = doc.components.responses[response.$ref.split('/').pop()!]!;
      const type = (contentType ?? '').split(';')[0]!.trim();
      // A HEAD response has the headers of its GET but never a body.
      // JSON bodies only: application/json and +json types (not application/x-ndjson, a stream of JSON lines).
      if (!(type === 'application/json' || type.endsWith('+json')) || method.toUpperCase() === 'HEAD') {
        const declared = Object.keys(response.content ?? {});
        return type && declared.length > 0 && !declared.includes(type) ? [`${method} ${route.template} ${status}: ${type} is not declared (${declared.join(', ')})`] : [];
      }
      const schema = response.content?.['application/json']?.schema;
      if (schema === undefined) return [`${method} ${route.template} ${status}: no JSON schema declared`];
      const validate = compile(schema);
      if (validate(body)) return [];
      return (validate.errors ?? []).slice(0, 5).map((e: ErrorObject) => `${method} ${route.template} ${status}: ${e.instancePath || '(body)'} ${e.message ?? ''}`);
    },
  };
}
