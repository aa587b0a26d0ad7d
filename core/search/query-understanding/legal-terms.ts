import { exemptionCategoriesOf } from '../../law-model/exemption-category-words.js';
import type { Expansion } from '../keyword/ranking.js';
import type { CorpusSnapshot } from './corpus-knowledge.js';

/** How much an added legal term counts against one the query typed (measured: eval/search/README.md). */
export const EXPANSION_WEIGHT = 0.5;

/**
 * The law's words for a query's everyday ones: "police" names the law-enforcement category of
 * the exemption taxonomy, whose exemptions say "law enforcement", "investigatory", "criminal".
 * The categories come from the taxonomy's everyday words, the terms from the exemptions the
 * corpus files under each category, so no state needs a list of its own.
 */
export async function legalTerms(text: string, corpus: CorpusSnapshot): Promise<Expansion | undefined> {
  const categories = exemptionCategoriesOf(text, corpus.exemptionCategories);
  if (categories.length === 0) return undefined;
  const terms = await corpus.categoryTerms();
  const lexemes = [...new Set(categories.flatMap((c) => terms.get(c) ?? []))];
  return lexemes.length > 0 ? { lexemes, weight: EXPANSION_WEIGHT } : undefined;
}
