import fs from 'node:fs';
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

/**
 * A working copy of the corpus for a few jurisdictions (their records, summaries, statute texts
 * and process maps, with the shared holidays and rights), for tests that change or break files.
 */
export function copyCorpusSubset(target: string, jurisdictions: readonly string[]): void {
  const src = corpusDir();
  const copy = (rel: string) => {
    if (!fs.existsSync(path.join(src, rel))) return;
    fs.mkdirSync(path.dirname(path.join(target, rel)), { recursive: true });
    fs.cpSync(path.join(src, rel), path.join(target, rel), { recursive: true });
  };
  copy('hole-tld/holidays');
  copy('hole-tld/rights');
  for (const slug of jurisdictions) {
    copy(`hole-tld/jurisdictions/${slug}.json`);
    copy(`hole-tld/summaries/${slug}.txt`);
    copy(`statutes/${slug}.txt`);
  }
  // Process maps are named by slug, the District of Columbia's by "dc-".
  const prefixes = jurisdictions.map((s) => (s === 'district-of-columbia' ? 'dc-' : `${s}-`));
  for (const f of fs.readdirSync(path.join(src, 'hole-tld/process-maps'))) if (prefixes.some((p) => f.startsWith(p))) copy(`hole-tld/process-maps/${f}`);
}
