import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { HolidayEntry, JurisdictionSources, SourceFile, SourceRole } from '../../core/law-model/source-types.js';
import { BadSourceFileError } from './bad-source-file-error.js';

export type { HolidayEntry, JurisdictionSources, SourceFile, SourceRole };

/**
 * Bump when parsing or derivation changes what is produced from the same files: an
 * unchanged corpus then still yields a new version on the next ingestion.
 */
export const DERIVATION_VERSION = 4;

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

async function listDir(corpusDir: string, rel: string): Promise<string[]> {
  try {
    return (await readdir(path.join(corpusDir, rel))).sort();
  } catch {
    return [];
  }
}

/** Initials of a slug's words without "of": `district-of-columbia` → `dc`. */
function initials(slug: string): string {
  return slug
    .split('-')
    .filter((w) => w !== 'of')
    .map((w) => w[0])
    .join('');
}

/**
 * Process maps are named `<slug>-<law>.md` (DC's as `dc-…`): a file belongs to the longest
 * slug it starts with, or failing that to the slug whose initials it starts with.
 */
export function processMapsFor(slug: string, fileNames: readonly string[], allSlugs: readonly string[]): string[] {
  const owner = (file: string): string | undefined => {
    const byPrefix = allSlugs.filter((s) => file.startsWith(`${s}-`)).sort((a, b) => b.length - a.length)[0];
    return byPrefix ?? allSlugs.find((s) => s.includes('-') && file.startsWith(`${initials(s)}-`));
  };
  return fileNames.filter((f) => f.endsWith('.md') && owner(f) === slug);
}

/** Finds and hashes every corpus file that feeds one jurisdiction. */
export async function locateJurisdictionSources(
  corpusDir: string,
  slug: string,
  allSlugs: readonly string[],
  holidays: readonly HolidayEntry[],
  /** The jurisdiction's reviewed facts file, when it has one: its changes re-ingest the jurisdiction. */
  reviewedFacts: { path: string; hash: string } | null = null,
): Promise<JurisdictionSources> {
  const candidates: Array<{ path: string; role: SourceRole; required: boolean }> = [
    { path: `hole-tld/jurisdictions/${slug}.json`, role: 'record', required: true },
    { path: `statutes/${slug}.txt`, role: 'statute', required: false },
    { path: `hole-tld/summaries/${slug}.txt`, role: 'summary', required: false },
    { path: `hole-tld/rights/${slug}.json`, role: 'rights', required: false },
    ...processMapsFor(slug, await listDir(corpusDir, 'hole-tld/process-maps'), allSlugs).map((f) => ({
      path: `hole-tld/process-maps/${f}`,
      role: 'process_map' as const,
      required: false,
    })),
  ];
  const files: SourceFile[] = [];
  for (const c of candidates) {
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(corpusDir, c.path));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !c.required) continue;
      throw new BadSourceFileError(c.path, (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable');
    }
    files.push({ path: c.path, role: c.role, hash: sha256(bytes) });
  }
  if (reviewedFacts) files.push({ path: reviewedFacts.path, role: 'reviewed_facts', hash: reviewedFacts.hash });
  const sortedHolidays = [...holidays].sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
  const sourceHash = sha256(
    JSON.stringify({
      v: DERIVATION_VERSION,
      files: files.map((f) => [f.path, f.hash]),
      holidays: sha256(JSON.stringify(sortedHolidays)),
    }),
  );
  return { slug, files, holidays: sortedHolidays, sourceHash };
}
