/**
 * Invented reviewed facts (`legal_facts` rows) for the FOIA tests, laid over the law rows
 * of seed-foia-law.ts. Citations look like the real ones; every value, quote and standard
 * was written for the tests (the words marked "invented"), none is copied from the corpus.
 */
import type { Knex } from 'knex';
import { displayFact } from '../../legal-facts/fact-display.js';
import type { LegalFact } from '../../legal-facts/legal-fact-schema.js';

const COMMON = { applies_to: null, requester_class: null, source_kind: 'statute_text', reviewed: '2026-11-24', notes: null } as const;

/** The facts per jurisdiction; tests derive their hand-computed dates and expected words from these. */
export const LEGAL_FACT_SEEDS: Readonly<Record<string, readonly LegalFact[]>> = {
  federal: [
    {
      ...COMMON, field: 'initial_response', citation: '5 U.S.C. § 552(a)(6)(A)(i)', quote: 'Invented: determine within twenty working days.',
      value: { action: 'determine', days: 20, unit: 'business', counted_from: 'receipt', standard: null },
    },
    {
      ...COMMON, field: 'administrative_appeal', citation: '5 U.S.C. § 552(a)(6)(A)(ii)', quote: 'Invented: an appeal is decided within twenty working days.',
      value: { exists: true, required: null, to: 'the head of the agency', requester_days: 90, requester_unit: 'calendar', decider_days: 20, decider_unit: 'business' },
    },
    {
      ...COMMON, field: 'fee_waiver', citation: '5 U.S.C. § 552(a)(4)(A)(iii)', quote: 'Invented: fees are waived in the public interest.',
      value: { available: true, mandatory: true, standard: 'invented: disclosure in the public interest' },
    },
    {
      ...COMMON, field: 'expedited_processing', citation: '5 U.S.C. § 552(a)(6)(E)(i)', quote: 'Invented: expedited processing on a compelling need.',
      value: { available: true, standard: 'invented: a compelling need', days: 10, unit: 'calendar' },
    },
  ],
  texas: [
    {
      ...COMMON, field: 'request_recipient', citation: "Tex. Gov't Code § 552.234(a)", quote: 'Invented: requests go to the officer for public information.',
      value: { title: 'officer for public information (invented: the chief administrative officer) or a person designated by that officer' },
    },
    {
      ...COMMON, field: 'fee_waiver', citation: "Tex. Gov't Code § 552.267(a)", quote: 'Invented: copies without charge in the public interest.',
      value: { available: true, mandatory: true, standard: 'invented: a waiver in the public interest' },
    },
  ],
  // No initial_response fact: Maryland's 30 calendar days come from response_requirements alone.
  maryland: [
    {
      ...COMMON, field: 'administrative_appeal', citation: 'Md. Code Ann., Gen. Prov. § 4-1B-04(a)', quote: 'Invented: a complaint may go to the Ombudsman.',
      value: { exists: true, required: null, to: 'the Public Access Ombudsman', requester_days: null, requester_unit: null, decider_days: null, decider_unit: null },
    },
  ],
  ohio: [
    {
      ...COMMON, field: 'initial_response', citation: 'Ohio Rev. Code § 149.43(B)(1)', quote: 'Invented: records shall be made available promptly.',
      value: { action: 'make_available', days: null, unit: null, counted_from: null, standard: 'promptly' },
    },
  ],
  idaho: [
    {
      ...COMMON, field: 'initial_response', citation: 'Idaho Code § 74-103(2)', quote: 'Invented: a resident is answered in three working days.', applies_to: "invented: a resident's request",
      value: { action: 'grant_or_deny', days: 3, unit: 'business', counted_from: 'receipt', standard: null },
    },
    {
      ...COMMON, field: 'initial_response', requester_class: 'nonresident', citation: 'Idaho Code § 74-103(2)', quote: 'Invented: a nonresident is answered in twenty-one days.',
      value: { action: 'grant_or_deny', days: 21, unit: 'calendar', counted_from: 'receipt', standard: null },
    },
    {
      ...COMMON, field: 'administrative_appeal', citation: 'Idaho Code § 74-115(1)', quote: 'Invented: the remedy is a petition in court.',
      value: { exists: false, required: false, to: null, requester_days: null, requester_unit: null, decider_days: null, decider_unit: null },
    },
  ],
};

/** Inserts the facts as ingestion stores them (ids and ordinals per jurisdiction, in file order). */
export async function seedLegalFacts(db: Knex): Promise<void> {
  const rows = Object.entries(LEGAL_FACT_SEEDS).flatMap(([slug, facts]) => {
    const counters = new Map<string, number>();
    return facts.map((f, ordinal) => {
      const n = counters.get(f.field) ?? 0;
      counters.set(f.field, n + 1);
      return {
        id: `${slug}:fact:${f.field}:${n}`, jurisdiction: slug, field: f.field, requester_class: f.requester_class, applies_to: f.applies_to,
        value: JSON.stringify(f.value), display: displayFact(f), citation: f.citation, quote: f.quote, source_kind: f.source_kind,
        section_id: null, verified: false, reviewed: f.reviewed, notes: f.notes, source_path: 'test-fixture', ordinal,
      };
    });
  });
  await db('legal_facts').insert(rows);
}
