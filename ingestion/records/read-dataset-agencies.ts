import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { rawJurisdictionFileSchema } from './jurisdiction-record-schema.js';
import { JURISDICTIONS_DIR } from './read-jurisdiction-record.js';

/**
 * The `agencies[]` of `hole-tld/jurisdictions/<slug>.json`, as the dataset gives them (their
 * shape is not fixed upstream; the directory reads them leniently). Empty when the record has none.
 */
export async function readDatasetAgencies(corpusDir: string, slug: string): Promise<unknown[]> {
  const raw = JSON.parse(await readFile(path.join(corpusDir, JURISDICTIONS_DIR, `${slug}.json`), 'utf8')) as unknown;
  const parsed = rawJurisdictionFileSchema.safeParse(raw);
  // The parse step has already read (and reported) the record; a directory needs no second report.
  return parsed.success ? parsed.data.agencies : [];
}
