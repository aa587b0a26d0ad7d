import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The corpus directory for tests that read the real corpus (`*.corpus.test.ts`):
 * CORPUS_DIR when set, else `../shared/corpus` beside the repository, as in production.
 */
export function corpusDir(): string {
  const fromEnv = process.env['CORPUS_DIR'];
  return fromEnv ? path.resolve(repoRoot, fromEnv) : path.resolve(repoRoot, '..', 'shared', 'corpus');
}

/** The project's reviewed legal facts (data/legal-facts), which ingestion lays over the corpus. */
export function legalFactsDir(): string {
  return path.join(repoRoot, 'data', 'legal-facts');
}
