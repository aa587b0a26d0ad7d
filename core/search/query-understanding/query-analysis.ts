import { findQueryCitations } from './citation-mentions.js';
import { resolveQueryCitations, type CitedSection } from './citation-resolution.js';
import type { CorpusSnapshot } from './corpus-knowledge.js';
import { readJurisdictions } from './jurisdiction-mentions.js';

/** What a query says beyond its words: the jurisdictions it names and the sections it cites. */
export interface QueryAnalysis {
  query: string;
  /** Jurisdictions the query names ("in Texas", "Washington's PRA", "FOIA"). */
  named: string[];
  /** The query without the words that named them. */
  rest: string;
  /** Sections the query cites, resolved against the statute labels. */
  citations: CitedSection[];
}

/**
 * Reads a query against the corpus. Citations resolve within the caller's jurisdiction
 * filter when there is one, else within the jurisdictions the query names.
 */
export async function analyzeQuery(query: string, corpus: CorpusSnapshot, filterJurisdictions?: readonly string[]): Promise<QueryAnalysis> {
  const reading = readJurisdictions(query, corpus.mentionIndex);
  const mentions = findQueryCitations(query);
  const citations =
    mentions.length === 0
      ? []
      : await resolveQueryCitations(mentions, {
          codeNames: corpus.codeNames,
          statuteJurisdictions: corpus.statuteJurisdictions,
          labelsOf: (j) => corpus.labelsOf(j),
          scope: filterJurisdictions?.length ? filterJurisdictions : reading.jurisdictions,
        });
  return { query, named: reading.jurisdictions, rest: reading.rest, citations };
}
