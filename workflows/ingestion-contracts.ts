import { defineQuery } from '@temporalio/workflow';

/** Input of `ingestCorpus`: all jurisdictions of the corpus, or the named ones. */
export interface IngestCorpusInput {
  jurisdictions?: string[];
  /** Re-derive even when the sources are unchanged. */
  force?: boolean;
  /** How many jurisdictions are ingested at once. */
  concurrency?: number;
}

export interface IngestJurisdictionInput {
  runId: string;
  jurisdiction: string;
  force: boolean;
}

export interface JurisdictionResult {
  jurisdiction: string;
  outcome: 'created' | 'updated' | 'unchanged' | 'failed';
  version: number | null;
  error: string | null;
  counts: { sections: number; rights: number; exemptions: number; crossReferences: number; facts: number } | null;
  /** The search index: its chunks, and how many were embedded anew or deleted (null without an index). */
  index?: { chunks: number; embedded: number; deleted: number } | null;
}

export interface IngestionProgress {
  runId: string | null;
  total: number;
  done: number;
  running: string[];
  results: JurisdictionResult[];
  finished: boolean;
}

export interface IngestCorpusResult {
  runId: string;
  status: 'completed' | 'completed_with_errors';
  results: JurisdictionResult[];
}

export const INGEST_CORPUS_WORKFLOW = 'ingestCorpus';
/** Business key: one corpus ingestion at a time per namespace. */
export const ingestCorpusWorkflowId = (suffix: string): string => `ingest-corpus-${suffix}`;
export const ingestionProgressQuery = defineQuery<IngestionProgress>('ingestionProgress');
