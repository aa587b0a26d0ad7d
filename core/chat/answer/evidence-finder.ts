import type { TransparencyService } from '../../transparency/transparency-service.js';
import type { ChatCitation } from '../chat-types.js';
import { containsQuote, quoteFor, supportScore } from './quote.js';
import type { ReviewedEvidence } from './reviewed-evidence.js';

/**
 * Where the evidence for one fact may be: the sections the derivation read it from, the
 * legal citations the data gives for it, the jurisdiction's rights of related categories,
 * and sections containing a phrase. The finder reads them all and keeps the record whose
 * text best holds the fact's words.
 */
export interface EvidenceRequest {
  /** The caller's name for the fact. */
  key: string;
  jurisdiction: string;
  /** Section ids (from the derivation's bases), best first. */
  sectionIds?: string[];
  /** Legal citations ("Tex. Gov't Code § 552.267") to resolve to statute nodes. */
  citations?: string[];
  rightCategories?: string[];
  /** A phrase to look for in the jurisdiction's sections (a law's name). */
  phrase?: string;
  /** Words the quote must hold (any of them), strongest first. */
  terms: string[];
  /** Words the quoted sentence must also hold (any of them), when a term alone is ambiguous ("10" needs "days"). */
  context?: string[];
  /** The reviewed fact's own words: cited as they are when the stored section still holds them. */
  reviewed?: ReviewedEvidence;
}

/** A record that may hold a fact, with its text. */
interface Candidate {
  id: string;
  jurisdiction: string;
  citation: string | null;
  text: string;
  category?: string | null;
}

const MAX_RIGHTS = 600;

async function rightsOf(t: TransparencyService, requests: readonly EvidenceRequest[]): Promise<Candidate[]> {
  const jurisdictions = [...new Set(requests.filter((r) => r.rightCategories?.length).map((r) => r.jurisdiction))];
  const categories = [...new Set(requests.flatMap((r) => r.rightCategories ?? []))];
  if (jurisdictions.length === 0 || categories.length === 0) return [];
  const out: Candidate[] = [];
  let cursor: string | undefined;
  do {
    const page = await t.listRights({ jurisdictions, categories }, { limit: 100, cursor });
    out.push(...page.data.map((r) => ({ id: r.id, jurisdiction: r.jurisdiction, citation: r.citation, text: r.text, category: r.category })));
    cursor = page.next_cursor ?? undefined;
  } while (cursor && out.length < MAX_RIGHTS);
  return out;
}

/** The statute node a legal citation names in the jurisdiction, or null when it resolves to none. */
async function resolveCitation(t: TransparencyService, jurisdiction: string, citation: string): Promise<string | null> {
  try {
    const r = await t.getStatute({ jurisdiction, citation }, { limit: 1 });
    return r.resolved?.section_id ?? null;
  } catch {
    // Not in this jurisdiction's statute text, or no statute text at all: no candidate.
    return null;
  }
}

async function phraseMatches(t: TransparencyService, requests: readonly EvidenceRequest[]): Promise<Map<string, Candidate[]>> {
  const out = new Map<string, Candidate[]>();
  await Promise.all(
    requests
      .filter((r) => r.phrase)
      .map(async (r) => out.set(r.key, await t.sectionsContaining(r.jurisdiction, r.phrase!, 3))),
  );
  return out;
}

/** The candidate whose text holds the most of the terms (earlier candidates win ties), with its quote. */
function best(candidates: readonly Candidate[], terms: readonly string[], context: readonly string[]): ChatCitation | null {
  let top: { c: Candidate; score: number } | null = null;
  for (const c of candidates) {
    const score = supportScore(c.text, terms, context);
    if (score > 0 && (top === null || score > top.score)) top = { c, score };
  }
  if (!top) return null;
  const quote = quoteFor(top.c.text, terms, context);
  return quote ? { id: top.c.id, citation: top.c.citation, jurisdiction: top.c.jurisdiction, quote } : null;
}

/** Finds a citation for each fact (by key), or none when no record in the database holds it. */
export interface EvidenceFinder {
  find(requests: readonly EvidenceRequest[]): Promise<Map<string, ChatCitation | null>>;
}

export function createEvidenceFinder(transparency: TransparencyService): EvidenceFinder {
  return {
    async find(requests) {
      const resolved = await Promise.all(
        requests.map(async (r) => (await Promise.all((r.citations ?? []).map((c) => resolveCitation(transparency, r.jurisdiction, c)))).filter((id): id is string => id !== null)),
      );
      const ids = [...new Set([...requests.flatMap((r) => [...(r.reviewed ? [r.reviewed.sectionId] : []), ...(r.sectionIds ?? [])]), ...resolved.flat()])];
      const [texts, rights, phrases] = await Promise.all([transparency.recordTexts(ids), rightsOf(transparency, requests), phraseMatches(transparency, requests)]);
      const byId = new Map(texts.map((t) => [t.id, t]));
      const out = new Map<string, ChatCitation | null>();
      requests.forEach((r, i) => {
        const reviewed = r.reviewed ? byId.get(r.reviewed.sectionId) : undefined;
        if (r.reviewed && reviewed && containsQuote(reviewed.text, r.reviewed.quote)) {
          out.set(r.key, { id: reviewed.id, citation: reviewed.citation, jurisdiction: reviewed.jurisdiction, quote: r.reviewed.quote });
          return;
        }
        const own = [...(r.sectionIds ?? []), ...resolved[i]!].flatMap((id) => byId.get(id) ?? []);
        const related = rights.filter((c) => c.jurisdiction === r.jurisdiction && c.category != null && r.rightCategories?.includes(c.category));
        out.set(r.key, best([...own, ...(phrases.get(r.key) ?? []), ...related], r.terms, r.context ?? []));
      });
      return out;
    },
  };
}
