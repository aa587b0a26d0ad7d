import { defineConfig } from 'vitest/config';

/**
 * Two tiers, by file name (see docs/adr/0002-test-tiers.md):
 *  - unit: `*.test.ts` beside the code, no network, fakes only, small fixtures we write;
 *  - corpus: `*.corpus.test.ts`, parsers and derivations over the real corpus (CORPUS_DIR);
 *  - integration: `*.int.test.ts`, against real Postgres, Redis and a Temporal dev server
 *    that test/global-setup.ts starts once per run.
 */
export default defineConfig({
  test: {
    // Two cores: at most two test files at once; each integration file has its own database.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.corpus.test.ts', 'node_modules/**', 'dist/**', '.local/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'corpus',
          include: ['**/*.corpus.test.ts'],
          exclude: ['node_modules/**', 'dist/**', '.local/**'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['**/*.int.test.ts'],
          exclude: ['node_modules/**', 'dist/**', '.local/**'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
