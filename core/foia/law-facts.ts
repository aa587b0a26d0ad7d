/** Picking a jurisdiction's reviewed facts for one request. */
import type { FactField, RequesterClass } from '../legal-facts/legal-fact-schema.js';
import { pickMainFact } from '../legal-facts/main-fact.js';
import type { LawFact, LawFactOf } from './foia-law-store.js';

/** The facts of one field, in file order. */
export function factsOf<F extends FactField>(facts: readonly LawFact[], field: F): Array<LawFactOf<F>> {
  return facts.filter((f): f is LawFactOf<F> => f.field === field);
}

/**
 * The fact of `field` that applies to a requester: the variant for their class when the
 * law has one, else the main fact (without a class, and without limits where there is such
 * a fact, as ingestion reads it).
 */
export function factFor<F extends FactField>(
  facts: readonly LawFact[],
  field: F,
  requesterClass: RequesterClass | null,
): LawFactOf<F> | undefined {
  const of = factsOf(facts, field);
  return (requesterClass ? of.find((f) => f.requesterClass === requesterClass) : undefined) ?? pickMainFact(of, (f) => f);
}
