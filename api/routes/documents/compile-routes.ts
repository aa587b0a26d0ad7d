import { callerOf, idempotencyKeyOf } from '../../http/caller.js';
import type { CompilationService } from '../../../core/documents/compilation-service.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { compilationListQuery, compilationListSchema, compilationParams, compilationSchema, compileBody } from './compile-schemas.js';

const TAGS = ['documents'];
const BASE = '/api/documents/compile';

/** Document compilation: research packets compiled by a workflow, stored in the caller's object storage. */
export function registerCompileRoutes(routes: RouteRegistry, deps: { compilations: CompilationService }): void {
  const { compilations } = deps;

  routes.add({
    method: 'post',
    path: BASE,
    scope: 'compile:documents',
    tags: TAGS,
    summary: 'Start compiling a research packet (PDF, Markdown, HTML)',
    description:
      'Parts: jurisdiction_profile { jurisdiction }, comparison { fields, jurisdictions | "all" }, statute { citation, jurisdiction? }, ' +
      'search { query, filters?, limit? }, conversation { id } and foia_request { id } (your own). A workflow gathers each part and renders ' +
      'the packet: title page, contents, every statement with its pinpoint citation linked to /api/v1/documents/{id}, a sources appendix ' +
      'with each source’s kind, the law database’s version and a fingerprint. Poll GET …/{id} (progress) until completed; outputs are ' +
      'objects of yours in storage. With `Idempotency-Key`, a retry returns the same compilation (200); the key reused with another body is 409.',
    body: compileBody,
    examples: {
      body: {
        title: 'Texas and Washington: deadlines and appeals',
        formats: ['pdf', 'markdown'],
        parts: [
          { kind: 'jurisdiction_profile', jurisdiction: 'texas' },
          { kind: 'comparison', fields: ['initial_deadline', 'administrative_appeal'], jurisdictions: ['texas', 'washington'] },
          { kind: 'statute', citation: "Tex. Gov't Code § 552.301" },
        ],
      },
    },
    requestHeaders: [{ name: 'Idempotency-Key', required: false, description: 'Any unique text (1–255 visible ASCII): a retry with the same key and body returns the same compilation' }],
    success: { status: 202, description: 'Accepted: the compilation, queued; poll links.self' },
    alsoAnswers: [{ status: 200, description: 'The compilation this Idempotency-Key started earlier' }],
    responseHeaders: { Location: 'URL of the compilation' },
    errors: [409, 503],
    response: compilationSchema,
    handler: async ({ principal, body, req }) => {
      const { view, created } = await compilations.create(callerOf(principal), body, idempotencyKeyOf(req.header('idempotency-key')));
      return { status: created ? 202 : 200, body: view, headers: { Location: view.links.self, 'Cache-Control': 'no-store' } };
    },
  });

  routes.add({
    method: 'get',
    path: BASE,
    scope: 'compile:documents',
    tags: TAGS,
    summary: "The caller's compilations, newest first",
    query: compilationListQuery,
    response: compilationListSchema,
    handler: async ({ principal, query }) => ({ body: await compilations.list(callerOf(principal), query), headers: { 'Cache-Control': 'private, no-cache' } }),
  });

  routes.add({
    method: 'get',
    path: `${BASE}/:id`,
    scope: 'compile:documents',
    tags: TAGS,
    summary: 'A compilation: status, progress (parts done of all, current step), outputs, part failures',
    params: compilationParams,
    response: compilationSchema,
    handler: async ({ principal, params }) => ({ body: await compilations.get(callerOf(principal), params.id), headers: { 'Cache-Control': 'private, no-cache' } }),
  });

  routes.add({
    method: 'post',
    path: `${BASE}/:id/cancel`,
    scope: 'compile:documents',
    tags: TAGS,
    summary: 'Cancel a compilation that has not finished',
    description: 'The compilation is cancelled at once and its workflow stopped; no outputs are listed. 409 once it has completed, failed or been cancelled.',
    params: compilationParams,
    errors: [409],
    response: compilationSchema,
    handler: async ({ principal, params }) => ({ body: await compilations.cancel(callerOf(principal), params.id) }),
  });
}
