import type { ParsedDocument, ParsedSection } from '../../../core/law-model/source-types.js';
import { splitSentences } from './sentences.js';

/** A sentence of a document, with the smallest parsed node that contains it. */
export interface IndexedSentence {
  text: string;
  /** The section (depth 0, or the top node of its run) the sentence is in. */
  top: ParsedSection;
  /** The deepest node whose verbatim text contains the whole sentence. */
  node: ParsedSection;
  /** Offset of the sentence in `top.text`. */
  start: number;
}

/** Sentences of a document, computed once per derivation. */
export interface DocumentIndex {
  doc: ParsedDocument;
  sentences: IndexedSentence[];
  byLabel: Map<string, ParsedSection>;
  /** Children (any depth) of each node label, in document order. */
  descendants(label: string): ParsedSection[];
}

interface Located {
  node: ParsedSection;
  start: number;
  end: number;
}

/** Finds each node's offset inside its top section (nodes whose text is not verbatim there are skipped). */
function locateNodes(top: ParsedSection, nodes: ParsedSection[]): Located[] {
  const located: Located[] = [{ node: top, start: 0, end: top.text.length }];
  const offsets = new Map<string, number>([[top.label, 0]]);
  for (const n of nodes) {
    if (n === top || n.text.length === 0) continue;
    const from = (n.parentLabel !== null ? offsets.get(n.parentLabel) : undefined) ?? 0;
    const at = top.text.indexOf(n.text, from);
    if (at < 0) continue;
    offsets.set(n.label, at);
    located.push({ node: n, start: at, end: at + n.text.length });
  }
  return located;
}

function groupRuns(sections: ParsedSection[]): ParsedSection[][] {
  const ordered = [...sections].sort((a, b) => a.ordinal - b.ordinal);
  const runs: ParsedSection[][] = [];
  for (const s of ordered) {
    const last = runs[runs.length - 1];
    if (s.depth === 0 || !last) runs.push([s]);
    else last.push(s);
  }
  return runs;
}

/** Builds the sentence index of a parsed document. */
export function indexDocument(doc: ParsedDocument): DocumentIndex {
  const byLabel = new Map(doc.sections.map((s) => [s.label, s]));
  const children = new Map<string, ParsedSection[]>();
  for (const s of doc.sections) {
    if (s.parentLabel === null) continue;
    const list = children.get(s.parentLabel) ?? [];
    list.push(s);
    children.set(s.parentLabel, list);
  }
  const sentences: IndexedSentence[] = [];
  for (const run of groupRuns(doc.sections)) {
    const top = run[0] as ParsedSection;
    const located = locateNodes(top, run);
    for (const span of splitSentences(top.text)) {
      let best: Located = located[0] as Located;
      for (const l of located) {
        if (l.start <= span.start && l.end >= span.end && l.node.depth >= best.node.depth && l.end - l.start <= best.end - best.start) best = l;
      }
      sentences.push({ text: span.text, top, node: best.node, start: span.start });
    }
  }
  const descendants = (label: string): ParsedSection[] => {
    const out: ParsedSection[] = [];
    const walk = (l: string): void => {
      for (const c of children.get(l) ?? []) {
        out.push(c);
        walk(c.label);
      }
    };
    walk(label);
    return out.sort((a, b) => a.ordinal - b.ordinal);
  };
  return { doc, sentences, byLabel, descendants };
}

/** A rule for sentences: one of `any` must match, every `all` must match, no `none` may match. */
export interface SentenceRule {
  any: RegExp[];
  all?: RegExp[];
  none?: RegExp[];
}

/** True when `text` satisfies the rule. */
export function matchesRule(text: string, rule: SentenceRule): boolean {
  return (
    rule.any.some((r) => r.test(text)) &&
    (rule.all ?? []).every((r) => r.test(text)) &&
    !(rule.none ?? []).some((r) => r.test(text))
  );
}

/** Sentences satisfying `rule`, optionally only inside the node `withinLabel` (and its children). */
export function findSentences(index: DocumentIndex, rule: SentenceRule, withinLabel?: string | null): IndexedSentence[] {
  const scope = withinLabel ? new Set([withinLabel, ...index.descendants(withinLabel).map((d) => d.label)]) : null;
  return index.sentences.filter(
    (s) => (!scope || s.top.label === withinLabel || scope.has(s.node.label)) && matchesRule(s.text, rule),
  );
}

/** Longest quote that is still a provision rather than a whole long section. */
export const MAX_PROVISION_QUOTE = 1500;

/** Nodes up to this length are quoted whole; longer ones only when the sentence is most of them. */
const WHOLE_NODE_QUOTE = 700;

/**
 * The verbatim text to quote for a matched sentence: the smallest parsed node containing it
 * when that node is short (or mostly that sentence), else the sentence itself, so that the
 * quote is centred on the language that matched. `wholeNodes: false` (summaries and process
 * maps, whose nodes are heading blocks rather than provisions) always quotes the sentence.
 */
export function quoteFor(s: IndexedSentence, wholeNodes = true): { text: string; node: ParsedSection } {
  if (!wholeNodes) return { text: s.text, node: s.node };
  const len = s.node.text.length;
  if (len <= WHOLE_NODE_QUOTE || (len <= MAX_PROVISION_QUOTE && s.text.length >= len * 0.5)) return { text: s.node.text, node: s.node };
  return { text: s.text, node: s.node };
}
