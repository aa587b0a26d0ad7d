import {
  DESIGNATORS_SOURCE,
  isFederal,
  normalizeCitationText,
  readDesignators,
  SECTION_NUMBER_SOURCE,
  type CitationRef,
} from './citations-syntax.js';

/** A citation found in running text; `start`/`end` are offsets in that text. */
export interface CitationMention extends CitationRef {
  /** The words cited, as they appear: "RCW 42.56.520", "subsection (b)". */
  raw: string;
  start: number;
  end: number;
}

/** Context for references relative to where they appear ("subsection (b) of this section"). */
export interface ExtractOptions {
  /** Section the text belongs to: "552", "42.56.070". */
  currentSection?: string;
  /** Designators of the node the text belongs to, for "paragraph (3)" inside (a)(2). */
  currentPath?: readonly string[];
}

const REF = String.raw`(${SECTION_NUMBER_SOURCE})(${DESIGNATORS_SOURCE})`;
const JOIN = String.raw`\s?(?:,\s?(?:and\s|or\s)?|\s(?:and|or|to|through)\s)\s?(?:§+\s?)?`;
/** "§ 552.301", "sections 84-712 to 84-712.03", "Sec.552.301(a)", "§§ 1-27-1, 1-27-4". */
const SECTION_LED = new RegExp(
  String.raw`((?:§+|\b(?:[Ss]ections?|SECTIONS?|[Ss]ecs?\.))\s?)(?:${REF})(?:${JOIN}(?:${REF}))*`,
  'g',
);
/** Code names that cite without "§" or before it: "RCW 42.56.520", "5 U.S.C. 552(b)", "G.S. 132-1". */
const CODE_LED = new RegExp(
  String.raw`(\b(?:RCW|MCL|SDCL|G\.S\.|KRS|ORS|NRS|U\.S\.C\.|USC|NMSA 1978,|R\.C\.|Tex\. Gov't Code|Iowa Code|Idaho Code)\s(?:§+\s?)?)(?:${REF})`,
  'g',
);
const ONE_REF = new RegExp(REF, 'g');
/** "subsection (b)", "paragraph (3) of this subsection", "subsection 1 of section 44-04-18". */
const RELATIVE = new RegExp(
  String.raw`\b([Ss]ub(?:section|division|paragraph|clause)s?|[Pp]aragraphs?|[Cc]lauses?|[Ii]tems?)\s((?:\(\s?[A-Za-z0-9]{1,6}(?:-[A-Za-z0-9]{1,3})?\s?\))+|\d{1,3}[A-Z]?\b|[a-z]\b)(?:\s?,?\s?of\s(this\s(?:section|subsection)|section\s(${SECTION_NUMBER_SOURCE})))?`,
  'g',
);
/** Federal exemptions named in prose: "exemption 6", "Exemption 7(C)". */
const EXEMPTION = /\b[Ee]xemptions?\s(?:\(b\))?\(?([1-9])\)?((?:\(\s?[A-Za-z0-9]{1,4}\s?\))*)(?![\w-])/g;

/** What comes after a reference that points outside this code: "of this act", "of title 44", "of the … Act". */
const ELSEWHERE = /^\s?,?\s?of\s(?:this\sact|article|chapter\s\d+,\sLaws|title\s\d+|the\s(?:constitution|[A-Z][\w'’ ]{0,60}\sAct)|Public\sLaw|Pub\.\sL\.)/i;

/** Depth (0 = subsection) each drafting term starts at, federal and most states. */
const TERM_DEPTH: Record<string, number> = { subsection: 0, paragraph: 1, subdivision: 1, item: 1, subparagraph: 2, clause: 3, subclause: 4 };
/** Texas drafting: Subsection (a), Subdivision (1), Paragraph (A), Subparagraph (i). */
const TEXAS_TERM_DEPTH: Record<string, number> = { subsection: 0, subdivision: 1, paragraph: 2, subparagraph: 3, item: 1, clause: 3, subclause: 4 };

function termDepth(term: string, jurisdiction: string): number {
  const key = term.toLowerCase().replace(/s$/, '');
  const table = /^tex/i.test(jurisdiction) ? TEXAS_TERM_DEPTH : TERM_DEPTH;
  return table[key] ?? 0;
}

/** Rough numbering scheme of a designator, enough to tell levels apart. */
function schemeOf(designator: string): string {
  if (/^\d/.test(designator)) return 'num';
  if (/^[ivx]+$/.test(designator)) return 'lroman';
  if (/^[IVX]+$/.test(designator)) return 'uroman';
  return /^[a-z]/.test(designator) ? 'lower' : 'upper';
}

/**
 * Designators above a relative reference. A reference names a sibling at the level that
 * uses its numbering scheme ("paragraph (3)" inside (a)(2) → (a)(3), "subdivision (a)(2)"
 * inside (a)(7)(A) → (a)(2)); when no level uses it, the drafting term decides the depth.
 */
function relativeBase(given: readonly string[], term: string, jurisdiction: string, current: readonly string[]): string[] {
  const scheme = schemeOf(given[0] as string);
  const level = current.findIndex((d) => schemeOf(d) === scheme);
  const depth = level >= 0 ? level : termDepth(term, jurisdiction);
  return current.slice(0, depth);
}

function mention(text: string, start: number, end: number, ref: CitationRef): CitationMention {
  return { raw: text.slice(start, end), start, end, ...ref };
}

/** Each section reference in a "§ …, … and …" list, the first one with its lead word. */
function listMentions(text: string, norm: string, re: RegExp): CitationMention[] {
  const out: CitationMention[] = [];
  for (const m of norm.matchAll(re)) {
    // Group 1 is the lead ("§ ", "Sections ", "NMSA 1978, "): references start after it.
    const lead = (m[1] as string).length;
    const at = (m.index ?? 0) + lead;
    const refs = [...m[0].slice(lead).matchAll(ONE_REF)];
    refs.forEach((r, k) => {
      const ownSign = k === 0 ? null : /§+\s?$/.exec(norm.slice(0, at + (r.index ?? 0)));
      const start = k === 0 ? at - lead : at + (r.index ?? 0) - (ownSign?.[0].length ?? 0);
      const end = at + (r.index ?? 0) + r[0].length;
      if (ELSEWHERE.test(norm.slice(end, end + 80))) return;
      const designators = (r[2] ?? '').trimEnd();
      out.push(mention(text, start, end - ((r[2] ?? '').length - designators.length), {
        sectionNumber: r[1] as string,
        path: readDesignators(designators),
      }));
    });
  }
  return out;
}

function relativeMentions(text: string, norm: string, jurisdiction: string, opts: ExtractOptions): CitationMention[] {
  const out: CitationMention[] = [];
  for (const m of norm.matchAll(RELATIVE)) {
    const given = (m[2] as string).startsWith('(') ? readDesignators(m[2] as string) : [m[2] as string];
    const start = m.index ?? 0;
    const end = start + m[0].length;
    if (m[4] !== undefined) {
      out.push(mention(text, start, end, { sectionNumber: m[4], path: given }));
      continue;
    }
    if (!opts.currentSection) continue;
    const current = opts.currentPath ?? [];
    const base =
      m[3] === 'this section'
        ? []
        : m[3] === 'this subsection'
          ? current.slice(0, 1)
          : relativeBase(given, m[1] as string, jurisdiction, current);
    out.push(mention(text, start, end, { sectionNumber: opts.currentSection, path: [...base, ...given] }));
  }
  return out;
}

function exemptionMentions(text: string, norm: string): CitationMention[] {
  return [...norm.matchAll(EXEMPTION)].map((m) => {
    const start = m.index ?? 0;
    return mention(text, start, start + m[0].length, {
      sectionNumber: '552',
      path: ['b', m[1] as string, ...readDesignators(m[2] ?? '')],
    });
  });
}

/** Keeps the earliest of overlapping mentions (the longest when they start together). */
function withoutOverlaps(found: CitationMention[]): CitationMention[] {
  const sorted = [...found].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: CitationMention[] = [];
  for (const m of sorted) {
    const last = out[out.length - 1];
    if (!last || m.start >= last.end) out.push(m);
  }
  return out;
}

/**
 * Citations mentioned in running text, for cross-references: "as provided in RCW
 * 42.56.520", "Section 552.301(a)", "sections 84-712 to 84-712.03" (each end), "§§ 1-27-1,
 * 1-27-4", "subsection 1 of section 44-04-18". References relative to the text's own place
 * ("subsection (b) of this section", "paragraph (3)", Texas "Subsection (a)") are returned
 * only when `opts.currentSection` is given. "exemption 6" counts for the federal code.
 * References to other laws ("section 3 of the National Security Act", "of title 44") are
 * skipped; resolving the rest against a statute's labels is left to resolveCitation.
 */
export function extractCitations(text: string, jurisdiction: string, opts: ExtractOptions = {}): CitationMention[] {
  const norm = normalizeCitationText(text);
  const found = [
    ...listMentions(text, norm, SECTION_LED),
    ...listMentions(text, norm, CODE_LED),
    ...relativeMentions(text, norm, jurisdiction, opts),
    ...(isFederal(jurisdiction) ? exemptionMentions(text, norm) : []),
  ];
  return withoutOverlaps(found);
}
