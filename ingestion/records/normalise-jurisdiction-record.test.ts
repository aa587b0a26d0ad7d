import { describe, expect, it } from 'vitest';
import { JurisdictionRecordError, normaliseJurisdictionRecord } from './normalise-jurisdiction-record.js';
import { normaliseCanonicalNames, normaliseRightsFile } from './normalise-reference-files.js';

const origin = { slug: 'freedonia', sourcePath: 'hole-tld/jurisdictions/freedonia.json' };

/** Invented record in the corpus's first shape (first/second level, business_days). */
function shapeA(): Record<string, unknown> {
  return {
    jurisdiction: 'Freedonia',
    transparency_law: {
      name: 'Freedonia Open Files Act',
      statute_citation: 'Frd. Code § 10-1',
      effective_date: '1970-01-01',
      last_amended: '2021',
      response_requirements: { initial_response_time: 6, initial_response_unit: 'working_days', extension_allowed: true, extension_max_days: 4 },
      fee_structure: { copy_fee_per_page: 0.2, fee_waiver_available: true, fee_waiver_criteria: 'Indigent requesters' },
      exemptions: [{ category: 'Trade Secrets', citation: 'Frd. Code § 10-3(a)', description: 'Secret formulas', scope: 'narrow' }],
      appeal_process: { first_level: 'Records Board', first_level_deadline_days: 20, first_level_deadline_unit: 'calendar_days', second_level: 'District Court', attorney_fees_recoverable: true },
      requester_requirements: { identification_required: false, purpose_statement_required: false, residency_requirement: false },
      agency_obligations: { records_officer_required: true, records_officer_cite: 'Frd. Code § 10-5', business_hours_access: true, business_hours_notes: 'Office hours' },
      oversight_body: { name: 'Records Board', role: 'Hears complaints' },
      official_resources: { primary_statute_url: 'https://example.org/code', request_portal_url: null },
      validation_metadata: { parsed_date: '2025-01-02', primary_sources: ['Code'] },
    },
    agencies: [],
  };
}

/** Invented record in the second shape (appeal_authority, penalties, waiver_available...). */
function shapeB(): Record<string, unknown> {
  const r = shapeA();
  const law = r['transparency_law'] as Record<string, unknown>;
  law['response_requirements'] = { initial_response_time: -1, initial_response_unit: 'variable', maximum_response_time: 12, extension_max_time: 5, extension_conditions: 'Voluminous requests' };
  law['fee_structure'] = { standard_copy_fee: 'Actual cost', search_time_fee: 'None', waiver_available: true, waiver_criteria: ['Veterans', 'Indigent'] };
  law['appeal_process'] = {
    administrative_appeal_required: true,
    appeal_deadline_days: 30,
    appeal_deadline_unit: 'calendar_days',
    appeal_authority: 'Records Board',
    judicial_review_available: true,
    judicial_review_deadline_days: 45,
    penalties: { civil: 'Fines up to $100', criminal: 'Not specified' },
  };
  law['requester_requirements'] = { identification_required: false, reason_required: false, residency_required: true, identification_prohibited: 'May ask, may not insist' };
  return r;
}

describe('normaliseJurisdictionRecord', () => {
  it('reads the first shape into the common fields, with units normalised', () => {
    const { record, normalisations } = normaliseJurisdictionRecord(shapeA(), origin);
    expect(record.name).toBe('Freedonia');
    expect(record.response.initial).toEqual({ days: 6, unit: 'business', rawUnit: 'working_days' });
    expect(record.appeal.first).toMatchObject({ body: 'Records Board', deadline: { days: 20, unit: 'calendar' } });
    expect(record.appeal.second?.body).toBe('District Court');
    expect(record.law.lastAmended).toBeNull();
    expect(record.verifiedDate).toBe('2025-01-02');
    expect(record.exemptions[0]).toMatchObject({ rawCategory: 'Trade Secrets', citation: 'Frd. Code § 10-3(a)', index: 0 });
    expect(record.obligations).toContainEqual({ key: 'records_officer_required', value: true, cite: 'Frd. Code § 10-5', notes: null });
    expect(record.obligations).toContainEqual({ key: 'business_hours_access', value: true, cite: null, notes: 'Office hours' });
    expect(record.obligations.map((o) => o.key)).not.toContain('records_officer_cite');
    expect(record.resources).toEqual([{ key: 'primary_statute_url', url: 'https://example.org/code', note: null }]);
    expect(record.fieldSources['requester.residencyRequired']).toBe('requester_requirements.residency_requirement');
    expect(normalisations.map((n) => n.kind)).toEqual(expect.arrayContaining(['unit', 'type']));
  });

  it('reads the second shape through its aliases and reports each rename', () => {
    const { record, normalisations } = normaliseJurisdictionRecord(shapeB(), origin);
    expect(record.response.initial).toBeNull();
    expect(record.response.noFixedDeadlineSentinel).toBe(true);
    expect(record.response.maximum).toEqual({ days: 12, unit: null, rawUnit: null });
    expect(record.response.extensionMaxDays).toBe(5);
    expect(record.response.extensionConditions).toEqual(['Voluminous requests']);
    expect(record.fees.feeWaiverAvailable).toBe(true);
    expect(record.fees.feeWaiverCriteria).toBe('Veterans; Indigent');
    expect(record.fees.copyFeeText).toBe('Actual cost');
    expect(record.appeal.first).toMatchObject({ body: 'Records Board', deadline: { days: 30, unit: 'calendar' } });
    expect(record.appeal.second?.deadline ?? null).toBeNull();
    expect(record.appeal.civilPenalties).toBe('Fines up to $100');
    expect(record.requester.residencyRequired).toBe(true);
    expect(record.requester.purposeRequired).toBe(false);
    expect(record.requester.identificationProhibited).toBeNull();
    expect(record.requester.identificationNotes).toContain('May ask');
    expect(record.fieldSources['requester.residencyRequired']).toBe('requester_requirements.residency_required');
    const fields = normalisations.map((n) => `${n.kind}:${n.field}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'sentinel:response_requirements.initial_response_time',
        'renamed:fee_structure.waiver_available',
        'list:fee_structure.waiver_criteria',
        'renamed:appeal_process.appeal_authority',
        'renamed:requester_requirements.residency_required',
        'list:response_requirements.extension_conditions',
      ]),
    );
  });

  it('keeps unknown fields as extras instead of dropping them', () => {
    const r = shapeA();
    const law = r['transparency_law'] as Record<string, Record<string, unknown>>;
    law['response_requirements']!['cyber_note'] = 'Clock stops during outages';
    const { record } = normaliseJurisdictionRecord(r, origin);
    expect(record.response.extras).toEqual([{ field: 'response_requirements.cyber_note', value: 'Clock stops during outages' }]);
  });

  it('rejects a file without the record shape', () => {
    expect(() => normaliseJurisdictionRecord({ jurisdiction: 'X' }, origin)).toThrow(JurisdictionRecordError);
  });
});

describe('reference files', () => {
  it('normalises a rights file', () => {
    const file = normaliseRightsFile(
      {
        jurisdiction: { slug: 'freedonia', name: 'Freedonia' },
        rights_of_access: [{ category: 'Inspection Rights', subcategory: 'Record Inspection', statute_citation: 'Frd. Code § 10-2', description: 'Inspect', applies_to: 'All' }],
        validation_metadata: { parsed_date: '2025-02-03' },
      },
      'hole-tld/rights/freedonia.json',
    );
    expect(file).toMatchObject({ slug: 'freedonia', verifiedDate: '2025-02-03' });
    expect(file.rights[0]).toMatchObject({ subcategory: 'Record Inspection', appliesTo: 'All', conditions: null, index: 0 });
  });

  it('skips metadata keys of the canonical names file', () => {
    const names = normaliseCanonicalNames({ _schema_version: 'v1', freedonia: { official_name: 'Freedonia Open Files Act', accepted_variations: ['FOFA'] } });
    expect(names).toEqual([expect.objectContaining({ slug: 'freedonia', acceptedVariations: ['FOFA'], rejectedVariations: [] })]);
  });
});
