import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { legalFactsFileSchema, type LegalFactsFile } from '../../core/legal-facts/legal-fact-schema.js';

/** A facts file that does not match the schema: every problem, with its path in the file. */
export class LegalFactsFileError extends Error {
  constructor(
    readonly filePath: string,
    readonly issues: string[],
  ) {
    super(`${filePath}: ${issues.join('; ')}`);
    this.name = 'LegalFactsFileError';
  }
}

/** One jurisdiction's reviewed facts as read from disk, with the hash of the file's bytes. */
export interface LoadedLegalFacts {
  file: LegalFactsFile;
  /** Path relative to the facts directory's parent's parent (`data/legal-facts/<slug>.json`). */
  sourcePath: string;
  hash: string;
}

/** Parses the text of a facts file; throws LegalFactsFileError listing every problem. */
export function parseLegalFactsFile(raw: string, filePath: string): LegalFactsFile {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (err) {
    throw new LegalFactsFileError(filePath, [`invalid JSON (${(err as Error).message})`]);
  }
  const parsed = legalFactsFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new LegalFactsFileError(
      filePath,
      parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`),
    );
  }
  // The runtime schema is a discriminated union on `field`; its inferred type is not, so it is narrowed here.
  return parsed.data as LegalFactsFile;
}

/** Reads `<dir>/<slug>.json`; null when the jurisdiction has no reviewed facts yet. */
export async function readLegalFacts(dir: string, slug: string): Promise<LoadedLegalFacts | null> {
  const filePath = path.join(dir, `${slug}.json`);
  let raw: string;
  try {
    raw = await readFile(filePath, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const sourcePath = `data/legal-facts/${slug}.json`;
  return { file: parseLegalFactsFile(raw, sourcePath), sourcePath, hash: createHash('sha256').update(raw).digest('hex') };
}

/** Slugs that have a facts file, sorted. */
export async function listLegalFactsSlugs(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir))
      .filter((n) => n.endsWith('.json'))
      .map((n) => n.slice(0, -'.json'.length))
      .sort();
  } catch {
    return [];
  }
}
