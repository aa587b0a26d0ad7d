import type { SearchDocType, SearchFilter } from '../search-contracts.js';

/** The model a collection's vectors come from; another model or dimension means a rebuild. */
export interface CollectionSpec {
  modelId: string;
  dimension: number;
}

/** What each point carries besides its vector: the fields search filters on and collapses by. */
/** The kind of the points of a user's collection (the vector store API); law chunks carry their record's type. */
export const COLLECTION_ITEM = 'collection_item' as const;

export interface ChunkPayload {
  recordId: string;
  type: SearchDocType | typeof COLLECTION_ITEM;
  jurisdiction: string;
  category: string | null;
  /** The chunk's content hash, so indexing can tell a stale vector from a current one. */
  contentHash: string;
  /**
   * Flat key → value pairs a `VectorFilter.attributes` matches by equality: the metadata of an
   * item in a user's collection. Law chunks have none.
   */
  attributes?: Record<string, AttributeValue>;
}

/** A value of `ChunkPayload.attributes` (numbers that filters match should be integers: Qdrant matches no floats). */
export type AttributeValue = string | number | boolean;

/** A `SearchFilter` plus attribute equality: every named attribute must equal its value. */
export interface VectorFilter extends SearchFilter {
  attributes?: Record<string, AttributeValue>;
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
 * `categories` filter. Each of `attributes` must be equal (same type and value).
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
  search(vector: readonly number[], k: number, filter?: VectorFilter): Promise<VectorHit[]>;
  /** The stored content hash of each of `ids` that is present. */
  contentHashes(ids: readonly string[]): Promise<Map<string, string>>;
  /** How many points pass `filter`. */
  count(filter?: VectorFilter): Promise<number>;
  /**
   * Removes the whole collection, points and model record; unknown collections are no error.
   * The store must be opened again (`ensureCollection`) before further use.
   */
  drop(): Promise<void>;
}

/**
 * Opens a store per named collection of one backend (a directory under DATA_DIR, or a Qdrant
 * collection): the law index is one, each user collection of the vector store API another,
 * so one tenant's points never share a collection with another's.
 */
export interface VectorStoreProvider {
  open(collectionName: string): ChunkVectorStore;
}

/** A filter with its empty lists removed; undefined when nothing is left to filter on. */
export function effectiveFilter(filter: VectorFilter | undefined): VectorFilter | undefined {
  if (!filter) return undefined;
  const out: VectorFilter = {};
  if (filter.jurisdictions?.length) out.jurisdictions = filter.jurisdictions;
  if (filter.types?.length) out.types = filter.types;
  if (filter.categories?.length) out.categories = filter.categories;
  if (filter.attributes && Object.keys(filter.attributes).length > 0) out.attributes = filter.attributes;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Whether a payload passes a filter, by the port's rules. */
export function matchesFilter(payload: ChunkPayload, filter: VectorFilter | undefined): boolean {
  if (!filter) return true;
  if (filter.jurisdictions?.length && !filter.jurisdictions.includes(payload.jurisdiction)) return false;
  if (filter.types?.length && !(filter.types as string[]).includes(payload.type)) return false;
  if (filter.categories?.length && (payload.category === null || !filter.categories.includes(payload.category))) return false;
  if (filter.attributes) {
    for (const [key, value] of Object.entries(filter.attributes)) if (payload.attributes?.[key] !== value) return false;
  }
  return true;
}

/** Raised when a point does not fit the collection (wrong dimension) or the collection was not opened. */
export class VectorStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VectorStoreError';
  }
}
