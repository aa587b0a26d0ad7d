import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { CompileRequest } from './compile-parts.js';
import type { Packet, PacketBlock, PacketCitation, PacketPart, PacketSource } from './packet.js';

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

function citationsOf(block: PacketBlock): PacketCitation[] {
  switch (block.type) {
    case 'statement':
    case 'quote':
      return block.citation ? [block.citation] : [];
    case 'table':
      return block.rows.flatMap((row) => row.flatMap((cell) => (cell.citation ? [cell.citation] : [])));
    case 'list':
      return block.items.flatMap((item) => (item.citation ? [item.citation] : []));
    default:
      return [];
  }
}

/** Every cited source once, ordered by jurisdiction then citation. */
export function sourcesOf(parts: readonly PacketPart[]): PacketSource[] {
  const seen = new Map<string, PacketSource>();
  for (const citation of parts.flatMap((p) => p.blocks.flatMap(citationsOf))) {
    const key = `${citation.text}\u0000${citation.document_id ?? ''}`;
    if (!seen.has(key)) seen.set(key, { citation: citation.text, document_id: citation.document_id, source_kind: citation.source_kind, jurisdiction: citation.jurisdiction ?? null });
  }
  const order = (s: PacketSource) => `${s.jurisdiction ?? ''}\u0000${s.citation}\u0000${s.document_id ?? ''}`;
  return [...seen.values()].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

/** The law database's state a packet is read from: its latest jurisdiction version and ingestion date. */
export async function ingestionState(db: Knex): Promise<Packet['ingestion']> {
  const { rows } = await db.raw<{ rows: Array<{ version: number | null; ingested_at: Date | null }> }>('SELECT max(current_version) AS version, max(ingested_at) AS ingested_at FROM jurisdictions');
  return { version: rows[0]?.version ?? null, ingested_at: rows[0]?.ingested_at?.toISOString() ?? null };
}

/**
 * The packet from its gathered parts. Its fingerprint is the SHA-256 of the request, the
 * database state and everything gathered, canonically serialised: the same inputs give the
 * same fingerprint, and the same Markdown.
 */
export function assemblePacket(input: { request: CompileRequest; ingestion: Packet['ingestion']; parts: PacketPart[]; linkBase: string }): Packet {
  const parts = [...input.parts].sort((a, b) => a.index - b.index);
  const fingerprint = sha256Hex(canonicalJson({ request: input.request, ingestion: input.ingestion, parts }));
  return { title: input.request.title, ingestion: input.ingestion, fingerprint, link_base: input.linkBase, parts, sources: sourcesOf(parts) };
}
