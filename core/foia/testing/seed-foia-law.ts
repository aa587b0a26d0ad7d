/**
 * A tiny invented law database for the FOIA tests: eight jurisdictions shaped like the real
 * ingestion's rows (federal, Texas, California, Washington, Alabama, Maryland, Ohio, Idaho),
 * with reviewed facts for some (seed-legal-facts.ts). The citations look like theirs; every
 * sentence was written for the tests, none is statute or corpus text.
 */
import type { Knex } from 'knex';
import { seedLegalFacts } from './seed-legal-facts.js';

const PROVENANCE = { source_path: 'test-fixture', source_kind: 'structured', verified_date: '2026-11-01' };

interface LawSeed {
  slug: string;
  name: string;
  type: 'federal' | 'state';
  law: string;
  citation: string;
  deadline: { days: number; unit: 'business' | 'calendar'; citation: string } | { reason: string; citation?: string };
  afterHours?: string;
  feeWaiver?: { available: boolean; citation: string | null };
  rights?: Array<{ category: string; title: string; citation: string }>;
  holidays?: Array<{ date: string; name: string }>;
}

/** The fixtures; tests derive their hand-computed dates from these numbers. */
export const FOIA_LAW_SEEDS: readonly LawSeed[] = [
  {
    slug: 'federal', name: 'Federal', type: 'federal', law: 'Freedom of Information Act', citation: '5 U.S.C. § 552',
    deadline: { days: 20, unit: 'business', citation: '5 U.S.C. § 552(a)(6)(A)(i)' },
    feeWaiver: { available: true, citation: '5 U.S.C. § 552(a)(4)(A)(iii)' },
    rights: [
      { category: 'fees_and_waivers', title: 'Invented: fees reduced or waived in the public interest', citation: '5 U.S.C. § 552(a)(4)(A)(iii)' },
      { category: 'expedited_processing', title: 'Invented: expedited processing on compelling need', citation: '5 U.S.C. § 552(a)(6)(E)' },
      { category: 'format', title: 'Invented: records in the form or format requested', citation: '5 U.S.C. § 552(a)(3)(B)' },
    ],
    // A one-off closure (by executive order, say): explicit holidays from the corpus count too.
    holidays: [{ date: '2025-12-01', name: 'Closure by executive order (test fixture)' }],
  },
  {
    slug: 'texas', name: 'Texas', type: 'state', law: 'Texas Public Information Act', citation: "Tex. Gov't Code ch. 552",
    deadline: { days: 10, unit: 'business', citation: "Tex. Gov't Code § 552.221(d)" },
    feeWaiver: { available: true, citation: "Tex. Gov't Code § 552.267" },
  },
  {
    slug: 'california', name: 'California', type: 'state', law: 'California Public Records Act', citation: 'Cal. Gov. Code § 7920.000 et seq.',
    deadline: { days: 10, unit: 'calendar', citation: 'Cal. Gov. Code § 7922.535(a)' },
    feeWaiver: { available: false, citation: null },
    rights: [
      { category: 'fees_and_waivers', title: 'Invented: fees limited to the direct cost of duplication', citation: 'Cal. Gov. Code § 7922.530' },
      { category: 'format', title: 'Invented: records in an electronic format the agency holds', citation: 'Cal. Gov. Code § 7922.570' },
    ],
  },
  {
    slug: 'washington', name: 'Washington', type: 'state', law: 'Public Records Act', citation: 'RCW ch. 42.56',
    deadline: { days: 5, unit: 'business', citation: 'RCW 42.56.520(1)' },
    afterHours: 'Invented: a request that arrives after 5:00 p.m. counts as received on the next business day.',
  },
  {
    slug: 'alabama', name: 'Alabama', type: 'state', law: 'Alabama Open Records Law', citation: 'Ala. Code § 36-12-40',
    deadline: { reason: 'invented: a reasonable time' },
  },
  {
    slug: 'maryland', name: 'Maryland', type: 'state', law: 'Maryland Public Information Act', citation: 'Md. Code Ann., Gen. Prov. § 4-101 et seq.',
    deadline: { days: 30, unit: 'calendar', citation: 'Md. Code Ann., Gen. Prov. § 4-203(a)(1)' },
  },
  {
    // The note and whole-law citation ingestion writes where a reviewed fact sets a standard; the fact has the pinpoint.
    slug: 'ohio', name: 'Ohio', type: 'state', law: 'Ohio Public Records Act', citation: 'Ohio Rev. Code § 149.43',
    deadline: { reason: 'The law sets a standard ("promptly") rather than a number of days.', citation: 'Ohio Rev. Code § 149.43' },
  },
  {
    slug: 'idaho', name: 'Idaho', type: 'state', law: 'Idaho Public Records Act', citation: 'Idaho Code § 74-101 et seq.',
    deadline: { days: 3, unit: 'business', citation: 'Idaho Code § 74-103(2)' },
  },
];

function requirementsRow(s: LawSeed): Record<string, unknown> {
  const fixed = 'days' in s.deadline ? s.deadline : null;
  const rule = (statement: string) => ({ statement, basis: [] });
  return {
    jurisdiction: s.slug,
    initial_days: fixed?.days ?? null,
    initial_unit: fixed?.unit ?? null,
    no_fixed_deadline: fixed === null,
    no_fixed_deadline_reason: 'reason' in s.deadline ? s.deadline.reason : null,
    citation: s.deadline.citation ?? null,
    details: JSON.stringify({
      initialDeadline: null, noFixedDeadline: fixed === null, noFixedDeadlineReason: null, noFixedDeadlineBasis: [], otherDeadlines: [],
      extension: null, tolling: null, afterHoursReceipt: s.afterHours ? rule(s.afterHours) : null, deemedDenial: null,
    }),
    ...PROVENANCE,
  };
}

/** Inserts the fixtures (once per database). */
export async function seedFoiaLaw(db: Knex): Promise<void> {
  await db('jurisdictions').insert(FOIA_LAW_SEEDS.map((s) => ({ slug: s.slug, name: s.name, type: s.type, current_version: 1 })));
  await db('laws').insert(FOIA_LAW_SEEDS.map((s) => ({ jurisdiction: s.slug, name: s.law, citation: s.citation, ...PROVENANCE })));
  await db('response_requirements').insert(FOIA_LAW_SEEDS.map(requirementsRow));
  const fees = FOIA_LAW_SEEDS.filter((s) => s.feeWaiver);
  await db('fees').insert(
    fees.map((s) => ({ jurisdiction: s.slug, details: JSON.stringify({ feeWaiver: { ...s.feeWaiver, criteria: null } }), ...PROVENANCE })),
  );
  const rights = FOIA_LAW_SEEDS.flatMap((s) =>
    (s.rights ?? []).map((r, ordinal) => ({
      id: `${s.slug}:${r.category}:${ordinal}`, jurisdiction: s.slug, category: r.category, title: r.title, citation: r.citation,
      statutory_text: `${r.title} (test fixture)`, text_source_kind: 'summary', text_source_path: 'test-fixture', applies_to: 'Any person',
      analysis: 'Invented analysis.', ordinal, ...PROVENANCE,
    })),
  );
  if (rights.length > 0) await db('rights').insert(rights);
  const holidays = FOIA_LAW_SEEDS.flatMap((s) => (s.holidays ?? []).map((h) => ({ jurisdiction: s.slug, ...h, source_path: 'test-fixture' })));
  if (holidays.length > 0) await db('holidays').insert(holidays);
  await seedLegalFacts(db);
}
