import type { LabelCandidate, PlacedToken } from './find-label-candidates.js';
import {
  isFirst,
  isLaterWithGap,
  isSuccessor,
  successorKey,
  type LabelKind,
  type LabelReading,
  type LabelStyle,
} from './label-tokens.js';

/** A designator accepted as the start of a subdivision. */
export interface AcceptedLabel {
  /** Designators from the outermost level down to this one: ["b", "6"]. */
  path: string[];
  /** Numbering scheme of each level of `path`. */
  kinds: LabelKind[];
  start: number;
  /** Offset just past the designator. */
  labelEnd: number;
  /**
   * True when the designator repeats the one before it at the same level: a second
   * version of the same provision (Texas prints both versions of amended subdivisions).
   */
  repeat: boolean;
}

interface Level {
  key: string;
  style: LabelStyle;
  reading: LabelReading;
}

type OptionType = 'continue' | 'open' | 'reopen' | 'repeat' | 'gap';

interface Option {
  type: OptionType;
  /** Stack index the designator takes. */
  level: number;
  reading: LabelReading;
}

/** Largest jump allowed between a designator and the one before it at its level. */
const MAX_GAP = 10;
/** How far ahead to look when deciding an ambiguous designator. */
const LOOKAHEAD = 400;

function optionsFor(t: PlacedToken, stack: Level[], lenient: boolean): Option[] {
  const out: Option[] = [];
  for (const reading of t.token.readings) {
    let kindInStack = false;
    stack.forEach((lv, level) => {
      if (lv.style !== t.token.style || lv.reading.kind !== reading.kind) return;
      kindInStack = true;
      if (isSuccessor(lv.reading, reading)) out.push({ type: 'continue', level, reading });
      else if (lenient && lv.key === t.token.key) out.push({ type: 'repeat', level, reading });
      else if (lenient && isLaterWithGap(lv.reading, reading, MAX_GAP)) out.push({ type: 'gap', level, reading });
    });
    // Reusing a scheme deeper down (Tennessee's (a)…(iii)(a)) is only believed at a line start.
    if (isFirst(reading) && (!kindInStack || lenient)) {
      out.push({ type: kindInStack ? 'reopen' : 'open', level: stack.length, reading });
    }
  }
  return out;
}

/** Picks among exact readings by which of their successors shows up first ahead. */
function byLookahead(options: Option[], ahead: readonly PlacedToken[], style: LabelStyle): Option[] {
  const wanted = new Map<string, Option[]>();
  for (const o of options) {
    const key = successorKey(o.reading);
    wanted.set(key, [...(wanted.get(key) ?? []), o]);
  }
  if (wanted.size < 2) return options;
  for (const t of ahead.slice(0, LOOKAHEAD)) {
    if (t.token.style !== style) continue;
    const hit = wanted.get(t.token.key);
    if (hit) return hit;
  }
  return options;
}

/** Default among equally plausible readings: a sibling of the innermost level, else a new child. */
function preferred(options: Option[], depth: number): Option {
  const sibling = options.find((o) => o.type === 'continue' && o.level === depth - 1);
  if (sibling) return sibling;
  const open = options.find((o) => o.type === 'open');
  if (open) return open;
  return options.reduce((a, b) => (b.level > a.level ? b : a));
}

function choose(
  t: PlacedToken,
  stack: Level[],
  lenient: boolean,
  ahead: readonly PlacedToken[],
  nextInChain: PlacedToken | undefined,
): Option | null {
  const options = optionsFor(t, stack, lenient);
  let exact = options.filter((o) => o.type === 'continue' || o.type === 'open');
  // "(i)(i) Any employee's name": the outer "(i)" is the letter, the inner one the numeral.
  if (nextInChain?.token.key === t.token.key && exact.some((o) => o.type === 'continue')) {
    exact = exact.filter((o) => o.type === 'continue');
  }
  if (exact.length === 1) return exact[0] as Option;
  if (exact.length > 1) return preferred(byLookahead(exact, ahead, t.token.style), stack.length);
  for (const type of ['reopen', 'repeat', 'gap'] as const) {
    const fallback = options.filter((o) => o.type === type);
    if (fallback.length > 0) return fallback.reduce((a, b) => (b.level > a.level ? b : a));
  }
  return null;
}

/**
 * Decides which candidate designators start subdivisions and at what level, keeping a
 * stack of open levels. A designator is accepted when it continues an open level
 * ("(c)" after "(b)") or opens a new one ("(1)", "(a)", "(A)", "(i)", "(aa)"); readings
 * that are equally good ("(i)" after "(h)") are settled by which successor comes next
 * ("(j)" or "(ii)"). Designators at the start of a line may also skip a few numbers
 * (repealed ones dropped) or repeat (a second version); run-in ones must fit exactly.
 */
export function assignLevels(candidates: readonly LabelCandidate[]): AcceptedLabel[] {
  const flat = candidates.flatMap((c) => c.tokens);
  const out: AcceptedLabel[] = [];
  const stack: Level[] = [];
  let index = 0;
  for (const candidate of candidates) {
    let rejected = false;
    candidate.tokens.forEach((t, k) => {
      const at = index++;
      if (rejected) return;
      const lenient = !candidate.runIn && k === 0;
      const pick = choose(t, stack, lenient, flat.slice(at + 1, at + 1 + LOOKAHEAD), candidate.tokens[k + 1]);
      if (!pick) {
        rejected = true;
        return;
      }
      stack.length = pick.level;
      stack.push({ key: t.token.key, style: t.token.style, reading: pick.reading });
      out.push({
        path: stack.map((lv) => lv.key),
        kinds: stack.map((lv) => lv.reading.kind),
        start: t.start, labelEnd: t.end,
        repeat: pick.type === 'repeat',
      });
    });
  }
  return out;
}
