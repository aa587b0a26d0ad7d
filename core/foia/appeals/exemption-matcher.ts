/**
 * Matching what an agency said to the jurisdiction's exemptions: its citations by their
 * section numbers (every written form, see citation-normaliser.ts), its stated reasons by
 * meaning with hybrid search over the jurisdiction's exemptions and statute nodes. A search
 * hit counts only above a threshold, so words unrelated to any exemption match nothing.
 */
import type { SearchService } from '../../search/search-service.js';
import { isWithin, parseCitation, resolveCitation, sectionNumberOf } from './citation-normaliser.js';
import type { ExemptionRecord } from './appeal-store.js';

/** What one thing the agency said resolved to. */
export interface CitationHit {
  cited_as: string;
  /** The exemption it falls under, when it falls under one. */
  exemption: ExemptionRecord | null;
  /** The statute node cited (the deepest one the law database has), when resolved. */
  label: string | null;
  exact: boolean;
}

export interface MeaningHit {
  cited_as: string;
  exemption: ExemptionRecord;
  /** The side's score that passed the threshold (full-text rank or cosine similarity). */
  score: number;
}

/** Thresholds for a hit by meaning: a full-text rank or a vector similarity at least this high. */
export interface MeaningThresholds {
  keyword: number;
  vector: number;
}

/**
 * Calibrated on the federal and Texas statute text (api/routes/foia/foia-appeal-draft.int.test.ts):
 * reasons naming an exemption's subject score 5–10 on the keyword side, a sentence sharing only
 * "withheld" with the law scores about 1.3.
 */
export const DEFAULT_MEANING_THRESHOLDS: MeaningThresholds = { keyword: 3, vector: 0.55 };

/** Resolves each cited citation to a statute node and its exemption. */
export function matchCitations(cited: readonly string[], labels: ReadonlySet<string>, exemptions: readonly ExemptionRecord[]): CitationHit[] {
  const roots = [...new Set(exemptions.flatMap((e) => (e.section_label ? [sectionNumberOf(e.section_label)] : [])))];
  return cited.map((c) => {
    const parsed = parseCitation(c);
    const resolved = parsed ? resolveCitation(parsed, labels, roots) : null;
    if (!resolved) return { cited_as: c, exemption: null, label: null, exact: false };
    const enclosing = exemptions.find((e) => e.section_label && isWithin(resolved.label, e.section_label)) ?? null;
    const under = exemptions.filter((e) => e.section_label && isWithin(e.section_label, resolved.label));
    if (enclosing) return { cited_as: c, exemption: enclosing, label: resolved.label, exact: resolved.exact };
    // A node holding one exemption ("552.108" for § 552.108(a)) is that exemption; one holding several, or a
    // subdivision the law database lacks, does not say which: the agency is asked to identify it.
    if (resolved.exact && under.length === 1) return { cited_as: c, exemption: under[0] as ExemptionRecord, label: resolved.label, exact: true };
    if (resolved.exact && under.length === 0) return { cited_as: c, exemption: null, label: resolved.label, exact: true };
    return { cited_as: c, exemption: null, label: null, exact: false };
  });
}

/** The parts of the agency's reasons searched on their own: sentences and clauses of a few words. */
export function reasonSegments(reasons: string, max = 6): string[] {
  return reasons
    .split(/(?<=[.;!?])\s+|\n+/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.split(' ').length >= 3)
    .slice(0, max)
    .map((s) => (s.length > 300 ? s.slice(0, 300) : s));
}

/** Words that say something is withheld: a reason without an exemption is one the agency must explain. */
export const WITHHOLDING_WORDS = /withh[eo]ld|exempt|except(?:ed|ion)|confidential|privileg|redact|den(?:y|ied|ial)|not (?:be )?(?:released|disclosed|provided)|protect/i;

/**
 * The best exemption each segment of `reasons` matches by meaning, above the thresholds.
 * `sectionIds` maps statute-node ids to labels, to lift a node hit to its exemption.
 */
export async function matchByMeaning(input: {
  search: SearchService;
  jurisdiction: string;
  reasons: string;
  exemptions: readonly ExemptionRecord[];
  sectionIds: ReadonlyMap<string, string>;
  thresholds?: MeaningThresholds;
}): Promise<{ hits: MeaningHit[]; unmatched: string[] }> {
  const t = input.thresholds ?? DEFAULT_MEANING_THRESHOLDS;
  const hits: MeaningHit[] = [];
  const unmatched: string[] = [];
  for (const segment of reasonSegments(input.reasons)) {
    const result = await input.search.search({
      query: segment,
      limit: 10,
      mode: 'hybrid',
      filters: { jurisdictions: [input.jurisdiction], types: ['exemption', 'statute_section'] },
    });
    let best: MeaningHit | null = null;
    for (const hit of result.data) {
      const keyword = hit.components.keyword?.match === 'text' ? hit.components.keyword.score : 0;
      const vector = hit.components.vector?.score ?? 0;
      if (keyword < t.keyword && vector < t.vector) continue;
      const exemption = hit.type === 'exemption' ? input.exemptions.find((e) => e.id === hit.id) : exemptionOfNode(input.sectionIds.get(hit.id), input.exemptions);
      if (!exemption) continue;
      best = { cited_as: segment, exemption, score: Math.max(keyword, vector) };
      break;
    }
    if (best) hits.push(best);
    else if (WITHHOLDING_WORDS.test(segment)) unmatched.push(segment);
  }
  return { hits, unmatched };
}

/** Only a node within an exemption's own node counts (the section enclosing all exemptions does not). */
function exemptionOfNode(label: string | undefined, exemptions: readonly ExemptionRecord[]): ExemptionRecord | null {
  if (!label) return null;
  return exemptions.find((e) => e.section_label && isWithin(label, e.section_label)) ?? null;
}
