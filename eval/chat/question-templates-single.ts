/**
 * Questions about one jurisdiction, of the seven kinds a requester asks, in several
 * phrasings each; jurisdictions are spread over the whole database.
 */
import type { ExemptionFact, LawFacts } from './build-questions.js';
import type { LabelledQuestion } from './question-set.js';

/** `n` jurisdictions spread evenly over the list, starting at `offset`. */
export function spread<T>(list: readonly T[], n: number, offset: number): T[] {
  const step = Math.max(1, Math.floor(list.length / n));
  return Array.from({ length: Math.min(n, list.length) }, (_, i) => list[(offset + i * step) % list.length]!);
}

/** How questions name a jurisdiction. */
export function named(f: LawFacts): string {
  return f.type === 'federal' ? 'the federal government' : f.type === 'district' ? 'the District of Columbia' : f.name;
}

const LAW_NAME = [
  (j: string) => `What is the public records law in ${j} called?`,
  (j: string) => `Which statute governs access to public records in ${j}?`,
  (j: string) => `What's the name of the open records law of ${j}?`,
  (j: string) => `Which law do I cite for a records request in ${j}?`,
];
const DEADLINE = [
  (j: string) => `How long does an agency in ${j} have to respond to a public records request?`,
  (j: string) => `What is the response deadline for records requests in ${j}?`,
  (j: string) => `How many days does an agency of ${j} get to answer a records request?`,
  (j: string) => `How quickly must agencies in ${j} respond to a request for records?`,
];
const FEE_WAIVER = [
  (j: string) => `Can fees be waived for a public records request in ${j}?`,
  (j: string) => `Does ${j} allow fee waivers for records requests?`,
  (j: string) => `Can I ask for a fee waiver in ${j}?`,
];
const ATTORNEY_FEES = [
  (j: string) => `If I sue over a denied records request in ${j} and win, can I recover attorney fees?`,
  (j: string) => `Are attorney's fees recoverable in public records lawsuits in ${j}?`,
  (j: string) => `Does the law of ${j} let a requester who wins in court get legal fees paid?`,
];
const RESIDENCY = [
  (j: string) => `Do I have to be a resident of ${j} to request public records there?`,
  (j: string) => `Can someone from out of state request records in ${j}?`,
  (j: string) => `Does ${j} require requesters to be citizens of the state?`,
];
const APPEAL = [
  (j: string) => `How do I appeal a denied records request in ${j}?`,
  (j: string) => `What can I do if my records request is denied in ${j}?`,
  (j: string) => `Where do I challenge a denial of a public records request in ${j}?`,
];
const EXEMPTION: Array<{ category: string; ask: (j: string) => string }> = [
  { category: 'law_enforcement', ask: (j) => `Are police investigation records exempt from disclosure in ${j}?` },
  { category: 'personnel', ask: (j) => `Can agencies in ${j} withhold personnel records?` },
  { category: 'medical_health', ask: (j) => `Are medical records confidential under the public records law of ${j}?` },
  { category: 'trade_secrets_commercial', ask: (j) => `Are trade secrets exempt from public records requests in ${j}?` },
  { category: 'attorney_client_work_product', ask: (j) => `Can agencies in ${j} withhold attorney-client privileged records?` },
  { category: 'security_infrastructure', ask: (j) => `Are security plans for critical infrastructure exempt in ${j}?` },
];

function each<T>(facts: LawFacts[], n: number, offset: number, phrasings: Array<(j: string) => string>, make: (f: LawFacts, q: string, i: number) => T): T[] {
  return spread(facts, n, offset).map((f, i) => make(f, phrasings[i % phrasings.length]!(named(f)), i));
}

/** Law name, deadline, fee waiver, attorney fees, residency, appeal route and exemption questions. */
export function singleQuestions(facts: LawFacts[], exemptions: ExemptionFact[]): LabelledQuestion[] {
  const q = (id: string, kind: LabelledQuestion['kind'], f: LawFacts, question: string, expected: LabelledQuestion['expected']): LabelledQuestion => ({ id, kind, question, jurisdictions: [f.slug], expected });
  const withLaw = facts.filter((f) => f.law);
  return [
    ...each(withLaw, 12, 0, LAW_NAME, (f, text, i) => q(`law_name-${i + 1}`, 'law_name', f, text, { type: 'law_name', name: f.law! })),
    ...each(facts, 16, 1, DEADLINE, (f, text, i) => q(`deadline-${i + 1}`, 'deadline', f, text, { type: 'deadline', days: f.noFixed ? null : f.days, unit: f.noFixed ? null : f.unit })),
    ...each(facts, 12, 2, FEE_WAIVER, (f, text, i) => q(`fee_waiver-${i + 1}`, 'fee_waiver', f, text, { type: 'yes_no', field: 'fee_waiver', value: f.feeWaiver })),
    ...each(facts, 12, 3, ATTORNEY_FEES, (f, text, i) => q(`attorney_fees-${i + 1}`, 'attorney_fees', f, text, { type: 'yes_no', field: 'attorney_fees', value: f.attorneyFees })),
    ...each(facts, 12, 4, RESIDENCY, (f, text, i) => q(`residency-${i + 1}`, 'residency', f, text, { type: 'yes_no', field: 'residency', value: f.residency })),
    ...each(facts.filter((f) => f.firstStep), 12, 0, APPEAL, (f, text, i) =>
      q(`appeal_route-${i + 1}`, 'appeal_route', f, text, { type: 'appeal', body: f.firstStep!.body, direct_to_court: /^no administrative appeal/i.test(f.firstStep!.body) }),
    ),
    ...spread(facts, 12, 6).map((f, i) => {
      const { category, ask } = EXEMPTION[i % EXEMPTION.length]!;
      const labels = exemptions.filter((e) => e.jurisdiction === f.slug && e.category === category).map((e) => e.label);
      return q(`exemption-${i + 1}`, 'exemption', f, ask(named(f)), { type: 'exemptions', category, labels });
    }),
  ];
}
