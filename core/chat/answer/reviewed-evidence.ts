import { mainFact } from '../../legal-facts/fact-view.js';
import type { FactField } from '../../legal-facts/legal-fact-schema.js';
import type { JurisdictionDetail } from '../../transparency/transparency-views.js';

/** A reviewed fact's statute words, ready to cite: the node, its citation and the words that state the fact. */
export interface ReviewedEvidence {
  sectionId: string;
  citation: string;
  quote: string;
}

/**
 * The evidence of a reviewed fact, when its words were verified in a statute node of the
 * corpus at ingestion. A claim built from that fact is then cited to the words that state
 * it, rather than to whatever sentence of the section holds a matching number.
 */
export function reviewedEvidence(d: JurisdictionDetail, field: FactField): ReviewedEvidence | undefined {
  const fact = mainFact(d.facts ?? [], field);
  if (!fact?.verified || !fact.section_id || !fact.quote) return undefined;
  return { sectionId: fact.section_id, citation: fact.citation, quote: fact.quote };
}
