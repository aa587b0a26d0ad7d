import { proxyActivities } from '@temporalio/workflow';
import type { IngestionActivities } from '../workers/activities/ingestion-activities.js';
import type { IngestJurisdictionInput, JurisdictionResult } from './ingestion-contracts.js';

const acts = proxyActivities<IngestionActivities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '1 minute',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    maximumAttempts: 5,
    nonRetryableErrorTypes: ['BadSourceFile', 'UnknownJurisdiction'],
  },
});

/**
 * One jurisdiction: read → parse → derive → upsert. An unchanged source (same content hash
 * as the stored version) stops after read. Nothing is written before the upsert, which is
 * one transaction, so a failure at any step leaves no partial rows.
 */
export async function ingestJurisdiction(input: IngestJurisdictionInput): Promise<JurisdictionResult & { changeSummary: unknown }> {
  const base = { runId: input.runId, jurisdiction: input.jurisdiction };
  const read = await acts.readJurisdictionSources({ ...base, force: input.force });
  if (read.skip) {
    return { jurisdiction: input.jurisdiction, outcome: 'unchanged', version: null, error: null, counts: null, changeSummary: null };
  }
  const parsed = await acts.parseJurisdictionSources(base);
  const derived = await acts.deriveJurisdictionRecords(base);
  // The search index step (chunking and embedding of the new version) belongs here, between
  // derive and upsert, when hybrid search lands.
  const written = await acts.upsertJurisdictionRecords(base);
  return {
    jurisdiction: input.jurisdiction,
    outcome: written.outcome,
    version: written.version,
    error: null,
    counts: { sections: parsed.sections, ...derived },
    changeSummary: written.changeSummary,
  };
}
