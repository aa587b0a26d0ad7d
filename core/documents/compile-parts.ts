import type { SearchFilter } from '../search/search-contracts.js';
import type { CompareFieldKey } from '../transparency/compare-fields.js';

/** The formats a packet is rendered to. */
export const PACKET_FORMATS = ['pdf', 'markdown', 'html'] as const;
export type PacketFormat = (typeof PACKET_FORMATS)[number];

export const PART_KINDS = ['jurisdiction_profile', 'comparison', 'statute', 'search', 'conversation', 'foia_request'] as const;
export type PartKind = (typeof PART_KINDS)[number];

/** One requested part of a packet. */
export type CompilePart =
  | { kind: 'jurisdiction_profile'; jurisdiction: string }
  | { kind: 'comparison'; fields: CompareFieldKey[]; jurisdictions: string[] | 'all' }
  | { kind: 'statute'; citation: string; jurisdiction?: string | undefined }
  | { kind: 'search'; query: string; filters?: SearchFilter | undefined; limit: number }
  | { kind: 'conversation'; id: string }
  | { kind: 'foia_request'; id: string };

/** `POST /api/documents/compile`, validated. */
export interface CompileRequest {
  title: string;
  formats: PacketFormat[];
  parts: CompilePart[];
}

/** Most parts one packet may have. */
export const MAX_PARTS = 60;
