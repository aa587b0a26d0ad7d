import { describe, expect, it } from 'vitest';
import { createContext } from './context.js';
import { appealKind, deriveAppeals, deriveFees, deriveObligations, deriveOversightBodies, deriveRequesterRequirements } from './derive-procedure.js';
import { fixtureDocument, fixtureRecord } from './testing/fixtures.js';

const statute = fixtureDocument('statute_text', 'statutes/freedonia.txt', [{ label: '10-5', text: 'Appeals go to the Records Board.' }]);

function ctxFor(patch: Record<string, unknown>) {
  return createContext({ slug: 'freedonia', record: fixtureRecord(patch), statute, summary: null, processMaps: [] });
}

describe('procedure derivations', () => {
  it('classifies appeal bodies', () => {
    expect(appealKind('Superior Court - Writ of Mandamus')).toBe('judicial');
    expect(appealKind('Public Access Counselor')).toBe('oversight');
    expect(appealKind('Head of the agency')).toBe('administrative');
  });

  it('builds the appeal route, resolving citations and adding the court where review is available', () => {
    const a = deriveAppeals(ctxFor({ appeal_process: { appeal_authority: 'Records Board', appeal_deadline_days: 20, appeal_deadline_unit: 'calendar_days', judicial_review_available: true, court_jurisdiction: 'District Court', first_level_cite: 'Frd. Code § 10-5' } }));
    expect(a.steps).toEqual([
      expect.objectContaining({ level: 1, kind: 'oversight', body: 'Records Board', deadline: { days: 20, unit: 'calendar' }, sectionLabel: '10-5' }),
      expect.objectContaining({ level: 2, kind: 'judicial', body: 'District Court' }),
    ]);
  });

  it('reshapes fees, requester requirements, obligations and oversight', () => {
    const ctx = ctxFor({
      fee_structure: { copy_fee_per_page: 0.1, copy_fee_cite: 'Frd. Code § 10-8', fee_waiver_available: true, fee_waiver_criteria: 'Indigent requesters' },
      requester_requirements: { residency_requirement: false, purpose_statement_required: false, identification_required: true, identification_notes: 'Name and address' },
      agency_obligations: { records_officer_required: true, records_officer_cite: 'Frd. Code § 10-9', training_required: false, specific_obligations: ['Post procedures'] },
      oversight_body: { name: 'Records Board', role: 'Hears complaints', oversight_url: 'https://example.org/board' },
      appeal_process: { mediation_available: true, mediation_provider: 'Office of Mediation' },
    });
    expect(deriveFees(ctx)).toMatchObject({ copyFeePerPage: 0.1, feeWaiver: { available: true, criteria: 'Indigent requesters' }, citations: ['Frd. Code § 10-8'] });
    expect(deriveRequesterRequirements(ctx)).toMatchObject({ residencyRequired: false, purposeRequired: false, identificationRequired: true, notes: ['Name and address'] });
    expect(deriveObligations(ctx).map((o) => o.key)).toEqual(['freedonia:obligation:records_officer_required', 'freedonia:obligation:specific_obligations[0]']);
    expect(deriveOversightBodies(ctx).map((b) => b.name)).toEqual(['Records Board', 'Office of Mediation']);
  });
});
