import { mainFact, type FactView } from '../legal-facts/fact-view.js';
import type { FactField } from '../legal-facts/legal-fact-schema.js';
import type { JurisdictionProfile } from './comparison-queries.js';
import type { CompareField, FieldValue } from './compare-fields.js';

/**
 * Comparison fields read straight from the reviewed facts: `value` is the fact's value
 * (docs/legal-facts.md gives each shape), null where no fact states it ("Not stated").
 */

const NOT_STATED = 'Not stated';

/** A derived reading with the reviewed fact's citation, words and source kind, when there is a fact. */
export function withFact(base: Omit<FieldValue, 'quote' | 'verified' | 'reviewed' | 'section_id'>, fact: FactView | undefined): FieldValue {
  if (!fact) return { ...base, quote: null, verified: false, reviewed: null, section_id: null };
  return { ...base, citation: fact.citation, source_kind: fact.source_kind, quote: fact.quote, verified: fact.verified, reviewed: fact.reviewed, section_id: fact.section_id };
}

function fromFact(fact: FactView | undefined): FieldValue {
  if (!fact) return { value: null, display: NOT_STATED, citation: null, source_kind: null, quote: null, verified: false, reviewed: null, section_id: null };
  return withFact({ value: fact.value, display: fact.display, citation: fact.citation, source_kind: fact.source_kind }, fact);
}

const fact = (field: FactField) => (p: JurisdictionProfile): FieldValue => fromFact(mainFact(p.facts, field));

/** Several facts in one cell: values listed, displays joined, citations joined. */
function facts(pick: (f: FactView) => boolean) {
  return (p: JurisdictionProfile): FieldValue => {
    const found = p.facts.filter(pick);
    if (found.length === 0) return fromFact(undefined);
    if (found.length === 1) return { ...fromFact(found[0]), value: [found[0]?.value] };
    return {
      value: found.map((f) => f.value),
      display: found.map((f) => f.display).join('; '),
      citation: found.map((f) => f.citation).join('; '),
      source_kind: found.every((f) => f.source_kind === found[0]?.source_kind) ? (found[0]?.source_kind ?? null) : 'mixed',
      quote: found.map((f) => f.quote ?? '').filter(Boolean).join(' … ') || null,
      verified: found.every((f) => f.verified),
      reviewed: found.map((f) => f.reviewed).sort().at(-1) ?? null,
      // Several sections: the first one's, as the first citation of the joined list.
      section_id: found[0]?.section_id ?? null,
    };
  };
}

export const FACT_COMPARE_FIELDS = {
  acknowledgment: { label: 'Acknowledgment', description: 'A separate duty to acknowledge a request, and by when.', read: fact('acknowledgment') },
  extension: { label: 'Extension', description: 'Whether the agency may extend its time, by how much, on what conditions.', read: fact('extension') },
  deemed_denial: { label: 'Deemed denial', description: 'Whether a failure to answer in time counts as a denial.', read: fact('deemed_denial') },
  administrative_appeal: {
    label: 'Administrative appeal',
    description: "Whether an administrative appeal exists, whether it is required before court, to whom, the requester's time to file and the decider's time.",
    read: fact('administrative_appeal'),
  },
  court_review: { label: 'Court review', description: "The court that reviews a denial, the requester's time to file, and whether administrative remedies come first.", read: fact('court_review') },
  who_may_request: { label: 'Who may request', description: 'The persons the law opens records to, whether residency is required, and exceptions.', read: fact('who_may_request') },
  request_recipient: { label: 'Request recipient', description: 'The officer the law names to receive requests.', read: fact('request_recipient') },
  expedited_processing: { label: 'Expedited processing', description: 'Whether the law provides expedited processing, on what standard and how fast.', read: fact('expedited_processing') },
  penalties: { label: 'Penalties', description: 'Penalties for violating the law.', read: fact('penalties') },
  nonresident_deadline: {
    label: 'Initial deadline for nonresidents',
    description: 'A different initial deadline for requesters who are not residents, where the law sets one.',
    read: (p) => fromFact(p.facts.find((f) => f.field === 'initial_response' && f.requester_class === 'nonresident')),
  },
  other_deadlines: {
    label: 'Other deadlines',
    description: 'Other deadlines of the law, each with who must act (agency, requester, reviewer, Attorney General, court).',
    read: facts((f) => f.field === 'other_deadline'),
  },
} satisfies Record<string, CompareField>;
