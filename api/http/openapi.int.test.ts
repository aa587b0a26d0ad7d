import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES } from '../../core/auth/scopes.js';
import { startTestApi, type TestApi } from '../../test/support/test-api.js';
import { repoRoot } from '../../test/support/test-env.js';
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

describe('the document as a contract', () => {
  it('passes openapi-spec-validator (OpenAPI 3.1)', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sunlight-openapi-')), 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const validator = path.join(repoRoot, '.local/venv/bin/openapi-spec-validator');
    expect(fs.existsSync(validator), `${validator} (run make tools)`).toBe(true);
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      execFile(validator, [file], (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }));
    });
    expect(code, output).toBe(0);
  });

  it('gives every JSON success response a schema, and declares the statuses and headers routes answer', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    const untyped: string[] = [];
    for (const [p, ops] of Object.entries<Record<string, { tags: string[]; responses: Record<string, { content?: Record<string, { schema?: object }> }> }>>(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (op.tags.includes('planned')) continue;
        const [, success] = Object.entries(op.responses).find(([s]) => s.startsWith('2'))!;
        const json = success.content?.['application/json'];
        if (json && (!json.schema || Object.keys(json.schema).length === 0)) untyped.push(`${method} ${p}`);
      }
    }
    expect(untyped).toEqual([]);
    const patch = doc.paths['/api/foia/requests/{id}'].patch;
    expect(Object.keys(patch.requestBody.content)).toEqual(['application/merge-patch+json']);
    expect(patch.parameters).toContainEqual(expect.objectContaining({ name: 'If-Match', in: 'header' }));
    expect(Object.keys(patch.responses)).toEqual(expect.arrayContaining(['200', '404', '409', '412', '429']));
    expect(patch.responses['200'].headers).toHaveProperty('ETag');
    expect(doc.paths['/api/foia/requests'].post.responses['201'].headers).toHaveProperty('Location');
    expect(Object.keys(doc.paths['/api/chat'].post.responses['200'].content)).toEqual(['text/event-stream', 'application/json']);
    expect(doc.components.responses.Error429.headers).toHaveProperty('Retry-After');
  });
});
