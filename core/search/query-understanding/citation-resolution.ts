/**
 * Resolution of the citations a query makes to statute sections of the database, trying the
 * jurisdictions the citation can mean: the one whose code it names ("RCW", "Tex. Gov't
 * Code"), else those the query or the filter names, else every jurisdiction with statute
 * text — then only an exact label counts, since "552.301" read against 52 codes must not
 * fall back to whatever ancestor some code happens to have.
 */
import { isFederal, resolveCitation, toLabel } from '../../law/citations.js';
import { detectJurisdiction, type CodeName } from '../../transparency/detect-jurisdiction.js';
import type { QueryCitation } from './citation-mentions.js';

/** The statute nodes of one jurisdiction, by label. */
export interface LabelIndex {
  labels: ReadonlySet<string>;
  idByLabel: ReadonlyMap<string, string>;
}

/** A section a query cites. */
export interface CitedSection {
  /** The citation as typed. */
  input: string;
  sectionId: string;
  jurisdiction: string;
  label: string;
  /** False when only an ancestor of the cited node exists ("552.301(z)" → 552.301). */
  exact: boolean;
}

/** What resolution needs to know about the corpus. */
export interface CitationContext {
  codeNames: readonly CodeName[];
  /** Jurisdictions with statute text, in a stable order. */
  statuteJurisdictions: readonly string[];
  labelsOf(jurisdiction: string): Promise<LabelIndex | null>;
  /** Jurisdictions the query names or the caller filters on. */
  scope: readonly string[];
}

/** "552(b)(6)" and "610.023.3" compare equal to "552(b)(6)" and "610.023(3)". */
const canonical = (label: string): string => label.toLowerCase().replace(/\(([^)]*)\)/g, '.$1');

/** The jurisdiction whose code one of the citation's code texts names, if any. */
function namedCode(c: QueryCitation, codeNames: readonly CodeName[]): string | null {
  for (const text of c.codeTexts) {
    const d = detectJurisdiction(text, codeNames);
    if (d.kind === 'found') return d.jurisdiction;
  }
  return null;
}

function candidatesFor(c: QueryCitation, ctx: CitationContext): { jurisdictions: string[]; exactOnly: boolean } {
  if (c.federalExemption) {
    const federal = ctx.statuteJurisdictions.filter((j) => isFederal(j));
    const allowed = ctx.scope.length === 0 ? federal : federal.filter((j) => ctx.scope.includes(j));
    return { jurisdictions: allowed, exactOnly: false };
  }
  const code = namedCode(c, ctx.codeNames);
  if (code) return { jurisdictions: [code], exactOnly: false };
  if (ctx.scope.length > 0) return { jurisdictions: [...ctx.scope], exactOnly: false };
  return { jurisdictions: [...ctx.statuteJurisdictions], exactOnly: true };
}

async function resolveOne(c: QueryCitation, ctx: CitationContext): Promise<CitedSection[]> {
  const { jurisdictions, exactOnly } = candidatesFor(c, ctx);
  const found: CitedSection[] = [];
  for (const jurisdiction of jurisdictions) {
    const index = await ctx.labelsOf(jurisdiction);
    if (!index) continue;
    const label = resolveCitation(c, index.labels, { ignoreCase: true });
    const sectionId = label === null ? undefined : index.idByLabel.get(label);
    if (!label || !sectionId) continue;
    const exact = canonical(label) === canonical(toLabel(c));
    if (exact || !exactOnly) found.push({ input: c.raw, sectionId, jurisdiction, label, exact });
  }
  // An exact node anywhere beats ancestors elsewhere ("552.301" in Texas, not "552" somewhere).
  return found.some((f) => f.exact) ? found.filter((f) => f.exact) : found;
}

/** Every section the query's citations name, in the order cited, without repeats. */
export async function resolveQueryCitations(citations: readonly QueryCitation[], ctx: CitationContext): Promise<CitedSection[]> {
  const out: CitedSection[] = [];
  for (const c of citations) {
    for (const s of await resolveOne(c, ctx)) if (!out.some((o) => o.sectionId === s.sectionId)) out.push(s);
  }
  return out;
}
