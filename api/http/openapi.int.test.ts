import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES } from '../../core/auth/scopes.js';
import { startTestApi, type TestApi } from '../../test/support/test-api.js';
import { toTemplate } from './route-registry.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t?.close();
});

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every (method, path) Express actually routes, read from the router itself. */
function expressRoutes(): Array<{ method: string; path: string }> {
  const stack = (t.api.routes.router as unknown as { stack: Layer[] }).stack;
  return stack.flatMap((layer) =>
    layer.route ? Object.keys(layer.route.methods).filter((m) => m !== '_all').map((method) => ({ method, path: layer.route!.path })) : [],
  );
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document served without auth', async () => {
    const res = await t.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.components.securitySchemes.oauth2.flows.clientCredentials.scopes).sort()).toEqual([...ALL_SCOPES].sort());
  });

  it('describes every route Express serves, with its scope', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    const routes = expressRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes.filter((r) => !doc.paths[toTemplate(r.path)]?.[r.method]);
    expect(missing).toEqual([]);
    for (const spec of t.api.routes.specs) {
      const op = doc.paths[toTemplate(spec.path)][spec.method];
      expect(op['x-required-scope']).toBe(spec.scope);
      if (spec.scope) expect(op.security).toContainEqual({ oauth2: [spec.scope] });
      else expect(op.security).toEqual([]);
    }
  });

  it('documents path parameters and the error envelope', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    const op = doc.paths['/api/admin/metrics'].get;
    expect(op.parameters).toContainEqual(expect.objectContaining({ name: 'period', in: 'query' }));
    expect(doc.components.schemas.ErrorEnvelope.properties.error.required).toEqual(['code', 'message', 'status']);
  });
});
