import { buildChunks } from './build-chunks.js';
import { chunkSections } from './chunk-sections.js';
import { DEFAULT_CHUNK_LIMITS, normalizeSpace, type ChunkLimits, type LawChunk } from './law-chunk.js';
import type { ExemptionRecord, JurisdictionRecords, RightRecord } from './law-records.js';
import { splitWithOverlap } from './split-with-overlap.js';

/**
 * Every chunk of one jurisdiction: its section trees (statutes, summaries, process maps),
 * then each right and each exemption as chunks of their own. Deterministic: the same
 * records always give the same chunk ids, texts and hashes.
 */
export function chunkJurisdiction(records: JurisdictionRecords, limits: ChunkLimits = DEFAULT_CHUNK_LIMITS): LawChunk[] {
  const where = { jurisdiction: records.jurisdiction, name: records.name };
  return [
    ...chunkSections(records.sections, where, limits),
    ...records.rights.flatMap((r) => chunkRight(r, where, limits)),
    ...records.exemptions.flatMap((e) => chunkExemption(e, where, limits)),
  ];
}

type Where = { jurisdiction: string; name: string };

/** A right: its statutory text, conditions and analysis, under its title and citation. */
export function chunkRight(right: RightRecord, where: Where, limits: ChunkLimits): LawChunk[] {
  const body = normalizeSpace(
    [right.statutoryText, right.conditions ? `Conditions: ${right.conditions}` : '', right.analysis].filter(Boolean).join(' '),
  );
  const context = `${where.name} — right: ${normalizeSpace(right.title)}${right.citation ? ` (${right.citation})` : ''}`;
  const base = {
    recordId: right.id,
    type: 'right' as const,
    jurisdiction: where.jurisdiction,
    category: right.category,
    citation: right.citation,
    headingPath: ['Rights', normalizeSpace(right.title)],
    context,
  };
  return buildChunks(base, splitWithOverlap(body, limits.maxChars, limits.overlapChars));
}

/** An exemption: its description, scope and notes, under its label, category and citation. */
export function chunkExemption(exemption: ExemptionRecord, where: Where, limits: ChunkLimits): LawChunk[] {
  const body = normalizeSpace(
    [exemption.description, exemption.scope ? `Scope: ${exemption.scope}` : '', exemption.notes ? `Notes: ${exemption.notes}` : '']
      .filter(Boolean)
      .join(' '),
  );
  const label = normalizeSpace(exemption.rawLabel);
  const cite = exemption.citation ? `, ${exemption.citation}` : '';
  const base = {
    recordId: exemption.id,
    type: 'exemption' as const,
    jurisdiction: where.jurisdiction,
    category: exemption.category,
    citation: exemption.citation,
    headingPath: ['Exemptions', exemption.categoryLabel, label],
    context: `${where.name} — exemption: ${label} (${exemption.categoryLabel}${cite})`,
  };
  return buildChunks(base, splitWithOverlap(body || label, limits.maxChars, limits.overlapChars));
}
