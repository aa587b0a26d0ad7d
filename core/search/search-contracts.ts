/**
 * Contracts between the two sides of hybrid legal search. Search works on law records —
 * statute sections (incl. summary and process-map sections), rights and exemptions — whose
 * ids are the document ids `GET /api/v1/documents/{id}` resolves.
 */

/** The kind of record a hit is; the `types` filter of a search takes these values. */
export type SearchDocType = 'statute_section' | 'summary' | 'process_map' | 'right' | 'exemption';

export const SEARCH_DOC_TYPES: readonly SearchDocType[] = ['statute_section', 'summary', 'process_map', 'right', 'exemption'];

/** Filters both sides apply. `categories` are right categories or canonical exemption categories. */
export interface SearchFilter {
  jurisdictions?: string[];
  types?: SearchDocType[];
  categories?: string[];
}

/** One ranked record from one side of the search. */
export interface RankedRecord {
  /** The record id: a law_sections, rights or exemptions id. */
  recordId: string;
  type: SearchDocType;
  jurisdiction: string;
  /** The side's own score (cosine similarity, or full-text rank). */
  score: number;
  /** 1-based rank on that side. */
  rank: number;
  /** The chunk that matched, for the vector side. */
  chunkId?: string;
}

/**
 * The vector side: embeds the query and returns the nearest records (best chunk per
 * record), filtered. Implemented over the vector store port (Qdrant or the embedded index).
 */
export interface VectorSearch {
  search(query: string, k: number, filter: SearchFilter): Promise<RankedRecord[]>;
}
