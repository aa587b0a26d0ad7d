/**
 * Ingests a few jurisdictions of the real corpus (and their reviewed facts) into a test
 * database in-process: the ingestion workflow's steps without Temporal, so an API test can
 * run over real statute text. Test support only.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createIngestionRunStore } from '../../../law-database/ingestion-run-store.js';
import { writeJurisdiction } from '../../../law-database/law-record-writer.js';
import { EXEMPTION_CATEGORIES } from '../../../law-model/exemption-categories.js';
import { applyReviewedFacts } from '../../../../ingestion/legal-facts/apply-reviewed-facts.js';
import { readLegalFacts } from '../../../../ingestion/legal-facts/read-legal-facts.js';
import { deriveJurisdictionBundle, parseJurisdictionSources } from '../../../../ingestion/pipeline/build-jurisdiction.js';
import { locateJurisdictionSources } from '../../../../ingestion/pipeline/jurisdiction-sources.js';
import { listJurisdictionSlugs } from '../../../../ingestion/records/read-jurisdiction-record.js';

/** Reads, parses, derives and writes each jurisdiction, as one ingestion run would. */
export async function ingestRealLaw(db: Knex, input: { corpusDir: string; legalFactsDir: string; jurisdictions: readonly string[] }): Promise<void> {
  const runId = randomUUID();
  await createIngestionRunStore(db).startRun({ id: runId, workflowId: `test-${runId}`, requested: [...input.jurisdictions], force: true });
  const all = await listJurisdictionSlugs(input.corpusDir);
  for (const slug of input.jurisdictions) {
    const facts = await readLegalFacts(input.legalFactsDir, slug);
    const sources = await locateJurisdictionSources(input.corpusDir, slug, all, [], facts ? { path: facts.sourcePath, hash: facts.hash } : null);
    const parsed = await parseJurisdictionSources(input.corpusDir, sources);
    const derived = applyReviewedFacts(await deriveJurisdictionBundle(input.corpusDir, slug, parsed), facts, parsed.statute);
    const documents = [parsed.statute, parsed.summary, ...parsed.processMaps].filter((d) => d !== null);
    await writeJurisdiction(db, { runId, sources, derived, documents, taxonomy: EXEMPTION_CATEGORIES });
  }
}
