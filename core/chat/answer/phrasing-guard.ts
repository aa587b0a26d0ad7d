/**
 * Checks the model's phrasing sentence by sentence against the draft's claims. A sentence
 * is kept only when it restates one claim without altering it: no number, citation marker,
 * statute citation or jurisdiction that the claim lacks, the same polarity (yes/no,
 * negation), few words of its own, and every number and citation marker of the claim (a
 * kept sentence always carries its citation). A claim no kept sentence restates is
 * "uncovered", and the draft's sentence is sent for it instead.
 */
export interface GuardContext {
  /** The draft's sentences the model may restate. */
  claims: ReadonlyArray<{ text: string }>;
  /** Every jurisdiction name, to catch a sentence that moves a rule to another place. */
  jurisdictionNames: readonly string[];
}

export type Judgement = { ok: true; claim: number } | { ok: false; reason: string };

const NEGATION = /\b(?:no|not|never|none|cannot|without|neither|nor)\b|n't\b/i;
const STOP = new Set(['the', 'and', 'for', 'that', 'this', 'with', 'are', 'is', 'was', 'has', 'have', 'can', 'may', 'must', 'will', 'you', 'your', 'they', 'their', 'its', 'from', 'under', 'also', 'which', 'there', 'been', 'any', 'all', 'into', 'than', 'then', 'does', 'did', 'who', 'what', 'how', 'when', 'where']);

const markersOf = (s: string): number[] => [...s.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
const withoutMarkers = (s: string): string => s.replace(/\[\d+\]/g, ' ');
const numbersOf = (s: string): string[] => withoutMarkers(s).match(/\d+(?:\.\d+)*/g) ?? [];
const statuteRefsOf = (s: string): string[] => (s.match(/§+\s*[\w.:()-]+/g) ?? []).map((r) => r.replace(/\s+/g, '').replace(/[.)]+$/, ''));

/** Content words as five-letter stems, so "respond" and "response" meet. */
function stemsOf(s: string): Set<string> {
  const words = withoutMarkers(s).toLowerCase().match(/[a-z][a-z']+/g) ?? [];
  return new Set(words.filter((w) => w.length > 2 && !STOP.has(w)).map((w) => w.slice(0, 5)));
}

function namesIn(s: string, names: readonly string[]): string[] {
  // Longest first, cut out as found, so "West Virginia" is not also "Virginia".
  let rest = s;
  const found: string[] = [];
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    const re = new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
    if (re.test(rest)) {
      found.push(name.toLowerCase());
      rest = rest.replace(re, ' ');
    }
  }
  return found;
}

/** The bodies a claim names ("superior court", "Attorney General", "Compliance Board"): a restatement keeps each whole. */
const BODY = /\b(?!(?:the|a|an|its|their|that|this|each|any|or|and|of|to|in)\b)[a-z]+\s+(?:court|commission|board|counsel(?:or)?|ombudsman|general|examiners?|officer|clerk)s?\b/gi;
const bodiesOf = (s: string): string[] => (withoutMarkers(s).match(BODY) ?? []).map((b) => b.toLowerCase().replace(/\s+/g, ' ').replace(/s$/, ''));

const leadWord = (s: string): string | null => /^\s*(yes|no)\b/i.exec(s)?.[1]?.toLowerCase() ?? null;

/** Why `sentence` is not a faithful restatement of `claim`, or null when it is. */
function mismatch(sentence: string, claim: string, names: readonly string[]): string | null {
  const has = (list: string[], of: string[]) => list.every((x) => of.includes(x));
  if (!has(numbersOf(sentence), numbersOf(claim))) return 'number not in the draft';
  if (!has(markersOf(sentence).map(String), markersOf(claim).map(String))) return 'citation marker not in the draft';
  if (!has(statuteRefsOf(sentence), statuteRefsOf(claim))) return 'statute citation not in the draft';
  if (!has(namesIn(sentence, names), namesIn(claim, names))) return 'jurisdiction not in the draft';
  const said = withoutMarkers(sentence).toLowerCase().replace(/\s+/g, ' ');
  if (!bodiesOf(claim).every((b) => said.includes(b))) return 'drops or changes a body the draft names';
  if (NEGATION.test(withoutMarkers(sentence)) !== NEGATION.test(claim)) return 'polarity differs from the draft';
  if (movesNegation(withoutMarkers(sentence), claim)) return 'negates another word than the draft';
  const lead = leadWord(sentence);
  if (lead && lead !== leadWord(claim)) return 'yes/no differs from the draft';
  return null;
}

/**
 * The words a text negates: the first content word within five after each "not", "no", "never" … ("not figures" →
 * figur), and every content word. An answer's opening "No." or "No," negates no word of the sentence.
 */
function negatedStems(text: string): { negated: Set<string>; all: Set<string> } {
  const tokens = text.toLowerCase().match(/[a-z][a-z'’]*|[.,;:!?]/g) ?? [];
  const isNegation = (w: string) => /^(?:no|not|never|none|cannot|without|neither|nor)$|n[’']t$/.test(w);
  const isContent = (w: string) => /^[a-z]/.test(w) && w.length > 2 && !STOP.has(w) && !isNegation(w);
  const negated = new Set<string>();
  const all = new Set<string>();
  tokens.forEach((w, i) => {
    if (isContent(w)) all.add(w.slice(0, 5));
    if (!isNegation(w) || (w === 'no' && /^[.,;:!?]$/.test(tokens[i + 1] ?? '.'))) return;
    const window = tokens.slice(i + 1, i + 6);
    const stop = window.findIndex((x) => /^[.;:!?]$/.test(x));
    const next = (stop >= 0 ? window.slice(0, stop) : window).find(isContent);
    if (next) negated.add(next.slice(0, 5));
  });
  return { negated, all };
}

/**
 * Whether a sentence negates a word the claim asserts, or asserts one the claim negates ("The law database does not
 * say …, not figures" restated as "… but it holds figures"): the same count of negations can still say the opposite.
 */
function movesNegation(sentence: string, claim: string): boolean {
  const s = negatedStems(sentence);
  const c = negatedStems(claim);
  const lost = [...c.negated].some((w) => s.all.has(w) && !s.negated.has(w));
  const added = [...s.negated].some((w) => c.all.has(w) && !c.negated.has(w));
  return lost || added;
}

function overlap(sentence: string, claim: string): number {
  const s = stemsOf(sentence);
  if (s.size === 0) return 0;
  const c = stemsOf(claim);
  return [...s].filter((w) => c.has(w)).length / s.size;
}

/**
 * Three quarters of a kept sentence's words must come from its claim: the model may
 * reword, not add (at 0.6 the offline model slipped in "a request must be made within 10
 * days" for "an agency has 10 days to respond").
 */
export const MIN_OVERLAP = 0.75;

/** Judges one sentence against the claims: the best-overlapping claim, if the sentence is faithful to it. */
export function judgeSentence(sentence: string, ctx: GuardContext): Judgement {
  let best = -1;
  let score = 0;
  ctx.claims.forEach((c, i) => {
    const o = overlap(sentence, c.text);
    if (o > score) [best, score] = [i, o];
  });
  if (best < 0 || score < MIN_OVERLAP) return { ok: false, reason: 'adds words the draft does not have' };
  const claim = ctx.claims[best]!.text;
  const dropsPlace = namesIn(claim, ctx.jurisdictionNames).some((n) => !namesIn(sentence, ctx.jurisdictionNames).includes(n));
  const why =
    mismatch(sentence, claim, ctx.jurisdictionNames) ??
    (covers(sentence, claim) ? null : 'drops a number or citation marker of the draft') ??
    (dropsPlace ? 'drops a jurisdiction of the draft' : null);
  return why ? { ok: false, reason: why } : { ok: true, claim: best };
}

/** Whether a kept sentence carries everything its claim must: its numbers and its markers. */
export function covers(sentence: string, claim: string): boolean {
  const s = new Set([...numbersOf(sentence), ...markersOf(sentence).map((m) => `[${m}]`)]);
  return [...numbersOf(claim), ...markersOf(claim).map((m) => `[${m}]`)].every((x) => s.has(x));
}

/**
 * A sentence ends at . ! or ? (with its markers) before a capital or a line break, but only
 * after a lower-case word, a number, a marker or a closing bracket or quote: "Ala. Code",
 * "Rev. Stat." and "c. 66" go on.
 */
const BOUNDARY = /(?<=(?:\]|\)|"|\b[a-z]{3,}|\d))[.!?](?:\s*\[\d+\])*(?=\s+["“(]?[A-Z]|\s*\n)|\n+/;

/** Cuts streamed text into sentences as they complete; `flush` returns the rest. */
export class SentenceSplitter {
  #buffer = '';

  #held = '';

  push(text: string): string[] {
    this.#buffer += text;
    const out: string[] = [];
    for (let m = BOUNDARY.exec(this.#buffer); m; m = BOUNDARY.exec(this.#buffer)) {
      const sentence = clean(this.#buffer.slice(0, m.index + m[0].length));
      this.#buffer = this.#buffer.slice(m.index + m[0].length);
      // "Yes." and "No." open the sentence that follows: judged alone they carry no claim.
      if (/^(?:yes|no)[.!]?$/i.test(sentence)) this.#held = `${sentence} `;
      else if (sentence.length > 0) {
        out.push(`${this.#held}${sentence}`);
        this.#held = '';
      }
    }
    return out;
  }

  flush(): string[] {
    const rest = clean(`${this.#held}${this.#buffer}`);
    this.#buffer = '';
    this.#held = '';
    return rest ? [rest] : [];
  }
}

/** A text's sentences, as the splitter cuts a stream. */
export function sentencesOf(text: string): string[] {
  const s = new SentenceSplitter();
  return [...s.push(text), ...s.flush()];
}

/** Trims list bullets, echoed prompt labels ("Draft:", "Rewritten answer:") and stray whitespace. */
function clean(s: string): string {
  return s
    .replace(/^\s*(?:[-*•]|\d+\.)\s+/, '')
    .replace(/^\s*(?:draft|rewritten(?: draft| answer)?|rewrite(?: the draft)?|answer)\s*:\s*/i, '')
    .replace(/\s+/g, ' ')
    .trim();
}
