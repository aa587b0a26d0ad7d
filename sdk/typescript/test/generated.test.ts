import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH, REGENERATE_COMMAND, renderAll, SDK_DIR } from '../scripts/generate.mjs';
import { SDK_VERSION, USER_AGENT } from '../src/index.js';

describe('generated sources', () => {
  it('are what scripts/generate.mjs renders from sdk/openapi.json and package.json (regenerated in memory)', async () => {
    for (const file of await renderAll()) {
      const committed = fs.existsSync(file.path) ? fs.readFileSync(file.path, 'utf8') : '';
      const rel = path.relative(path.resolve(SDK_DIR, '..', '..'), file.path);
      // toBe would print a 4,000-line diff; say which file and how to fix it.
      if (committed !== file.text) expect.fail(`${rel} is stale (it does not match ${path.basename(OPENAPI_PATH)} / package.json). Regenerate: ${REGENERATE_COMMAND}`);
    }
  });

  it('cover every path of the OpenAPI document', () => {
    const document = JSON.parse(fs.readFileSync(OPENAPI_PATH, 'utf8')) as { paths: Record<string, unknown> };
    const types = fs.readFileSync(path.join(SDK_DIR, 'src', 'generated', 'openapi.ts'), 'utf8');
    for (const p of Object.keys(document.paths)) expect(types).toContain(`${JSON.stringify(p)}: {`);
  });

  it('carry the package version into the User-Agent', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(SDK_DIR, 'package.json'), 'utf8')) as { version: string };
    expect(SDK_VERSION).toBe(pkg.version);
    expect(USER_AGENT).toBe(`sunlight-sdk-typescript/${pkg.version}`);
  });
});
