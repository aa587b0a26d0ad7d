import type { IndexProgress } from '../core/vectors/vector-collection-store.js';

/** The workflow that indexes a stored object into a user collection (registered name). */
export const INDEX_COLLECTION_WORKFLOW = 'indexCollectionObject';

/** Business key: one workflow per indexing run. */
export const indexCollectionWorkflowId = (runId: string): string => `vector-index-${runId}`;

export interface IndexCollectionInput {
  runId: string;
  userId: string;
  collectionId: string;
  objectKey: string;
}

export interface IndexCollectionOutcome {
  status: 'completed' | 'failed';
  progress: IndexProgress;
  error: string | null;
}

/** Chunks embedded (and stored) per batch: each batch is a heartbeat and a progress write. */
export const EMBED_BATCH_SIZE = 32;
