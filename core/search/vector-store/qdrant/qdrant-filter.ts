import type { Schemas } from '@qdrant/js-client-rest';
import { effectiveFilter, type VectorFilter } from '../chunk-vector-store.js';

/** Where the chunk payload lives in a point (LangChain's QdrantVectorStore layout: `{ content, metadata }`). */
export const METADATA_KEY = 'metadata';

/** Payload fields that get a keyword index: the ones searches filter on, and the record id deletes may use. */
export const INDEXED_FIELDS = ['jurisdiction', 'type', 'category', 'recordId'] as const;

export const payloadKey = (field: string): string => `${METADATA_KEY}.${field}`;

/** A filter as a Qdrant filter: every non-empty list must match one of its values, every attribute its value. */
export function toQdrantFilter(filter: VectorFilter | undefined): Schemas['Filter'] | undefined {
  const f = effectiveFilter(filter);
  if (!f) return undefined;
  const must: Schemas['FieldCondition'][] = [];
  if (f.jurisdictions) must.push({ key: payloadKey('jurisdiction'), match: { any: f.jurisdictions } });
  if (f.types) must.push({ key: payloadKey('type'), match: { any: f.types } });
  if (f.categories) must.push({ key: payloadKey('category'), match: { any: f.categories } });
  for (const [name, value] of Object.entries(f.attributes ?? {})) must.push({ key: payloadKey(`attributes.${name}`), match: { value } });
  return { must };
}
