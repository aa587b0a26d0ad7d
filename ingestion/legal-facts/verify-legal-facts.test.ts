import { describe, expect, it } from 'vitest';
import type { LegalFactsFile } from '../../core/legal-facts/legal-fact-schema.js';
import { fixtureDocument } from '../derive/testing/fixtures.js';
import { parseLegalFactsFile, LegalFactsFileError } from './read-legal-facts.js';
import { verifyLegalFacts, type FactEvidenceSources } from './verify-legal-facts.js';

const statute = fixtureDocument('statute_text', 'statutes/freedonia.txt', [
  { label: '10-2', text: '(a) Any person may inspect a public record. (b) The custodian shall respond within five business days.' },
  { label: '10-2(a)', text: 'Any person may inspect a public record.' },
  { label: '10-2(b)', text: 'The custodian shall respond within five business days.' },
  { label: '10-3', text: 'A court may award reasonable attorney fees to a requester who prevails.' },
]);

const sources: FactEvidenceSources = {
  statute,
  summaryTexts: ['RESPONSE TIME: Agencies answer within 5 days.'],
  record: { transparency_law: { fee_structure: { fee_waiver_available: false }, exemptions: [{ category: 'Personal Privacy' }] } },
  exemptionCategories: ['Personal Privacy'],
};

function file(facts: unknown[], exemptions: unknown[] = []): LegalFactsFile {
  return parseLegalFactsFile(JSON.stringify({ jurisdiction: 'freedonia', reviewed: '2026-11-24', facts, exemptions }), 'data/legal-facts/freedonia.json');
}

const initial = (over: Record<string, unknown>) => ({
  field: 'initial_response',
  value: { action: 'respond', days: 5, unit: 'business', counted_from: null, standard: null },
  citation: 'Frd. Code § 10-2(b)',
  quote: 'shall respond within five business days',
  source_kind: 'statute_text',
  reviewed: '2026-11-24',
  ...over,
});

describe('verifyLegalFacts', () => {
  it('passes a quote that is in the cited subsection, whatever its spacing, case and quote marks', () => {
    expect(verifyLegalFacts(file([initial({ quote: 'SHALL  respond\nwithin five business days' })]), 'freedonia', sources)).toEqual([]);
  });

  it('fails a quote that is not in the cited node, even if it is elsewhere in the section', () => {
    const problems = verifyLegalFacts(file([initial({ citation: 'Frd. Code § 10-2(a)' })]), 'freedonia', sources);
    expect(problems.map((p) => p.message).join()).toMatch(/quote is not in Frd\. Code § 10-2\(a\)/);
  });

  it('fails a citation to a section the statute file does not have', () => {
    const problems = verifyLegalFacts(file([initial({ citation: 'Frd. Code § 99-1' })]), 'freedonia', sources);
    expect(problems[0]?.message).toMatch(/names no section/);
  });

  it('fails a citation more specific than the file resolves where the node has subsections', () => {
    const problems = verifyLegalFacts(file([initial({ citation: 'Frd. Code § 10-2(c)', quote: 'Any person may inspect' })]), 'freedonia', sources);
    expect(problems[0]?.message).toMatch(/more specific/);
  });

  it('reads a dotted number the file lacks as one level deeper, never as the section before the dot', () => {
    const problems = verifyLegalFacts(file([initial({ citation: 'Frd. Code § 10-2.5', quote: 'Any person may inspect' })]), 'freedonia', sources);
    expect(problems[0]?.message).toMatch(/more specific/);
    expect(verifyLegalFacts(file([initial({ citation: 'Frd. Code § 10-2.5', source_kind: 'citation_only', quote: null })]), 'freedonia', sources)).toEqual([]);
  });

  it('refuses citation_only for a node whose text is in the corpus', () => {
    const problems = verifyLegalFacts(file([initial({ source_kind: 'citation_only', quote: null })]), 'freedonia', sources);
    expect(problems[0]?.message).toMatch(/is in the corpus: quote it/);
  });

  it('accepts citation_only where the section is not in the corpus', () => {
    expect(verifyLegalFacts(file([initial({ citation: 'Frd. Code § 12-1(c)', source_kind: 'citation_only', quote: null })]), 'freedonia', sources)).toEqual([]);
  });

  it('checks summary quotes against the summary and dataset quotes against the record', () => {
    expect(verifyLegalFacts(file([initial({ source_kind: 'summary', quote: 'Agencies answer within 5 days' })]), 'freedonia', sources)).toEqual([]);
    expect(verifyLegalFacts(file([initial({ source_kind: 'summary', quote: 'within 7 days' })]), 'freedonia', sources)).toHaveLength(1);
    const waiver = { field: 'fee_waiver', value: { available: false, mandatory: null, standard: null }, citation: 'Frd. Code § 11', quote: 'fee_waiver_available: false', source_kind: 'dataset', reviewed: '2026-11-24' };
    expect(verifyLegalFacts(file([waiver]), 'freedonia', sources)).toEqual([]);
    expect(verifyLegalFacts(file([{ ...waiver, quote: 'fee_waiver_available: true' }]), 'freedonia', sources)).toHaveLength(1);
  });

  it('checks reviewed exemptions: index, category and the words in the cited node', () => {
    const ok = { index: 0, dataset_category: 'Personal Privacy', citation: 'Frd. Code § 10-2(a)', quote: 'inspect a public record', source_kind: 'statute_text', reviewed: '2026-11-24' };
    expect(verifyLegalFacts(file([], [ok]), 'freedonia', sources)).toEqual([]);
    expect(verifyLegalFacts(file([], [{ ...ok, index: 3 }]), 'freedonia', sources)[0]?.message).toMatch(/no exemption at index 3/);
    expect(verifyLegalFacts(file([], [{ ...ok, dataset_category: 'Privacy' }]), 'freedonia', sources)[0]?.message).toMatch(/is "Personal Privacy"/);
  });

  it('flags two main facts of one field', () => {
    expect(verifyLegalFacts(file([initial({}), initial({})]), 'freedonia', sources).map((p) => p.message)).toContain(
      'two facts of this field with the same requester_class and applies_to',
    );
  });
});

describe('parseLegalFactsFile', () => {
  it('lists every schema problem with its path', () => {
    const bad = { jurisdiction: 'freedonia', reviewed: '2026-11-24', facts: [{ ...initial({ quote: null }), value: { action: 'respond', days: -1, unit: 'weeks', counted_from: null, standard: null } }] };
    try {
      parseLegalFactsFile(JSON.stringify(bad), 'f.json');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(LegalFactsFileError);
      const issues = (err as LegalFactsFileError).issues.join('\n');
      expect(issues).toMatch(/facts\.0\.value\.days/);
      expect(issues).toMatch(/facts\.0\.value\.unit/);
    }
  });

  it('requires words for every fact that is not citation_only', () => {
    expect(() => parseLegalFactsFile(JSON.stringify({ jurisdiction: 'freedonia', reviewed: '2026-11-24', facts: [initial({ quote: null })] }), 'f.json')).toThrow(/needs the words/);
  });
});
