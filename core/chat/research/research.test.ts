import { describe, expect, it } from 'vitest';
import type { LawRecordText } from '../../transparency/transparency-views.js';
import { createDraftMaker } from '../answer/draft-maker.js';
import { comparisonOf, contextOf, detailOf, fakeEvidence, fakeRecords, fakeTools } from '../testing/law-fixtures.js';
import { mostPopulousCount, planResearch, STATES_BY_POPULATION_2020 } from './research-plan.js';
import { researchJurisdiction, synthesizeResearch } from './research-steps.js';

const PLACES = [
  { slug: 'california', name: 'California', type: 'state' as const },
  { slug: 'texas', name: 'Texas', type: 'state' as const },
  { slug: 'florida', name: 'Florida', type: 'state' as const },
  { slug: 'new-york', name: 'New York', type: 'state' as const },
  { slug: 'pennsylvania', name: 'Pennsylvania', type: 'state' as const },
  { slug: 'ohio', name: 'Ohio', type: 'state' as const },
];

describe('planResearch', () => {
  it('reads "the five most populous states" from the 2020 census order', async () => {
    const ctx = await contextOf(PLACES).current();
    const plan = planResearch('Compare fee waiver rules in the five most populous states', [], ctx);
    expect(plan).toMatchObject({ topics: ['fee_waiver'], scope: 'most_populous' });
    expect(plan.jurisdictions.map((j) => j.slug)).toEqual(['california', 'texas', 'florida', 'new-york', 'pennsylvania']);
    expect(plan.steps[0]).toContain('the 5 most populous states (2020 census)');
    expect(STATES_BY_POPULATION_2020).toHaveLength(50);
  });

  it('takes every topic the question names, in the jurisdictions it names, else all', async () => {
    const ctx = await contextOf(PLACES).current();
    expect(planResearch('Compare deadlines and attorney fees in Texas and Ohio', [], ctx)).toMatchObject({
      topics: ['attorney_fees', 'deadline'],
      scope: 'named',
      jurisdictions: [{ slug: 'texas', name: 'Texas' }, { slug: 'ohio', name: 'Ohio' }],
    });
    expect(planResearch('Which states let agencies charge for search time?', [], ctx)).toMatchObject({ topics: ['search_fee'], scope: 'all' });
    expect(planResearch('What do the laws say about drones?', ['ohio'], ctx)).toMatchObject({ topics: ['general'], scope: 'named' });
  });

  it('counts in words and digits', () => {
    expect(mostPopulousCount('the 3 largest states')).toBe(3);
    expect(mostPopulousCount('the most populous state')).toBe(1);
    expect(mostPopulousCount('all states')).toBeNull();
  });
});

describe('research steps', () => {
  // Texas's invented text grants a waiver; Ohio's only sets fees (a "may be waived" quote could not back Ohio's "no").
  const texts: Record<string, string> = { texas: 'Invented: fees in texas may be waived.', ohio: 'Invented: fees in ohio cover the actual cost of copies.' };
  const sections: LawRecordText[] = ['texas', 'ohio'].map((j) => ({
    id: `sec:${j}:w`, type: 'statute_section', jurisdiction: j, citation: `${j} § w`, title: 'Waiver', text: texts[j]!, category: null,
  }));
  const tools = fakeTools({
    details: [
      detailOf({ slug: 'texas', name: 'Texas', feeWaiver: { available: true, criteria: 'Public interest' } }),
      detailOf({ slug: 'ohio', name: 'Ohio', feeWaiver: { available: false } }),
    ],
    comparisons: [comparisonOf('fee_waiver', 'Fee waiver', [
      { jurisdiction: 'texas', name: 'Texas', value: { available: true }, display: 'Available: Public interest' },
      { jurisdiction: 'ohio', name: 'Ohio', value: { available: false }, display: 'Not available' },
    ])],
  });
  const evidence = fakeEvidence({
    'fee_waiver:texas': { id: 'sec:texas:w', citation: 'texas § w', jurisdiction: 'texas', quote: 'Invented: fees in texas may be waived.' },
    'fee_waiver:ohio': { id: 'sec:ohio:w', citation: 'ohio § w', jurisdiction: 'ohio', quote: 'Invented: fees in ohio cover the actual cost of copies.' },
  });
  const deps = { drafts: createDraftMaker({ transparency: fakeRecords(sections), tools, evidence, retrieve: async () => [] }), tools };

  it('researches each jurisdiction with the verified drafts and synthesizes one table with numbered citations', async () => {
    const ctx = await contextOf(PLACES).current();
    const plan = planResearch('Compare fee waivers in Texas and Ohio', [], ctx);
    const topics: string[] = [];
    const findings = [
      await researchJurisdiction(deps, ctx, plan, 'texas', (t) => topics.push(t)),
      await researchJurisdiction(deps, ctx, plan, 'ohio'),
    ];
    expect(topics).toEqual(['fee_waiver']);
    expect(findings[0]!.cells[0]).toMatchObject({ value: 'Available: Public interest [1]', supported: true });
    const r = synthesizeResearch(plan, findings, ['utah']);
    expect(r.citations.map((c) => c.id)).toEqual(['sec:texas:w', 'sec:ohio:w']);
    expect(r.table.rows.map((row) => row.cells)).toEqual([['Texas', 'Available: Public interest [1]'], ['Ohio', 'Not available [2]']]);
    expect(r.answer).toContain('| Texas | Available: Public interest [1] |');
    expect(r.answer).toContain('- Ohio: No. The law database records no fee-waiver provision in Ohio [2].');
    expect(r.answer).toContain('Not researched (the lookup failed): utah.');
  });
});
