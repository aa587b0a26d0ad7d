import { describe, expect, it } from 'vitest';
import { normaliseRightsFile } from '../records/normalise-reference-files.js';
import { deriveJurisdiction, jurisdictionType } from './derive-jurisdiction.js';
import { fixtureDocument, fixtureRecord, fixtureText } from './testing/fixtures.js';

const statute = fixtureDocument('statute_text', 'statutes/freedonia.txt', [
  { label: '10-2', text: 'Every person has a right to inspect public records, except as provided in section 10-3.' },
  { label: '10-3', text: '(a) Trade secrets are exempt. (b) School records of pupils are exempt.' },
  { label: '10-3(a)', text: '(a) Trade secrets are exempt.' },
  { label: '10-3(b)', text: '(b) School records of pupils are exempt.' },
  { label: '10-4', text: 'The custodian shall respond to a request within six (6) business days. A denial shall be in writing and state the reasons, citing § 10-3.' },
]);

const input = {
  slug: 'freedonia',
  record: fixtureRecord({
    response_requirements: { initial_response_time: 6, initial_response_unit: 'business_days' },
    appeal_process: { first_level: 'District Court', attorney_fees_recoverable: true },
    requester_requirements: { residency_requirement: false, purpose_statement_required: false, identification_required: false },
  }),
  statute,
  summary: fixtureText('summary', 'hole-tld/summaries/freedonia.txt', 'FEES:\n- Fees cannot exceed actual cost of copying'),
  processMaps: [],
};

describe('deriveJurisdiction', () => {
  it('derives every part of the record for a jurisdiction', () => {
    const d = deriveJurisdiction(input);
    expect(d.jurisdiction).toEqual({ slug: 'freedonia', name: 'Freedonia', type: 'state' });
    expect(d.law).toMatchObject({ name: 'Freedonia Open Files Act', effectiveDate: '1975-07-01', statuteSource: { sourcePath: 'statutes/freedonia.txt', completeness: 'full' } });
    expect(d.exemptions.map((e) => [e.category, e.rawLabel, e.sectionLabel])).toEqual([
      ['trade_secrets_commercial', 'Trade Secrets', '10-3(a)'],
      ['student_education', 'Pupil Files', '10-3(b)'],
    ]);
    expect(d.responseRequirements.initialDeadline).toMatchObject({ days: 6, unit: 'business' });
    expect(d.appeals.steps[0]).toMatchObject({ kind: 'judicial', body: 'District Court' });
    expect(d.sources.map((s) => s.sourceKind)).toEqual(['structured', 'statute_text', 'summary']);
  });

  it('derives only supported rights, each with evidence and a stable key', () => {
    const d = deriveJurisdiction(input);
    const keys = d.rights.map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining([
      'freedonia:timeliness:response_deadline',
      'freedonia:inspection:right_to_inspect',
      'freedonia:written_denial_with_reasons:written_denial_with_reasons',
      'freedonia:attorney_fees:attorney_fees',
      'freedonia:no_residency_requirement:no_residency_requirement',
      'freedonia:fees_and_waivers:cost_limited_fees',
    ]));
    expect(keys).not.toContain('freedonia:expedited_processing:expedited_processing');
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of d.rights) {
      expect(r.evidence.length).toBeGreaterThan(0);
      if (r.statutoryText.sourceKind === 'statute_text') expect(statute.sections.some((s) => s.text.includes(r.statutoryText.text))).toBe(true);
    }
  });

  it('finds cross-references from rights and sections to other sections', () => {
    const d = deriveJurisdiction(input);
    expect(d.crossReferences).toEqual(expect.arrayContaining([
      { from: 'section:10-2', citationText: 'section 10-3', toSectionLabel: '10-3' },
      { from: 'section:10-4', citationText: '§ 10-3', toSectionLabel: '10-3' },
      expect.objectContaining({ from: 'exemption:freedonia:exemption:0:trade_secrets_commercial', toSectionLabel: '10-3(a)' }),
    ]));
  });

  it('uses an upstream rights list only for its own jurisdiction', () => {
    const upstream = normaliseRightsFile(
      { jurisdiction: { slug: 'federal', name: 'Federal' }, rights_of_access: [{ category: 'Timeliness Rights', subcategory: 'Multitrack Processing', description: 'Tracks.' }] },
      'hole-tld/rights/federal.json',
    );
    const d = deriveJurisdiction({ ...input, federalRights: upstream });
    expect(d.rights.some((r) => r.key.includes('multitrack'))).toBe(false);
  });

  it('types jurisdictions by slug', () => {
    expect([jurisdictionType('federal'), jurisdictionType('district-of-columbia'), jurisdictionType('ohio')]).toEqual(['federal', 'district', 'state']);
  });
});
