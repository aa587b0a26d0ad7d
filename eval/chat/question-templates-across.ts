/**
 * Questions across jurisdictions (the 50-state comparisons legal AI is weakest on) and
 * questions built on a false (or, as a control, a true) premise.
 */
import type { ExemptionFact, LawFacts } from './build-questions.js';
import type { LabelledQuestion } from './question-set.js';
import { named, spread } from './question-templates-single.js';

const names = (facts: LawFacts[]) => facts.map((f) => f.name);
const days = (f: LawFacts) => `${f.days} ${f.unit} day${f.days === 1 ? '' : 's'}`;

function extreme(facts: LawFacts[], pick: (a: number, b: number) => number): LawFacts[] {
  const fixed = facts.filter((f) => !f.noFixed && f.days !== null);
  const target = fixed.map((f) => f.days!).reduce(pick);
  return fixed.filter((f) => f.days === target);
}

/** 50-state comparisons: lists of jurisdictions where a rule holds, extremes, and named comparisons. */
export function comparisonQuestions(facts: LawFacts[], exemptions: ExemptionFact[]): LabelledQuestion[] {
  const where = (p: (f: LawFacts) => boolean) => facts.filter(p);
  const withExemption = (category: string) => facts.filter((f) => exemptions.some((e) => e.jurisdiction === f.slug && e.category === category));
  const threeDay = where((f) => f.days === 3 && f.unit === 'business');
  const trio = spread(facts.filter((f) => !f.noFixed), 3, 5);
  const items: Array<[string, string[], string[]?]> = [
    ['Which states require residency to request public records?', names(where((f) => f.residency === true)), names(where((f) => f.residency === false))],
    ['Which states do not require requesters to be residents?', names(where((f) => f.residency === false)), names(where((f) => f.residency === true))],
    ['Which states allow fee waivers for public records requests?', names(where((f) => f.feeWaiver === true))],
    ['Which states let a requester who wins in court recover attorney fees?', names(where((f) => f.attorneyFees === true))],
    ['Which state has the shortest response deadline for records requests?', names(extreme(facts, Math.min))],
    ['Which state gives agencies the longest time to respond to a records request?', names(extreme(facts, Math.max))],
    ['Which states have no fixed deadline to respond to records requests?', names(where((f) => f.noFixed === true))],
    ['Which states set a 3 business day deadline for responses?', names(threeDay)],
    ['Which states exempt library patron records?', names(withExemption('library_patron'))],
    ['Which states have an exemption for tax records?', names(withExemption('tax_records'))],
    ['Which jurisdictions make a court the first step to challenge a denial?', names(where((f) => f.firstStep?.kind === 'judicial'))],
    [`Compare the response deadlines of ${trio.map(named).join(', ')}`, trio.map((f) => `${f.name}: ${days(f)}`)],
  ];
  return items.map(([question, expected, absent], i) => ({
    id: `comparison-${i + 1}`,
    kind: 'comparison',
    question,
    jurisdictions: [],
    expected: { type: 'listed', names: expected, ...(absent ? { absent } : {}) },
  }));
}

/** Premises the data contradicts (and two it confirms, to catch over-correction). */
export function premiseQuestions(facts: LawFacts[]): LabelledQuestion[] {
  const fixed = spread(facts.filter((f) => !f.noFixed && f.days), 7, 2);
  const q = (id: string, f: LawFacts, question: string, false_premise: boolean, fact: string): LabelledQuestion => ({
    id, kind: 'false_premise', question, jurisdictions: [f.slug], expected: { type: 'premise', false_premise, fact },
  });
  const out: LabelledQuestion[] = [];
  fixed.slice(0, 5).forEach((f, i) => {
    const wrong = f.days! <= 3 ? f.days! + 7 : f.days! - 2;
    out.push(q(`premise-deadline-${i + 1}`, f, `What is the ${wrong}-day deadline for public records requests in ${named(f)}?`, true, days(f)));
  });
  fixed.slice(5, 7).forEach((f, i) => out.push(q(`premise-no-deadline-${i + 1}`, f, `Why does ${named(f)} have no deadline for responding to records requests?`, true, days(f))));
  spread(facts.filter((f) => f.residency === false), 2, 3).forEach((f, i) =>
    out.push(q(`premise-residency-${i + 1}`, f, `Since ${named(f)} requires residency, how can a non-resident get records there?`, true, 'do not have to be a resident')),
  );
  spread(facts.filter((f) => f.attorneyFees === true), 2, 1).forEach((f, i) =>
    out.push(q(`premise-attorney-fees-${i + 1}`, f, `Why can't I recover attorney fees after winning a records lawsuit in ${named(f)}?`, true, 'can recover attorney fees')),
  );
  spread(facts.filter((f) => f.feeWaiver === true), 1, 0).forEach((f) =>
    out.push(q('premise-fee-waiver-1', f, `Since ${named(f)} does not allow fee waivers, what will copies cost me?`, true, 'fees can be waived')),
  );
  // Controls: true premises must be confirmed, not "corrected".
  spread(facts.filter((f) => !f.noFixed && f.days), 2, 9).forEach((f, i) =>
    out.push(q(`premise-true-${i + 1}`, f, `Is the response deadline in ${named(f)} ${days(f)}?`, false, days(f))),
  );
  return out;
}
