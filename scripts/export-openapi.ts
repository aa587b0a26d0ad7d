import fs from 'node:fs';
import path from 'node:path';
import { API_VERSION, registerApiRoutes, type AppDeps } from '../api/app.js';
import { buildOpenApiDocument } from '../api/http/openapi.js';
import { RouteRegistry } from '../api/http/route-registry.js';
import { loadConfig } from '../core/config/config.js';

/**
 * Writes the API description the SDKs are generated from, without starting anything: every
 * route registered on a registry whose services are never called.
 *
 *   npx tsx scripts/export-openapi.ts [--out sdk/openapi.json]
 *
 * The issuer in the token URL is the development one; clients set theirs.
 */
export function exportedApiDescription(): Record<string, unknown> {
  const pass = () => (_req: unknown, _res: unknown, next: () => void) => next();
  const routes = new RouteRegistry({ authenticate: pass(), rateLimit: pass(), requireScope: () => pass() } as never);
  // The documented limits and types are the defaults (the served document shows the deployment's own).
  const deps = { config: { chat: { heartbeatSeconds: 15 }, storage: loadConfig({}).storage } } as unknown as AppDeps;
  const document = () => buildOpenApiDocument(routes.specs, { issuer: 'http://127.0.0.1:8081/', version: API_VERSION });
  registerApiRoutes(routes, deps, document);
  return document();
}

function main(): void {
  const i = process.argv.indexOf('--out');
  const out = path.resolve(i >= 0 ? process.argv[i + 1]! : 'sdk/openapi.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(exportedApiDescription(), null, 2)}\n`);
  process.stdout.write(`wrote ${out}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
