import type { SearchDocType, SearchFilter } from '../search-contracts.js';

/** The model a collection's vectors come from; another model or dimension means a rebuild. */
export interface CollectionSpec {
  modelId: string;
  dimension: number;
}

/** What each point carries besides its vector: the fields search filters on and collapses by. */
export interface ChunkPayload {
  recordId: string;
  type: SearchDocType;
  jurisdiction: string;
  category: string | null;
  /** The chunk's content hash, so indexing can tell a stale vector from a current one. */
  contentHash: string;
}

export interface VectorPoint {
  /** The chunk id (`${recordId}#${position}`). */
  id: string;
  vector: readonly number[];
  payload: ChunkPayload;
  /** The embedded text. Stored where the backend keeps documents (Qdrant); the embedded index leaves it to Postgres. */
  text?: string;
}

export interface VectorHit {
  id: string;
  /** Cosine similarity, higher is nearer. */
  score: number;
  payload: ChunkPayload;
}

/**
 * The vector store port, one collection of chunk vectors. Adapters: Qdrant
 * (`QdrantChunkStore`) and the embedded index (`EmbeddedVectorStore`); one contract test
 * suite (`testing/vector-store-contract.ts`) holds them to the same behaviour.
 *
 * Filters: each non-empty list of a `SearchFilter` must match (any of its values); an
 * empty or missing list does not filter. A chunk without a category never matches a
 * `categories` filter.
 */
export interface ChunkVectorStore {
  /**
   * Opens the collection for this model, creating it if missing; when it holds vectors of
   * another model or dimension it is emptied (`rebuilt`) so indexing embeds everything again.
   * Must be called before any other method.
   */
  ensureCollection(spec: CollectionSpec): Promise<{ created: boolean; rebuilt: boolean }>;
  /** Inserts or replaces points by id. Vectors must have the collection's dimension. */
  upsert(points: readonly VectorPoint[]): Promise<void>;
  /** Removes points by id; unknown ids are ignored. */
  delete(ids: readonly string[]): Promise<void>;
  /** The `k` nearest points to `vector` that pass `filter`, nearest first. */
  search(vector: readonly number[], k: number, filter?: SearchFilter): Promise<VectorHit[]>;
  /** The stored content hash of each of `ids` that is present. */
  contentHashes(ids: readonly string[]): Promise<Map<string, string>>;
  /** How many points pass `filter`. */
  count(filter?: SearchFilter): Promise<number>;
}

/** A filter with its empty lists removed; undefined when nothing is left to filter on. */
export function effectiveFilter(filter: SearchFilter | undefined): SearchFilter | undefined {
  if (!filter) return undefined;
  const out: SearchFilter = {};
  if (filter.jurisdictions?.length) out.jurisdictions = filter.jurisdictions;
  if (filter.types?.length) out.types = filter.types;
  if (filter.categories?.length) out.categories = filter.categories;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Whether a payload passes a filter, by the port's rules. */
export function matchesFilter(payload: ChunkPayload, filter: SearchFilter | undefined): boolean {
  if (!filter) return true;
  if (filter.jurisdictions?.length && !filter.jurisdictions.includes(payload.jurisdiction)) return false;
  if (filter.types?.length && !filter.types.includes(payload.type)) return false;
  if (filter.categories?.length && (payload.category === null || !filter.categories.includes(payload.category))) return false;
  return true;
}

/** Raised when a point does not fit the collection (wrong dimension) or the collection was not opened. */
export class VectorStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VectorStoreError';
  }
}
