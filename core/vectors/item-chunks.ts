import { createHash } from 'node:crypto';
import { splitWithOverlap } from '../search/indexing/split-with-overlap.js';
import type { AttributeValue } from '../search/vector-store/chunk-vector-store.js';
import type { Metadata } from './vector-collection-store.js';

/** Characters per chunk: the embedding model reads about 256 word pieces, a little over this. */
export const CHUNK_CHARS = 1000;
/** Characters each chunk repeats from the one before, so a sentence cut between two is whole in one. */
export const CHUNK_OVERLAP = 150;

/** The id of an item's chunk in the vector store: unique since the position comes last. */
export const chunkId = (itemId: string, position: number): string => `${itemId}#${position}`;

/** The name of a user collection's own collection in the vector store. */
export const storeName = (collectionId: string): string => `user-${collectionId}`;

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** An item's text cut into chunks, each with the hash indexing compares to skip unchanged ones. */
export function chunkText(text: string): Array<{ text: string; contentHash: string }> {
  const clean = text.trim().replace(/[ \t]+/g, ' ');
  if (clean === '') return [];
  return splitWithOverlap(clean, CHUNK_CHARS, CHUNK_OVERLAP).map((t) => ({ text: t, contentHash: sha256(t) }));
}

/** The metadata values filters can match (nulls are stored in Postgres, not in the vector store). */
export function attributesOf(metadata: Metadata): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [k, v] of Object.entries(metadata)) if (v !== null) out[k] = v;
  return out;
}
