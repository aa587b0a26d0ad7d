import { describe, expect, it } from 'vitest';
import { normaliseRightsFile } from '../../records/normalise-reference-files.js';
import { createContext } from '../context.js';
import { fixtureDocument, fixtureRecord } from '../testing/fixtures.js';
import type { DerivedRight } from '../../../core/law-model/law-model.js';
import { mergeUpstreamRights, upstreamRightKey } from './upstream-rights.js';

const file = normaliseRightsFile(
  {
    jurisdiction: { slug: 'freedonia', name: 'Freedonia' },
    rights_of_access: [
      { category: 'Inspection Rights', subcategory: 'Record Inspection', statute_citation: 'Frd. Code § 10-2(a)', description: 'Anyone may look at records.', conditions: 'During office hours', applies_to: 'All requesters', request_tips: 'Ask to inspect first.' },
      { category: 'Novel Rights', subcategory: 'Braille Copies', statute_citation: 'Frd. Code § 99-1', description: 'Copies in braille on request.', applies_to: 'Blind requesters' },
    ],
    validation_metadata: { parsed_date: '2025-03-04' },
  },
  'hole-tld/rights/freedonia.json',
);

const doc = fixtureDocument('statute_text', 'statutes/freedonia.txt', [
  { label: '10-2', text: '(a) Any person may inspect public records. (b) Copies cost ten cents.' },
  { label: '10-2(a)', text: '(a) Any person may inspect public records.' },
  { label: '10-2(b)', text: '(b) Copies cost ten cents.' },
]);

describe('mergeUpstreamRights', () => {
  it('maps upstream subcategories onto derived keys, with a slug for unknown ones', () => {
    expect(upstreamRightKey(file.rights[0]!)).toEqual({ category: 'inspection', name: 'right_to_inspect' });
    expect(upstreamRightKey(file.rights[1]!)).toEqual({ category: 'inspection', name: 'braille_copies' });
  });

  it('merges an upstream right into the derived one with the same key, finding its text by citation', () => {
    const ctx = createContext({ slug: 'freedonia', record: fixtureRecord(), statute: doc, summary: null, processMaps: [] });
    const derived: DerivedRight = {
      key: 'freedonia:inspection:right_to_inspect',
      category: 'inspection',
      title: 'Right to inspect public records',
      citation: null,
      statutoryText: { text: 'x', sourceKind: 'structured', sourcePath: 'hole-tld/jurisdictions/freedonia.json', sectionLabel: null, field: 'f' },
      conditions: null,
      appliesTo: 'Any person',
      analysis: 'Derived.',
      implementationNotes: null,
      requestTips: null,
      evidence: [{ sourceKind: 'structured', sourcePath: 'hole-tld/jurisdictions/freedonia.json', quote: 'true', sectionLabel: null, citation: null, field: 'f' }],
      provenance: { sourcePath: 'hole-tld/jurisdictions/freedonia.json', sourceKind: 'structured', verifiedDate: null },
    };
    const merged = mergeUpstreamRights(ctx, file, [derived]);
    expect(merged).toHaveLength(2);
    const inspect = merged.find((r) => r.key === derived.key);
    expect(inspect).toMatchObject({
      title: 'Record Inspection',
      citation: 'Frd. Code § 10-2(a)',
      conditions: 'During office hours',
      appliesTo: 'All requesters',
      requestTips: 'Ask to inspect first.',
      statutoryText: { sourceKind: 'statute_text', sectionLabel: '10-2(a)', text: '(a) Any person may inspect public records.' },
    });
    expect(inspect?.evidence.map((e) => e.sourcePath)).toEqual(['hole-tld/rights/freedonia.json', 'statutes/freedonia.txt', 'hole-tld/jurisdictions/freedonia.json']);
    const braille = merged.find((r) => r.key === 'freedonia:inspection:braille_copies');
    expect(braille?.statutoryText).toMatchObject({ sourceKind: 'structured', text: 'Copies in braille on request.' });
  });

  it('leaves derived rights alone without an upstream list', () => {
    const ctx = createContext({ slug: 'freedonia', record: fixtureRecord(), statute: null, summary: null, processMaps: [] });
    expect(mergeUpstreamRights(ctx, null, [])).toEqual([]);
  });
});
