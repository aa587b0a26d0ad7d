import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseJurisdictionSources, type ParsedJurisdiction } from '../pipeline/build-jurisdiction.js';
import { locateJurisdictionSources } from '../pipeline/jurisdiction-sources.js';
import { JURISDICTIONS_DIR, listJurisdictionSlugs } from '../records/read-jurisdiction-record.js';
import type { FactEvidenceSources } from './verify-legal-facts.js';

/** The dataset's exemption category labels, in order, from a raw record. */
export function exemptionCategoriesOf(record: unknown): string[] {
  const list = (record as { transparency_law?: { exemptions?: unknown } } | null)?.transparency_law?.exemptions;
  return Array.isArray(list) ? list.map((e) => String((e as { category?: unknown } | null)?.category ?? '')) : [];
}

/** Builds the evidence sources from already parsed documents and the raw files. */
export async function factEvidenceFromParsed(corpusDir: string, slug: string, parsed: ParsedJurisdiction): Promise<FactEvidenceSources> {
  const record = JSON.parse(await readFile(path.join(corpusDir, JURISDICTIONS_DIR, `${slug}.json`), 'utf8')) as unknown;
  const summaryTexts: string[] = [];
  for (const doc of [parsed.summary, ...parsed.processMaps]) {
    if (doc) summaryTexts.push(await readFile(path.join(corpusDir, doc.sourcePath), 'utf8'));
  }
  return { statute: parsed.statute, summaryTexts, record, exemptionCategories: exemptionCategoriesOf(record) };
}

/** Reads and parses everything one jurisdiction's facts are checked against. */
export async function loadFactEvidence(corpusDir: string, slug: string): Promise<FactEvidenceSources> {
  const sources = await locateJurisdictionSources(corpusDir, slug, await listJurisdictionSlugs(corpusDir), []);
  const parsed = await parseJurisdictionSources(corpusDir, sources);
  return factEvidenceFromParsed(corpusDir, slug, parsed);
}
