import type { SearchDocType } from '../search-contracts.js';
import { buildChunks, type ChunkBase } from './build-chunks.js';
import { normalizeSpace, type ChunkLimits, type LawChunk } from './law-chunk.js';
import type { SectionRecord } from './law-records.js';
import { splitWithOverlap } from './split-with-overlap.js';

interface SectionNode {
  record: SectionRecord;
  children: SectionNode[];
}

const TYPE_OF: Record<SectionRecord['sourceKind'], SearchDocType> = {
  statute_text: 'statute_section',
  summary: 'summary',
  process_map: 'process_map',
};

/**
 * Chunks the section trees of a jurisdiction's documents. A node whose whole text (its
 * subsections included) fits in one chunk becomes one chunk; a longer node contributes
 * only its own text (the lead-in and any text between or after its subsections) and its
 * subsections are chunked in turn; a long node without subsections is split with overlap.
 * So every passage is embedded once, at the most specific level where it is coherent,
 * instead of once per depth.
 */
export function chunkSections(sections: readonly SectionRecord[], where: { jurisdiction: string; name: string }, limits: ChunkLimits): LawChunk[] {
  const chunks: LawChunk[] = [];
  for (const root of buildForest(sections)) chunkNode(root, root.record, { ...where, limits, out: chunks });
  return chunks;
}

interface Walk {
  jurisdiction: string;
  name: string;
  limits: ChunkLimits;
  out: LawChunk[];
}

function chunkNode(node: SectionNode, root: SectionRecord, walk: Walk): void {
  const full = normalizeSpace(node.record.text);
  const { maxChars, overlapChars, minOwnChars } = walk.limits;
  if (full.length <= maxChars || node.children.length === 0) {
    emit(node.record, root, splitWithOverlap(full, maxChars, overlapChars), walk);
    return;
  }
  const { own, located } = ownText(full, node);
  if (own.length >= minOwnChars) emit(node.record, root, splitWithOverlap(own, maxChars, overlapChars), walk);
  for (const child of located) chunkNode(child, root, walk);
}

function emit(record: SectionRecord, root: SectionRecord, bodies: string[], walk: Walk): void {
  // A body that only repeats the node's heading says nothing the context line does not.
  const heading = normalizeSpace(record.heading ?? '').toLowerCase();
  const nonEmpty = bodies.filter((b) => b.length > 0 && b.toLowerCase() !== heading);
  if (nonEmpty.length > 0) walk.out.push(...buildChunks(sectionBase(record, root, walk), nonEmpty));
}

/**
 * The node's text without the spans of the subsections found in it (a subsection whose
 * text cannot be found verbatim stays part of its parent's text and is not chunked apart).
 */
function ownText(full: string, node: SectionNode): { own: string; located: SectionNode[] } {
  const segments: string[] = [];
  const located: SectionNode[] = [];
  let cursor = 0;
  for (const child of node.children) {
    const text = normalizeSpace(child.record.text);
    const at = text ? full.indexOf(text, cursor) : -1;
    if (at < 0) continue;
    segments.push(stripLabel(full.slice(cursor, at), child.record));
    cursor = at + text.length;
    located.push(child);
  }
  segments.push(full.slice(cursor));
  return { own: segments.map((s) => s.trim()).filter((s) => s.length > 0).join(' … '), located };
}

/** Statute subsection text excludes its label; drop the "(3)" / "3." left in the parent before it. */
function stripLabel(before: string, child: SectionRecord): string {
  const last = child.path.at(-1);
  if (child.sourceKind !== 'statute_text' || !last) return before;
  const esc = last.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return before.replace(new RegExp(`(?:\\(${esc}\\)|\\b${esc}[.)])\\s*$`), '');
}

function sectionBase(record: SectionRecord, root: SectionRecord, walk: Walk): ChunkBase {
  const type = TYPE_OF[record.sourceKind];
  const { jurisdiction, name } = walk;
  if (record.sourceKind === 'statute_text') {
    const rootHeading = root.heading ? normalizeSpace(root.heading) : '';
    const headingPath = [[root.sectionNumber, rootHeading].filter(Boolean).join(' '), ...record.path.map((p) => `(${p})`)];
    const context = [name, record.citation ?? record.label, rootHeading].filter(Boolean).join(' — ');
    return { recordId: record.id, type, jurisdiction, category: null, citation: record.citation, headingPath, context };
  }
  const trail = record.path.length > 0 ? record.path : record.heading ? [record.heading] : [];
  const headingPath = dedupeAdjacent([record.documentTitle, ...trail].map(normalizeSpace).filter(Boolean));
  const context = `${name} — ${headingPath.join(' › ')}`;
  return { recordId: record.id, type, jurisdiction, category: null, citation: record.citation, headingPath, context };
}

function dedupeAdjacent(items: string[]): string[] {
  return items.filter((item, i) => i === 0 || item.toLowerCase() !== items[i - 1]!.toLowerCase());
}

/** Nodes linked to their parents by label within a document, in document order. */
function buildForest(sections: readonly SectionRecord[]): SectionNode[] {
  const ordered = [...sections].sort((a, b) => a.documentId.localeCompare(b.documentId) || a.ordinal - b.ordinal);
  const key = (doc: string, label: string) => `${doc}\u0000${label}`;
  const nodes = new Map(ordered.map((r) => [key(r.documentId, r.label), { record: r, children: [] } as SectionNode]));
  const roots: SectionNode[] = [];
  for (const r of ordered) {
    const node = nodes.get(key(r.documentId, r.label))!;
    const parent = r.parentLabel ? nodes.get(key(r.documentId, r.parentLabel)) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
