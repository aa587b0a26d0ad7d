import type { Scope } from '../../core/auth/scopes.js';
import { NotImplementedError } from '../../core/errors/app-error.js';
import { z } from 'zod';
import type { HttpMethod, RouteRegistry } from '../http/route-registry.js';

interface PlannedRoute {
  method: HttpMethod;
  path: string;
  scope: Scope;
  tag: string;
  summary: string;
}

/**
 * Routes of the interface whose features are not built yet. They already sit behind
 * authentication and their scope, and answer 501 NOT_IMPLEMENTED until their issue lands;
 * a feature replaces its entries here with its own router.
 */
export const PLANNED_ROUTES: PlannedRoute[] = [
  { method: 'get', path: '/api/v2/transparency/jurisdictions', scope: 'read:transparency', tag: 'transparency', summary: 'All 52 jurisdictions with their law, deadline and counts' },
  { method: 'get', path: '/api/v2/transparency/jurisdictions/:slug', scope: 'read:transparency', tag: 'transparency', summary: "One jurisdiction's law in full" },
  { method: 'get', path: '/api/v2/transparency/rights', scope: 'read:transparency', tag: 'transparency', summary: 'Search rights of access' },
  { method: 'get', path: '/api/v2/transparency/rights/:id', scope: 'read:transparency', tag: 'transparency', summary: 'One right of access' },
  { method: 'get', path: '/api/v2/transparency/exemptions', scope: 'read:transparency', tag: 'transparency', summary: 'Search exemptions' },
  { method: 'get', path: '/api/v2/transparency/exemptions/:id', scope: 'read:transparency', tag: 'transparency', summary: 'One exemption' },
  { method: 'get', path: '/api/v2/transparency/statutes', scope: 'read:transparency', tag: 'transparency', summary: 'Statute text by jurisdiction, section or citation' },
  { method: 'get', path: '/api/v2/transparency/sections/:id', scope: 'read:transparency', tag: 'transparency', summary: 'One statute section' },
  { method: 'get', path: '/api/v2/transparency/compare', scope: 'read:transparency', tag: 'transparency', summary: 'One field across all jurisdictions' },
  { method: 'post', path: '/api/v1/search', scope: 'read:transparency', tag: 'search', summary: 'Hybrid legal search' },
  { method: 'get', path: '/api/v1/documents/:id', scope: 'read:transparency', tag: 'search', summary: 'A document or section with provenance and neighbours' },
  { method: 'post', path: '/api/chat', scope: 'chat:assistant', tag: 'chat', summary: 'Ask the research assistant (SSE stream or JSON)' },
  { method: 'get', path: '/api/chat/conversations', scope: 'chat:assistant', tag: 'chat', summary: "The caller's conversations" },
  { method: 'get', path: '/api/chat/conversations/:id', scope: 'chat:assistant', tag: 'chat', summary: 'One conversation with its messages' },
  { method: 'get', path: '/api/storage/objects', scope: 'read:storage', tag: 'storage', summary: "List the caller's stored objects" },
  { method: 'get', path: '/api/storage/objects/:key', scope: 'read:storage', tag: 'storage', summary: 'Read a stored object' },
  { method: 'put', path: '/api/storage/objects/:key', scope: 'write:storage', tag: 'storage', summary: 'Store an object' },
  { method: 'delete', path: '/api/storage/objects/:key', scope: 'write:storage', tag: 'storage', summary: 'Delete a stored object' },
];

/** Registers every planned route that no built feature has taken over. */
export function registerPlannedRoutes(routes: RouteRegistry, built: ReadonlySet<string>): void {
  for (const r of PLANNED_ROUTES) {
    if (built.has(`${r.method} ${r.path}`)) continue;
    // Path parameters declared as in a built route, so the document stays valid.
    const names = [...r.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
    routes.add({
      method: r.method,
      path: r.path,
      scope: r.scope,
      ...(names.length > 0 ? { params: z.object(Object.fromEntries(names.map((n) => [n, z.string().min(1).max(1024)]))) } : {}),
      // `planned` marks what is not built, for readers of the document and for the API fuzzing, which skips it.
      tags: [r.tag, 'planned'],
      summary: r.summary,
      description: 'Not built yet: answers 501 NOT_IMPLEMENTED after authentication and the scope check.',
      success: { status: 501, description: 'Not implemented yet' },
      handler: async () => {
        throw new NotImplementedError(r.summary);
      },
    });
  }
}
