/** Picking a jurisdiction's reviewed facts for one request. */
import type { FactField, RequesterClass } from '../legal-facts/legal-fact-schema.js';
import type { LawFact, LawFactOf } from './foia-law-store.js';

/** The facts of one field, in file order. */
export function factsOf<F extends FactField>(facts: readonly LawFact[], field: F): Array<LawFactOf<F>> {
  return facts.filter((f): f is LawFactOf<F> => f.field === field);
}

/**
 * The fact of `field` that applies to a requester: the variant for their class when the
 * law has one, else the main fact (the first without a class, as ingestion reads it).
 */
export function factFor<F extends FactField>(
  facts: readonly LawFact[],
  field: F,
  requesterClass: RequesterClass | null,
): LawFactOf<F> | undefined {
  const of = factsOf(facts, field);
  return (requesterClass ? of.find((f) => f.requesterClass === requesterClass) : undefined) ?? of.find((f) => f.requesterClass === null);
}
