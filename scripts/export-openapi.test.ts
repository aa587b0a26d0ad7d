import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../test/support/test-env.js';
import { exportedApiDescription } from './export-openapi.js';

describe('sdk/openapi.json', () => {
  it('is the API description the code produces now (regenerate: npx tsx scripts/export-openapi.ts)', () => {
    const committed = JSON.parse(fs.readFileSync(path.join(repoRoot, 'sdk/openapi.json'), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(exportedApiDescription())));
  });
});
