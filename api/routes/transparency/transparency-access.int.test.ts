import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLawDatabase } from '../../../test/support/seed-law-database.js';
import { startTestApi, type TestApi } from '../../../test/support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
  await seedLawDatabase(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

/** One working request per transparency route. */
const ROUTES: Array<[template: string, example: string]> = [
  ['/api/v2/transparency/jurisdictions', '/api/v2/transparency/jurisdictions'],
  ['/api/v2/transparency/jurisdictions/{slug}', '/api/v2/transparency/jurisdictions/texas'],
  ['/api/v2/transparency/rights', '/api/v2/transparency/rights'],
  ['/api/v2/transparency/rights/{id}', '/api/v2/transparency/rights/texas:timeliness:ten-day-ruling'],
  ['/api/v2/transparency/exemptions', '/api/v2/transparency/exemptions'],
  ['/api/v2/transparency/exemptions/{id}', '/api/v2/transparency/exemptions/texas:exemption:0:statutory_confidentiality'],
  ['/api/v2/transparency/exemption-categories', '/api/v2/transparency/exemption-categories'],
  ['/api/v2/transparency/statutes', '/api/v2/transparency/statutes?jurisdiction=texas'],
  ['/api/v2/transparency/sections/{id}', '/api/v2/transparency/sections/sec:texas:552.301'],
  ['/api/v2/transparency/compare', '/api/v2/transparency/compare?field=initial_deadline'],
];

describe('transparency routes: access', () => {
  it.each(ROUTES)('%s answers 401 without a token', async (_template, path) => {
    const res = await t.request(path);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('AUTH_MISSING_TOKEN');
  });

  it.each(ROUTES)('%s answers 403 to a token without read:transparency', async (_template, path) => {
    const token = await t.token({ scope: 'read:foia write:foia' });
    const res = await t.request(path, { token });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatchObject({
      code: 'AUTH_INSUFFICIENT_SCOPE',
      metadata: { required_scope: 'read:transparency', provided_scopes: ['read:foia', 'write:foia'] },
    });
  });

  it.each(ROUTES)('%s answers 200 with read:transparency', async (_template, path) => {
    const token = await t.token({ scope: 'read:transparency' });
    expect((await t.request(path, { token })).status).toBe(200);
  });
});

describe('transparency routes: OpenAPI', () => {
  it('describes every route as built (not planned), with its scope and query parameters', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    for (const [template] of ROUTES) {
      const op = doc.paths[template]?.get;
      expect(op, template).toBeDefined();
      expect(op['x-required-scope']).toBe('read:transparency');
      expect(op.summary.length).toBeGreaterThan(10);
      expect(op.responses['501']).toBeUndefined();
    }
    const names = (template: string) => doc.paths[template].get.parameters.map((p: any) => p.name);
    expect(names('/api/v2/transparency/statutes')).toEqual(expect.arrayContaining(['jurisdiction', 'section', 'citation', 'limit', 'cursor']));
    expect(names('/api/v2/transparency/rights')).toEqual(expect.arrayContaining(['q', 'jurisdiction', 'category', 'limit', 'cursor']));
    expect(names('/api/v2/transparency/jurisdictions')).toEqual(
      expect.arrayContaining(['type', 'q', 'has_statute_text', 'deadline_unit', 'no_fixed_deadline', 'limit', 'cursor']),
    );
    const field = doc.paths['/api/v2/transparency/compare'].get.parameters.find((p: any) => p.name === 'field');
    expect(field).toMatchObject({ required: true, schema: { enum: expect.arrayContaining(['initial_deadline', 'appeal_route']) } });
  });
});
