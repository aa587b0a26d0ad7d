import { readToken, type LabelToken } from './label-tokens.js';

/** A designator at a position in a section body. */
export interface PlacedToken {
  token: LabelToken;
  /** Offset of the designator's first character ("(" or the digit/letter of "1."). */
  start: number;
  /** Offset just past the designator. */
  end: number;
}

/** Designators printed together ("(a)(1)(A)", "9. a.", "2. (1)") that may start subdivisions. */
export interface LabelCandidate {
  tokens: PlacedToken[];
  /**
   * True when the chain sits inside a line, run into the preceding sentence
   * ("…otherwise.(1) \"Agency\" …"). Such chains are accepted only when they fit exactly.
   */
  runIn: boolean;
}

const PAREN = /\(([A-Za-z0-9]{1,6}(?:-[A-Za-z0-9]{1,2})?)\)/y;
const DOT = /([0-9]{1,3}[A-Z]?|[a-z]{1,6}|[A-Z]{1,6})\.(?=[ \t])/y;

/** Reads a chain of designators starting exactly at `pos`; empty when there is none. */
function readChain(text: string, pos: number, allowDot: boolean): PlacedToken[] {
  const out: PlacedToken[] = [];
  let at = pos;
  for (;;) {
    const placed = readOne(text, at, allowDot);
    if (!placed) break;
    out.push(placed);
    at = placed.end;
    // Chains may be spaced ("9. a.", "2. (1)", "(1) (a)"), but only by a blank or two.
    const gap = /^[ \t]{0,2}/.exec(text.slice(at, at + 2))?.[0].length ?? 0;
    const next = readOne(text, at + gap, allowDot && placed.token.style === 'dot');
    if (!next) break;
    at += gap;
  }
  return out;
}

function readOne(text: string, pos: number, allowDot: boolean): PlacedToken | null {
  PAREN.lastIndex = pos;
  const paren = PAREN.exec(text);
  if (paren) {
    const token = readToken(paren[1] as string, 'paren');
    return token ? { token, start: pos, end: PAREN.lastIndex } : null;
  }
  if (!allowDot) return null;
  DOT.lastIndex = pos;
  const dot = DOT.exec(text);
  if (!dot) return null;
  const token = readToken(dot[1] as string, 'dot');
  return token ? { token, start: pos, end: DOT.lastIndex } : null;
}

/** Text before a run-in designator: end of a sentence or clause, "[Repealed.]", "; and", ", or". */
const RUN_IN_BEFORE = /(?:[.:;\]][”"’)]?|[.:;,]\s?(?:and|or))(\s{0,2})$/;

/** Whether a run-in chain at `start`..`end` of `line` reads as a new paragraph. */
function looksRunIn(line: string, start: number, end: number): boolean {
  const before = RUN_IN_BEFORE.exec(line.slice(Math.max(0, start - 12), start));
  if (!before) return false;
  const after = line.slice(end, end + 3);
  const spaced = (before[1] ?? '').length > 0 || /^\s/.test(after);
  // Tightly packed text ("…:(a)if legally obtainable") may go on in lowercase;
  // a spaced "(b)" in running prose must be followed by a capital or a quote.
  return spaced ? /^\s{0,2}["“'‘[A-Z]/.test(after) : /^["“'‘[A-Za-z]/.test(after);
}

/**
 * Missouri repeats the heading before the first subsection and runs the two together:
 * "…voting records to be included. —1. All public governmental bodies …".
 */
function afterDash(line: string, from: number): PlacedToken[] | null {
  const m = /\.\s?—\s?(?=\d{1,3}\.\s+[A-Z"“(])/.exec(line.slice(from));
  if (!m) return null;
  const chain = readChain(line, from + m.index + m[0].length, true);
  return chain.length > 0 ? chain : null;
}

/** Candidates in one line, offsets relative to `lineOffset`. */
function lineCandidates(line: string, lineOffset: number): LabelCandidate[] {
  const out: LabelCandidate[] = [];
  const indent = /^\s*/.exec(line)?.[0].length ?? 0;
  const lead = readChain(line, indent, true);
  let from = indent;
  if (lead.length > 0) {
    out.push({ tokens: lead.map((t) => shift(t, lineOffset)), runIn: false });
    from = (lead[lead.length - 1] as PlacedToken).end;
  }
  const dash = afterDash(line, from);
  if (dash) {
    out.push({ tokens: dash.map((t) => shift(t, lineOffset)), runIn: true });
    from = (dash[dash.length - 1] as PlacedToken).end;
  }
  for (let p = line.indexOf('(', from); p !== -1; p = line.indexOf('(', p + 1)) {
    const chain = readChain(line, p, false);
    if (chain.length === 0) continue;
    const end = (chain[chain.length - 1] as PlacedToken).end;
    if (looksRunIn(line, p, end)) {
      out.push({ tokens: chain.map((t) => shift(t, lineOffset)), runIn: true });
      p = end - 1;
    }
  }
  return out;
}

function shift(t: PlacedToken, by: number): PlacedToken {
  return { token: t.token, start: t.start + by, end: t.end + by };
}

/**
 * Every place in `body[0, limit)` where a subdivision could start: designators at the
 * start of a line, and designators run into the text after a sentence or clause ends.
 */
export function findLabelCandidates(body: string, limit: number): LabelCandidate[] {
  const out: LabelCandidate[] = [];
  let lineStart = 0;
  while (lineStart < limit) {
    const nl = body.indexOf('\n', lineStart);
    const lineEnd = Math.min(nl === -1 ? body.length : nl, limit);
    out.push(...lineCandidates(body.slice(lineStart, lineEnd), lineStart));
    lineStart = lineEnd + 1;
  }
  return out;
}
