import { randomUUID } from 'node:crypto';
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Knex } from 'knex';
import { createIngestionRunStore } from '../../core/law-database/ingestion-run-store.js';
import { writeJurisdiction } from '../../core/law-database/law-record-writer.js';
import type { Logger } from '../../core/logger/logger.js';
import { EXEMPTION_CATEGORIES } from '../../core/law-model/exemption-categories.js';
import type { DerivedJurisdiction } from '../../core/law-model/law-model.js';
import { readCorpusHolidays } from '../../ingestion/holidays/read-holidays.js';
import { BadSourceFileError } from '../../ingestion/pipeline/bad-source-file-error.js';
import { deriveJurisdictionBundle, parseJurisdictionSources, type ParsedJurisdiction } from '../../ingestion/pipeline/build-jurisdiction.js';
import { locateJurisdictionSources, type HolidayEntry, type JurisdictionSources } from '../../ingestion/pipeline/jurisdiction-sources.js';
import { applyReviewedFacts } from '../../ingestion/legal-facts/apply-reviewed-facts.js';
import { LegalFactsFileError, readLegalFacts, type LoadedLegalFacts } from '../../ingestion/legal-facts/read-legal-facts.js';
import { listJurisdictionSlugs } from '../../ingestion/records/read-jurisdiction-record.js';
import { readDatasetAgencies } from '../../ingestion/records/read-dataset-agencies.js';
import { seedDirectoryAgencies } from '../../core/foia/agencies/seed-directory-agencies.js';
import type { JurisdictionResult } from '../../workflows/ingestion-contracts.js';

export interface IngestionActivityDeps {
  db: Knex;
  corpusDir: string;
  /** Reviewed legal facts, one file per jurisdiction (data/legal-facts). */
  legalFactsDir: string;
  logger: Logger;
}

type Counts = NonNullable<JurisdictionResult['counts']>;

/** Permanent failures become non-retryable: retrying a malformed file only repeats the error. */
async function classified<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof BadSourceFileError) throw ApplicationFailure.nonRetryable(err.message, 'BadSourceFile');
    if (err instanceof LegalFactsFileError) throw ApplicationFailure.nonRetryable(err.message, 'BadSourceFile');
    throw err;
  }
}

const heartbeat = (details: Record<string, unknown>): void => Context.current().heartbeat(details);

/**
 * The ingestion activities (read → parse → derive → upsert), over injected dependencies.
 * Large intermediate results go through the `ingestion_staging` table; only small
 * summaries cross Temporal's payload boundary.
 */
export function createIngestionActivities(deps: IngestionActivityDeps) {
  const runs = createIngestionRunStore(deps.db);
  const log = deps.logger.child({ module: 'ingestion' });
  let holidayCache: { runId: string; holidays: Map<string, HolidayEntry[]> } | undefined;

  async function holidaysFor(runId: string, slug: string): Promise<HolidayEntry[]> {
    if (holidayCache?.runId !== runId) {
      const read = await readCorpusHolidays(deps.corpusDir, {
        onIssue: (issue) => log.warn({ issue }, 'holiday file issue'),
      });
      holidayCache = { runId, holidays: read as Map<string, HolidayEntry[]> };
    }
    return holidayCache.holidays.get(slug) ?? [];
  }

  return {
    async startIngestionRun(input: { workflowId: string; requested: string[] | null; force: boolean }): Promise<{ runId: string; jurisdictions: string[] }> {
      const all = await listJurisdictionSlugs(deps.corpusDir);
      const unknown = (input.requested ?? []).filter((s) => !all.includes(s));
      if (unknown.length > 0) {
        throw ApplicationFailure.nonRetryable(`Unknown jurisdiction(s): ${unknown.join(', ')}`, 'UnknownJurisdiction');
      }
      const runId = randomUUID();
      await runs.startRun({ id: runId, workflowId: input.workflowId, requested: input.requested, force: input.force });
      log.info({ runId, count: input.requested?.length ?? all.length }, 'ingestion run started');
      return { runId, jurisdictions: input.requested ?? all };
    },

    async readJurisdictionSources(input: { runId: string; jurisdiction: string; force: boolean }): Promise<{ skip: boolean; files: number }> {
      return classified(async () => {
        heartbeat({ step: 'read', jurisdiction: input.jurisdiction });
        const all = await listJurisdictionSlugs(deps.corpusDir);
        const facts = await readLegalFacts(deps.legalFactsDir, input.jurisdiction);
        const sources = await locateJurisdictionSources(
          deps.corpusDir,
          input.jurisdiction,
          all,
          await holidaysFor(input.runId, input.jurisdiction),
          facts ? { path: facts.sourcePath, hash: facts.hash } : null,
        );
        const skip = !input.force && (await runs.currentSourceHash(input.jurisdiction)) === sources.sourceHash;
        if (!skip) {
          await runs.stage(input.runId, input.jurisdiction, 'sources', sources);
          // The facts as hashed above are the facts applied later: staged, not read again.
          await runs.stage(input.runId, input.jurisdiction, 'facts', { facts });
        }
        return { skip, files: sources.files.length };
      });
    },

    async parseJurisdictionSources(input: { runId: string; jurisdiction: string }): Promise<{ documents: number; sections: number }> {
      return classified(async () => {
        heartbeat({ step: 'parse', jurisdiction: input.jurisdiction });
        const sources = await runs.staged<JurisdictionSources>(input.runId, input.jurisdiction, 'sources');
        const parsed = await parseJurisdictionSources(deps.corpusDir, sources);
        heartbeat({ step: 'parse', jurisdiction: input.jurisdiction, parsed: true });
        await runs.stage(input.runId, input.jurisdiction, 'parsed', parsed);
        const docs = [parsed.statute, parsed.summary, ...parsed.processMaps].filter((d) => d !== null);
        return { documents: docs.length, sections: docs.reduce((n, d) => n + d.sections.length, 0) };
      });
    },

    async deriveJurisdictionRecords(input: { runId: string; jurisdiction: string }): Promise<Omit<Counts, 'sections'>> {
      return classified(async () => {
        heartbeat({ step: 'derive', jurisdiction: input.jurisdiction });
        const parsed = await runs.staged<ParsedJurisdiction>(input.runId, input.jurisdiction, 'parsed');
        const proposed = await deriveJurisdictionBundle(deps.corpusDir, input.jurisdiction, parsed);
        const { facts } = await runs.staged<{ facts: LoadedLegalFacts | null }>(input.runId, input.jurisdiction, 'facts');
        const derived = applyReviewedFacts(proposed, facts, parsed.statute);
        await runs.stage(input.runId, input.jurisdiction, 'derived', derived);
        return { rights: derived.rights.length, exemptions: derived.exemptions.length, crossReferences: derived.crossReferences.length, facts: derived.facts.length };
      });
    },

    async upsertJurisdictionRecords(input: { runId: string; jurisdiction: string }): Promise<{ outcome: 'created' | 'updated'; version: number; changeSummary: unknown }> {
      heartbeat({ step: 'upsert', jurisdiction: input.jurisdiction });
      const sources = await runs.staged<JurisdictionSources>(input.runId, input.jurisdiction, 'sources');
      const parsed = await runs.staged<ParsedJurisdiction>(input.runId, input.jurisdiction, 'parsed');
      const derived = await runs.staged<DerivedJurisdiction>(input.runId, input.jurisdiction, 'derived');
      const documents = [parsed.statute, parsed.summary, ...parsed.processMaps].filter((d) => d !== null);
      // The agency directory first: it is idempotent, so a retry after a failed write repeats it harmlessly.
      const directory = await seedDirectoryAgencies(deps.db, { derived, agencies: await readDatasetAgencies(deps.corpusDir, input.jurisdiction) });
      if (directory.skipped.length > 0) log.warn({ jurisdiction: input.jurisdiction, skipped: directory.skipped }, 'agencies[] items without a name were not added to the directory');
      const result = await writeJurisdiction(deps.db, { runId: input.runId, sources, derived, documents, taxonomy: EXEMPTION_CATEGORIES });
      await runs.clearStaging(input.runId, input.jurisdiction);
      return result;
    },

    async recordJurisdictionResult(input: JurisdictionResult & { runId: string; durationMs: number; changeSummary: unknown }): Promise<void> {
      await runs.recordResult({
        runId: input.runId,
        jurisdiction: input.jurisdiction,
        outcome: input.outcome,
        version: input.version,
        error: input.error,
        changeSummary: input.changeSummary,
        durationMs: input.durationMs,
      });
      if (input.outcome === 'failed') await runs.clearStaging(input.runId, input.jurisdiction);
    },

    async finishIngestionRun(input: { runId: string; status: 'completed' | 'completed_with_errors'; summary: unknown }): Promise<void> {
      await runs.finishRun(input.runId, input.status, input.summary);
      log.info({ runId: input.runId, status: input.status }, 'ingestion run finished');
    },
  };
}

export type IngestionActivities = ReturnType<typeof createIngestionActivities>;
