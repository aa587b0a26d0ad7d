import { assignLevels, type AcceptedLabel } from './assign-levels.js';
import { findLabelCandidates } from './find-label-candidates.js';
import type { LabelKind } from './label-tokens.js';
import { historyStart, isVersionNote } from './history-lines.js';
import { findInlineList } from './inline-enumerations.js';

/** One subdivision of a section body, offsets relative to the body. */
export interface SubdivisionSpan {
  /** Designators from the outermost level down: ["b", "6"]. */
  path: string[];
  /** Offset of the designator. */
  start: number;
  /** Offset of the node's text: just past the designator and the blanks after it. */
  textStart: number;
  /** Offset just past the node's text, children included, trailing blanks excluded. */
  end: number;
}

function isWithin(path: readonly string[], ancestor: readonly string[]): boolean {
  return path.length >= ancestor.length && ancestor.every((k, i) => path[i] === k);
}

/** Offsets of the lines in `body[0, limit)` that announce another version of a provision. */
function versionNotes(body: string, limit: number): number[] {
  const out: number[] = [];
  let lineStart = 0;
  while (lineStart < limit) {
    const nl = body.indexOf('\n', lineStart);
    const lineEnd = nl === -1 ? body.length : nl;
    if (isVersionNote(body.slice(lineStart, lineEnd))) out.push(lineStart);
    lineStart = lineEnd + 1;
  }
  return out;
}

function trimEnd(body: string, from: number, end: number): number {
  let e = end;
  while (e > from && /\s/.test(body[e - 1] as string)) e--;
  return e;
}

function skipBlanks(body: string, from: number, end: number): number {
  let s = from;
  while (s < end && /[ \t\r\n]/.test(body[s] as string)) s++;
  return s;
}

/** End of the node at `labels[i]`: where the next node outside it starts, or the law text ends. */
function spanEnd(labels: readonly AcceptedLabel[], i: number, lawEnd: number, notes: readonly number[]): number {
  const own = labels[i] as AcceptedLabel;
  let lastInside = own.start;
  let end = lawEnd;
  for (let j = i + 1; j < labels.length; j++) {
    const other = labels[j] as AcceptedLabel;
    if (!isWithin(other.path, own.path)) {
      end = other.start;
      break;
    }
    lastInside = other.start;
  }
  // A note announcing the next provision's versions belongs to that provision, not this one.
  const note = notes.find((n) => n > lastInside && n < end);
  return note ?? end;
}

/**
 * Splits a section body into its subdivisions. Returns nothing for a flattened section
 * (no designators found). History and notes at the end of the section are left out of
 * every subdivision. A repeated designator (second version of the same provision) is not
 * a node of its own: the first version's span is widened over it, and its children that
 * would duplicate a path are dropped.
 */
export function splitSubdivisions(body: string): SubdivisionSpan[] {
  const lawEnd = historyStart(body);
  const labels = assignLevels(findLabelCandidates(body, lawEnd));
  const notes = versionNotes(body, lawEnd);
  const seen = new Set<string>();
  const out: SubdivisionSpan[] = [];
  labels.forEach((label, i) => {
    const key = label.path.join('\u0000');
    if (label.repeat || seen.has(key)) return;
    seen.add(key);
    const end = trimEnd(body, label.labelEnd, spanEnd(labels, i, lawEnd, notes));
    const span = { path: label.path, start: label.start, textStart: skipBlanks(body, label.labelEnd, end), end };
    out.push(span);
    const next = labels[i + 1];
    const isLeaf = !next || !isWithin(next.path, label.path);
    if (isLeaf) out.push(...inlineChildren(body, span, label.kinds));
  });
  return out;
}

/** Items of a list printed inside a leaf subdivision's paragraph ("(b)(7)(A) … (F)"). */
function inlineChildren(body: string, parent: SubdivisionSpan, kinds: readonly LabelKind[]): SubdivisionSpan[] {
  const items = findInlineList(body.slice(parent.textStart, parent.end), new Set(kinds));
  return items.map((it) => ({
    path: [...parent.path, it.key],
    start: parent.textStart + it.start,
    textStart: skipBlanks(body, parent.textStart + it.labelEnd, parent.textStart + it.end),
    end: parent.textStart + it.end,
  }));
}
