import { proxyActivities } from '@temporalio/workflow';
import type { IndexingActivities } from '../workers/activities/indexing-activities.js';
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

/** Embedding a large jurisdiction takes minutes on two cores; heartbeats after every batch show it is alive. */
const search = proxyActivities<IndexingActivities>({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '2 minutes',
  retry: {
    initialInterval: '5 seconds',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 5,
    nonRetryableErrorTypes: ['EmbeddingModelMissing', 'VectorStoreError'],
  },
});

/** What indexing did, or null when this worker has no search index. */
function indexCounts(r: { indexed: boolean; chunks: number; embedded: number; deleted: number }): JurisdictionResult['index'] {
  return r.indexed ? { chunks: r.chunks, embedded: r.embedded, deleted: r.deleted } : null;
}

/**
 * One jurisdiction: read → parse → derive → upsert → index. An unchanged source (same
 * content hash as the stored version) skips to index. Nothing is written before the upsert,
 * which is one transaction, so a failure at any step leaves no partial rows; indexing then
 * reads the committed records and is idempotent, so it may run again at any time.
 *
 * Indexing was added before any deployment ran this workflow, so no `patched()` marker guards
 * it; a change to this sequence once histories exist in production needs one.
 */
export async function ingestJurisdiction(input: IngestJurisdictionInput): Promise<JurisdictionResult & { changeSummary: unknown }> {
  const base = { runId: input.runId, jurisdiction: input.jurisdiction };
  const read = await acts.readJurisdictionSources({ ...base, force: input.force });
  if (read.skip) {
    // Unchanged records still get indexed: it embeds nothing when the index is current, and
    // fills it after a model change, a lost index, or when indexing was added after ingestion.
    const index = await search.indexJurisdiction(base);
    return { jurisdiction: input.jurisdiction, outcome: 'unchanged', version: null, error: null, counts: null, changeSummary: null, index: indexCounts(index) };
  }
  const parsed = await acts.parseJurisdictionSources(base);
  const derived = await acts.deriveJurisdictionRecords(base);
  const written = await acts.upsertJurisdictionRecords(base);
  const index = await search.indexJurisdiction(base);
  return {
    jurisdiction: input.jurisdiction,
    outcome: written.outcome,
    version: written.version,
    error: null,
    counts: { sections: parsed.sections, ...derived },
    changeSummary: written.changeSummary,
    index: indexCounts(index),
  };
}
