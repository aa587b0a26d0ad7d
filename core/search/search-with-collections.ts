import type { SearchRequest, SearchResult, SearchService } from './search-service.js';

/** Flat metadata of a collection item, as the caller wrote it. */
export type ItemMetadata = Record<string, string | number | boolean | null>;

/** The part of the vector store search needs: the best items of some of a user's collections for a text. */
export interface CollectionTextSearch {
  /** 404 when one id is not the user's collection; 400 when one holds the caller's own vectors. */
  searchText(
    userId: string,
    ids: readonly string[],
    text: string,
    limit: number,
  ): Promise<Array<{ id: string; text: string | null; metadata: ItemMetadata; score: number; chunk: number; collectionId: string; collectionName: string }>>;
}

/** One hit of the caller's own collections, beside the law's hits. */
export interface CollectionSearchHit {
  /** The item's id in its collection. */
  id: string;
  /** The chunk of the item that matched. */
  text: string | null;
  metadata: ItemMetadata;
  /** Cosine similarity of the query and the chunk (higher is nearer; the order of the list). */
  score: number;
  /** Position of the matching chunk within the item, from 0. */
  chunk: number;
  source: { kind: 'collection'; collection_id: string; collection_name: string; item_id: string };
}

export interface SearchWithCollectionsRequest extends SearchRequest {
  /** Ids of the caller's collections to search beside the law. */
  collections?: string[];
}

export interface SearchWithCollectionsResult extends SearchResult {
  /** Present when `collections` was asked for: the collections' best items, on the first page only. */
  collection_hits?: CollectionSearchHit[];
}

/**
 * The law's hybrid search and, when asked, the caller's collections beside it. The two lists
 * stay apart: the law pages through fused reciprocal-rank hits that open as documents, while a
 * collection hit is a passage of the caller's own records scored by cosine similarity, so the
 * scores are not comparable and a merged list would break the law's paging. Collection hits
 * come with the first page (pages after it carry an empty list), so paging clients see each once.
 */
export function createSearchWithCollections(deps: { search: SearchService; collections: CollectionTextSearch }) {
  return {
    async search(userId: string, request: SearchWithCollectionsRequest): Promise<SearchWithCollectionsResult> {
      const { collections, ...law } = request;
      if (!collections) return deps.search.search(law);
      const [result, hits] = await Promise.all([
        deps.search.search(law),
        law.cursor ? Promise.resolve([]) : deps.collections.searchText(userId, collections, law.query, law.limit),
      ]);
      return {
        ...result,
        collection_hits: hits.map((h) => ({
          id: h.id,
          text: h.text,
          metadata: h.metadata,
          score: h.score,
          chunk: h.chunk,
          source: { kind: 'collection', collection_id: h.collectionId, collection_name: h.collectionName, item_id: h.id },
        })),
      };
    },
  };
}

export type SearchWithCollections = ReturnType<typeof createSearchWithCollections>;
