/**
 * Statute text as the reader shows it: the section's verbatim text cut into plain runs, runs
 * that cite another section (links), and the run of the section asked for (marked). Pure
 * functions on strings; the text is never given to innerHTML.
 */
import { locate } from '../../components/highlight.js';

/** A citation the section makes, as the document API lists it (`cross_references.outgoing`). */
export interface Reference {
  section_id: string;
  label: string;
  citation: string | null;
  /** The words of the citation as the section writes them ("Subsection (a)", "Section 552.301"). */
  citation_text: string;
}

export interface LinkRange {
  start: number;
  end: number;
  ref: Reference;
}

export interface TextPiece {
  text: string;
  ref?: Reference;
  marked: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where the section's text writes each of its citations: every occurrence of each
 * `citation_text`, the longest first where two start at the same place ("Subsection (e)(1)(A)"
 * before "Subsection (e)"), never inside a longer number ("552.301" in "552.3015").
 */
export function findReferences(text: string, refs: readonly Reference[]): LinkRange[] {
  const byText = new Map<string, Reference>();
  for (const r of refs) {
    const key = r.citation_text.trim().replace(/\s+/g, ' ');
    if (key && !byText.has(key)) byText.set(key, r);
  }
  if (byText.size === 0) return [];
  const keys = [...byText.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`(?<![0-9A-Za-z])(?:${keys.map((k) => escape(k).replace(/ /g, '\\s+')).join('|')})(?![0-9A-Za-z])`, 'g');
  const out: LinkRange[] = [];
  for (const m of text.matchAll(pattern)) {
    const ref = byText.get(m[0].replace(/\s+/g, ' '));
    if (ref && m.index !== undefined) out.push({ start: m.index, end: m.index + m[0].length, ref });
  }
  return out;
}

/**
 * Where a node's text sits in its section's text: with its designator first ("(d) If an
 * officer…"), which tells apart subsections whose words repeat, else the words alone.
 */
export function locateNode(sectionText: string, nodeText: string, designator: string | undefined): [number, number] | null {
  if (!nodeText.trim()) return null;
  if (designator) {
    const withDesignator = locate(sectionText, `(${designator}) ${nodeText}`);
    if (withDesignator) return withDesignator;
  }
  return locate(sectionText, nodeText);
}

/** The text cut into runs at the links and at the marked range's ends (a link across an end is split in two). */
export function pieces(text: string, links: readonly LinkRange[], mark: [number, number] | null): TextPiece[] {
  const cuts = new Set<number>([0, text.length]);
  for (const l of links) cuts.add(l.start).add(l.end);
  if (mark) cuts.add(mark[0]).add(mark[1]);
  const points = [...cuts].filter((p) => p >= 0 && p <= text.length).sort((a, b) => a - b);
  const out: TextPiece[] = [];
  let li = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i]!;
    const end = points[i + 1]!;
    if (end <= start) continue;
    while (li < links.length && links[li]!.end <= start) li++;
    const link = links[li] && links[li]!.start <= start && links[li]!.end >= end ? links[li] : undefined;
    const marked = mark !== null && start >= mark[0] && end <= mark[1];
    const piece: TextPiece = { text: text.slice(start, end), marked };
    if (link) piece.ref = link.ref;
    out.push(piece);
  }
  return out;
}

/** The jurisdiction a statute node id names (`sec:<jurisdiction>:<label>`), if it has that shape. */
export function jurisdictionOfSection(id: string): string | undefined {
  const m = /^sec:([a-z]+(?:-[a-z]+)*):/.exec(id);
  return m?.[1];
}

/** Whether `id` names a node of the jurisdiction's statute text (not a summary or process-map section). */
export function isStatuteNode(id: string | null | undefined, jurisdiction: string): id is string {
  if (!id?.startsWith(`sec:${jurisdiction}:`)) return false;
  return !/^(?:process-map|summary)[:-]/.test(id.slice(`sec:${jurisdiction}:`.length));
}
