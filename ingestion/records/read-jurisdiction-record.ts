import { access, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { NormalisedRecord } from './jurisdiction-record-types.js';
import { normaliseJurisdictionRecord } from './normalise-jurisdiction-record.js';
import {
  normaliseCanonicalNames,
  normaliseRightsFile,
  type CanonicalStatuteName,
  type UpstreamRightsFile,
} from './normalise-reference-files.js';

/** Folder of the structured records, relative to the corpus directory. */
export const JURISDICTIONS_DIR = 'hole-tld/jurisdictions';
/** Folder of the upstream rights files, relative to the corpus directory. */
export const RIGHTS_DIR = 'hole-tld/rights';
/** Canonical names file, relative to the corpus directory. */
export const CANONICAL_NAMES_PATH = 'hole-tld/canonical-statute-names.json';

async function readJson(corpusDir: string, relPath: string): Promise<unknown> {
  const raw = await readFile(path.join(corpusDir, relPath), 'utf8');
  try {
    return JSON.parse(raw) as unknown;
  } catch (e) {
    throw new Error(`${relPath}: invalid JSON (${(e as Error).message})`, { cause: e });
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** Slugs of the jurisdictions with a structured record, sorted (reads the folder, so added files are picked up). */
export async function listJurisdictionSlugs(corpusDir: string): Promise<string[]> {
  const names = await readdir(path.join(corpusDir, JURISDICTIONS_DIR));
  return names
    .filter((n) => n.endsWith('.json'))
    .map((n) => n.slice(0, -'.json'.length))
    .sort();
}

/** Reads and normalises `hole-tld/jurisdictions/<slug>.json`. */
export async function readJurisdictionRecord(corpusDir: string, slug: string): Promise<NormalisedRecord> {
  const sourcePath = `${JURISDICTIONS_DIR}/${slug}.json`;
  return normaliseJurisdictionRecord(await readJson(corpusDir, sourcePath), { slug, sourcePath });
}

/** Reads `hole-tld/rights/<slug>.json` when the corpus has one (only `federal` in v0.11), else null. */
export async function readRightsFile(corpusDir: string, slug: string): Promise<UpstreamRightsFile | null> {
  const sourcePath = `${RIGHTS_DIR}/${slug}.json`;
  if (!(await exists(path.join(corpusDir, sourcePath)))) return null;
  return normaliseRightsFile(await readJson(corpusDir, sourcePath), sourcePath);
}

/** Reads the federal rights list (`rights/federal.json`). */
export async function readFederalRights(corpusDir: string): Promise<UpstreamRightsFile> {
  const file = await readRightsFile(corpusDir, 'federal');
  if (!file) throw new Error(`${RIGHTS_DIR}/federal.json: missing`);
  return file;
}

/** Reads `canonical-statute-names.json`. */
export async function readCanonicalStatuteNames(corpusDir: string): Promise<CanonicalStatuteName[]> {
  return normaliseCanonicalNames(await readJson(corpusDir, CANONICAL_NAMES_PATH));
}
