import type { SearchDocType } from '../search-contracts.js';

/**
 * One unit of the vector index: a coherent piece of one law record (a section or
 * subsection, a right, an exemption), with the metadata the search filters on.
 */
export interface LawChunk {
  /** Stable across re-ingestion: `${recordId}#${position}`. */
  id: string;
  recordId: string;
  /** 0-based position of the chunk within its record. */
  position: number;
  type: SearchDocType;
  jurisdiction: string;
  /** Right category or exemption category; null for sections. */
  category: string | null;
  citation: string | null;
  /** From the document down to the provision, e.g. ["RCW 42.56.070 Documents…", "(1)"]. */
  headingPath: string[];
  /** The text that is embedded: a context line (jurisdiction, heading path, citation) and the body. */
  text: string;
  /** Hash of the text and metadata: unchanged hash, unchanged vector. */
  contentHash: string;
}

/** Limits of a chunk body, in characters (the model reads ~256 word pieces ≈ 1,000 characters). */
export interface ChunkLimits {
  maxChars: number;
  overlapChars: number;
  /** A section's own text shorter than this (a bare heading) gets no chunk of its own. */
  minOwnChars: number;
}

export const DEFAULT_CHUNK_LIMITS: ChunkLimits = { maxChars: 900, overlapChars: 150, minOwnChars: 60 };

/** Whitespace collapsed to single spaces, so text located in a parent matches its child's text. */
export const normalizeSpace = (text: string): string => text.replace(/\s+/g, ' ').trim();
