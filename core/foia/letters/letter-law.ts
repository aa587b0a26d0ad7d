/**
 * The law a letter states: the derived records, with the reviewed facts laid over them.
 * A reviewed fact wins (pinpoint citations, the law's own standard, the officer it names);
 * expedited processing is claimed only where a reviewed fact says the law provides it, and
 * denied only where one says it provides none.
 */
import type { FactField, RequesterClass } from '../../legal-facts/legal-fact-schema.js';
import { selectDeadlineRules } from '../deadline-law.js';
import type { DerivedLetterLaw, FoiaLawStore, LawFact, LetterLaw } from '../foia-law-store.js';
import { factFor, factsOf } from '../law-facts.js';

/** The reviewed facts a letter reads. */
export const LETTER_FACT_FIELDS = ['initial_response', 'fee_waiver', 'expedited_processing', 'request_recipient'] as const satisfies readonly FactField[];

/** The letter's law for a request in `jurisdiction` from a requester of `requesterClass`. */
export async function loadLetterLaw(store: FoiaLawStore, jurisdiction: string, requesterClass: RequesterClass | null): Promise<LetterLaw> {
  const [base, facts] = await Promise.all([store.letterLaw(jurisdiction), store.facts(jurisdiction, LETTER_FACT_FIELDS)]);
  return applyLetterFacts(base, facts, requesterClass);
}

/** Lays the reviewed facts over the derived letter law. Pure. */
export function applyLetterFacts(base: DerivedLetterLaw, facts: readonly LawFact[], requesterClass: RequesterClass | null): LetterLaw {
  const waiver = factFor(facts, 'fee_waiver', requesterClass);
  const expedited = factFor(facts, 'expedited_processing', requesterClass);
  // Only an officer named for every request: a title limited to some requests (the legislature's, a litigant's) is not guessed at.
  const recipient = factsOf(facts, 'request_recipient').find((f) => f.requesterClass === null && f.appliesTo === null);
  return {
    ...base,
    deadline: selectDeadlineRules(base.deadline, facts, requesterClass),
    feeWaiver: waiver
      ? waiver.value.available
        ? { title: 'Fee waiver', citation: waiver.citation, criteria: waiver.value.standard }
        : null
      : base.feeWaiver,
    expedited: expedited?.value.available ? { standard: expedited.value.standard, citation: expedited.citation } : null,
    expeditedNone: expedited && !expedited.value.available ? { citation: expedited.citation } : null,
    recipient: recipient?.value.title ?? null,
  };
}
