import { createHash } from 'node:crypto';

/**
 * Qdrant point ids must be unsigned integers or UUIDs; chunk ids are text. A name-based
 * UUID (version 5 layout over SHA-256 of the chunk id) is stable, so re-indexing a chunk
 * overwrites its point instead of adding one. The chunk id itself travels in the payload.
 */
export function qdrantPointId(chunkId: string): string {
  const b = createHash('sha256').update(`sunlight-chunk:${chunkId}`).digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
