import { displayFact } from '../../core/legal-facts/fact-display.js';
import type { FactField, LegalFactOf, LegalFactsFile } from '../../core/legal-facts/legal-fact-schema.js';
import type { AppealStep, Basis, Deadline, DerivedJurisdiction, DerivedRight, Discrepancy, StatedFact } from '../../core/law-model/law-model.js';
import type { ParsedDocument } from '../../core/law-model/source-types.js';
import { createStatuteLookup, type StatuteLookup } from '../derive/statute-lookup.js';
import { pickMainFact } from '../../core/legal-facts/main-fact.js';
import { quoteInText } from '../../core/legal-facts/quote-match.js';
import { resolvePinpoint } from './verify-legal-facts.js';

/**
 * Lays a jurisdiction's reviewed facts over what the derivations proposed. A reviewed fact
 * wins; where the derived value said something else, the disagreement is kept in
 * `discrepancies` with both sides. Fields no fact states keep the derived value (with its
 * own source kind), so a reviewed file can grow field by field.
 */

interface Reviewed {
  file: LegalFactsFile;
  sourcePath: string;
}

function statedFacts(slug: string, reviewed: Reviewed, lookup: StatuteLookup | null): StatedFact[] {
  const counters = new Map<FactField, number>();
  return reviewed.file.facts.map((fact) => {
    const n = counters.get(fact.field) ?? 0;
    counters.set(fact.field, n + 1);
    // Linked only to the node the citation names exactly: a citation to a section the file lacks
    // ("140/9.5") must not send readers to a neighbour ("140/9").
    const node = lookup ? resolvePinpoint(lookup, fact.citation) : null;
    const exact = node?.exact ? node.section : null;
    const verified = Boolean(fact.source_kind === 'statute_text' && exact && fact.quote && quoteInText(exact.text, fact.quote));
    return {
      key: `${slug}:fact:${fact.field}:${n}`,
      field: fact.field,
      requesterClass: fact.requester_class,
      appliesTo: fact.applies_to,
      value: fact.value,
      display: fact.applies_to ? `${displayFact(fact)} (applies to ${fact.applies_to})` : displayFact(fact),
      citation: fact.citation,
      quote: fact.quote,
      sourceKind: fact.source_kind,
      sectionLabel: exact?.label ?? null,
      verified,
      reviewed: fact.reviewed,
      notes: fact.notes,
      sourcePath: reviewed.sourcePath,
    };
  });
}

/** The evidence record of a fact, in the derived records' terms. */
function basisOf(fact: StatedFact): Basis {
  return {
    sourceKind: fact.sourceKind === 'statute_text' ? 'statute_text' : fact.sourceKind === 'summary' ? 'summary' : 'structured',
    sourcePath: fact.sourcePath,
    quote: fact.quote ?? fact.display,
    sectionLabel: fact.sectionLabel,
    citation: fact.citation,
    field: `facts.${fact.field}`,
  };
}

/** The main fact of a field: not a variant for a class of requesters, and unlimited where there is such a fact. */
function main<F extends FactField>(facts: StatedFact[], field: F): (StatedFact & { value: LegalFactOf<F>['value'] }) | undefined {
  return pickMainFact(
    facts.filter((f) => f.field === field),
    (f) => f,
  ) as (StatedFact & { value: LegalFactOf<F>['value'] }) | undefined;
}

function deadlineOf(fact: StatedFact, days: number, unit: 'business' | 'calendar' | null, kind: Deadline['kind'], appliesTo: string | null): Deadline {
  return { days, unit: unit ?? 'calendar', kind, appliesTo, unitInferred: unit === null, basis: basisOf(fact), corroboratedBy: [] };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Returns the derived jurisdiction with the reviewed facts applied; the input is not changed. */
export function applyReviewedFacts(derived: DerivedJurisdiction, reviewed: Reviewed | null, statute: ParsedDocument | null): DerivedJurisdiction {
  if (!reviewed) return derived;
  const slug = derived.jurisdiction.slug;
  const lookup = statute ? createStatuteLookup(statute) : null;
  const facts = statedFacts(slug, reviewed, lookup);
  const d: DerivedJurisdiction = structuredClone(derived);
  d.facts = facts;
  const discrepancies: Discrepancy[] = [];
  const disagree = (topic: string, derivedSaid: string, fact: StatedFact): void => {
    discrepancies.push({
      topic,
      description: `The derived record said ${derivedSaid}; the reviewed fact says ${fact.display} (${fact.citation}).`,
      resolution: `Published the reviewed fact (source: ${fact.sourceKind.replace('_', ' ')}).`,
      basis: [basisOf(fact)],
    });
  };

  applyResponse(d, facts, disagree);
  applyFees(d, facts, disagree);
  applyAppeals(d, facts, disagree);
  const who = main(facts, 'who_may_request');
  if (who) {
    const before = d.requesterRequirements.residencyRequired;
    if (before !== who.value.residency_required) disagree('residency_required', `residency_required ${String(before)}`, who);
    d.requesterRequirements.residencyRequired = who.value.residency_required;
  }
  dropContradictedRights(d, facts, disagree);
  restateDeadlineRight(d, facts, statute, disagree);
  for (const review of reviewed.file.exemptions) {
    const ex = d.exemptions.find((e) => e.datasetIndex === review.index);
    if (!ex) continue;
    const node = lookup ? resolvePinpoint(lookup, review.citation) : null;
    const exact = node?.exact ? node.section : null;
    ex.citation = review.citation;
    ex.sectionLabel = exact?.label ?? null;
    // The dataset citation's cross-reference goes with it: the exemption now points where the review says.
    d.crossReferences = d.crossReferences.filter((x) => x.from !== `exemption:${ex.key}`);
    if (ex.sectionLabel) d.crossReferences.push({ from: `exemption:${ex.key}`, citationText: review.citation, toSectionLabel: ex.sectionLabel });
    ex.review = {
      quote: review.quote,
      sourceKind: review.source_kind,
      verified: Boolean(review.source_kind === 'statute_text' && exact && review.quote && quoteInText(exact.text, review.quote)),
      reviewed: review.reviewed,
    };
  }
  d.discrepancies = [...d.discrepancies, ...discrepancies];
  return d;
}

type Disagree = (topic: string, derivedSaid: string, fact: StatedFact) => void;

/** Rights the reviewed facts contradict (a "no residency requirement" right where the law limits requesters). */
function dropContradictedRights(d: DerivedJurisdiction, facts: StatedFact[], disagree: Disagree): void {
  const who = main(facts, 'who_may_request');
  const fees = main(facts, 'attorney_fees');
  const contradicted = (category: string): StatedFact | undefined =>
    category === 'no_residency_requirement' && who?.value.residency_required
      ? who
      : category === 'attorney_fees' && fees?.value.availability === 'not_available'
        ? fees
        : undefined;
  const kept = d.rights.filter((r) => {
    const fact = contradicted(r.category);
    if (fact) disagree(`right:${r.category}`, `the right "${r.title}"`, fact);
    return !fact;
  });
  if (kept.length !== d.rights.length) {
    const keys = new Set(kept.map((r) => `right:${r.key}`));
    d.rights = kept;
    d.crossReferences = d.crossReferences.filter((x) => !x.from.startsWith('right:') || keys.has(x.from));
  }
}

/**
 * The timeliness right states the reviewed initial deadline, quoting its words: a derived one
 * could rest on another provision (Hawaii's rested on § 92F-23, access to one's own record).
 */
function restateDeadlineRight(d: DerivedJurisdiction, facts: StatedFact[], statute: ParsedDocument | null, disagree: Disagree): void {
  const initial = main(facts, 'initial_response');
  if (!initial) return;
  const v = initial.value;
  const key = `${d.jurisdiction.slug}:timeliness:response_deadline`;
  const previous = d.rights.find((r) => r.key === key);
  const onText = initial.verified && statute !== null;
  const when = v.days !== null ? `within ${v.days} ${v.unit ?? 'calendar'} day${v.days === 1 ? '' : 's'}` : v.standard ? `${v.standard} (no fixed number of days)` : 'with no fixed number of days';
  const right: DerivedRight = {
    key,
    category: 'timeliness',
    title: `Response to the request ${when}`,
    citation: initial.citation,
    statutoryText: {
      text: initial.quote ?? initial.display,
      sourceKind: onText ? 'statute_text' : initial.sourceKind === 'summary' ? 'summary' : 'structured',
      sourcePath: onText ? statute.sourcePath : initial.sourcePath,
      sectionLabel: onText ? initial.sectionLabel : null,
      field: onText ? null : `facts.${initial.field}`,
    },
    conditions: initial.appliesTo ? `Applies to ${initial.appliesTo}.` : null,
    appliesTo: main(facts, 'who_may_request')?.value.who ?? previous?.appliesTo ?? 'Not stated',
    analysis: `${initial.display}. Reviewed fact (${initial.sourceKind.replace('_', ' ')}), ${initial.citation}.`,
    implementationNotes: null,
    requestTips: null,
    evidence: [basisOf(initial)],
    provenance: onText
      ? { sourcePath: statute.sourcePath, sourceKind: 'statute_text', verifiedDate: statute.retrievedDate }
      : { sourcePath: initial.sourcePath, sourceKind: 'structured', verifiedDate: initial.reviewed },
  };
  if (previous && previous.citation !== right.citation) disagree('right:timeliness', `the right "${previous.title}" (${previous.citation ?? 'no citation'})`, initial);
  d.rights = previous ? d.rights.map((r) => (r.key === key ? right : r)) : [...d.rights, right];
  d.crossReferences = d.crossReferences.filter((x) => x.from !== `right:${key}`);
}

function applyResponse(d: DerivedJurisdiction, facts: StatedFact[], disagree: Disagree): void {
  const rr = d.responseRequirements;
  const initial = main(facts, 'initial_response');
  if (initial) {
    const v = initial.value;
    const before = rr.noFixedDeadline ? 'no fixed deadline' : rr.initialDeadline ? `${rr.initialDeadline.days} ${rr.initialDeadline.unit} days` : 'no deadline';
    if (v.days === null) {
      rr.initialDeadline = null;
      rr.noFixedDeadline = true;
      rr.noFixedDeadlineReason = v.standard ? `The law sets a standard ("${v.standard}") rather than a number of days.` : 'The law sets no number of days.';
      rr.noFixedDeadlineBasis = [basisOf(initial)];
    } else {
      rr.initialDeadline = deadlineOf(initial, v.days, v.unit, 'initial_response', initial.appliesTo);
      rr.noFixedDeadline = false;
      rr.noFixedDeadlineReason = null;
      rr.noFixedDeadlineBasis = [];
    }
    const after = v.days === null ? 'no fixed deadline' : `${v.days} ${v.unit ?? 'calendar'} days`;
    if (before !== after) disagree('initial_deadline', before, initial);
    // Derived secondary periods were often other actors' deadlines: with a reviewed initial
    // deadline only reviewed periods are published.
    rr.otherDeadlines = [];
  }
  const ack = main(facts, 'acknowledgment');
  if (ack?.value.required && ack.value.days !== null) {
    rr.otherDeadlines.push(deadlineOf(ack, ack.value.days, ack.value.unit, 'acknowledgment', ack.appliesTo));
  }
  for (const variant of facts.filter((f) => f.field === 'initial_response' && f.requesterClass !== null)) {
    const v = variant.value as LegalFactOf<'initial_response'>['value'];
    if (v.days !== null) {
      const kind: Deadline['kind'] = variant.requesterClass === 'nonresident' ? 'non_resident' : variant.requesterClass === 'commercial' ? 'commercial_request' : 'other';
      rr.otherDeadlines.push(deadlineOf(variant, v.days, v.unit, kind, variant.appliesTo ?? variant.requesterClass));
    }
  }
  const extension = main(facts, 'extension');
  if (extension) {
    const v = extension.value;
    rr.extension = {
      statement: extension.display,
      basis: [basisOf(extension)],
      allowed: v.allowed,
      maxDays: v.max_days,
      unit: v.unit,
      conditions: v.conditions ? [v.conditions] : [],
    };
  }
  const deemed = main(facts, 'deemed_denial');
  if (deemed) rr.deemedDenial = deemed.value.applies ? { statement: deemed.display, basis: [basisOf(deemed)] } : null;
}

function applyFees(d: DerivedJurisdiction, facts: StatedFact[], disagree: Disagree): void {
  const waiver = main(facts, 'fee_waiver');
  if (waiver) {
    const before = d.fees.feeWaiver.available;
    if (before !== waiver.value.available) disagree('fee_waiver', `fee waiver available: ${String(before)}`, waiver);
    const limited = waiver.appliesTo ? `applies to ${waiver.appliesTo}` : null;
    const criteria = [waiver.value.standard, limited].filter(Boolean).join('; ') || null;
    d.fees.feeWaiver = { available: waiver.value.available, criteria, citation: waiver.citation };
  }
  const search = main(facts, 'search_fees');
  if (search) d.fees.searchFee = search.display;
  const copy = main(facts, 'copy_fees');
  if (copy) {
    d.fees.copyFeePerPage = copy.value.per_page;
    d.fees.copyFee = copy.value.description;
    d.fees.citations = [copy.citation, ...d.fees.citations.filter((c) => c !== copy.citation)];
  }
}

function applyAppeals(d: DerivedJurisdiction, facts: StatedFact[], disagree: Disagree): void {
  const a = d.appeals;
  const fees = main(facts, 'attorney_fees');
  if (fees) {
    const recoverable = fees.value.availability !== 'not_available';
    if (a.attorneyFees.recoverable !== recoverable) disagree('attorney_fees', `attorney fees recoverable: ${String(a.attorneyFees.recoverable)}`, fees);
    a.attorneyFees = { recoverable, notes: fees.value.condition, citation: fees.citation };
  }
  const admin = main(facts, 'administrative_appeal');
  const court = main(facts, 'court_review');
  if (admin) {
    const required = admin.value.exists ? admin.value.required : false;
    if (a.administrativeAppealRequired !== required) disagree('administrative_appeal_required', `administrative appeal required: ${String(a.administrativeAppealRequired)}`, admin);
    a.administrativeAppealRequired = required;
    const derivedHad = a.steps.some((s) => s.kind === 'administrative');
    if (derivedHad !== admin.value.exists) disagree('administrative_appeal', derivedHad ? 'an administrative appeal exists' : 'no administrative appeal', admin);
  }
  if (!admin && !court) return;
  const steps: Array<Omit<AppealStep, 'level'>> = [];
  if (admin?.value.exists) {
    const v = admin.value;
    steps.push({
      kind: 'administrative',
      body: v.to ?? 'the agency',
      deadline: v.requester_days !== null ? { days: v.requester_days, unit: v.requester_unit } : null,
      deadlineNotes: v.decider_days !== null ? `decided within ${v.decider_days} ${v.decider_unit ?? 'calendar'} days` : null,
      notes: admin.display,
      citation: admin.citation,
      sectionLabel: admin.sectionLabel,
    });
  } else if (!admin) {
    steps.push(...a.steps.filter((s) => s.kind === 'administrative').map((s) => ({ ...s, deadline: null, deadlineNotes: null })));
  }
  // Oversight steps stay, without the derived deadlines that mixed up whose time they were.
  steps.push(...a.steps.filter((s) => s.kind === 'oversight').map((s) => ({ ...s, deadline: null, deadlineNotes: null })));
  if (court) {
    const v = court.value;
    steps.push({
      kind: 'judicial',
      body: v.court ?? 'court',
      deadline: v.requester_days !== null ? { days: v.requester_days, unit: v.requester_unit } : null,
      deadlineNotes: null,
      notes: court.display,
      citation: court.citation,
      sectionLabel: court.sectionLabel,
    });
  } else {
    steps.push(...a.steps.filter((s) => s.kind === 'judicial').map((s) => ({ ...s, deadline: null, deadlineNotes: null })));
  }
  const next = steps.map((s, i) => ({ ...s, level: i + 1 }));
  if (!same(next, a.steps)) a.steps = next;
}

