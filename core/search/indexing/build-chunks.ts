import { createHash } from 'node:crypto';
import type { SearchDocType } from '../search-contracts.js';
import type { LawChunk } from './law-chunk.js';

/** What every chunk of one record shares. */
export interface ChunkBase {
  recordId: string;
  type: SearchDocType;
  jurisdiction: string;
  category: string | null;
  citation: string | null;
  headingPath: string[];
  /** First line of every chunk's text: where the provision sits, so a chunk read alone still says what it is. */
  context: string;
}

/** Stable chunk id: the record id and the chunk's position in it. */
export const chunkId = (recordId: string, position: number): string => `${recordId}#${position}`;

/** The chunks of one record from its body windows, numbered in order from `firstPosition`. */
export function buildChunks(base: ChunkBase, bodies: readonly string[], firstPosition = 0): LawChunk[] {
  return bodies.map((body, i) => {
    const position = firstPosition + i;
    const text = `${base.context}\n${body}`;
    return {
      id: chunkId(base.recordId, position),
      recordId: base.recordId,
      position,
      type: base.type,
      jurisdiction: base.jurisdiction,
      category: base.category,
      citation: base.citation,
      headingPath: base.headingPath,
      text,
      contentHash: chunkHash(base, text),
    };
  });
}

/** Covers the text and every payload field, so a changed citation or category re-writes the point too. */
function chunkHash(base: ChunkBase, text: string): string {
  const material = JSON.stringify([text, base.recordId, base.type, base.jurisdiction, base.category, base.citation, base.headingPath]);
  return createHash('sha256').update(material).digest('hex').slice(0, 32);
}
