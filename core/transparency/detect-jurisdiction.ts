/**
 * Which jurisdiction a citation names, from how the database's own laws, statute documents
 * and sections cite their codes ("5 U.S.C. § 552", "Tex. Gov't Code ch. 552", "RCW 42.56.070")
 * and from jurisdiction names ("Texas Government Code"). Nothing here lists jurisdictions:
 * adding one to the database makes it detectable.
 */

/** A way a jurisdiction is cited or named. */
export interface CodeName {
  jurisdiction: string;
  /** A citation ("RCW ch. 42.56") or a name ("Texas"). */
  text: string;
}

export type Detection =
  | { kind: 'found'; jurisdiction: string }
  | { kind: 'ambiguous'; candidates: string[] }
  | { kind: 'none' };

/** Spellings of common words in code names, reduced to one form (not jurisdiction-specific). */
const WORD_FORMS: Record<string, string> = {
  government: 'govt',
  annotated: 'ann',
  statutes: 'stat',
  statute: 'stat',
  revised: 'rev',
  general: 'gen',
  compiled: 'comp',
  consolidated: 'consol',
  codified: 'cod',
};

/** Words that start the section part of a citation rather than name the code. */
const SECTION_WORDS = /^(ch|chap|chapter|title|art|article|sec|secs|section|sections|pt|part|et|seq)$/;

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’'`.]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0)
    .map((t) => WORD_FORMS[t] ?? t);
}

/**
 * The code-name part of a citation, as tokens: before "§" when there is one, else up to the
 * first section number or section word; leading title numbers ("5 U.S.C.") are dropped, since
 * they name a title of the code, not the code.
 */
export function codeTokens(citation: string): string[] {
  // Designators ("(b)(6)") belong to the section part, never to the code name.
  const text = citation.replace(/\([^)]*\)/g, ' ');
  const sign = text.indexOf('§');
  const head = tokens(sign >= 0 ? text.slice(0, sign) : text);
  while (head.length > 0 && /^\d/.test(head[0]!)) head.shift();
  const stop = head.findIndex((t) => /^\d/.test(t) || SECTION_WORDS.test(t));
  return stop >= 0 ? head.slice(0, stop) : head;
}

/**
 * How well the input's code name matches a candidate's: 2 per equal token, 1 per
 * abbreviation ("tex" / "texas", at least 3 letters), walking both from the start; 0 unless
 * the shorter of the two is matched in full.
 */
function matchScore(input: string[], candidate: string[]): number {
  const n = Math.min(input.length, candidate.length);
  if (n === 0) return 0;
  let score = 0;
  for (let i = 0; i < n; i++) {
    const a = input[i]!;
    const b = candidate[i]!;
    if (a === b) score += 2;
    else if (Math.min(a.length, b.length) >= 3 && (a.startsWith(b) || b.startsWith(a))) score += 1;
    else return 0;
  }
  return score;
}

/** The jurisdiction whose code name best matches the citation's; ties between jurisdictions are ambiguous. */
export function detectJurisdiction(citation: string, names: readonly CodeName[]): Detection {
  const input = codeTokens(citation);
  if (input.length === 0) return { kind: 'none' };
  const best = new Map<string, number>();
  for (const n of names) {
    const candidate = /\d|§/.test(n.text) ? codeTokens(n.text) : tokens(n.text);
    const score = matchScore(input, candidate);
    if (score > (best.get(n.jurisdiction) ?? 0)) best.set(n.jurisdiction, score);
  }
  const top = Math.max(0, ...best.values());
  if (top === 0) return { kind: 'none' };
  const winners = [...best].filter(([, s]) => s === top).map(([j]) => j).sort();
  return winners.length === 1 ? { kind: 'found', jurisdiction: winners[0]! } : { kind: 'ambiguous', candidates: winners };
}
